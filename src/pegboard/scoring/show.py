"""The show: a 4-card hand (or the crib) counted with the starter (docs/rules.md, "Cribbage")."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.cards import RANK_OF, SUIT_OF, Card
from pegboard.errors import CardError
from pegboard.scoring.items import Score, ScoreItem
from pegboard.scoring.tables import COMBO_POINTS_5, RANK_KEY, combinations_fast

_JACK = 11


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Score:
    """Count ``hand`` (4 cards) with ``starter``: fifteens, pairs, runs, flush, nobs.

    A hand's flush is 4 (5 with the starter's suit too); the crib's counts only as 5.
    The total comes from the rank table; the items are worked out when first asked for.
    """
    if len(hand) != 4:
        raise CardError(f"a show hand has 4 cards, not {len(hand)}")
    if len({*hand, starter}) != 5:
        raise CardError("the hand and the starter must be 5 different cards")
    total = show_total(hand, starter, crib)
    return Score(total, explain=lambda: show_items(hand, starter, crib=crib))


def show_total(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """The show's total alone, unchecked: the table lookup behind :func:`score_show`."""
    a, b, c, d = hand
    total = COMBO_POINTS_5[
        RANK_KEY[a] + RANK_KEY[b] + RANK_KEY[c] + RANK_KEY[d] + RANK_KEY[starter]
    ]
    suit = SUIT_OF[a]
    if suit == SUIT_OF[b] == SUIT_OF[c] == SUIT_OF[d]:
        if SUIT_OF[starter] == suit:
            total += 5
        elif not crib:
            total += 4
    if 40 + SUIT_OF[starter] in hand:  # the Jack of the starter's suit: "his nob"
        total += 1
    return total


def show_items(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> tuple[ScoreItem, ...]:
    """The show's items, in the order a player calls them: fifteens, pairs, runs, flush, nobs."""
    cards = [*hand, starter]
    items = combinations_fast(cards)
    suit = SUIT_OF[hand[0]]
    if all(SUIT_OF[card] == suit for card in hand):
        if SUIT_OF[starter] == suit:
            items.append(ScoreItem("flush", 5, tuple(cards)))
        elif not crib:
            items.append(ScoreItem("flush", 4, tuple(hand)))
    items.extend(
        ScoreItem("nobs", 1, (card,))
        for card in hand
        if RANK_OF[card] == _JACK and SUIT_OF[card] == SUIT_OF[starter]
    )
    return tuple(items)
