"""``pegboard analyze`` through a Typer app built like the real one (the command is wired into
``pegboard.cli.main`` separately)."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from pegboard.analysis.question import hint_tosses
from pegboard.cli.analyze import analyze
from pegboard.cli.errors import PegboardGroup

app = typer.Typer(cls=PegboardGroup, add_completion=False, pretty_exceptions_enable=False)


@app.callback()
def _group() -> None:
    """A group, so that errors go through :class:`PegboardGroup` as in the real app."""


app.command("analyze")(analyze)
runner = CliRunner()
HAND = "5H 5C 5S JD 7C 9D"


def test_table_best_first() -> None:
    result = runner.invoke(app, ["analyze", HAND, "--dealer", "--tosses", "random"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for heading in ("Discard", "Keep", "Hand", "Crib", "Net"):
        assert heading in out
    rows = [line for line in out.splitlines() if "│" in line]
    assert len(rows) == 15
    assert "7♣ 9♦" in rows[0] and "5♥ 5♣ 5♠ J♦" in rows[0]
    assert "16.63" in rows[0] and "+4.26" in rows[0] and "20.89" in rows[0]


def test_pone_counts_the_crib_against() -> None:
    result = runner.invoke(app, ["analyze", HAND, "--pone", "--tosses", "random"])
    assert result.exit_code == 0, result.output
    first = next(line for line in result.stdout.splitlines() if "│" in line)
    assert "−4.26" in first and "12.37" in first


def test_json() -> None:
    result = runner.invoke(app, ["analyze", HAND, "--pone", "--json", "--tosses", "random"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hand"] == HAND.split()
    assert data["role"] == "pone" and data["players"] == 2 and data["tosses"] == "random"
    discards = data["discards"]
    assert len(discards) == 15
    assert discards[0]["discard"] == ["7C", "9D"]
    nets = [d["net"] for d in discards]
    assert nets == sorted(nets, reverse=True)
    for d in discards:
        assert set(d) == {"discard", "keep", "hand", "crib", "crib_sign", "net"}
        assert d["net"] == pytest.approx(d["hand"] - d["crib"])


@pytest.mark.parametrize(
    "args",
    [
        ["5H 5C 5S JD 7C", "--players", "3", "--dealer"],
        ["5H 5C 5S JD 7C", "--players", "4", "--partner-deals"],
        [HAND, "--dealer", "--tosses", "strong"],
    ],
)
def test_other_tables(args: list[str]) -> None:
    result = runner.invoke(app, ["analyze", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["discards"][0]["keep"] == ["5H", "5C", "5S", "JD"]
    assert data["discards"][0]["crib_sign"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([HAND], "--dealer or --pone"),
        (["5H 5C 5S JD 7C"], "a hand has 6 cards, not 5"),  # the count first, then who deals
        ([HAND, "--players", "3"], "a hand has 5 cards, not 6"),
        ([HAND, "--dealer", "--pone"], "only one of"),
        (["5H 5C 5S JD 7C", "--dealer"], "6 cards"),
        ([HAND, "--dealer", "--players", "3"], "5 cards"),
        ([HAND, "--dealer", "--players", "5"], "2, 3 or 4"),
        ([HAND, "--partner-deals"], "4 players"),
        (["5H 5C 5S JD 7C 5H", "--pone"], "same card"),
        (["5H 5C 5S JD 7C 9X", "--pone"], "9X"),
        ([HAND, "--pone", "--tosses", "clever"], "random, strong"),
        (["5H 5C 5S JD 7C", "--players", "3", "--pone", "--tosses", "strong"], "2 players"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["analyze", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]


@pytest.mark.parametrize(
    "cards",
    [
        HAND.split(),  # pegboard analyze 5H 5C 5S JD 7C 9D --pone
        [HAND],  # pegboard analyze "5H 5C 5S JD 7C 9D" --pone
        ["5H 5C 5S", "JD", "7C 9D"],  # a mix of both
    ],
)
def test_cards_as_separate_arguments_or_one_string(cards: list[str]) -> None:
    one = runner.invoke(app, ["analyze", HAND, "--pone", "--json"])
    result = runner.invoke(app, ["analyze", *cards, "--pone", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(one.stdout)
    assert json.loads(result.stdout)["hand"] == HAND.split()


@pytest.mark.parametrize(
    ("args", "model"),
    [([HAND, "--pone"], "strong"), (["5H 5C 5S JD 7C", "--players", "3", "--pone"], "random")],
)
def test_the_default_toss_model_is_the_hints(args: list[str], model: str) -> None:
    """``play``'s hint values discards with the strong player's tosses with 2 players and
    random ones with 3 or 4; ``analyze`` does the same unless told, and says which."""
    data = json.loads(runner.invoke(app, ["analyze", *args, "--json"]).stdout)
    players = data["players"]
    assert data["tosses"] == model == hint_tosses(players)
    told = json.loads(runner.invoke(app, ["analyze", *args, "--json", "--tosses", model]).stdout)
    assert told == data
    table = runner.invoke(app, ["analyze", *args]).stdout
    assert f"{model} tosses" in table


def test_one_minus_sign_in_the_table() -> None:
    """The crib against you and a negative net carry the same sign (U+2212), never a hyphen."""
    result = runner.invoke(app, ["analyze", "KS QH 10D 9C 2H AS", "--pone", "--tosses", "random"])
    rows = [line for line in result.stdout.splitlines() if "│" in line]
    cells = [cell.strip() for row in rows for cell in row.split("│")[3:6]]
    negative_nets = [c for c in cells[2::3] if c.startswith("\N{MINUS SIGN}")]
    assert negative_nets, "this hand has discards worth less than nothing"
    assert all(c.startswith("\N{MINUS SIGN}") for c in cells[1::3])
    assert not any("-" in c for c in cells)
