"""Pairing rules as tables: a round robin meets everyone once, Swiss never pairs a pair twice
and gives the bye to the lowest placed player who has not had one, the ACC's rotation gives a
new opponent each round."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from pegboard.errors import OptionError
from pegboard.tournament import TournamentRules, acc_round, grouped, round_robin, swiss
from pegboard.tournament.pairing import round_robin_rounds, swiss_rounds

NAMES = [f"p{i:03}" for i in range(1, 131)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 9, 16, 17])
def test_a_round_robin_cycle_meets_everyone_once_and_sits_everyone_out_once_if_odd(n: int) -> None:
    players = NAMES[:n]
    pairs: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for index in range(round_robin_rounds(n)):
        pairing = round_robin(players, index)
        seated = [p for table in pairing.tables for p in table] + list(pairing.byes)
        assert sorted(seated) == sorted(players)  # everyone once a round
        pairs.update(frozenset(t) for t in pairing.tables)
        byes.update(pairing.byes)
    assert set(pairs) == {frozenset(p) for p in combinations(players, 2)}
    assert set(pairs.values()) == {1}
    assert byes == (Counter(players) if n % 2 else Counter())


def test_a_second_cycle_swaps_the_seats() -> None:
    players = NAMES[:6]
    cycle = round_robin_rounds(6)
    for index in range(cycle):
        first, second = round_robin(players, index), round_robin(players, index + cycle)
        assert second.tables == tuple((b, a) for a, b in first.tables)


# Round robin seats: the first-named sits first; over a cycle nobody is first more than
# one time in excess of second.
@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_round_robin_first_seats_are_shared_out(n: int) -> None:
    first: Counter[str] = Counter()
    for index in range(round_robin_rounds(n)):
        first.update(a for a, _ in round_robin(NAMES[:n], index).tables)
    assert max(first.values()) - min(first[p] for p in NAMES[:n]) <= 1


@pytest.mark.parametrize(("n", "rounds"), [(8, 9), (9, 9), (11, 9), (24, 9), (30, 12)])
def test_acc_qualifying_a_new_opponent_each_round_while_there_are_any(n: int, rounds: int) -> None:
    players = NAMES[:n]
    seen: dict[str, list[str]] = {p: [] for p in players}
    for index in range(rounds):
        for a, b in acc_round(players, index, seed=7).tables:
            seen[a].append(b)
            seen[b].append(a)
    opponents_left = n - 1
    for player, met in seen.items():
        if rounds <= opponents_left:
            assert len(set(met)) == len(met), player
        else:  # more rounds than opponents: each met once before anyone is met again
            assert set(met[:opponents_left]) == set(players) - {player}


def test_acc_qualifying_draws_its_order_from_the_seed() -> None:
    assert acc_round(NAMES[:10], 0, seed=1) == acc_round(NAMES[:10], 0, seed=1)
    assert acc_round(NAMES[:10], 0, seed=1) != acc_round(NAMES[:10], 0, seed=2)


def _swiss_rounds(n: int, rounds: int, seed: int) -> list[tuple[list[tuple[str, ...]], list[str]]]:
    """Swiss rounds with random winners; the standings are points then seed."""
    rng = random.Random(seed)
    players = NAMES[:n]
    points = dict.fromkeys(players, 0)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    out = []
    for _ in range(rounds):
        ranked = sorted(players, key=lambda p: (-points[p], players.index(p)))
        pairing = swiss(ranked, met, had_bye)
        for a, b in pairing.tables:
            points[rng.choice((a, b))] += 2
            met.add(frozenset((a, b)))
        for p in pairing.byes:
            points[p] += 2
            had_bye.add(p)
        out.append((list(pairing.tables), list(pairing.byes)))
    return out


# Up to half the field (rounded up to even) rounds: no repeat is then always possible.
SWISS_FIELDS = [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 3), (8, 4), (9, 5), (10, 5)]
SWISS_FIELDS += [(13, 7), (16, 8)]


@pytest.mark.parametrize(
    ("n", "rounds", "seed"),
    [(n, r, s) for n, r in SWISS_FIELDS for s in range(1, 6)]
    + [(21, 9, 1), (32, 8, 1), (64, 7, 1)],
)
def test_swiss_never_pairs_a_pair_twice(n: int, rounds: int, seed: int) -> None:
    pairs: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for tables, round_byes in _swiss_rounds(n, rounds, seed):
        seated = [p for t in tables for p in t] + round_byes
        assert sorted(seated) == NAMES[:n]
        assert len(round_byes) == n % 2  # a bye exactly when the field is odd
        pairs.update(frozenset(t) for t in tables)
        byes.update(round_byes)
    assert max(pairs.values()) == 1
    assert max(byes.values(), default=0) <= 1  # nobody sits out twice while others have not


# ranked best first, who has had a bye, who gets it now.
BYES = [
    (["a", "b", "c"], set(), "c"),
    (["a", "b", "c"], {"c"}, "b"),
    (["a", "b", "c", "d", "e"], {"e", "d"}, "c"),
    (["a", "b", "c", "d", "e"], {"a", "b", "c", "d", "e"}, "e"),  # all have had one: the lowest
]


@pytest.mark.parametrize(("ranked", "had_bye", "gets"), BYES)
def test_the_bye_goes_to_the_lowest_without_one(
    ranked: list[str], had_bye: set[str], gets: str
) -> None:
    assert swiss(ranked, set(), had_bye).byes == (gets,)


# ranked best first, pairs already met, the pairing.
NEAREST = [
    (["a", "b", "c", "d"], set(), (("a", "b"), ("c", "d"))),
    (["a", "b", "c", "d"], {("a", "b")}, (("a", "c"), ("b", "d"))),
    (["a", "b", "c", "d"], {("a", "b"), ("a", "c")}, (("a", "d"), ("b", "c"))),
    (["a", "b", "c", "d", "e", "f"], {("c", "d")}, (("a", "b"), ("c", "e"), ("d", "f"))),
]


@pytest.mark.parametrize(("ranked", "met", "tables"), NEAREST)
def test_swiss_pairs_neighbours_in_the_standings(
    ranked: list[str], met: set[tuple[str, str]], tables: tuple[tuple[str, str], ...]
) -> None:
    assert swiss(ranked, {frozenset(m) for m in met}, set()).tables == tables


def test_swiss_rounds_are_limited_to_half_the_field() -> None:
    assert swiss_rounds(8) == 4
    assert swiss_rounds(9) == 5
    with pytest.raises(OptionError, match="4 Swiss rounds"):
        TournamentRules.make("swiss", 8, rounds=5)


def test_a_repeat_only_when_nothing_else_will_do() -> None:
    # Four players, all three rounds played: any pairing now is a repeat; it is still made.
    met = {frozenset(p) for p in combinations("abcd", 2)}
    assert len(swiss(list("abcd"), met, set()).tables) == 2


@pytest.mark.parametrize("n", [0, 1])
def test_too_few_to_pair(n: int) -> None:
    with pytest.raises(OptionError):
        swiss(NAMES[:n], set(), set())
    with pytest.raises(OptionError):
        round_robin(NAMES[:n], 0)


# ranked (best first), table size, had a bye -> tables, byes
GROUPS = [
    ("ABCDEFGH", 4, "", ("ABCD", "EFGH"), ""),
    ("ABCDEFGHIJ", 4, "", ("ABCD", "EFGH"), "IJ"),
    ("ABCDEFGHIJ", 4, "J", ("ABCD", "EFGJ"), "HI"),  # J sat out: the next lowest do
    ("ABCDEFGHIJ", 4, "HIJ", ("ABCD", "EHIJ"), "FG"),
    ("ABCDEFG", 3, "", ("ABC", "DEF"), "G"),
    ("ABCDEFG", 3, "ABCDEFG", ("ABC", "DEF"), "G"),  # everyone has had one: the lowest again
    ("ABCD", 4, "", ("ABCD",), ""),
]


@pytest.mark.parametrize(("ranked", "size", "had_bye", "tables", "byes"), GROUPS)
def test_groups_of_the_standings_from_the_top(
    ranked: str, size: int, had_bye: str, tables: tuple[str, ...], byes: str
) -> None:
    pairing = grouped(list(ranked), size, set(had_bye))
    assert ["".join(t) for t in pairing.tables] == list(tables)
    assert "".join(pairing.byes) == byes


def test_a_group_needs_a_full_table() -> None:
    with pytest.raises(OptionError, match="tables of 4 need 4"):
        grouped(list("ABC"), 4, set())
