"""Marks and accuracy: one scale, the share of a game a choice gave away (docs/review.md).

Every cost is first put on one scale, the *loss* in percent of a game:

* win chance (2 sides): the chance lost, times 100;
* expected place (3 or 4 sides): the places lost over the places there are to lose
  (``sides - 1``), times 100, so with 2 sides it is the win chance again;
* points (where no race gives a chance): the points lost times :data:`POINT_PERCENT`, what
  a point is worth at the start of a 2-player game to 121 by the score-race table.

A decision is an *inaccuracy* from :data:`INACCURACY` percent, a *mistake* from
:data:`MISTAKE`, a *blunder* from :data:`BLUNDER`: chess.com's bands (5 / 10 / 20) halved,
because a cribbage game holds about five times as many decisions as the chess games those
bands were made for, each worth less; with one point worth about 1.7 % at the start, a
blunder is about 6 points thrown away, a mistake 3, an inaccuracy just over 1.

Accuracy per decision is lichess's move-accuracy curve on that loss,
``103.1668 * exp(-0.04354 * loss) - 3.1669`` clipped to 0-100 (100 for the best choice);
a player's accuracy over a match is the mean over their decisions.
"""

from __future__ import annotations

import math
from functools import cache

from pegboard.bots.search.race import TARGET, win_chance
from pegboard.review.model import Mark, Unit

INACCURACY = 2.0
MISTAKE = 5.0
BLUNDER = 10.0
"""Loss thresholds in percent of a game."""


@cache
def point_percent() -> float:
    """What one point is worth in percent of a game at the start of a 2-player game to 121:
    the race table's slope, dealer and pone averaged."""
    slopes = [
        (win_chance(TARGET - 1, TARGET, deal_next=d) - win_chance(TARGET + 1, TARGET, deal_next=d))
        / 2
        for d in (True, False)
    ]
    return 100.0 * sum(slopes) / len(slopes)


def loss_percent(cost: float, unit: Unit, sides: int) -> float:
    """``cost`` in ``unit`` as percent of a game."""
    if unit == "win":
        return 100.0 * cost
    if unit == "place":
        return 100.0 * cost / max(1, sides - 1)
    return cost * point_percent()


def mark_of(loss: float) -> Mark:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return ""


def accuracy_of(loss: float) -> float:
    """lichess's accuracy of one move from its loss in percent of a game, 0-100."""
    if loss <= 0:
        return 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))
