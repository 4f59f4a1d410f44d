"""The other player's two tosses as a strong player would make them (2 players).

The model: the other player's 6 cards are a uniformly random 6-card set of your unseen
cards (46). They choose their discard by ranks, like a player using discard tables: for
each of the 15 ways to split their 6 cards, the expected fifteens, pairs and runs of the 4
they keep over the 46 starters they cannot see, plus 1/4 per kept jack (nobs), plus (as
dealer) or minus (as pone) the average crib value of the 2 tossed ranks (fifteens, pairs
and runs with 3 uniformly random cards of the 50 they do not toss, plus 1/4 per jack); the
first best split wins ties. When they hold several cards of a tossed rank, which of them
goes is uniformly random. The starter is uniformly random among the 40 cards that are in
neither hand. (Their choice ignores suits, so it never keeps a flush on purpose.)

Given that model, the crib expectation is exact (in floating point): the other player's hand
is taken over its 18,395 rank multisets, each weighted by how many unseen 6-card sets have
it, and within a rank multiset the suits of different ranks are independent, which gives
the flush and nobs terms in closed form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from pegboard.analysis.exact import Unseen
from pegboard.analysis.tables import BINOMIAL, crib_table, hand_table, multisets, toss_table
from pegboard.cards import RANK_OF, SUIT_OF
from pegboard.errors import CardError
from pegboard.scoring.tables import multiset_key

__all__ = ["Strategy", "TossRule", "strong_crib_expectations", "toss_rule"]

_JACK: Final = 11
_HAND: Final = 6
_NOBS: Final = 0.25
"""The rank-only estimate of a jack's nobs: a quarter of starters have its suit."""

Strategy = Literal["dealer", "pone", "uniform"]
"""Who tosses: a strong dealer (into their own crib), a strong pone (into yours), or
uniformly random (a check: it must give the random-toss expectation)."""


@dataclass(frozen=True)
class TossRule:
    """A toss per 6-rank multiset, as rows ``(hand, toss, probability)`` sorted by toss."""

    hand: npt.NDArray[np.int64]
    """Row of :func:`~pegboard.analysis.tables.multisets` (6) holding the 6 ranks."""
    toss: npt.NDArray[np.int64]
    """Row of ``multisets(2)``: the tossed ranks."""
    probability: npt.NDArray[np.float64]
    low: npt.NDArray[np.int64]
    """Rank index (0..12) of the lower tossed rank."""
    high: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64]
    """Where each run of equal ``toss`` begins, for ``np.add.reduceat``."""
    run_toss: npt.NDArray[np.int64]
    """The toss of each run."""
    counts: npt.NDArray[np.int64]
    """Shape (R, 13): the ranks of each row's hand, counted."""
    by_rank: npt.NDArray[np.float64]
    """Shape (13, R): ``counts`` transposed, as floats (for matrix products)."""
    low_count: npt.NDArray[np.float64]
    """How many cards of the lower tossed rank the hand holds."""
    high_count: npt.NDArray[np.float64]
    distinct: npt.NDArray[np.float64]
    """1 when the two tossed ranks differ."""
    jacks: npt.NDArray[np.float64]
    """Jacks tossed."""


def _toss_crib_values() -> npt.NDArray[np.float64]:
    """Per 2-rank toss: the crib's expected fifteens, pairs and runs with 3 uniformly random
    cards of the other 50, plus 1/4 per jack."""
    pairs = multisets(2)
    trios = multisets(3)
    table = crib_table(2)
    values = np.empty(len(pairs.ranks), dtype=np.float64)
    for row, counts in enumerate(pairs.counts):
        left = 4 - counts
        weights = BINOMIAL[left[np.newaxis, :], trios.counts].prod(axis=1)
        values[row] = table[row] @ weights / comb(50, 3) + _NOBS * counts[_JACK - 1]
    return values


