"""Colours, the deal from two team decks, the discard to the crib piles, and the cut that turns
up both Tops (his nob, her pot)."""

from __future__ import annotations

from pegboard.cards import NAME_OF, Card, card_names
from pegboard.games.not_enough.deal import deal, other, team_of, team_seats
from pegboard.games.not_enough.phases import COLOUR, DISCARD, ORDER, SHUFFLE, Step
from pegboard.games.not_enough.points import cut_items
from pegboard.games.not_enough.powers import COLOURS, is_court
from pegboard.games.not_enough.state import NotEnoughState


def start_hand(state: NotEnoughState) -> Step | None:
    state._new_hand_state()
    state.phase = COLOUR
    return None


def colour(state: NotEnoughState, seat: int, colour: str) -> Step | None:
    """The dealer's team takes ``colour``; the other team the other one."""
    mine = team_of(state.dealer)
    state.colour_of_team = [other(colour), colour] if mine == 1 else [colour, other(colour)]
    state.events.append({"type": "colours", "seat": seat, "colours": colour_seats(state)})
    state.phase = SHUFFLE
    return None


def colour_seats(state: NotEnoughState) -> dict[str, list[int]]:
    return {
        colour: team_seats(state.colour_of_team.index(colour), state.players) for colour in COLOURS
    }


def deal_hands(state: NotEnoughState) -> Step | None:
    state.hand_number += 1
    hands, rest = deal(state.shuffled, state.colour_of_team, state.dealer, state.players)
    state.hands = [sorted(h) for h in hands]
    state.decks = rest
    state.shuffled = {}
    state.phase = DISCARD
    state.events.append(
        {
            "type": "deal",
            "hand": state.hand_number,
            "dealer": state.dealer,
            "colours": colour_seats(state),
            "hands": [card_names(h) for h in state.hands],
            "crib": [],
        }
    )
    return None


def discard(state: NotEnoughState, seat: int, cards: list[Card]) -> Step | None:
    for card in cards:
        state.hands[seat].remove(card)
    state.tossed[seat] = cards
    state.piles[state.colour_of_seat(seat)].extend(cards)
    state.events.append({"type": "discard", "seat": seat, "cards": card_names(cards)})
    if all(state.tossed):
        return cut(state)
    return None


def cut(state: NotEnoughState) -> Step | None:
    state.tops = {colour: state.decks[colour][0] for colour in COLOURS}
    state.events.append({"type": "starter", "tops": {c: NAME_OF[t] for c, t in state.tops.items()}})
    items = cut_items(state.tops)
    if items and state._score(state.dealer, items):
        return None
    courts = [team for team in (0, 1) if is_court(state.team_top(team))]
    if len(courts) == 2:
        state.phase = ORDER
        return None
    state.top_queue = courts
    return Step.NEXT_TOP
