"""How a player who searches the play answers, as a chance over its cards (session 19).

A searching player (``ismcts``, or a person who reads the play ahead) takes its points, and
otherwise plays no fixed rule of thumb: over 4,554 of ``ismcts``'s choices between two ranks or
more, the rollout's heuristic picked its rank 58% of the time and the likeliest rank of the
chances below 59%, while any rank alike has 39%. So :data:`~.pegging.SEARCHER` plays each
rank with a chance, ``exp(value)`` over the sum, where the value adds :data:`WEIGHTS` times each
:func:`features` of the card: fitted (maximum likelihood) to those choices, it explains them
at -0.78 a choice (natural log) against -0.99 for any rank alike and -0.86 for points alone.
The rollouts then meet the spread of answers a searcher gives, not one answer it may not give.

The values are the same double-precision steps in the same order as the compiled rollout's
(``_rollout.pyx``), which draws the same number from :class:`~.pegging.Luck`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pegboard.cards import RANK_OF, VALUE_OF
from pegboard.scoring.pegging import pegging_points

WEIGHTS = (1.44, -1.94, 0.56, 0.23, -0.78, 0.06, 1.51, -0.33, -0.61, 0.13)
"""Per feature (:func:`features`' order): points pegged; leaves 5 or 21; a lead below 5; a 5
led; a close rank that invites a run (nothing pegged, 28 or less); the card's value / 10 while
the count stays below 15; the same at 15 or more; makes 31; leaves 22 to 30; leaves 11 to 14.
Fitted to ``ismcts``'s plays in 200 games against the expert (seeds 7,400,000 to 7,400,099) by
``python -m benchmarks.fit_search_style 100``, which prints these."""


def features(card: int, count: int, cards: Sequence[int]) -> tuple[float, ...]:
    """The features of playing ``card`` on ``cards`` (the count's cards, adding to ``count``)."""
    new = count + VALUE_OF[card]
    points = pegging_points([*cards, card], new)
    lead = not cards
    gap = abs(RANK_OF[card] - RANK_OF[cards[-1]]) if cards else 0
    tenth = VALUE_OF[card] / 10.0
    return (
        float(points),
        float(new == 5 or new == 21),
        float(lead and VALUE_OF[card] < 5),
        float(lead and RANK_OF[card] == 5),
        float(not lead and gap in (1, 2) and new <= 28 and points == 0),
        tenth if new < 15 else 0.0,
        tenth if new >= 15 else 0.0,
        float(new == 31),
        float(22 <= new <= 30),
        float(11 <= new <= 14),
    )


def value(card: int, count: int, cards: Sequence[int]) -> float:
    """The card's value to a searcher (its log-odds, up to a constant)."""
    total = 0.0
    for weight, feature in zip(WEIGHTS, features(card, count, cards), strict=True):
        total += weight * feature
    return total


def one_per_rank(playable: Sequence[int]) -> list[int]:
    """The first playable card of each rank, in order (suits do not matter in the play)."""
    seen: set[int] = set()
    out = []
    for card in playable:
        if RANK_OF[card] not in seen:
            seen.add(RANK_OF[card])
            out.append(card)
    return out


def _odds(
    playable: Sequence[int], count: int, cards: Sequence[int]
) -> tuple[list[int], list[float]]:
    """Each rank's card (:func:`one_per_rank`) and its odds against the likeliest's."""
    ranks = one_per_rank(playable)
    values = [value(card, count, cards) for card in ranks]
    top = max(values)
    return ranks, [math.exp(v - top) for v in values]


def _sum(odds: Sequence[float]) -> float:
    """The odds added in order (as the compiled rollout adds them)."""
    total = 0.0
    for odd in odds:
        total += odd
    return total


def chances(playable: Sequence[int], count: int, cards: Sequence[int]) -> list[tuple[int, float]]:
    """Each rank's card (:func:`one_per_rank`) and the chance a searcher plays it."""
    ranks, odds = _odds(playable, count, cards)
    total = _sum(odds)
    return [(card, odd / total) for card, odd in zip(ranks, odds, strict=True)]


def pick(playable: Sequence[int], count: int, cards: Sequence[int], uniform: float) -> int:
    """The card a searcher plays when its chance falls at ``uniform`` (in [0, 1)): the first
    whose running sum of odds passes ``uniform`` times their total."""
    ranks, odds = _odds(playable, count, cards)
    point = uniform * _sum(odds)
    running = 0.0
    for card, odd in zip(ranks, odds, strict=True):
        running += odd
        if point < running:
            return card
    return ranks[-1]


def log_chance(card: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> float:
    """The log-chance that a searcher plays ``card``'s rank (for the style reading)."""
    rank = RANK_OF[card]
    for candidate, chance in chances(playable, count, cards):
        if RANK_OF[candidate] == rank:
            return math.log(chance)
    raise ValueError(f"card {card} is not playable")
