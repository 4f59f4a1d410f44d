"""The board: near the target, the chance of counting out matters more than the average.

When a side needs at most ``REACH`` points, each discard also gets ``reward`` times the
chance that the kept hand (over every starter this seat cannot see, exactly) plus the
play's usual points (and the crib's expectation, for the dealer) reach the points still
needed. The pone counts first, so counting out is worth more to them than to the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.analysis import DiscardAnalysis
from pegboard.cards import Card
from pegboard.scoring.show import show_total

REACH = 30
"""Below this many points still needed, the board weighs in."""
REWARD = {"pone": 18.0, "dealer": 9.0}
"""What counting out this hand is worth, in points of expected net value."""
PEGGING = {"pone": 2.0, "dealer": 3.5}
"""A hand's usual pegging, 2 players (the published expert figures)."""


def count_out_chance(keep: Sequence[Card], unseen: Sequence[int], base: float, need: int) -> float:
    """The chance that ``keep``'s show plus ``base`` reaches ``need``, over every starter."""
    cards = [int(c) for c in keep]
    hits = sum(1 for s in unseen if show_total(cards, s) + base >= need)
    return hits / len(unseen)


def board_values(
    hand: Sequence[Card],
    choices: Sequence[tuple[float, DiscardAnalysis]],
    *,
    dealer: bool,
    need: int,
) -> list[tuple[float, DiscardAnalysis]]:
    """``choices`` (value, analysis) with the count-out bonus added, best first."""
    role = "dealer" if dealer else "pone"
    seen = {int(c) for c in hand}
    unseen = [c for c in range(52) if c not in seen]
    valued = []
    for value, analysis in choices:
        base = PEGGING[role] + (analysis.crib if dealer else 0.0)
        chance = count_out_chance(analysis.keep, unseen, base, need)
        valued.append((value + REWARD[role] * chance, analysis))
    valued.sort(key=lambda pair: -pair[0])
    return valued
