"""What crosses the engine's boundary, typed: the actions every game shares.

Actions and events stay plain JSON objects at run time (docs/records.md): these are
``TypedDict``s, so ``mypy --strict`` checks every one a game, a bot or the driver writes
without changing what travels. The core names the shapes every game shares (a card played,
a go, a claim) and the open form the driver passes on (:data:`Action`, any game's action read
as a mapping); each game names its own in its package and its union of them
(``games/cribbage/rules.py``'s ``CribbageAction``), which its ``Rules`` is typed with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

Action = Mapping[str, Any]
"""Any game's action as the driver, the log and the server pass it on, read only: a game's
own union (its ``Rules`` type parameter) says which keys it has."""

Event = dict[str, Any]
"""An event as the rules write it and the driver marks it (``auto``); docs/records.md lists
every type's fields."""


class Play(TypedDict):
    type: Literal["play"]
    card: str


class Go(TypedDict):
    type: Literal["go"]


class Ready(TypedDict):
    type: Literal["ready"]


class Discard(TypedDict):
    type: Literal["discard"]
    cards: list[str]


class Leave(TypedDict):
    """Any seat of any game may leave; the driver takes it before the rules' legal list."""

    type: Literal["leave"]


class TimeUp(TypedDict):
    """The driver's clock ending a game against the time (logged with no seat)."""

    type: Literal["time-up"]


class NamedItem(TypedDict):
    """A scoring item as a claim names it."""

    kind: str
    cards: list[str]


class Claim(TypedDict):
    type: Literal["claim"]
    items: list[NamedItem]


class Muggins(TypedDict):
    type: Literal["muggins"]
    items: list[NamedItem]
    points: int


class Pass(TypedDict):
    type: Literal["pass"]


CountAction = Claim | Muggins | Pass
"""A step of a manual count (core/claims.py), the same in every game."""

PlayAction = Play | Go
"""A turn at the 31 count (games/count31.py)."""


class Seat(TypedDict):
    """A seat as a record lists it."""

    seat: int
    name: str
    kind: str


class LoggedAction(TypedDict):
    """One entry of ``Game.actions``: the seat (``None`` for the driver's ``time-up``), its
    action, and ``auto`` when the table moved for the seat (``timeout``, ``away``)."""

    seat: int | None
    action: Action
    auto: NotRequired[str]


class Record(TypedDict):
    """A ``pegboard-record/1`` record (docs/records.md) as ``Game.record()`` writes it and
    ``records/`` reads it; ``fair`` and ``match`` only where the table adds them."""

    format: str
    game: str
    players: int
    seed: int | str | None
    options: dict[str, Any]
    seats: list[Seat]
    events: list[Event]
    outcome: dict[str, Any] | None
    actions: list[LoggedAction]
    chance: list[dict[str, Any]]
    fair: NotRequired[dict[str, Any]]
    match: NotRequired[dict[str, Any]]
