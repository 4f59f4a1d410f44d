"""Brute-force references for the analysis tests: plain loops, and numpy enumerations."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt

from pegboard.analysis.strong import Strategy, toss_rule
from pegboard.analysis.tables import multisets
from pegboard.cards import DECK, RANK_OF, Card
from pegboard.scoring import score_show, show_totals


def unseen_of(hand: Sequence[int]) -> list[Card]:
    return [c for c in DECK if c not in set(hand)]


def hand_by_loop(keep: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The kept hand's show, averaged over every unseen starter, one count at a time."""
    return Fraction(sum(score_show(keep, s).total for s in unseen), len(unseen))


def crib_by_loop(discard: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The crib, averaged over every set of other crib cards and every starter left."""
    others = 4 - len(discard)
    total = cases = 0
    for extra in combinations(unseen, others):
        crib = [*discard, *extra]
        for starter in unseen:
            if starter not in extra:
                total += score_show(crib, starter, crib=True).total
                cases += 1
    return Fraction(total, cases)


def crib_by_numpy(discard: Sequence[int], unseen: Sequence[int]) -> Fraction:
    """The same enumeration as :func:`crib_by_loop`, every case counted by ``show_totals``."""
    others = 4 - len(discard)
    cards = np.array(unseen, dtype=np.uint8)
    extra = np.array(list(combinations(range(len(cards)), others)), dtype=np.int64)
    rows = np.repeat(extra, len(cards), axis=0)
    starters = np.tile(np.arange(len(cards)), len(extra))
    keep = (rows != starters[:, np.newaxis]).all(axis=1)
    rows, starters = rows[keep], starters[keep]
    hands = np.empty((len(rows), 4), dtype=np.uint8)
    hands[:, : len(discard)] = discard
    hands[:, len(discard) :] = cards[rows]
    totals = show_totals(hands, cards[starters], crib=True)
    return Fraction(int(totals.sum(dtype=np.int64)), len(rows))


def rule_tosses(strategy: Strategy) -> dict[tuple[int, ...], tuple[int, int]]:
    """The tossed ranks (1..13) of each 6-rank multiset under a deterministic rule."""
    rule = toss_rule(strategy)
    sixes = multisets(6).ranks
    return {
        sixes[h]: (int(lo) + 1, int(hi) + 1)
        for h, lo, hi in zip(rule.hand.tolist(), rule.low.tolist(), rule.high.tolist(), strict=True)
    }


def crib_by_sampling(
    discard: Sequence[int], unseen: Sequence[int], strategy: Strategy, samples: int, seed: int
) -> tuple[float, float]:
    """Mean and standard error of the crib when the other player's 6 cards are random unseen
    cards, they toss the ranks the rule says (a random card of each tossed rank), and the
    starter is a random card in neither hand."""
    tosses = rule_tosses(strategy)
    rng = np.random.default_rng(seed)
    cards = np.array(unseen, dtype=np.int64)
    order = np.argsort(rng.random((samples, len(cards))), axis=1)
    dealt = cards[order[:, :6]]
    starters = cards[order[:, 6]]
    # Sorting by rank after a random deal leaves equal ranks in random order.
    dealt = np.take_along_axis(dealt, np.argsort(dealt >> 2, axis=1, kind="stable"), axis=1)
    cribs = np.empty((samples, 4), dtype=np.int64)
    cribs[:, : len(discard)] = discard
    for i, hand in enumerate(dealt.tolist()):
        ranks = tuple(RANK_OF[c] for c in hand)
        low, high = tosses[ranks]
        first = ranks.index(low)
        second = ranks.index(high, first + 1) if low == high else ranks.index(high)
        cribs[i, 2], cribs[i, 3] = hand[first], hand[second]
    totals: npt.NDArray[np.int16] = show_totals(cribs, starters, crib=True)
    return float(totals.mean()), float(totals.std() / np.sqrt(samples))
