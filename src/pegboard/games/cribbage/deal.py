"""The deal: one card at a time from the dealer's left, then the crib card (3 players),
then the starter from the top of the rest. Tests stack a deck with :func:`stack_deck`."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.cards import DECK, Card


def hand_size(players: int) -> int:
    return 6 if players == 2 else 5


def seats_from_left(active: Sequence[int], dealer: int, players: int) -> list[int]:
    """Active seats in dealing (and playing) order: the dealer's left first, the dealer last."""
    return [s for s in ((dealer + k) % players for k in range(1, players + 1)) if s in active]


def deal(
    deck: Sequence[Card], active: Sequence[int], dealer: int, players: int
) -> tuple[dict[int, list[Card]], list[Card], list[Card]]:
    """Hands by seat, cards dealt straight to the crib, and the rest of the deck."""
    order = seats_from_left(active, dealer, players)
    size = hand_size(len(order))
    hands: dict[int, list[Card]] = {seat: [] for seat in order}
    for i in range(size * len(order)):
        hands[order[i % len(order)]].append(deck[i])
    used = size * len(order)
    crib = list(deck[used : used + 1]) if len(order) == 3 else []
    return hands, crib, list(deck[used + len(crib) :])


def stack_deck(
    hands: Sequence[Sequence[Card]],
    dealer: int,
    starter: Card,
    crib: Sequence[Card] = (),
    active: Sequence[int] | None = None,
) -> list[Card]:
    """A deck order that deals ``hands`` (listed by seat), ``crib`` and then ``starter``."""
    players = len(hands)
    seats = list(range(players)) if active is None else list(active)
    order = seats_from_left(seats, dealer, players)
    top: list[Card] = []
    for i in range(hand_size(len(order))):
        top.extend(hands[seat][i] for seat in order)
    top.extend(crib)
    top.append(starter)
    rest = [c for c in DECK if c not in set(top)]
    if len(set(top)) != len(top):
        raise ValueError("a stacked deck names the same card twice")
    return top + rest
