"""Pegging: what the card just played scores within the current count (docs/rules.md,
"Cribbage")."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.cards import RANK_OF, VALUE_OF, Card
from pegboard.errors import CardError
from pegboard.scoring.items import Score, ScoreItem


def score_pegging(cards_this_count: Sequence[Card]) -> Score:
    """Points for the last card of ``cards_this_count`` (all cards since the count was 0).

    Fifteen 2, thirty-one 2, the longest suffix of equal ranks (2 per pair), the longest
    suffix forming a run (its length, at least 3). Go and last card are the game's to award.
    """
    cards = tuple(cards_this_count)
    if not cards:
        raise CardError("no card has been played in this count")
    count = sum(VALUE_OF[c] for c in cards)
    if count > 31:
        raise CardError(f"a count cannot pass 31 (these cards make {count})")
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", 2, cards))
    elif count == 31:
        items.append(ScoreItem("thirty-one", 2, cards))
    pair = _pair_suffix(cards)
    if pair:
        items.append(ScoreItem("pair", pair * (pair - 1), cards[-pair:]))
    run = _run_suffix(cards)
    if run:
        items.append(ScoreItem("run", run, cards[-run:]))
    if not items:
        return Score(0, ())
    return Score(sum(i.points for i in items), tuple(items))


def pegging_points(cards: Sequence[int], count: int) -> int:
    """What :func:`score_pegging` totals, without building items: for rollouts (the
    suffix rules of :func:`_pair_suffix` and :func:`_run_suffix`, inlined for speed)."""
    points = 2 if count == 15 or count == 31 else 0
    n = len(cards)
    rank = RANK_OF[cards[-1]]
    if n >= 2 and RANK_OF[cards[-2]] == rank:
        k = 2
        while k < n and RANK_OF[cards[-k - 1]] == rank:
            k += 1
        return points + k * (k - 1)  # a pair ends any run
    if n < 3:
        return points
    seen = 1 << rank
    low = high = rank
    longest = 0
    for k in range(2, n + 1):
        r = RANK_OF[cards[-k]]
        if seen >> r & 1:
            break
        seen |= 1 << r
        if r < low:
            low = r
        elif r > high:
            high = r
        if k >= 3 and high - low == k - 1:
            longest = k
    return points + longest


def _pair_suffix(cards: Sequence[int]) -> int:
    """How many cards at the end share the last card's rank (0 if fewer than 2)."""
    last = RANK_OF[cards[-1]]
    k = 1
    while k < len(cards) and RANK_OF[cards[-k - 1]] == last:
        k += 1
    return k if k >= 2 else 0


def _run_suffix(cards: Sequence[int]) -> int:
    """The length of the longest suffix (at least 3) whose ranks are consecutive in any order.

    One pass from the end: a suffix is a run when its ranks are distinct and span one less
    than its length, and once a rank repeats no longer suffix can be a run."""
    if len(cards) < 3:
        return 0
    seen = 0
    low = high = RANK_OF[cards[-1]]
    longest = 0
    for k in range(1, len(cards) + 1):
        rank = RANK_OF[cards[-k]]
        if seen >> rank & 1:
            break
        seen |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            longest = k
    return longest
