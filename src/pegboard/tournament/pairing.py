"""Who plays whom in a round: round robin, Swiss, and the ACC's qualifying rotation.

All three are pure: the same players, history and seed give the same pairings. A pairing is
a list of tables (two players each, the first named sits first) and the byes.

- **Round robin** (the circle method, Berger's tables): with an odd field a phantom player
  joins and whoever meets it has the bye, so everyone sits out once a cycle. A second cycle
  repeats the first with the seats swapped.
- **ACC qualifying**: the same rotation over the field in an order drawn from the seed, cut
  to the number of rounds asked for, so everyone plays a different opponent each round for
  as long as there are opponents left (the ACC's "each game against a new opponent").
- **Swiss**: players meet others near them in the standings. The pairing is a maximum-weight
  matching (Edmonds' blossom algorithm, from networkx) whose weights put, in this order:
  no pair meeting twice; the bye to a player who has not had one, the lowest placed first;
  opponents as close in the standings as they can be. A Swiss has at most half as many
  rounds as players (rounded up to even): then a pairing without a repeat always exists
  (before each round every player, the bye counted as one more, has at least half the field
  left to meet, and by Dirac's theorem such a graph has a perfect matching).
- **Groups** (tables of three or four: Cribbage for 3 or 4, Cribist, partners): the field in
  standings order, cut into tables from the top; the byes (the field's remainder) go to the
  lowest placed who have not had one. Nothing keeps two players from sharing a table twice:
  groups of the standings are the point. Partners are chosen anew each round
  (:mod:`pegboard.tournament.partners`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from pegboard.errors import OptionError


@dataclass(frozen=True)
class Pairing:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


def round_robin_rounds(players: int) -> int:
    """Rounds in one full cycle: everyone meets everyone once."""
    return players - 1 if players % 2 == 0 else players


def swiss_rounds(players: int) -> int:
    """The most Swiss rounds ``players`` can play with no pair ever meeting twice."""
    return (players + players % 2) // 2


def round_robin(players: Sequence[str], index: int) -> Pairing:
    """Round ``index`` (0-based) of a round robin over ``players`` in seed order."""
    if len(players) < 2:
        raise OptionError(f"a round robin needs two players or more, not {len(players)}")
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    cycle, step = divmod(index, n - 1)
    # The circle method: the first player stays put, the others turn one place a round.
    rest = field[1:]
    turned = rest[len(rest) - step :] + rest[: len(rest) - step]
    circle = [field[0], *turned]
    tables: list[tuple[str, str]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            byes.append(b if a is None else a)  # type: ignore[arg-type]
            continue
        # Seats alternate round to round, and swap in every second cycle.
        first = (i == 0 and step % 2 == 1) != (cycle % 2 == 1)
        tables.append((b, a) if first else (a, b))
    return Pairing(tuple(tables), tuple(byes))


def acc_order(players: Sequence[str], seed: int) -> list[str]:
    """The qualifying rotation's order: the field shuffled by ``seed`` (the ACC draws it)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


def acc_round(players: Sequence[str], index: int, seed: int) -> Pairing:
    """Round ``index`` (0-based) of ACC-style qualifying."""
    return round_robin(acc_order(players, seed), index)


def swiss(
    ranked: Sequence[str],
    met: set[frozenset[str]],
    had_bye: set[str],
) -> Pairing:
    """The next Swiss round: ``ranked`` best first (the current standings), ``met`` the pairs
    who have played each other, ``had_bye`` those who have sat out a round."""
    n = len(ranked)
    if n < 2:
        raise OptionError(f"a Swiss round needs two players or more, not {n}")
    graph: nx.Graph[int] = nx.Graph()
    bye = n % 2 == 1  # the bye is a phantom player at the bottom of the standings, index n
    size = n * n
    scale = n**3  # more than all the second terms of a matching together

    def near(i: int, j: int) -> int:
        # First the least total of squared distances in the standings; among equals, the
        # higher placed players paired nearest.
        d = j - i
        return (size - d * d) * scale + size - d * (n - i)

    # Each priority outweighs all the lower ones of a whole matching put together.
    closeness = (n // 2 + 1) * (size * scale + size)
    fresh_bye = closeness + 1
    new_pair = fresh_bye + closeness + 1
    for i, a in enumerate(ranked):
        for j in range(i + 1, n):
            repeat = frozenset((a, ranked[j])) in met
            graph.add_edge(i, j, weight=(0 if repeat else new_pair) + near(i, j))
        if bye:
            graph.add_edge(i, n, weight=new_pair + near(i, n) + (0 if a in had_bye else fresh_bye))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[tuple[str, str]] = []
    byes: list[str] = []
    for i, j in sorted(tuple(sorted(edge)) for edge in matching):
        if j == n:
            byes.append(ranked[i])
        else:
            tables.append((ranked[i], ranked[j]))
    return Pairing(tuple(tables), tuple(byes))


def grouped(ranked: Sequence[str], size: int, had_bye: set[str]) -> Pairing:
    """The next round of tables of ``size``: ``ranked`` best first (the current standings),
    the byes to the lowest placed without one yet (then the lowest placed)."""
    if len(ranked) < size:
        raise OptionError(f"tables of {size} need {size} players or more, not {len(ranked)}")
    spare = len(ranked) % size
    fresh = [p for p in reversed(ranked) if p not in had_bye]
    again = [p for p in reversed(ranked) if p in had_bye]
    byes = set((fresh + again)[:spare])
    playing = [p for p in ranked if p not in byes]
    tables = tuple(tuple(playing[i : i + size]) for i in range(0, len(playing), size))
    return Pairing(tables, tuple(p for p in ranked if p in byes))
