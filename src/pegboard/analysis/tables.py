"""Rank-multiset tables for the discard analysis, built once on first use.

Fifteens, pairs and runs depend only on the multiset of the five ranks, so an expectation
over unseen cards can be taken over rank multisets, each weighted by how many sets of
unseen cards have those ranks (a product of binomials), instead of over the cards:

* a kept hand (one of 1,820 four-rank multisets) meets one of 13 starter ranks;
* a 2-card discard (91 rank multisets) meets one of 455 three-rank multisets (the other
  player's 2 tosses and the starter), a 1-card discard (13) one of 1,820 four-rank ones.

Every table entry is ``COMBO_POINTS_5`` of the combined multiset (0 where a rank would
appear more than 4 times: such a combination always has weight 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.scoring.tables import COMBO_POINTS_5, multiset_key, rank_multisets

__all__ = [
    "BINOMIAL",
    "Multisets",
    "clear_caches",
    "crib_table",
    "hand_table",
    "multisets",
    "toss_table",
]

BINOMIAL: Final[npt.NDArray[np.int64]] = np.array(
    [[comb(n, k) for k in range(7)] for n in range(5)], dtype=np.int64
)
"""``BINOMIAL[n, k]`` = C(n, k) for n ≤ 4 cards of a rank, k ≤ 6 (0 when k > n)."""


@dataclass(frozen=True)
class Multisets:
    """Every rank multiset of one size, in :func:`rank_multisets` order."""

    ranks: tuple[tuple[int, ...], ...]
    """Sorted ranks (1..13) of each multiset."""
    counts: npt.NDArray[np.int64]
    """Shape (N, 13): how many times each rank occurs (column 0 is the ace)."""
    index: dict[int, int]
    """Rank-multiset key (:func:`~pegboard.scoring.tables.multiset_key`) to row."""
    keys: tuple[int, ...]
    """Per row: the rank-multiset key."""


@cache
def multisets(size: int) -> Multisets:
    ranks = tuple(rank_multisets(size))
    grid = np.array(ranks, dtype=np.int64).reshape(len(ranks), size)
    counts = (grid[:, :, np.newaxis] == np.arange(1, 14)).sum(axis=1, dtype=np.int64)
    keys = tuple((counts @ (1 << (3 * np.arange(13, dtype=np.int64)))).tolist())
    return Multisets(ranks, counts, {k: i for i, k in enumerate(keys)}, keys)


def _combined(first: tuple[int, ...], second: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """``COMBO_POINTS_5`` of every first-multiset plus every second-multiset key."""
    get = COMBO_POINTS_5.get
    return np.array([[get(a + b, 0) for b in second] for a in first], dtype=np.int64)


@cache
def hand_table() -> npt.NDArray[np.int64]:
    """Shape (1820, 13): points of a kept 4-rank multiset with a starter of each rank."""
    singles = tuple(multiset_key((r,)) for r in range(1, 14))
    return _combined(multisets(4).keys, singles)


@cache
def crib_table(discarded: int) -> npt.NDArray[np.int64]:
    """Shape (N_d, N_{5-d}): points of a ``discarded``-card rank multiset (d = 1 or 2) with
    the rank multiset of the other 5 - d crib cards and starter."""
    return _combined(multisets(discarded).keys, multisets(5 - discarded).keys)


@cache
def toss_table() -> npt.NDArray[np.int64]:
    """Shape (91, 91, 13): points of a 2-rank discard, a 2-rank toss and a starter rank."""
    pairs = multisets(2).keys
    singles = tuple(multiset_key((r,)) for r in range(1, 14))
    return np.array(
        [_combined(tuple(d + t for t in pairs), singles) for d in pairs], dtype=np.int64
    )


def clear_caches() -> None:
    """Forget every built table (benchmarks time a cold start with this)."""
    for built in (multisets, hand_table, crib_table, toss_table):
        built.cache_clear()
