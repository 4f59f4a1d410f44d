"""Which card a ``greedy`` player throws from five (3 or 4 players), for weighing worlds.

``greedy`` keeps the four cards with the best hand on average over the starters it cannot
see (:func:`pegboard.bots.greedy.best_keep`). By ranks alone that is a rule per five-rank
multiset: the ranks whose throw leaves the best expected hand (a kept Jack's nobs counted at
its chance, 12 starters of 47; a four-card flush, rare in five cards, left out). So in a
world where a seat known to play ``greedy`` holds four cards that no card of the crib would
have made its keep, it most likely does not hold them (:func:`off_keep`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from pegboard.analysis.tables import multisets
from pegboard.bots.search.pegging import GREEDY
from pegboard.cards import RANK_OF
from pegboard.scoring.tables import COMBO_POINTS_5, RANK_KEY

JACK = 11
NOBS = 12 / 47
"""The chance that a kept Jack's suit is the starter's: its nobs, on average."""
STARTERS = 47
"""The starters a player of five cards cannot see."""


def _key(rank: int) -> int:
    return 1 << (3 * (rank - 1))


@cache
def greedy_throws() -> dict[int, int]:
    """Per five-rank multiset key: the ranks (bit ``rank - 1``) whose throw leaves the best
    expected hand, every one of them when several tie."""
    rule = {}
    for ranks, key in zip(multisets(5).ranks, multisets(5).keys, strict=True):
        expected = {}
        for thrown in set(ranks):
            kept = key - _key(thrown)
            total = sum(
                (4 - ranks.count(s)) * COMBO_POINTS_5[kept + _key(s)]
                for s in range(1, 14)
                if ranks.count(s) < 4
            )
            jacks = ranks.count(JACK) - (thrown == JACK)
            expected[thrown] = total / STARTERS + NOBS * jacks
        best = max(expected.values())
        rule[key] = sum(1 << (r - 1) for r, e in expected.items() if e >= best - 1e-9)
    return rule


def fits_keep(kept: Sequence[int], thrown: int) -> bool:
    """Whether ``greedy``, dealt ``kept`` and ``thrown``, would have thrown ``thrown``'s rank."""
    key = sum(RANK_KEY[c] for c in kept) + RANK_KEY[thrown]
    return bool(greedy_throws()[key] >> (RANK_OF[thrown] - 1) & 1)


def off_keep(kept: Mapping[int, Sequence[int]], crib: Sequence[int], styles: Sequence[int]) -> int:
    """How many seats of ``kept`` (each seat's four cards) with the ``greedy`` style would not
    have kept those four with any card of ``crib`` (the crib's cards this seat did not throw)."""
    return sum(
        1
        for seat, cards in kept.items()
        if styles[seat] == GREEDY and not any(fits_keep(cards, x) for x in crib)
    )
