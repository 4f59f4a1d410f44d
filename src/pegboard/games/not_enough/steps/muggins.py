"""Manual counting's claims and Muggins rounds, with the seed's timing: every hand claimed, the
intelligence bonus, then one round over the hands; the cribs claimed, then a second round. A
call's caller is on the other team only; a wrong call is refused at no cost (the
:class:`~pegboard.core.claims.CountingRound` has no penalty here)."""

from __future__ import annotations

from dataclasses import replace

from pegboard.core.rules import Action
from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.phases import COUNT
from pegboard.games.not_enough.state import NotEnoughState


class MugginsSteps(NotEnoughState):
    def _count_step(self, seat: int, action: Action) -> None:
        """A claim, a Muggins call or a pass in manual counting."""
        counting = self.counting
        assert counting is not None and self.current is not None
        event, items = counting.step(seat, action)
        self.events.append(event)
        if event["type"] == "claim":
            self.shown[-1]["points"] = event["points"]
        if items and self._score(seat, items):
            return
        if not counting.done:
            return
        if counting.callers:  # the Muggins round
            self._call_next()
            return
        self.claimed.append((self.current, counting))
        if self._her_heels(self.current):
            return
        self._count_next()

    def _muggins_round(self) -> None:
        """After the claims (and, for the hands, the intelligence bonus): the other team may
        call Muggins on each claimed count in turn, in the order they were claimed."""
        self.to_call, self.claimed = self.claimed, []
        self._call_next()

    def _call_next(self) -> None:
        if self.to_call:
            count, counting = self.to_call.pop(0)
            self.current = count
            self.counting = replace(counting, callers=self._callers(count.seat))
            self.phase = COUNT
            self.events.append({"type": "calls", "seat": count.seat, "crib": count.crib})
            return
        self.counting = None
        self.current = None
        if self.stage == "hands":
            self._start_battle()
        else:
            self._end_show()

    def _callers(self, claimant: int) -> tuple[int, ...]:
        """The other team, clockwise from the claimant: team-mates never call on each other."""
        order = seats_from_left(claimant, self.players)
        return tuple(s for s in order if team_of(s) != team_of(claimant))
