"""The game's own scores: the cut (his nob, her pot), her heels, the intelligence bonus, the crib.

The show itself is Cribbage's (``score_show`` with the team's Top as the starter, where
"his heels", a Jack of the Top's suit in hand, is Cribbage's ``nobs``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pegboard.cards import RANK_OF, SUIT_OF, Card
from pegboard.core.claims import item_key
from pegboard.games.not_enough.powers import COLOURS
from pegboard.scoring import ScoreItem, combinations_of

JACK = 11
QUEEN = 12

HIS_NOB = "his-nob"  # a Jack on top of a deck: the dealer's team +2
HER_POT = "her-pot"  # a Queen on top of a deck: the dealer's team -2
HER_HEELS = "her-heels"  # a Queen in hand of the Top's suit: the other team -1
RUN_REPLACED = "run-replaced"  # the intel bonus: a run the enemy Top lengthens is not recounted


def cut_items(tops: Mapping[str, Card]) -> tuple[ScoreItem, ...]:
    """What the two Tops give the dealer's team, grey first. Both Tops are turned at once,
    so a Jack and a Queen cancel out in one score rather than racing to the target."""
    items: list[ScoreItem] = []
    for colour in COLOURS:
        top = tops[colour]
        if RANK_OF[top] == JACK:
            items.append(ScoreItem(HIS_NOB, 2, (top,)))
        elif RANK_OF[top] == QUEEN:
            items.append(ScoreItem(HER_POT, -2, (top,)))
    return tuple(items)


def her_heels(hand: Sequence[Card], top: Card) -> tuple[ScoreItem, ...]:
    """A Queen in hand of the Top's suit costs the other team a point."""
    return tuple(
        ScoreItem(HER_HEELS, -1, (c,))
        for c in hand
        if RANK_OF[c] == QUEEN and SUIT_OF[c] == SUIT_OF[top]
    )


def intel_bonus(hand: Sequence[Card], own_top: Card, enemy_top: Card) -> tuple[ScoreItem, ...]:
    """count(hand + own Top + enemy Top) - count(hand + own Top), itemised.

    count is fifteens + pairs + maximal runs. Every new combination (each holds the enemy Top)
    is an item at its full worth; a run it only lengthens is taken back as a negative
    ``run-replaced`` item, so 7-8-9 + an enemy 10 adds 1 (a run of 4 instead of 3), while
    7-8-8-9-10 + an enemy 9 adds exactly two runs of 4 (the old two are still there).
    """
    base = combinations_of(sorted([*hand, own_top]))
    full = combinations_of(sorted([*hand, own_top, enemy_top]))
    had = {item_key(i) for i in base}
    has = {item_key(i) for i in full}
    gained = [i for i in full if item_key(i) not in had]
    lost = [ScoreItem(RUN_REPLACED, -i.points, i.cards) for i in base if item_key(i) not in has]
    return (*gained, *lost)


def crib_items(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """A crib's count: fifteens, pairs and maximal runs (no flush, no nobs)."""
    return tuple(combinations_of(sorted(cards)))
