"""A tournament round by round: each format from its first pairing to its final places,
forfeits for players who leave, bad results refused, and the state kept as JSON."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from pegboard.core.matchplay import GameResult, MatchFormat, MatchScore, game_result
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.tournament import Tournament, TournamentRules, start

PLAYERS = [f"p{i}" for i in range(1, 12)]
BEST_OF_3 = MatchFormat(3, best_of=True)


def won_by(first: bool, skunk: bool = False, sides: int = 2) -> GameResult:
    """A Cribbage game won by the first side or the last, the others 110 (or 80: skunked)."""
    loser = 80 if skunk else 110
    winner = 0 if first else sides - 1
    scores = tuple(121 if i == winner else loser for i in range(sides))
    ranks = tuple(1 if i == winner else 2 for i in range(sides))
    skunked = tuple(i for i in range(sides) if i != winner and skunk)
    outcome = Outcome(scores, ranks, "target", skunked)
    return game_result(outcome, [(i,) for i in range(sides)], get_spec("cribbage").worth)


def match(format: MatchFormat, *games: GameResult, places: int = 2) -> MatchScore:
    return MatchScore(format, tuple((i,) for i in range(places)), games)


def play_round(t: Tournament, winner: str | None = None, seed: int = 0) -> Tournament:
    """Every table of the round played: ``winner`` wins its matches, the better seed
    otherwise (or a coin, seeded)."""
    current = t.current
    assert current is not None
    rng = random.Random(seed * 100 + current.number)
    format = t.format
    for i, table in enumerate(current.tables):
        if table.result is not None:
            continue
        last = table.players[-1]
        first = table.players[0] == winner or (last != winner and rng.random() < 0.5)
        played = len(table.players)
        games = tuple(won_by(first, sides=played) for _ in range(format.to_win))
        t = t.record(i, match(format, *games, places=played))
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
        table.players[table.result.ranks().index(1)] for table in t.rounds[0].tables if table.result
    }
    t = t.pair_next()
    assert t.current is not None
    top_two = t.current.tables[:2]
    assert {p for table in top_two for p in table.players} == winners


def test_acc_qualifying_then_the_cut_and_a_bracket_with_byes_to_the_top_seeds() -> None:
    # 11 entrants: 3 qualify, a bracket of 4, one bye to the top seed.
    rules = TournamentRules.make("acc", 11, rounds=5, playoff=BEST_OF_3, seed=2)
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
    assert gone and all(table.result and table.result.forfeited is not None for table in gone)
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
    ("result", "message"),
    [
        (match(BEST_OF_3, won_by(True)), "not over"),
        (match(BEST_OF_3), "not over"),
        (match(MatchFormat(), won_by(True)), "is one game, not best of 3"),
        (match(BEST_OF_3, won_by(True), won_by(True), places=3), "each of its players once"),
    ],
)
def test_a_match_not_over_or_not_the_tournaments_is_refused(
    result: MatchScore, message: str
) -> None:
    t = start(TournamentRules.make("swiss", 4, rounds=2, match=BEST_OF_3), PLAYERS[:4])
    with pytest.raises(OptionError, match=message):
        t.record(0, result)


def test_a_result_twice_and_pairing_early_are_refused() -> None:
    t = start(TournamentRules.make("swiss", 4, rounds=2), PLAYERS[:4])
    one = match(MatchFormat(), won_by(True))
    with pytest.raises(OptionError, match="still being played"):
        t.pair_next()
    t = t.record(0, one)
    with pytest.raises(OptionError, match="already has its result"):
        t.record(0, one)
    with pytest.raises(OptionError, match="no table 9"):
        t.record(8, one)


def test_tables_of_four_are_grouped_by_the_standings() -> None:
    # Ten players at tables of four: two tables and two byes; round two seats the winners of
    # round one (first at each table, 2 points) together, the byes to the lowest placed.
    t = start(TournamentRules.make("swiss", 10, rounds=3, table=4), PLAYERS[:10])
    assert t.current is not None
    assert [table.players for table in t.current.tables] == [
        ("p1", "p2", "p3", "p4"),
        ("p5", "p6", "p7", "p8"),
    ]
    assert t.current.byes == ("p9", "p10")
    # p3 (third at table 1) and p5 (first at table 2) win, 121 to everyone else's 110.
    for board, winner in ((0, 2), (1, 0)):
        outcome = Outcome(
            tuple(121 if i == winner else 110 for i in range(4)),
            tuple(1 if i == winner else 2 for i in range(4)),
            "target",
        )
        sides = [(i,) for i in range(4)]
        won = game_result(outcome, sides, get_spec("cribbage").worth)
        t = t.record(board, match(MatchFormat(), won, places=4))
    # The winners (2 points, spread +11) above the byes (2 points, no spread).
    assert [s.player for s in t.standings()][:4] == ["p3", "p5", "p9", "p10"]
    t = t.pair_next()
    assert t.current is not None
    assert t.current.tables[0].players == ("p3", "p5", "p9", "p10")
    assert t.current.byes == ("p7", "p8")  # the lowest placed who have not had one
    t = play_out(t, seed=5)
    assert len(t.rounds) == 3 and sum(len(r.byes) for r in t.rounds) == 6


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"format": "knockout", "players": 8, "rounds": 3}, "unknown format"),
        ({"format": "swiss", "players": 8}, "needs its number of rounds"),
        ({"format": "swiss", "players": 8, "rounds": 5}, "at most 4 Swiss rounds"),
        ({"format": "acc", "players": 1, "rounds": 3}, "2 players or more"),
        ({"format": "acc", "players": 4, "rounds": 3, "playoff": BEST_OF_3}, "five"),
        (
            {"format": "acc", "players": 8, "rounds": 3, "playoff": MatchFormat(2)},
            "must have a winner",
        ),
        ({"format": "acc", "players": 8, "rounds": 0}, "1 to 40 rounds"),
        ({"format": "round-robin", "players": 8, "table": 4}, "grouped by the standings"),
        ({"format": "acc", "players": 8, "rounds": 3, "table": 3}, "grouped by the standings"),
        (
            {"format": "swiss", "players": 8, "rounds": 3, "table": 4, "playoff": BEST_OF_3},
            "two-player matches",
        ),
        ({"format": "swiss", "players": 3, "rounds": 3, "table": 4}, "4 players or more"),
        ({"format": "swiss", "players": 8, "rounds": 3, "table": 5}, "2, 3 or 4"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        TournamentRules.make(**kwargs)  # type: ignore[arg-type]


def test_the_state_survives_json_at_every_step() -> None:
    rules = TournamentRules.make("acc", 9, rounds=3, playoff=BEST_OF_3, seed=4)
    t = start(rules, PLAYERS[:9])
    while True:
        assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
        t = play_round(t, seed=4)
        if t.over:
            break
        t = t.pair_next()
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t


def test_a_tournament_stored_before_match_play_still_reads() -> None:
    # The old JSON: match names, and each table's games from the first-named player's side.
    old = {
        "rules": {"format": "swiss", "rounds": 1, "match": "best-of-3", "playoff": None, "seed": 0},
        "players": ["A", "B"],
        "rounds": [
            {
                "number": 1,
                "stage": "qualifying",
                "byes": [],
                "tables": [
                    {
                        "players": ["A", "B"],
                        "result": {
                            "games": [
                                {"scores": [121, 85], "points": [3, 0], "winner": 0},
                                {"scores": [110, 121], "points": [0, 2], "winner": 1},
                                {"scores": [121, 100], "points": [2, 0], "winner": 0},
                            ],
                            "forfeit": None,
                        },
                    }
                ],
            }
        ],
        "withdrawn": [],
        "qualified": [],
    }
    t = Tournament.from_json(old)
    assert t.rules.match == BEST_OF_3 and t.over
    a, b = t.standings()
    assert (a.player, a.game_points, a.games_won, a.spread) == ("A", 5, 2, 36 - 11 + 21)
    assert (b.player, b.game_points, b.games_won, b.spread) == ("B", 2, 1, -(36 - 11 + 21))
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
