"""``pegboard simulate --cluster``: the same seeds give the same games on a Dask cluster of
two worker processes as in this process, for plain simulations and duplicate matches."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import LocalCluster
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.errors import OptionError
from pegboard.match import run_match
from pegboard.parallel import cluster

runner = CliRunner()
SHORT = ["--option", "score_target=61"]
TIMING = ("seconds", "games_per_second")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A scheduler with two worker processes on 127.0.0.1: its address."""
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.ERROR,
    ) as local:
        yield local.scheduler_address


def simulate(*extra: str) -> dict[str, Any]:
    args = ["simulate", "-b", "greedy,random", "-k", "12", "--seed", "40", "--json", *SHORT]
    result = runner.invoke(app, [*args, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    for key in TIMING:
        data.pop(key, None)
    return data


def test_a_local_cluster_plays_the_same_games_and_records(tmp_path: Path) -> None:
    here = simulate("--out", str(tmp_path / "here.jsonl"))
    there = simulate("--cluster", "local", "--workers", "2", "--out", str(tmp_path / "there.jsonl"))
    assert there == here
    records = (tmp_path / "here.jsonl").read_bytes()
    assert records.count(b"\n") == 12
    assert (tmp_path / "there.jsonl").read_bytes() == records


def test_a_duplicate_match_on_a_scheduler_address_matches_a_local_one(scheduler: str) -> None:
    here = simulate("--duplicate")
    there = simulate("--duplicate", "--cluster", scheduler)
    assert there == here
    assert here["duplicate"] and here["games"] == 24


def test_run_match_on_a_cluster_returns_the_local_results_in_order(scheduler: str) -> None:
    with cluster(scheduler) as on:
        assert on.workers == 2
        there = run_match(
            "cribbage", players=2, bots=["greedy", "random"], deals=16, seed=3, cluster=on
        )
    here = run_match("cribbage", players=2, bots=["greedy", "random"], deals=16, seed=3)
    assert [(r.deal, r.bots) for r in there.results][:4] == [
        (0, ("greedy", "random")),
        (0, ("random", "greedy")),
        (1, ("greedy", "random")),
        (1, ("random", "greedy")),
    ]
    assert there.results == here.results


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with (
        pytest.raises(OptionError, match="cannot reach a Dask scheduler"),
        cluster("tcp://127.0.0.1:9", timeout=1),
    ):
        pass


def test_a_bad_address_is_a_clear_error_from_the_command_line() -> None:
    result = runner.invoke(app, ["simulate", "-k", "1", "--cluster", "nowhere", *SHORT])
    assert result.exit_code == 2
    assert "cannot reach a Dask scheduler" in result.output
