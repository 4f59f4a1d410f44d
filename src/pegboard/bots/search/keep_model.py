"""Which card a ``greedy`` player throws from five (3 or 4 players), for dealing worlds.

``greedy`` keeps the four cards with the best hand on average over the starters it cannot
see (:func:`pegboard.bots.cribbage.greedy.best_keep`). By ranks alone that is a rule per five-rank
multiset: the ranks whose throw leaves the best expected hand (a kept Jack's nobs counted at
its chance, 12 starters of 47; a four-card flush, rare in five cards, left out). The play
search deals a seat known to play ``greedy`` five cards and throws the rule's card
(:func:`pegboard.bots.search.worlds.greedy_keep`), so its worlds hold the hands such a
player keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pegboard.analysis.tables import multisets
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
