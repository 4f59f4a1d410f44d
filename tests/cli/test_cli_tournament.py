"""``pegboard tournament run`` end to end: eight bots, every format, the JSON a reader checks."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app

runner = CliRunner()
EIGHT = "hoyle,greedy,random,hoyle,greedy,random,greedy,hoyle"
SHORT = ["--option", "score_target=61"]


def run(*extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["tournament", "run", "--players", EIGHT, *SHORT, *extra, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def check_tables(data: dict[str, Any], games_per_match: tuple[int, ...]) -> None:
    for played in data["rounds"]:
        for table in played["tables"]:
            wins = [0, 0]
            for game in table["games"]:
                a, b = game["scores"]
                winner = game["winner"]
                assert max(a, b) == 61 and (a > b) == (winner == 0)
                # The ACC's game points: a win 2, a skunk 3 (the game's rules draw the line).
                assert game["points"][1 - winner] == 0 and game["points"][winner] in (2, 3)
                assert isinstance(game["seed"], int)
                wins[winner] += 1
            assert table["wins"] == wins
            assert len(table["games"]) in games_per_match
            leader = table["players"][0 if wins[0] > wins[1] else 1]
            assert table["winner"] == leader


def check_standings(data: dict[str, Any]) -> None:
    """The standings are the sum of the tables (an even field: no byes), in the ACC's order."""
    totals: Counter[str] = Counter()
    spreads: Counter[str] = Counter()
    for played in data["rounds"]:
        if played["stage"] != "qualifying":
            continue
        for table in played["tables"]:
            for game in table["games"]:
                for side in (0, 1):
                    name = table["players"][side]
                    totals[name] += game["points"][side]
                    spreads[name] += game["scores"][side] - game["scores"][1 - side]
    rows = data["standings"]
    assert {r["player"]: r["game_points"] for r in rows} == {n: totals[n] for n in totals} | {
        r["player"]: 0 for r in rows if r["player"] not in totals
    }
    assert {r["player"]: r["spread"] for r in rows if r["player"] in spreads} == dict(spreads)
    keys = [(-r["game_points"], -r["games_won"], -r["spread"]) for r in rows]
    assert keys == sorted(keys)
    assert rows[0]["place"] == 1


def test_a_swiss_of_eight_bots_best_of_3() -> None:
    data = run("--format", "swiss", "--rounds", "3", "--match", "best-of-3", "--seed", "4")
    assert [e["name"] for e in data["entrants"]][:3] == ["hoyle 1", "greedy 1", "random 1"]
    assert len(data["rounds"]) == 3
    for played in data["rounds"]:
        assert len(played["tables"]) == 4 and played["byes"] == []
    pairs = [frozenset(t["players"]) for r in data["rounds"] for t in r["tables"]]
    assert len(pairs) == len(set(pairs))  # nobody meets twice
    check_tables(data, (2, 3))
    check_standings(data)


def test_a_round_robin_of_eight_is_seven_rounds() -> None:
    data = run("--format", "round-robin", "--seed", "1")
    assert len(data["rounds"]) == 7
    check_tables(data, (1,))
    check_standings(data)
    assert all(r["games_won"] + r["games_lost"] == 7 for r in data["standings"])


def test_acc_qualifying_and_the_cut_to_a_playoff() -> None:
    data = run("--format", "acc", "--rounds", "4", "--playoff", "best-of-3", "--seed", "2")
    qualifying = [r for r in data["rounds"] if r["stage"] == "qualifying"]
    playoff = [r for r in data["rounds"] if r["stage"] == "playoff"]
    assert len(qualifying) == 4
    # Eight entrants: two qualify, one final, no byes.
    assert data["qualified"] == [r["player"] for r in data["standings"][:2]]
    assert len(playoff) == 1 and len(playoff[0]["tables"]) == 1
    final = playoff[0]["tables"][0]
    assert final["players"] == data["qualified"]
    assert data["places"][0] == {"place": 1, "player": final["winner"]}
    check_standings(data)


def test_duplicate_plays_every_deal_both_ways() -> None:
    data = run("--format", "swiss", "--rounds", "2", "--seed", "9", "--duplicate")
    for played in data["rounds"]:
        for table in played["tables"]:
            games = table["games"]
            assert [g["mirrored"] for g in games] == [False, True]
            assert games[0]["seed"] == games[1]["seed"]
    check_standings(data)


def test_the_same_seed_the_same_tournament_on_any_number_of_workers() -> None:
    one = run("--format", "swiss", "--rounds", "2", "--seed", "3")
    two = run("--format", "swiss", "--rounds", "2", "--seed", "3", "--workers", "2")
    assert one == two


def test_the_table_view() -> None:
    result = runner.invoke(
        app, ["tournament", "run", "--players", EIGHT, *SHORT, "--rounds", "2", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    for words in ("Round 1", "Round 2", "Standings", "Game points", "Spread", "H2H", "Winner:"):
        assert words in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--format", "ladder"], "unknown format"),
        (["--format", "swiss"], "number of rounds"),
        (["--format", "swiss", "--rounds", "9"], "at most 4 Swiss rounds"),
        (["--match", "best-of-2", "--rounds", "2"], "odd number"),
        (["--players", "hoyle,nobody", "--rounds", "1"], "nobody"),
        (["--players", "hoyle", "--rounds", "1"], "two players"),
    ],
)
def test_bad_input_is_one_line(args: list[str], words: str) -> None:
    base = ["tournament", "run", "--players", EIGHT, *SHORT]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.stderr
