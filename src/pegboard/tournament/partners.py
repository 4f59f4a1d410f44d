"""Partners in a tournament of teams (tables of four, two partnerships each: Cribbage with
``teams``, Cribbage is not Enough for four): each round the tournament chooses every
partnership, so that over the rounds each entrant partners as many different others as it
can, and the bots that fill a field are shared out evenly as partners.

The round's players (the byes set aside, as :func:`pegboard.tournament.pairing.grouped`
does) are paired into partnerships by a minimum-cost perfect matching (Edmonds' blossom
algorithm, from networkx, as the Swiss uses) whose costs put, in this order:

1. a pair that has partnered before, by how many times (new partners first);
2. a bot as the partner of a person who has had bot partners already (the sum of squares of
   the people's bot partners: people partner people where they can, and a person partners
   a bot again only when every other person has had as many);
3. partners as near each other in the standings as they can be (the squared distance).

The partnerships, in order of their better placed member, then sit two to a table from the
top (the groups of the standings), each table as ``(a, b, c, d)`` with ``a`` and ``c``
partners, ``b`` and ``d`` the other pair: places 0 and 2 partner, as a table seats them
opposite. Pure: the same standings and rounds give the same tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import networkx as nx

from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.tournament.results import Round

Partnered = Mapping[frozenset[str], int]


def has_partners(game: str, players: int, options: Mapping[str, object]) -> bool:
    """Whether ``game`` for ``players`` with ``options`` seats partners (its sides say)."""
    spec = get_spec(game)
    sides = spec.sides(players, spec.resolve(players, options))
    return any(len(side) > 1 for side in sides)


def partnered_so_far(rounds: Iterable[Round]) -> Counter[frozenset[str]]:
    """How many times each pair of entrants has partnered, over the tables played."""
    counts: Counter[frozenset[str]] = Counter()
    for played in rounds:
        for table in played.tables:
            if table.result is None:
                continue
            for side in range(len(table.result.sides)):
                members = table.side_players(side)
                for i, one in enumerate(members):
                    for other in members[i + 1 :]:
                        counts[frozenset((one, other))] += 1
    return counts


def bot_partners(partnered: Partnered, bots: frozenset[str]) -> Counter[str]:
    """How many times each person (an entrant not in ``bots``) has partnered a bot."""
    counts: Counter[str] = Counter()
    for pair, times in partnered.items():
        people = [p for p in pair if p not in bots]
        if len(people) == 1 and len(pair) == 2:
            counts[people[0]] += times
    return counts


def partnered_tables(
    ranked: Sequence[str], partnered: Partnered, bots: frozenset[str] = frozenset()
) -> tuple[tuple[str, str, str, str], ...]:
    """Tables of four for ``ranked`` (best first, a multiple of four: the byes set aside),
    each ``(a, b, c, d)`` with ``a`` and ``c`` partners, as the module says."""
    n = len(ranked)
    if n % 4:
        raise OptionError(f"tables of four partners need a multiple of four players, not {n}")
    had = bot_partners(partnered, bots)
    most = 2 * max(had.values(), default=0) + 1  # the most one bot partnership can add
    distance_unit = 1
    bot_unit = n**3  # above any matching's total squared distance
    repeat_unit = bot_unit * (n * most + 1)  # above any matching's total bot cost
    top = repeat_unit * (n * (max(partnered.values(), default=0) + 1) + 1)

    def cost(i: int, j: int) -> int:
        a, b = ranked[i], ranked[j]
        repeats = partnered.get(frozenset((a, b)), 0)
        person = a if b in bots and a not in bots else b if a in bots and b not in bots else None
        bot = 2 * had[person] + 1 if person is not None else 0
        return repeats * repeat_unit + bot * bot_unit + (i - j) ** 2 * distance_unit

    graph: nx.Graph[int] = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            graph.add_edge(i, j, weight=top - cost(i, j))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    teams = sorted(tuple(sorted(pair)) for pair in matching)
    tables = []
    for k in range(0, len(teams), 2):
        (a, c), (b, d) = teams[k], teams[k + 1]
        tables.append((ranked[a], ranked[b], ranked[c], ranked[d]))
    return tuple(tables)
