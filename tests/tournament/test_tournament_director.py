"""A tournament round by round: each format from its first pairing to its final places,
forfeits for players who leave, bad results refused, and the state kept as JSON."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from pegboard.errors import OptionError
from pegboard.tournament import (
    MatchLength,
    MatchResult,
    PlayedGame,
    Tournament,
    TournamentRules,
    start,
)

PLAYERS = [f"p{i}" for i in range(1, 12)]


def won_by(first: bool, skunk: bool = False) -> PlayedGame:
    loser = 80 if skunk else 110
    points = 3 if skunk else 2
    if first:
        return PlayedGame((121, loser), (points, 0), 0)
    return PlayedGame((loser, 121), (0, points), 1)


def play_round(t: Tournament, winner: str | None = None, seed: int = 0) -> Tournament:
    """Every table of the round played: ``winner`` wins its matches, the better seed
    otherwise (or a coin, seeded)."""
    current = t.current
    assert current is not None
    rng = random.Random(seed * 100 + current.number)
    length = t.rules.playoff if current.stage == "playoff" and t.rules.playoff else t.rules.match
    for i, table in enumerate(current.tables):
        if table.result is not None:
            continue
        first = table.players[0] == winner or (table.players[1] != winner and rng.random() < 0.5)
        games = tuple(won_by(first) for _ in range(length.to_win))
        t = t.record(i, MatchResult(games))
    return t


def play_out(t: Tournament, winner: str | None = None, seed: int = 0) -> Tournament:
    while True:
        t = play_round(t, winner, seed)
        if t.over:
            return t
        t = t.pair_next()


def test_a_round_robin_of_eight_meets_everyone_once() -> None:
    t = play_out(start(TournamentRules.make("round-robin", 8), PLAYERS[:8]), winner="p5")
    assert len(t.rounds) == 7
    met = [frozenset(table.players) for r in t.rounds for table in r.tables]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(PLAYERS[:8], 2)), key=sorted
    )
    assert t.places()[0] == (1, "p5")
    assert t.standings()[0].game_points == 14


def test_a_swiss_of_seven_each_round_seats_everyone_or_gives_the_bye() -> None:
    t = start(TournamentRules.make("swiss", 7, rounds=4), PLAYERS[:7])
    t = play_out(t, seed=3)
    assert len(t.rounds) == 4
    for played in t.rounds:
        assert len(played.byes) == 1
        seated = [p for table in played.tables for p in table.players] + list(played.byes)
        assert sorted(seated) == sorted(PLAYERS[:7])
    byes = [r.byes[0] for r in t.rounds]
    assert len(set(byes)) == 4
    pairs = [frozenset(table.players) for r in t.rounds for table in r.tables]
    assert len(pairs) == len(set(pairs))


def test_swiss_round_two_pairs_the_winners() -> None:
    t = start(TournamentRules.make("swiss", 8, rounds=3), PLAYERS[:8])
    t = play_round(t, seed=1)
    winners = {
        table.players[table.result.games[0].winner] for table in t.rounds[0].tables if table.result
    }
    t = t.pair_next()
    assert t.current is not None
    top_two = t.current.tables[:2]
    assert {p for table in top_two for p in table.players} == winners


def test_acc_qualifying_then_the_cut_and_a_bracket_with_byes_to_the_top_seeds() -> None:
    # 11 entrants: 3 qualify, a bracket of 4, one bye to the top seed.
    rules = TournamentRules.make("acc", 11, rounds=5, playoff=MatchLength(3), seed=2)
    t = start(rules, PLAYERS)
    for _ in range(5):
        t = play_round(t, winner="p7", seed=2).pair_next()
    assert t.qualified[0] == "p7"
    assert list(t.qualified) == [s.player for s in t.standings()[:3]]
    first = t.current
    assert first is not None and first.stage == "playoff"
    assert first.byes == ("p7",)
    assert [table.players for table in first.tables] == [(t.qualified[1], t.qualified[2])]
    t = play_out(t, winner=t.qualified[2], seed=2)
    final = t.bracket()[-1][0]
    assert final.players == ("p7", t.qualified[2])
    assert final.winner == t.qualified[2]
    assert final.score == (0, 2)
    assert [place for place, _ in t.places()][:3] == [1, 2, 3]
    assert t.places()[:2] == [(1, t.qualified[2]), (2, "p7")]


def test_a_player_who_leaves_forfeits_the_rest() -> None:
    t = start(TournamentRules.make("round-robin", 4), PLAYERS[:4])
    t = play_round(t).withdraw("p2").pair_next()
    assert t.current is not None
    gone = [table for table in t.current.tables if "p2" in table.players]
    assert gone and all(table.result and table.result.forfeit is not None for table in gone)
    t = play_out(t)
    p2 = next(s for s in t.standings() if s.player == "p2")
    assert p2.forfeits == 2


def test_a_swiss_pairs_a_leaver_no_more() -> None:
    t = start(TournamentRules.make("swiss", 6, rounds=3), PLAYERS[:6])
    t = play_round(t).withdraw("p1").pair_next()
    assert t.current is not None
    assert "p1" not in [p for table in t.current.tables for p in table.players]
    assert len(t.current.byes) == 1  # five left: one sits out


@pytest.mark.parametrize(
    ("games", "message"),
    [((won_by(True),), "not over"), ((), "not over")],
)
def test_an_unfinished_match_is_refused(games: tuple[PlayedGame, ...], message: str) -> None:
    t = start(TournamentRules.make("swiss", 4, rounds=2, match=MatchLength(3)), PLAYERS[:4])
    with pytest.raises(OptionError, match=message):
        t.record(0, MatchResult(games))


def test_a_result_twice_and_pairing_early_are_refused() -> None:
    t = start(TournamentRules.make("swiss", 4, rounds=2), PLAYERS[:4])
    with pytest.raises(OptionError, match="still being played"):
        t.pair_next()
    t = t.record(0, MatchResult((won_by(True),)))
    with pytest.raises(OptionError, match="already has its result"):
        t.record(0, MatchResult((won_by(True),)))
    with pytest.raises(OptionError, match="no table 9"):
        t.record(8, MatchResult((won_by(True),)))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"format": "knockout", "players": 8, "rounds": 3}, "unknown format"),
        ({"format": "swiss", "players": 8}, "needs its number of rounds"),
        ({"format": "swiss", "players": 8, "rounds": 5}, "at most 4 Swiss rounds"),
        ({"format": "acc", "players": 1, "rounds": 3}, "two players or more"),
        ({"format": "acc", "players": 4, "rounds": 3, "playoff": MatchLength(3)}, "five"),
        (
            {"format": "acc", "players": 8, "rounds": 3, "playoff": MatchLength(2, False)},
            "must have a winner",
        ),
        ({"format": "acc", "players": 8, "rounds": 0}, "1 to 40 rounds"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        TournamentRules.make(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "games", "best_of"),
    [("one-game", 1, True), ("best-of-3", 3, True), ("best-of-5", 5, True), ("2-games", 2, False)],
)
def test_match_lengths_by_name(text: str, games: int, best_of: bool) -> None:
    length = MatchLength.parse(text)
    assert (length.games, length.best_of, length.name) == (games, best_of, text)


@pytest.mark.parametrize("text", ["best-of-4", "best-of-0", "three", "0-games"])
def test_bad_match_lengths_are_refused(text: str) -> None:
    with pytest.raises(OptionError):
        MatchLength.parse(text)


def test_the_state_survives_json_at_every_step() -> None:
    rules = TournamentRules.make("acc", 9, rounds=3, playoff=MatchLength(3), seed=4)
    t = start(rules, PLAYERS[:9])
    while True:
        assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
        t = play_round(t, seed=4)
        if t.over:
            break
        t = t.pair_next()
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
