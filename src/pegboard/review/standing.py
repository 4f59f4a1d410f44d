"""Where each side stands: the chance of winning (2 sides) or the expected place (more).

Two players of Cribbage read the score-race table (:mod:`pegboard.bots.search.race`); every
other game, and Cribbage with more sides, the searches' own estimate of the place
(:func:`pegboard.bots.search.objective.rank_value`: each rival ahead with the chance that a
normal difference, spread by the deals still to come, overturns the margin). With two sides
the expected place is 2 minus the chance of winning, so both read alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.bots.search.objective import deals_to_target, rank_value
from pegboard.bots.search.race import win_chance


def race_standing(scores: Sequence[int], target: int, dealer: int) -> tuple[float, float]:
    """2 players: each one's chance of winning, as if the current dealer were about to deal
    (within a hand this leaves out what the hand has still to give: an estimate)."""
    need = [target - s for s in scores]
    first = win_chance(need[0], need[1], deal_next=dealer == 0)
    return first, 1.0 - first


def race_per_point(scores: Sequence[int], target: int, dealer: int, me: int) -> float:
    """2 players: what one more point is worth in win chance to ``me`` here."""
    need = [target - s for s in scores]
    other = 1 - me
    up = win_chance(need[me] - 1, need[other], deal_next=dealer == me)
    down = win_chance(need[me] + 1, need[other], deal_next=dealer == me)
    return max(0.0, (up - down) / 2.0)


def place_standing(
    side_scores: Sequence[float], target: int, per_deal: float, spread: float
) -> list[float]:
    """Each side's expected place (1 = first), from the scores with nobody out yet; a side at
    the target is first."""
    out = [s for s, score in enumerate(side_scores) if score >= target]
    if out:
        winner = out[0]
        order = sorted(range(len(side_scores)), key=lambda s: (s != winner, -side_scores[s]))
        return [float(order.index(s) + 1) for s in range(len(side_scores))]
    left = deals_to_target(side_scores, target, per_deal)
    return [
        -rank_value(side_scores, s, deals_left=left, spread=spread) for s in range(len(side_scores))
    ]


def place_per_point(
    side_scores: Sequence[float], side: int, target: int, per_deal: float, spread: float
) -> float:
    """Places gained by one more point for ``side`` (positive), from :func:`place_standing`."""
    up = list(side_scores)
    down = list(side_scores)
    up[side] += 1
    down[side] -= 1
    gained = place_standing(down, target, per_deal, spread)[side]
    gained -= place_standing(up, target, per_deal, spread)[side]
    return max(0.0, gained / 2.0)


def seat_values(side_of: Sequence[int], by_side: Sequence[float]) -> tuple[float, ...]:
    return tuple(by_side[side] for side in side_of)