def _rows_of(keys: tuple[int, ...], wanted: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The rows of ``keys`` (rank-multiset keys, all different) holding ``wanted``."""
    table = np.array(keys, dtype=np.int64)
    order = np.argsort(table)
    found: npt.NDArray[np.int64] = order[np.searchsorted(table, wanted, sorter=order)]
    return found


@cache
def toss_rule(strategy: Strategy) -> TossRule:
    """The toss of every 6-rank multiset under ``strategy`` (built once, in about 0.1 s)."""
    sixes = multisets(_HAND)
    fours = multisets(4)
    pairs = multisets(2)
    splits = list(combinations(range(_HAND), 2))
    hands = np.array(sixes.ranks, dtype=np.int64)  # (N, 6), sorted ranks
    count = len(hands)
    toss_rows = np.empty((count, len(splits)), dtype=np.int64)
    lows = np.empty((count, len(splits)), dtype=np.int64)
    highs = np.empty((count, len(splits)), dtype=np.int64)
    keep_rows = np.empty((count, len(splits)), dtype=np.int64)
    for s, (i, j) in enumerate(splits):
        rest = [k for k in range(_HAND) if k not in (i, j)]
        lows[:, s], highs[:, s] = hands[:, i] - 1, hands[:, j] - 1
        toss_keys = (1 << (3 * lows[:, s])) + (1 << (3 * highs[:, s]))
        keep_keys = (1 << (3 * (hands[:, rest] - 1))).sum(axis=1)
        toss_rows[:, s] = _rows_of(pairs.keys, toss_keys)
        keep_rows[:, s] = _rows_of(fours.keys, keep_keys)
    if strategy == "uniform":
        picked = [(h, s) for h in range(count) for s in range(len(splits))]
        probability = np.full(len(picked), 1 / len(splits))
    else:
        starters = 4 - sixes.counts  # (N, 13): the starters they cannot see, by rank
        kept = np.einsum("nsr,nr->ns", hand_table()[keep_rows], starters) / (52 - _HAND)
        kept += _NOBS * (fours.counts[keep_rows][:, :, _JACK - 1])
        crib = _toss_crib_values()[toss_rows]
        value = kept + crib if strategy == "dealer" else kept - crib
        best = np.argmax(value, axis=1)  # the first best split
        picked = [(h, int(s)) for h, s in enumerate(best.tolist())]
        probability = np.ones(len(picked))
    hand = np.array([h for h, _ in picked], dtype=np.int64)
    split = np.array([s for _, s in picked], dtype=np.int64)
    toss = toss_rows[hand, split]
    order = np.argsort(toss, kind="stable")
    hand, split, toss, probability = hand[order], split[order], toss[order], probability[order]
    starts = np.flatnonzero(np.r_[True, toss[1:] != toss[:-1]])
    low, high = lows[hand, split], highs[hand, split]
    counts = sixes.counts[hand]
    rows = np.arange(len(hand))
    return TossRule(
        hand=hand,
        toss=toss,
        probability=probability,
        low=low,
        high=high,
        starts=starts,
        run_toss=toss[starts],
        counts=counts,
        by_rank=np.ascontiguousarray(counts.T, dtype=np.float64),
        low_count=counts[rows, low].astype(np.float64),
        high_count=counts[rows, high].astype(np.float64),
        distinct=(low != high).astype(np.float64),
        jacks=(low == _JACK - 1).astype(np.float64) + (high == _JACK - 1),
    )


def strong_crib_expectations(
    discards: Sequence[Sequence[int]], unseen: Unseen, *, strategy: Strategy
) -> list[float]:
    """Per 2-card discard: the expected crib with the other player's 6 cards a uniformly
    random set of the unseen cards, their toss made by ``strategy``, and the starter
    uniformly random among the unseen cards left."""
    if not discards:
        return []
    u = len(unseen)
    if any(len(d) != 2 or len(set(d)) != 2 or unseen.cards.intersection(d) for d in discards):
        raise CardError("each discard must be 2 different cards, neither of them unseen")
    if u < _HAND + 1:
        raise CardError(f"{u} unseen cards cannot make the other player's hand and a starter")
    rule = toss_rule(strategy)
    # How many unseen 6-card sets have each row's ranks, times the row's probability.
    weight = rule.probability.copy()
    for rank, available in enumerate(unseen.by_rank.tolist()):
        weight *= BINOMIAL[available].take(rule.counts[:, rank])
    scale = 1.0 / (comb(u, _HAND) * (u - _HAND))  # their hands x the starters left

    # Fifteens, pairs and runs: by their toss and the starter's rank.
    left = unseen.by_rank[:, np.newaxis] - rule.by_rank  # (13, R): starters left by rank
    by_toss = np.zeros((len(multisets(2).ranks), 13), dtype=np.float64)
    by_toss[rule.run_toss] = np.add.reduceat((left * weight).T, rule.starts, axis=0)
    index = multisets(2).index
    rows = [index[multiset_key(tuple(RANK_OF[c] for c in d))] for d in discards]
    combo = (toss_table()[rows].reshape(len(rows), -1) @ by_toss.ravel()) * scale

    # Suits: share[s, r] is the chance that a given card of rank r in their hand has suit s.
    present = np.zeros((4, 13), dtype=np.float64)
    for card in unseen.cards:
        present[SUIT_OF[card], RANK_OF[card] - 1] = 1.0
    ranks = unseen.by_rank.astype(np.float64)
    share = np.divide(present, ranks, out=np.zeros_like(present), where=ranks > 0)
    suited = share @ rule.by_rank  # (4, R): expected cards of each suit in their hand
    by_suit = np.array(unseen.by_suit, dtype=np.float64)[:, np.newaxis]
    low_share, high_share = share[:, rule.low], share[:, rule.high]

    # A flush: both tossed cards (different ranks) and the starter of the discard's suit.
    # Given that, their hand holds exactly one card of that suit in each tossed rank.
    rest = suited - rule.low_count * low_share - rule.high_count * high_share
    both = rule.distinct * low_share * high_share
    flush = 5 * ((both * (by_suit - 2 - rest)) @ weight) * scale

    # Nobs for a tossed jack of the starter's suit (at most one jack of a suit). Given it,
    # their hand holds exactly one jack of that suit.
    jack_share = share[:, _JACK - 1 : _JACK]
    others = suited - rule.by_rank[_JACK - 1] * jack_share
    tossed_nobs = float(
        ((jack_share * (by_suit - 1 - others)).sum(axis=0) * rule.jacks) @ weight * scale
    )

    out = []
    for discard, points in zip(discards, combo.tolist(), strict=True):
        total = points + tossed_nobs
        suit = SUIT_OF[discard[0]]
        if all(SUIT_OF[c] == suit for c in discard):
            total += float(flush[suit])
        # A discarded jack: the starter is uniformly random over the unseen cards.
        total += sum(unseen.by_suit[SUIT_OF[c]] for c in discard if RANK_OF[c] == _JACK) / u
        out.append(total)
    return out
