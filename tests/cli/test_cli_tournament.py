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


def run(*extra: str, players: str = EIGHT, short: list[str] = SHORT) -> dict[str, Any]:
    args = ["tournament", "run", "--players", players, *short, *extra, "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def check_tables(
    data: dict[str, Any], games_per_match: tuple[int, ...], win: tuple[int, ...] = (2, 3)
) -> None:
    """Every game as the tables score it: the winners' side earns its game's credit (Cribbage:
    a win 2 game points, a skunk 3), the others nothing, and a spread that counts a score at
    most to the target (61 here: a winner's points past it do not count); the match's totals
    add its games."""
    for played in data["rounds"]:
        for table in played["tables"]:
            sides = len(table["sides"])
            totals = [[0, 0, 0] for _ in range(sides)]
            for game in table["games"]:
                winner = game["ranks"].index(1)
                assert max(game["scores"]) >= 61
                assert game["scores"][winner] == max(game["scores"])
                assert game["points"][winner] in win and game["games"][winner] >= 1
                assert all(game["points"][i] == 0 for i in range(sides) if i != winner)
                assert isinstance(game["seed"], int)
                assert game["target"] == 61
                counted = [min(s, 61) for s in game["scores"]]
                for i in range(sides):
                    best_other = max(s for k, s in enumerate(counted) if k != i)
                    assert game["spread"][i] == counted[i] - best_other
                    totals[i][0] += game["points"][i]
                    totals[i][1] += game["games"][i]
                    totals[i][2] += counted[i] - best_other
            assert [[t["points"], t["games"], t["spread"]] for t in table["totals"]] == totals
            assert len(table["games"]) in games_per_match
            best = table["ranks"].index(1)
            assert table["winner"] == table["sides"][best][0]


def check_standings(data: dict[str, Any]) -> None:
    """The standings are the sum of the tables (a full field: no byes), each player taking
    their side's result, plus points the spreads of the games their side won, in the ACC's
    order."""
    totals: Counter[str] = Counter()
    spreads: Counter[str] = Counter()
    plus: Counter[str] = Counter()
    for played in data["rounds"]:
        if played["stage"] != "qualifying":
            continue
        for table in played["tables"]:
            for side, members in enumerate(table["sides"]):
                won = [g["spread"][side] for g in table["games"] if g["ranks"][side] == 1]
                assert all(spread > 0 for spread in won)
                for name in members:
                    totals[name] += table["totals"][side]["points"]
                    spreads[name] += table["totals"][side]["spread"]
                    plus[name] += sum(won)
    rows = data["standings"]
    assert {r["player"]: r["game_points"] for r in rows} == {n: totals[n] for n in totals} | {
        r["player"]: 0 for r in rows if r["player"] not in totals
    }
    assert {r["player"]: r["spread"] for r in rows if r["player"] in spreads} == dict(spreads)
    assert {r["player"]: r["plus_points"] for r in rows if r["player"] in plus} == dict(plus)
    keys = [(-r["game_points"], -r["games_won"], -r["spread"], -r["plus_points"]) for r in rows]
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
            assert sum(t["games"] for t in table["totals"]) == 2  # both halves, one match
    check_standings(data)


def test_cribbage_is_not_enough_a_skunk_counts_two_games() -> None:
    data = run(
        "--game", "not_enough", "--format", "round-robin", "--match", "best-of-3", "--seed", "2",
        players="hoyle,greedy,random,hoyle", short=["--option", "score_target=61"],
    )  # fmt: skip
    check_tables(data, (1, 2, 3), win=(2, 4))
    check_standings(data)
    games = [g for r in data["rounds"] for t in r["tables"] for g in t["games"]]
    skunks = [g for g in games if g["how"] == "skunk"]
    assert skunks and all(max(g["games"]) == 2 and max(g["points"]) == 4 for g in skunks)
    # A skunk in the first game of a best of 3 ends the match: two games won at once.
    one_game = [t for r in data["rounds"] for t in r["tables"] if len(t["games"]) == 1]
    assert one_game and all(t["games"][0]["how"] == "skunk" for t in one_game)


def test_cribbage_teams_new_partners_each_round_at_tables_of_four() -> None:
    data = run(
        "--format", "swiss", "--rounds", "3", "--table", "4", "--option", "teams=true",
        "--match", "best-of-3", "--seed", "6",
    )  # fmt: skip
    assert data["players"] == 4 and data["rules"]["table"] == 4 and data["rules"]["partners"]
    partnered = []
    for played in data["rounds"]:
        assert len(played["tables"]) == 2 and played["byes"] == []
        for table in played["tables"]:
            a, b, c, d = table["players"]  # seated in the order paired: partners opposite
            assert sorted(map(sorted, table["sides"])) == sorted([sorted([a, c]), sorted([b, d])])
            partnered += [frozenset((a, c)), frozenset((b, d))]
    assert len(partnered) == len(set(partnered)) == 12  # nobody partners anyone twice
    check_tables(data, (2, 3))
    check_standings(data)


@pytest.mark.parametrize(("game", "table", "option"), [("cribbage", "3", []), ("cribist", "4", [])])
def test_tables_of_three_or_four_each_alone(game: str, table: str, option: list[str]) -> None:
    players = "hoyle,greedy,random,hoyle,greedy,random,greedy,hoyle,random"
    data = run(
        "--game", game, "--format", "swiss", "--rounds", "2", "--table", table, "--seed", "3",
        *option, players=players, short=[] if game == "cribist" else SHORT,
    )  # fmt: skip
    for played in data["rounds"]:
        seated = [p for t in played["tables"] for p in t["players"]] + played["byes"]
        assert sorted(seated) == sorted(e["name"] for e in data["entrants"])
        for t in played["tables"]:
            assert [len(side) for side in t["sides"]] == [1] * int(table)
    assert len(data["standings"]) == 9


def test_the_same_seed_the_same_tournament_on_any_number_of_workers() -> None:
    one = run("--format", "swiss", "--rounds", "2", "--seed", "3")
    two = run("--format", "swiss", "--rounds", "2", "--seed", "3", "--workers", "2")
    assert one == two


def test_the_table_view() -> None:
    result = runner.invoke(
        app, ["tournament", "run", "--players", EIGHT, *SHORT, "--rounds", "2", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    for words in ("Round 1", "Round 2", "Standings", "Game points", "Spread", "Plus", "H2H"):
        assert words in result.stdout
    assert "Winner:" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--format", "ladder"], "unknown format"),
        (["--format", "swiss"], "number of rounds"),
        (["--format", "swiss", "--rounds", "9"], "at most 4 Swiss rounds"),
        (["--match", "best-of-2", "--rounds", "2"], "odd number"),
        (["--players", "hoyle,nobody", "--rounds", "1"], "nobody"),
        (["--players", "hoyle", "--rounds", "1"], "two players"),
        (["--format", "round-robin", "--table", "4"], "grouped by the standings"),
        (["--rounds", "2", "--table", "4", "--duplicate"], "duplicate"),
        (["--rounds", "2", "--table", "4", "--playoff", "best-of-3"], "two-player matches"),
        (["--rounds", "2", "--game", "cribist"], "for 4 players, not 2"),
    ],
)
def test_bad_input_is_one_line(args: list[str], words: str) -> None:
    base = ["tournament", "run", "--players", EIGHT, *SHORT]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.stderr
