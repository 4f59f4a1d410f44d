"""The Cribist deal: thirteen each, one at a time, from the dealer's left."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.cards import Card

PLAYERS = 4
HAND = 13


def deal(deck: Sequence[Card], dealer: int) -> list[list[Card]]:
    """Each seat's hand, sorted."""
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i in range(HAND * PLAYERS):
        hands[(dealer + 1 + i) % PLAYERS].append(deck[i])
    return [sorted(h) for h in hands]


def stack_deck(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """The deck order that deals ``hands`` (by seat, 13 cards each) from ``dealer``."""
    if len(hands) != PLAYERS or any(len(h) != HAND for h in hands):
        raise ValueError("a Cribist deal is 13 cards for each of 4 seats")
    order = [hands[(dealer + 1 + i) % PLAYERS][i // PLAYERS] for i in range(HAND * PLAYERS)]
    if len(set(order)) != len(order):
        raise ValueError("a stacked deck names the same card twice")
    return order
