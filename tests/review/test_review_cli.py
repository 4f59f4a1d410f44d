"""``pegboard review`` through the command line: text, ``--json`` (one review per game of a
``simulate --out`` file), ``--match``, ``--seat``, and clear errors that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.review import REVIEW_FORMAT

runner = CliRunner()


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "games.jsonl"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--seed",
            "3",
            "--option",
            "score_target=61",
            "--out",
            str(path),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    return path


def test_json_is_one_review_per_game(records: Path) -> None:
    result = runner.invoke(app, ["review", str(records), "--json"])
    assert result.exit_code == 0, result.output
    reviews = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["match"] for r in reviews] == [0, 1]
    for review in reviews:
        assert review["format"] == REVIEW_FORMAT
        assert review["game"] == "cribbage"
        assert review["standing_unit"] == "win"
        assert {s["seat"] for s in review["seats"]} == {0, 1}
        decision = review["decisions"][0]
        assert set(decision) >= {"seat", "phase", "options", "chosen", "best", "cost", "mark"}
        assert {"action", "label", "value", "points"} <= set(decision["options"][0])
        assert decision["cost_win"] is not None  # 2 players: the race gives a win chance
        # The graph: one point before the first action, then one after each decision.
        assert len(review["series"]) == len(review["decisions"]) + 1
        assert all(abs(sum(p["standing"]) - 1) < 1e-9 for p in review["series"])


def test_match_and_seat_choose_what_is_shown(records: Path) -> None:
    result = runner.invoke(app, ["review", str(records), "--match", "2", "--seat", "2", "--json"])
    assert result.exit_code == 0, result.output
    (review,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert review["match"] == 1
    assert [s["seat"] for s in review["seats"]] == [1]
    assert {d["seat"] for d in review["decisions"]} == {1}


def test_text_names_the_players_and_the_marks(records: Path) -> None:
    result = runner.invoke(app, ["review", str(records), "--match", "1"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "greedy 1" in result.stdout and "random 2" in result.stdout
    assert "Marked decisions" in result.stdout
    assert "blunder" in result.stdout or "mistake" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--match", "3"], ["holds 2 games"]),
        (["--match", "1", "--seat", "3"], ["--seat", "1 to 2"]),
    ],
)
def test_bad_choices_are_clear_errors(records: Path, args: list[str], words: list[str]) -> None:
    before = records.read_text()
    result = runner.invoke(app, ["review", str(records), *args])
    assert result.exit_code == 2
    for word in words:
        assert word in result.stderr
    assert records.read_text() == before


def test_an_unfinished_game_is_not_reviewed(tmp_path: Path) -> None:
    from pegboard.core import new_game

    game = new_game("cribbage", players=2, seed=1)
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(game.record()))
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 2
    assert "not finished" in result.stderr
