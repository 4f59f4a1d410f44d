"""Partners at tables of four (docs/rules.md, "Tournaments"): each round the tournament
chooses every partnership, so that over the rounds each entrant partners as many different
others as it can, and the bots filling a field are shared out evenly as partners. Data tables:
the round's players in standings order, the partnerships so far and the bots, and the tables
made (places 0 and 2 partner, 1 and 3); then whole tournaments of partners round by round."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pegboard.core.matchplay import MatchFormat, MatchScore, game_result
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.tournament import Tournament, TournamentRules, start
from pegboard.tournament.partners import bot_partners, partnered_so_far, partnered_tables

TEAMS = ((0, 2), (1, 3))


def pairs(*names: str) -> Counter[frozenset[str]]:
    """Partnerships so far, each given as "AB" (partnered once) — repeated to count more."""
    return Counter(frozenset(name) for name in names)


# The round's players in standings order, the partnerships so far, the bots -> the tables,
# each "abcd" with a and c partners, b and d.
TABLES = [
    ("ABCD", [], "", ["ACBD"]),  # nothing to go by: partners nearest in the standings
    ("ABCD", ["AB"], "", ["ABCD"]),  # A and B have partnered: A with C, B with D
    ("ABCD", ["AB", "CD"], "", ["ABCD"]),
    ("ABCD", ["AB", "AC"], "", ["ABDC"]),  # A with D, B with C
    ("ABCD", ["AB", "AC", "AD"], "", ["ACBD"]),  # each once: nearest again, A with B
    ("ABCD", ["AB", "AB", "AC", "AD"], "", ["ABCD"]),  # the fewest repeats: A with C
    ("ABCDEFGH", [], "", ["ACBD", "EGFH"]),  # groups of the standings, from the top
    # Two people at the top and a field of bots: people partner people where they can...
    ("ABwx", [], "wx", ["AwBx"]),
    ("ABwx", ["AB"], "wx", ["ABwx"]),  # ... but new partners first: each person a bot
    # C is the one person here without a bot partner yet: C partners the bot.
    ("ABCx", ["Ay", "Bz"], "xyz", ["ACBx"]),
    ("xABC", ["Ay", "Bz"], "xyz", ["xACB"]),
    # New partners across the standings: A and B met, C and D met: A with C, B with D.
    ("ABCDEFGH", ["AB", "CD", "EF", "GH"], "", ["ABCD", "EFGH"]),
]


@pytest.mark.parametrize(("ranked", "before", "bots", "tables"), TABLES)
def test_a_round_partners_its_players_anew_and_the_bots_evenly(
    ranked: str, before: list[str], bots: str, tables: list[str]
) -> None:
    made = partnered_tables(tuple(ranked), pairs(*before), frozenset(bots))
    assert ["".join(t) for t in made] == tables
    assert sorted(p for t in made for p in t) == sorted(ranked)


def test_a_field_not_in_fours_is_refused() -> None:
    with pytest.raises(OptionError, match="multiple of four"):
        partnered_tables(tuple("ABCDEF"), pairs())


def test_bot_partners_count_people_only() -> None:
    done = pairs("Ax", "Ax", "By", "xy", "AB")
    assert bot_partners(done, frozenset("xy")) == Counter({"A": 2, "B": 1})


def teams_match(seated: tuple[str, ...], winner: int) -> MatchScore:
    """A one-game match of partners (places 0 and 2 against 1 and 3), side ``winner`` won."""
    scores = (121, 100) if winner == 0 else (100, 121)
    outcome = Outcome(
        (scores[0], scores[1], scores[0], scores[1]),
        tuple(1 if s == 121 else 2 for s in (scores * 2)),
        "target",
    )
    result = game_result(outcome, TEAMS, get_spec("cribbage").worth, 121)
    return MatchScore(MatchFormat(), TEAMS, (result,))


def play_swiss(players: list[str], rounds: int, bots: frozenset[str] = frozenset()) -> Tournament:
    rules = TournamentRules.make("swiss", len(players), rounds=rounds, table=4, partners=True)
    t = start(rules, players, bots=bots)
    for number in range(rounds):
        assert t.current is not None
        for board, table in enumerate(t.current.tables):
            t = t.record(board, teams_match(table.players, (number + board) % 2))
        if number < rounds - 1:
            t = t.pair_next()
    return t


@pytest.mark.parametrize(
    ("players", "rounds"), [(4, 3), (8, 3), (8, 5), (8, 7), (9, 3), (12, 4), (16, 8)]
)
def test_over_the_rounds_nobody_partners_anyone_twice_while_the_tables_allow(
    players: int, rounds: int
) -> None:
    """Eight players over seven rounds partner each of the other seven once; in every field
    here nobody partners anyone twice (nine: one sits out a round, a bye)."""
    names = [f"p{i}" for i in range(1, players + 1)]
    t = play_swiss(names, rounds)
    done = partnered_so_far(t.qualifying)
    assert sum(done.values()) == rounds * 2 * (players // 4)
    assert max(done.values()) == 1


def test_four_players_partner_each_other_once_each_in_three_rounds() -> None:
    t = play_swiss(["A", "B", "C", "D"], 3)
    done = partnered_so_far(t.qualifying)
    assert set(done) == {frozenset(pair) for pair in combinations("ABCD", 2)}
    assert set(done.values()) == {1}


def test_bots_filling_a_field_partner_the_people_evenly() -> None:
    """Two people and six bots, tables of four, three rounds: the people partner a bot in
    every round they cannot partner each other anew, and as often as each other."""
    people = ["Ann", "Bob"]
    bots = [f"bot:expert:{n}" for n in range(1, 7)]
    t = play_swiss(people + bots, 3, bots=frozenset(bots))
    done = partnered_so_far(t.qualifying)
    had = bot_partners(done, frozenset(bots))
    partnered_each_other = done[frozenset(people)]
    assert partnered_each_other <= 1
    assert had["Ann"] == had["Bob"] == 3 - partnered_each_other
    assert max(done.values()) == 1
    assert Tournament.from_json(t.to_json()) == t  # the bots are kept with the state
