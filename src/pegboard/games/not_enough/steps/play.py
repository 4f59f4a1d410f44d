"""The 31 count of a hand (:mod:`pegboard.games.count31`): everyone plays, from the dealer's
left; after a go or a 31 the player who pegged leads, unlike Cribbage's next player."""

from __future__ import annotations

from collections.abc import Collection

from pegboard.games.not_enough.phases import PLAY
from pegboard.games.not_enough.state import NotEnoughState


class PlaySteps(NotEnoughState):
    leader = "pegger"  # "The player who pegged begins the count again"

    def _start_play(self) -> None:
        self.resolving = -1
        self.kept = [list(h) for h in self.hands]
        self.phase = PLAY
        self.turn = (self.dealer + 1) % self.players

    def _count_seats(self) -> Collection[int]:
        return range(self.players)  # everyone plays every hand
