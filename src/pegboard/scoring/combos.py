"""Fifteens, pairs and maximal runs over any set of cards: the combinations every game counts."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pegboard.cards import RANK_OF, VALUE_OF, Card
from pegboard.scoring.items import ScoreItem


def fifteens(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct subset whose values add to 15, for 2 each."""
    found: list[ScoreItem] = []
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(VALUE_OF[c] for c in subset) == 15:
                found.append(ScoreItem("fifteen", 2, subset))
    return found


def pairs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct pair of equal rank, for 2 each (three of a kind makes 3 pairs)."""
    return [
        ScoreItem("pair", 2, (a, b)) for a, b in combinations(cards, 2) if RANK_OF[a] == RANK_OF[b]
    ]


def runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Runs of maximal length (at least 3), each distinct combination once.

    4-5-5-6 gives two runs of 3; 4-5-6-7 gives one run of 4, never 4+3+3; nothing wraps K-A.
    """
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(RANK_OF[card], []).append(card)
    found: list[ScoreItem] = []
    rank = 1
    while rank <= 13:
        if rank in by_rank:
            start = rank
            while rank + 1 in by_rank:
                rank += 1
            length = rank - start + 1
            if length >= 3:
                stretch = [by_rank[r] for r in range(start, rank + 1)]
                found.extend(ScoreItem("run", length, combo) for combo in product(*stretch))
        rank += 1
    return found


def combinations_of(cards: Sequence[Card]) -> list[ScoreItem]:
    """Fifteens, then pairs, then runs: the order a player calls them out."""
    return fifteens(cards) + pairs(cards) + runs(cards)


def combination_points(cards: Sequence[Card]) -> int:
    return sum(item.points for item in combinations_of(cards))
