"""The end of a hand: the pause point (everyone ready), then the deal passing left; a player
leaving ends the game."""

from __future__ import annotations

from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.phases import COLOUR, CUT, OVER, POST_SHOW, SHUFFLE, Step
from pegboard.games.not_enough.state import NotEnoughState

BETWEEN_HANDS = (CUT, COLOUR, SHUFFLE, POST_SHOW, OVER)
"""Phases with no cards in anyone's hand, or every card counted."""


def end_show(state: NotEnoughState) -> Step | None:
    if state.post_show:
        state.phase = POST_SHOW
        state.ready = set()
        return None
    return next_hand(state)


def ready(state: NotEnoughState, seat: int) -> Step | None:
    state.ready.add(seat)
    state.events.append({"type": "ready", "seat": seat})
    if len(state.ready) == state.players:
        return next_hand(state)
    return None


def hand_in_play(state: NotEnoughState) -> bool:
    """From the deal to the end of the crib count (not while the dealer takes a colour)."""
    return state.phase not in BETWEEN_HANDS


def next_hand(state: NotEnoughState) -> Step | None:
    state.dealer = (state.dealer + 1) % state.players
    return Step.START_HAND


def leave(state: NotEnoughState, seat: int) -> None:
    """A team cannot play on without a member: the leaver's team is last, the game ends."""
    for s in team_seats(team_of(seat), state.players):
        state.fixed_ranks[s] = 2
    state.events.append({"type": "leave", "seat": seat, "rank": 2})
    state._finish("leave")
