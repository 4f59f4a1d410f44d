"""``pegboard simulate``, ``replay``, ``rules`` and ``games`` through the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app

runner = CliRunner()
SHORT = ["--option", "score_target=31"]


def simulate(*extra: str) -> list[str]:
    return ["simulate", "--game", "cribbage", "--players", "2", "--games", "3", *SHORT, *extra]


def assert_one_line_error(result_stderr: str, exit_code: int, *words: str) -> None:
    assert exit_code == 2
    lines = result_stderr.splitlines()
    assert len(lines) == 1, result_stderr
    assert lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]


def test_simulate_json() -> None:
    result = runner.invoke(app, simulate("--bots", "greedy,random", "--seed", "5", "--json"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3
    assert data["bots"] == ["greedy", "random"]
    assert data["options"]["score_target"] == 31
    assert [seat["seat"] for seat in data["seats"]] == [0, 1]
    assert sum(seat["wins"] for seat in data["seats"]) >= 3


def test_simulate_table() -> None:
    result = runner.invoke(app, simulate("--bots", "greedy,random"))
    assert result.exit_code == 0, result.output
    for heading in ("Bot", "Wins", "Win rate", "Mean rank", "Mean score", "games/s"):
        assert heading in result.stdout
    assert "random" in result.stdout


def test_simulate_out_then_replay_check(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, simulate("--bots", "random", "--out", str(out), "--json"))
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # --json prints the result only, even with --out
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    assert all(json.loads(line)["format"] == "pegboard-record/1" for line in lines)

    checked = runner.invoke(app, ["replay", str(out), "--check"])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.count("ok: ") == 3

    one = runner.invoke(app, ["replay", str(out), "--check", "--game", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout.startswith("ok: ")
    assert "events, outcome" in one.stdout

    told = runner.invoke(app, ["replay", str(out), "--game", "3"])
    assert told.exit_code == 0, told.output
    assert "Hand 1:" in told.stdout
    assert "Starter:" in told.stdout
    assert "Result" in told.stdout


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    runner.invoke(app, simulate("--bots", "random", "--out", str(out), "--json"))
    record = json.loads(out.read_text().splitlines()[0])
    record["outcome"]["scores"][0] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(bad), "--check"])
    assert_one_line_error(result.stderr, result.exit_code, "outcome")


def test_replay_missing_file_and_game(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.jsonl")])
    assert_one_line_error(result.stderr, result.exit_code, "nothing.jsonl")
    out = tmp_path / "games.jsonl"
    runner.invoke(app, simulate("--bots", "random", "--out", str(out), "--json"))
    result = runner.invoke(app, ["replay", str(out), "--game", "9"])
    assert_one_line_error(result.stderr, result.exit_code, "holds 3 games")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--option", "foo=1"], ["unknown option foo", "score_target"]),
        (["--option", "score_target=0"], ["score_target"]),
        (["--option", "teams"], ["NAME=VALUE"]),
        (["--bots", "nobody"], ["unknown bot", "greedy"]),
        (["--bots", "greedy,greedy,greedy"], ["2 seats"]),
        (["--players", "7"], ["7"]),
        (["--game", "chess"], ["unknown game"]),
    ],
)
def test_simulate_bad_input(extra: list[str], words: list[str]) -> None:
    result = runner.invoke(app, simulate(*extra))
    assert_one_line_error(result.stderr, result.exit_code, *words)
    assert result.stdout == ""


def test_simulate_refuses_a_game_against_the_clock() -> None:
    """Cribist's end=minutes ends when an agreed time runs out; a simulation keeps no clock, so
    it is refused like any bad option (exit 2, one line), before a single game is played."""
    args = ["simulate", "--game", "cribist", "--players", "4", "--games", "1"]
    result = runner.invoke(app, [*args, "--option", "end=minutes"])
    assert_one_line_error(result.stderr, result.exit_code, "Cribist", "end=minutes", "no clock")
    assert result.stdout == ""
    played = runner.invoke(app, [*args, "--option", "end=deals", "--option", "deals=1", "--json"])
    assert played.exit_code == 0, played.output


def test_the_dealer_option_reaches_the_games(tmp_path: Path) -> None:
    """--option dealer=rotate: the first dealer drawn, then the deal passing to the left; the
    default (random) draws a dealer for every hand (seed 003_41df7812b759fafb.txt)."""
    dealers = {}
    for rule in ("rotate", "random"):
        out = tmp_path / f"{rule}.jsonl"
        result = runner.invoke(app, [*simulate("--option", f"dealer={rule}"), "--out", str(out)])
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in out.read_text().splitlines()]
        assert all(r["options"]["dealer"] == rule for r in records)
        deals = [e for r in records for e in r["events"] if e["type"] == "deal"]
        dealers[rule] = {bool(e.get("drawn")) for e in deals}
    assert dealers == {"rotate": {False}, "random": {True}}
    bad = runner.invoke(app, simulate("--option", "dealer=cut"))
    assert_one_line_error(bad.stderr, bad.exit_code, "dealer", "random", "rotate")


def test_rules_prints_text() -> None:
    result = runner.invoke(app, ["rules", "cribbage"])
    assert result.exit_code == 0, result.output
    assert "Cribbage" in result.stdout
    assert "Show" in result.stdout
    assert "crib" in result.stdout
    # The dealer of every hand (issue 28): the rule, in the rule text's own words, and the
    # option, in plain words (docs/rules.md names the rule text's file; players' text does not).
    assert "drawn at random for every hand" in result.stdout
    assert "A random player is selected to be the dealer" in result.stdout
    assert re.search(r"Who deals each\s+hand\s+\S*\s*drawn every", result.stdout)


def test_rules_unknown_game() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert_one_line_error(result.stderr, result.exit_code, "unknown game", "cribbage")


def test_games_lists_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    for word in ("cribbage", "score_target", "121", "1–1000", "teams", "dealer", "rotate"):
        assert word in result.stdout
