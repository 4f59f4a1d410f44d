"""Exact expectations over unseen cards, as integer sums over a count of equally likely cases.

Everything here takes the set of *unseen* cards (the cards that are not in your hand) and
works by rank multisets for fifteens, pairs and runs (see :mod:`pegboard.analysis.tables`)
and by counting for the suit-dependent parts (flush and nobs), so the results are exact
integers: ``Expectation(total, cases)`` is the sum of the score over ``cases`` equally
likely outcomes, and ``value`` is the exact rational mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from pegboard.analysis.tables import BINOMIAL, crib_table, hand_table, multisets
from pegboard.cards import RANK_OF, SUIT_OF
from pegboard.errors import CardError
from pegboard.scoring.tables import multiset_key

__all__ = ["Expectation", "Unseen", "crib_expectations", "hand_expectations"]

_JACK = 11


@dataclass(frozen=True)
class Expectation:
    """``total`` points summed over ``cases`` equally likely outcomes."""

    total: int
    cases: int

    @property
    def value(self) -> Fraction:
        return Fraction(self.total, self.cases)

    def __float__(self) -> float:
        return self.total / self.cases


@dataclass(frozen=True)
class Unseen:
    """What the analysis needs to know about a set of unseen cards."""

    cards: frozenset[int]
    by_rank: npt.NDArray[np.int64]
    """Shape (13,): unseen cards of each rank (index 0 is the ace)."""
    by_suit: tuple[int, int, int, int]
    """Unseen cards of each suit (clubs, diamonds, hearts, spades)."""

    @classmethod
    def of(cls, cards: Iterable[int]) -> Unseen:
        unseen = frozenset(int(c) for c in cards)
        if any(not 0 <= c < 52 for c in unseen):
            raise CardError("card ids must be 0..51")
        by_rank = np.zeros(13, dtype=np.int64)
        suits = [0, 0, 0, 0]
        for card in unseen:
            by_rank[RANK_OF[card] - 1] += 1
            suits[SUIT_OF[card]] += 1
        return cls(unseen, by_rank, (suits[0], suits[1], suits[2], suits[3]))

    @classmethod
    def besides(cls, seen: Iterable[int]) -> Unseen:
        """Every card of the deck except ``seen``."""
        known = {int(c) for c in seen}
        return cls.of(c for c in range(52) if c not in known)

    def __len__(self) -> int:
        return len(self.cards)


def _check(cards: Sequence[int], size: int, unseen: Unseen, what: str) -> None:
    if len(cards) != size:
        raise CardError(f"{what} must be {size} cards, not {len(cards)}")
    if len(set(cards)) != size or unseen.cards.intersection(cards):
        raise CardError(f"{what} must be different cards, none of them unseen")


def hand_expectations(keeps: Sequence[Sequence[int]], unseen: Unseen) -> list[Expectation]:
    """Per 4-card ``keep``: its show total summed over every unseen starter (``len(unseen)``
    cases). Exact: fifteens, pairs and runs by starter rank, flush and nobs by counting."""
    table = hand_table()
    index = multisets(4).index
    for keep in keeps:
        _check(keep, 4, unseen, "a kept hand")
    rows = [index[multiset_key(tuple(RANK_OF[c] for c in keep))] for keep in keeps]
    combo = table[rows] @ unseen.by_rank if rows else np.zeros(0, dtype=np.int64)
    cases = len(unseen)
    out = []
    for keep, points in zip(keeps, combo.tolist(), strict=True):
        total = int(points)
        suit = SUIT_OF[keep[0]]
        if all(SUIT_OF[c] == suit for c in keep):
            # 4 for the flush whatever the starter, 1 more when it has the same suit.
            total += 4 * cases + unseen.by_suit[suit]
        # His nobs: a jack in hand scores when the starter has its suit.
        total += sum(unseen.by_suit[SUIT_OF[c]] for c in keep if RANK_OF[c] == _JACK)
        out.append(Expectation(total, cases))
    return out


def rank_weights(unseen: Unseen, size: int) -> npt.NDArray[np.int64]:
    """Per ``size``-rank multiset: how many ``size``-card sets of unseen cards have it."""
    counts = multisets(size).counts
    weights: npt.NDArray[np.int64] = BINOMIAL[unseen.by_rank[np.newaxis, :], counts].prod(axis=1)
    return weights


def crib_expectations(
    discards: Sequence[Sequence[int]], unseen: Unseen, *, others: int
) -> list[Expectation]:
    """Per discard (1 or 2 cards, all the same size): the crib's total with ``others`` more
    crib cards (``others`` = 4 - discard size) drawn as a uniformly random set of unseen
    cards, and the starter uniformly random among the unseen cards left.

    The cases are every (set of ``others`` unseen cards, starter) pair:
    C(u, others) * (u - others) of them for ``u`` unseen cards. Each set of ``others + 1``
    unseen cards occurs ``others + 1`` times (once per choice of the starter), which is all
    fifteens, pairs and runs need; the crib counts a flush only with all five cards; and a
    jack in the crib scores its nobs when the starter has its suit.
    """
    if not discards:
        return []
    size = len(discards[0])
    if size not in (1, 2) or others != 4 - size:
        raise CardError(f"a crib gets 4 cards: {size} discarded and {others} others do not add up")
    for discard in discards:
        _check(discard, size, unseen, "a discard")
    drawn = others + 1  # the other crib cards and the starter
    u = len(unseen)
    if u < drawn:
        raise CardError(f"{u} unseen cards cannot fill the crib and turn a starter")
    cases = comb(u, others) * (u - others)
    index = multisets(size).index
    rows = [index[multiset_key(tuple(RANK_OF[c] for c in d))] for d in discards]
    combo = drawn * (crib_table(size)[rows] @ rank_weights(unseen, drawn))

    # Nobs for an unseen jack: it is among the others (the rest of them from the u - 2 cards
    # that are neither it nor the starter) and the starter is another card of its suit.
    unseen_jacks = sum(
        (unseen.by_suit[SUIT_OF[c]] - 1) * comb(u - 2, others - 1)
        for c in unseen.cards
        if RANK_OF[c] == _JACK
    )
    out = []
    for discard, points in zip(discards, combo.tolist(), strict=True):
        total = int(points) + unseen_jacks
        suit = SUIT_OF[discard[0]]
        if all(SUIT_OF[c] == suit for c in discard):
            # Five of a suit: every other card and the starter from this suit's unseen cards.
            total += 5 * drawn * comb(unseen.by_suit[suit], drawn)
        # Nobs for a discarded jack: the starter has its suit, the others are any of the rest.
        total += sum(
            unseen.by_suit[SUIT_OF[c]] * comb(u - 1, others) for c in discard if RANK_OF[c] == _JACK
        )
        out.append(Expectation(total, cases))
    return out
