"""The 31 count of a hand (:mod:`pegboard.games.count31`): everyone plays, from the dealer's
left; after a go or a 31 the player who pegged leads, unlike Cribbage's next player (the rules
say so, as :class:`~pegboard.games.count31.Count31Rules` asks)."""

from __future__ import annotations

from pegboard.games.not_enough.phases import PLAY, Step
from pegboard.games.not_enough.state import NotEnoughState


def start_play(state: NotEnoughState) -> Step | None:
    state.resolving = -1
    state.kept = [list(h) for h in state.hands]
    state.phase = PLAY
    state.turn = (state.dealer + 1) % state.players
    return None
