"""What a review holds: every decision judged, and each seat's summary (docs/review.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pegboard.core.rules import Action
from pegboard.core.wire import OutcomeJson, TableView

Unit = Literal["win", "place", "points"]
"""What an option's ``value`` measures: the chance of winning (2 sides, where the score race
gives it), minus the expected place (3 or 4 sides), or expected points (elsewhere)."""
Mark = Literal["", "inaccuracy", "mistake", "blunder"]


@dataclass(frozen=True)
class Option:
    """One choice a seat had, valued as the expert values it."""

    action: Action
    label: str
    value: float
    """In the judgement's unit, higher is better."""
    points: float
    """Expected points for the seat's side (relative to the other sides where the game
    counts a difference), higher is better."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "value": round(self.value, 6),
            "points": round(self.points, 4),
        }


@dataclass(frozen=True)
class Judgement:
    """A decision's options, valued: what the game's reviewer says about one view."""

    phase: str
    unit: Unit
    options: tuple[Option, ...]
    best: int
    """Index of the expert's choice in ``options``."""
    win_per_point: float | None = None
    """2 players: what one point is worth in win chance here (to state points costs in win
    chance where the options were valued in points)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of one seat."""

    index: int
    """Position in the record's action log."""
    step: int
    """The record's events before it (a replay's position when the seat decided)."""
    seat: int
    hand: int
    phase: str
    unit: Unit
    options: tuple[Option, ...]
    chosen: int
    best: int
    cost: float
    """What the choice lost in the unit (0 for the best, never negative)."""
    cost_points: float
    """What the choice lost in expected points (never negative)."""
    cost_win: float | None
    """What it lost in win chance, where the score race gives one (2 players)."""
    mark: Mark
    accuracy: float
    """This decision's accuracy, 0-100 (docs/review.md)."""
    view: TableView = field(compare=False, repr=False)
    """The position as the seat saw it (its view), for showing the decision."""

    def to_json(self, *, with_view: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "step": self.step,
            "seat": self.seat,
            "hand": self.hand,
            "phase": self.phase,
            "unit": self.unit,
            "options": [o.to_json() for o in self.options],
            "chosen": self.chosen,
            "best": self.best,
            "cost": round(self.cost, 6),
            "cost_points": round(self.cost_points, 4),
            "cost_win": None if self.cost_win is None else round(self.cost_win, 6),
            "mark": self.mark or None,
            "accuracy": round(self.accuracy, 2),
        }
        if with_view:
            data["view"] = self.view
        return data


@dataclass(frozen=True)
class Luck:
    """What chance gave a seat against its average, in expected points (positive: lucky)."""

    deal: float = 0.0
    """The cards dealt: the best choice's value against the average hand's."""
    starter: float = 0.0
    """The starter (or Tops): what the kept cards showed against what they were expected to."""
    dice: float = 0.0
    """Dice rolled against their mean, in pips (not points: what the pips won depends on
    the crib the battle was for)."""

    @property
    def total(self) -> float:
        """The cards' luck in points: the deal and the starter (the dice apart)."""
        return self.deal + self.starter

    def to_json(self) -> dict[str, float]:
        return {
            "deal": round(self.deal, 3),
            "starter": round(self.starter, 3),
            "dice": round(self.dice, 3),
            "total": round(self.total, 3),
        }


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    name: str
    decisions: int
    accuracy: float
    """Mean of the decisions' accuracies, 0-100 (100 with no decision)."""
    cost_points: float
    """Expected points lost to choices over the match (the skill side of luck v skill)."""
    cost_win: float | None
    marks: dict[str, int]
    luck: Luck

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "accuracy": round(self.accuracy, 2),
            "cost_points": round(self.cost_points, 3),
            "cost_win": None if self.cost_win is None else round(self.cost_win, 4),
            "marks": dict(self.marks),
            "luck": self.luck.to_json(),
        }


@dataclass(frozen=True)
class Point:
    """One point of the standing graph: after the record's first ``index`` actions."""

    index: int
    step: int
    """The record's events by then (a replay's position)."""
    hand: int
    standing: tuple[float, ...]
    """Per seat: its chance of winning (2 sides) or expected place (more sides)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": self.step,
            "hand": self.hand,
            "standing": [round(s, 4) for s in self.standing],
        }


@dataclass(frozen=True)
class Review:
    game: str
    players: int
    match: int
    """Which record of a file (0 for the first)."""
    standing_unit: Literal["win", "place"]
    decisions: tuple[Decision, ...]
    seats: tuple[SeatSummary, ...]
    series: tuple[Point, ...]
    outcome: OutcomeJson | None
    notes: tuple[str, ...] = ()
    """What this game's review does not value, or only estimates (said plainly)."""

    def to_json(
        self, *, seat: int | None = None, views: Literal["none", "marked", "all"] = "none"
    ) -> dict[str, Any]:
        """The ``pegboard-review/1`` object (docs/review.md); ``seat``: only that seat's
        summary and decisions; ``views``: each decision's position as its seat saw it, for
        the marked decisions or all (for showing them: a record's full information, once the
        game is over)."""
        return {
            "format": REVIEW_FORMAT,
            "game": self.game,
            "players": self.players,
            "match": self.match,
            "standing_unit": self.standing_unit,
            "outcome": self.outcome,
            "seats": [s.to_json() for s in self.seats if seat is None or s.seat == seat],
            "decisions": [
                d.to_json(with_view=views == "all" or (views == "marked" and bool(d.mark)))
                for d in self.decisions
                if seat is None or d.seat == seat
            ],
            "series": [p.to_json() for p in self.series],
            "notes": list(self.notes),
        }


REVIEW_FORMAT = "pegboard-review/1"
