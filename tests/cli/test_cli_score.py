"""``pegboard score``: the item table, ``--json``, the crib flush rule and bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app

runner = CliRunner()


def test_29_hand_table() -> None:
    result = runner.invoke(app, ["score", "5H 5C 5S JD", "--starter", "5D"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Total" in out
    assert "29" in out
    assert out.count("fifteen") == 8
    assert out.count("pair") == 6
    assert "nobs" in out
    assert "J♦" in out


def test_29_hand_json() -> None:
    result = runner.invoke(app, ["score", "5H 5C 5S JD", "--starter", "5D", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == 29
    assert sum(item["points"] for item in data["items"]) == 29
    assert {"kind": "nobs", "points": 1, "cards": ["JD"]} in data["items"]
    assert all(set(item) == {"kind", "points", "cards"} for item in data["items"])


@pytest.mark.parametrize(
    ("cards", "starter", "crib", "total"),
    [
        ("2H 4H 6H 8H", "TH", True, 5),  # a crib flush needs all five cards…
        ("2H 4H 6H 8H", "TS", True, 0),  # …four are not enough in the crib
        ("2H 4H 6H 8H", "TS", False, 4),  # but are in a hand
        ("AC 2C 3C 4C", "5C", False, 12),  # run of 5, one fifteen, flush of 5
        ("2C 4D 6H 8S", "KC", False, 0),
        ("5h 5c 5s jd", "5♦", False, 29),  # lower case and suit symbols
    ],
)
def test_totals(cards: str, starter: str, crib: bool, total: int) -> None:
    args = ["score", cards, "--starter", starter, "--json", *(["--crib"] if crib else [])]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == total


def test_crib_flush_in_table() -> None:
    result = runner.invoke(app, ["score", "2H 4H 6H 8H", "--starter", "TH", "--crib"])
    assert result.exit_code == 0, result.output
    assert "Crib" in result.stdout
    assert "flush" in result.stdout


def test_five_cards_without_starter() -> None:
    result = runner.invoke(app, ["score", "5H 5C 5S JD 5D", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 29


@pytest.mark.parametrize(
    "args",
    [
        ["score", "5H 5X 5S JD", "--starter", "5D"],
        ["score", "5H 5C 5S", "--starter", "5D"],
        ["score", "5H 5C 5S JD", "--starter", "5H"],
        ["score", "5H 5C 5S JD", "--starter", "ZZ", "--json"],
        ["score", "5H 5C 5S JD"],
    ],
)
def test_bad_cards_one_line(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output


def test_bad_card_names_the_token() -> None:
    result = runner.invoke(app, ["score", "5H 5X 5S JD", "--starter", "5D"])
    assert "5X" in result.stderr


def test_missing_argument_is_one_line() -> None:
    result = runner.invoke(app, ["score"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")


@pytest.mark.parametrize(
    "args",
    [
        ["5H", "5C", "5S", "JD", "--starter", "5D"],  # separate arguments
        ["5H", "5C", "5S", "JD", "5D"],  # five, the starter last
        ["5H 5C", "5S JD", "--starter", "5D"],  # quoted in pieces
    ],
)
def test_cards_as_separate_arguments(args: list[str]) -> None:
    result = runner.invoke(app, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 29


def test_no_cards_is_an_error() -> None:
    result = runner.invoke(app, ["score", "--starter", "5D"])
    assert result.exit_code == 2
