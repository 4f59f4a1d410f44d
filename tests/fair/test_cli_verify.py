"""``pegboard verify RECORD``: every hand checked, and the first failing check named."""

from __future__ import annotations

import json
from pathlib import Path

from fair_games import play_fair
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.records import write_jsonl

runner = CliRunner()


def test_verify_checks_every_game_of_a_file(tmp_path: Path) -> None:
    records = [
        play_fair("cribbage", 2, 11, score_target=31),
        play_fair("cribist", 4, 12, deals=1, end="deals"),
    ]
    path = tmp_path / "games.jsonl"
    write_jsonl(records, path)
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    hands = len(records[0]["fair"]["hands"])
    assert lines[0] == f"verified: game 1: {hands} hands, {len(records[0]['chance'])} chance steps"
    assert lines[1] == "verified: game 2: 1 hand, 2 chance steps"


def test_verify_names_the_failing_hand_and_exits_1(tmp_path: Path) -> None:
    record = play_fair("cribbage", 2, 13, score_target=31)
    record["fair"]["hands"][0]["seeds"][0] = "not what I sent"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith("FAILED: hand 1, chance step 0 (the hand's pick 0): ")


def test_verify_refuses_a_record_without_fair_deals(tmp_path: Path) -> None:
    path = tmp_path / "seeded.jsonl"
    assert (
        runner.invoke(
            app, ["simulate", "--games", "1", "--seed", "2", "--out", str(path)]
        ).exit_code
        == 0
    )
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "no verifiable deals" in result.stdout
