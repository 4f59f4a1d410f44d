"""The end of a hand (the pause point, the deal passing left) and of the game: the target
reached (a skunk at 31 or more), or a player leaving."""

from __future__ import annotations

from pegboard.core.outcome import Outcome as GameOutcome
from pegboard.core.outcome import rank_sides
from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.phases import COLOUR, CUT, OVER, POST_SHOW, SHUFFLE
from pegboard.games.not_enough.state import NotEnoughState

SKUNK_MARGIN = 31
BETWEEN_HANDS = (CUT, COLOUR, SHUFFLE, POST_SHOW, OVER)
"""Phases with no cards in anyone's hand, or every card counted."""


class EndSteps(NotEnoughState):
    def _end_show(self) -> None:
        if self.post_show:
            self.phase = POST_SHOW
            self.ready = set()
        else:
            self._next_hand()

    def _ready(self, seat: int) -> None:
        self.ready.add(seat)
        self.events.append({"type": "ready", "seat": seat})
        if len(self.ready) == self.players:
            self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand()

    def leave(self, seat: int) -> None:
        """A team cannot play on without a member: the leaver's team is last, the game ends."""
        for s in team_seats(team_of(seat), self.players):
            self.fixed_ranks[s] = 2
        self.events.append({"type": "leave", "seat": seat, "rank": 2})
        self._finish("leave")

    @property
    def hand_in_play(self) -> bool:
        """From the deal to the end of the crib count (not while the dealer takes a colour)."""
        return self.phase not in BETWEEN_HANDS

    def in_game(self, seat: int) -> bool:
        return seat not in self.fixed_ranks

    def _finish(self, reason: str) -> None:
        ranks = rank_sides(self.scores, self.sides(), self.fixed_ranks)
        skunked: tuple[int, ...] = ()
        if reason == "target":
            winners = [s for s in range(self.players) if ranks[s] == 1]
            losers = [s for s in range(self.players) if ranks[s] > 1]
            if losers and self.scores[winners[0]] - self.scores[losers[0]] >= SKUNK_MARGIN:
                skunked = tuple(losers)
        self.outcome = GameOutcome(tuple(self.scores), ranks, reason, skunked)
        self.phase = OVER
        self.turn = -1
        self.counting = None
        self.events.append({"type": "end", **self.outcome.to_json()})
