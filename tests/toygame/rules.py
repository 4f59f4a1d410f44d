"""The rules of Pile (see the package's text): a pure state machine, like every game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from pegboard.cards import Card
from pegboard.core.events import end_event, peg
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome, rank_sides
from pegboard.core.rules import Event, Rules
from pegboard.core.wire import EndEvent, Marked, ScoreEvent, ViewBase
from pegboard.errors import IllegalAction
from pegboard.scoring import ScoreItem

BONUS = 3
"""The extra points for taking the last counter."""


class Take(TypedDict):
    """Pile's one action: take one or two counters."""

    type: Literal["take"]
    count: int


class Taken(Marked):
    type: Literal["take"]
    seat: int
    count: int
    pile: int  # the counters left


class PileLeave(Marked):
    """A seat leaves Pile (no rank: the game ends there)."""

    type: Literal["leave"]
    seat: int


PileEvent = Taken | ScoreEvent | EndEvent | PileLeave


class PileView(ViewBase):
    """What everyone sees of Pile: the counters left, whose turn, the table's options."""

    pile: int
    turn: int
    options: dict[str, OptionValue]


class PileRules(Rules[Take, PileEvent, PileView]):
    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(players, options)
        self.pile = int(options["counters"])
        self.scores = [0] * players
        self.turn = 0
        self.left: set[int] = set()

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.outcome is not None else (self.turn,)

    def legal(self, seat: int) -> list[Take]:
        if seat not in self.to_act:
            return []
        return [{"type": "take", "count": n} for n in (1, 2) if n <= self.pile]

    def canonical(self, action: Mapping[str, Any]) -> Take:
        count = action.get("count")
        if action.get("type") != "take" or not isinstance(count, int) or isinstance(count, bool):
            raise IllegalAction('an action is {"type": "take", "count": 1 or 2}')
        return {"type": "take", "count": count}

    def apply(self, seat: int, action: Take) -> None:
        count = action["count"]
        self.pile -= count
        self.events.append({"type": "take", "seat": seat, "count": count, "pile": self.pile})
        self.events.append(peg(self.scores, [seat], seat, (ScoreItem("taken", count, ()),)))
        if self.pile == 0:
            self.events.append(peg(self.scores, [seat], seat, (ScoreItem("last", BONUS, ()),)))
            self._finish("pile empty")
        else:
            self.turn = (seat + 1) % self.players

    def _finish(self, reason: str) -> None:
        fixed = dict.fromkeys(self.left, self.players)
        ranks = rank_sides(self.scores, self.sides(), fixed)
        self.outcome = Outcome(tuple(self.scores), ranks, reason)
        self.events.append(end_event(self.outcome))

    def leave(self, seat: int) -> None:
        self.left.add(seat)
        self.events.append({"type": "leave", "seat": seat})
        self._finish("left")

    def in_game(self, seat: int) -> bool:
        return seat not in self.left

    def view(self, seat: int | None) -> PileView:
        return {
            "game": "pile",
            "players": self.players,
            "seat": seat,
            "pile": self.pile,
            "scores": list(self.scores),
            "turn": self.turn,
            "to_act": list(self.to_act),
            "phase": "take" if self.outcome is None else "over",
            "options": dict(self.options),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def redact(self, event: Event, seat: int | None) -> Event:
        return event  # nothing is hidden in Pile

    def secret_cards(self, seat: int | None) -> set[Card]:
        return set()
