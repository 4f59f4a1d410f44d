"""Seats, teams and the deal from two team decks.

Seats alternate between the two teams (0+2 against 1+3; with two players 0 against 1). Each
team's deck deals one card at a time to its members, in order from the dealer's left; the next
card is the deck's Top; the cards under it are drawn, in order, by Magic and by the cradle.
Tests stack both decks with :func:`stack_decks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pegboard.cards import Card
from pegboard.games.not_enough.powers import BLUE, GREY, PowerTable, default_powers

KEPT = 4  # every hand is brought to four cards


def hand_size(players: int) -> int:
    return 6 if players == 2 else 5


def team_of(seat: int) -> int:
    return seat % 2


def team_seats(team: int, players: int) -> list[int]:
    return [s for s in range(players) if s % 2 == team]


def other(colour: str) -> str:
    return BLUE if colour == GREY else GREY


def seats_from_left(dealer: int, players: int) -> list[int]:
    """Every seat in dealing and playing order: the dealer's left first, the dealer last."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def members_in_order(team: int, dealer: int, players: int) -> list[int]:
    return [s for s in seats_from_left(dealer, players) if team_of(s) == team]


def deal(
    decks: Mapping[str, Sequence[Card]],
    colour_of_team: Sequence[str],
    dealer: int,
    players: int,
) -> tuple[list[list[Card]], dict[str, list[Card]]]:
    """Hands by seat (each from its team's deck), and each deck's rest (its Top first)."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    rest: dict[str, list[Card]] = {}
    size = hand_size(players)
    for team, colour in enumerate(colour_of_team):
        members = members_in_order(team, dealer, players)
        deck = decks[colour]
        dealt = size * len(members)
        for i in range(dealt):
            hands[members[i % len(members)]].append(deck[i])
        rest[colour] = list(deck[dealt:])
    return hands, rest


def stack_decks(
    hands: Sequence[Sequence[Card]],
    dealer: int,
    dealer_colour: str,
    tops: Mapping[str, Card],
    below: Mapping[str, Sequence[Card]] | None = None,
    powers: PowerTable | None = None,
) -> dict[str, list[Card]]:
    """Both deck orders (top first) that deal ``hands`` (by seat) when the dealer's team takes
    ``dealer_colour``, turn up ``tops``, then give ``below`` (per colour) to Magic and the cradle.
    The rest of each deck follows in id order."""
    table = powers or default_powers()
    players = len(hands)
    colour_of_team = [dealer_colour, other(dealer_colour)]
    if team_of(dealer) == 1:
        colour_of_team.reverse()
    size = hand_size(players)
    decks: dict[str, list[Card]] = {}
    for team, colour in enumerate(colour_of_team):
        members = members_in_order(team, dealer, players)
        top: list[Card] = []
        for i in range(size):
            top.extend(hands[seat][i] for seat in members)
        top.append(tops[colour])
        top.extend((below or {}).get(colour, ()))
        own = table.cards_of(colour)
        strays = [c for c in top if c not in own]
        if strays:
            raise ValueError(f"{' '.join(map(str, strays))} not in the {colour} deck")
        if len(set(top)) != len(top):
            raise ValueError(f"the stacked {colour} deck names a card twice")
        used = set(top)
        decks[colour] = top + [c for c in own if c not in used]
    return decks
