"""Cribist's events (docs/records.md): its own, over the shared ones of core/wire.py."""

from __future__ import annotations

from typing import Literal, TypedDict

from pegboard.core.wire import CountEvent, EndEvent, LeaveEvent, Marked, ScoreEvent


class CribistDeal(Marked):
    type: Literal["deal"]
    hand: int
    dealer: int
    hands: list[list[str]]
    crib: list[str]


class CribistPlay(Marked):
    """A card played to the trick (Cribist keeps no 31 count)."""

    type: Literal["play"]
    seat: int
    card: str


class Trick(TypedDict):
    """A finished trick: each seat's card, who won it, trumps and who led."""

    cards: list[str]
    winner: int
    trump: str
    leader: int


class TrickEvent(Marked):
    type: Literal["trick"]
    cards: list[str]
    winner: int
    trump: str
    leader: int


class TimeUpEvent(Marked):
    """The agreed playing time is over."""

    type: Literal["time-up"]


CribistEvent = (
    CribistDeal
    | CribistPlay
    | TrickEvent
    | ScoreEvent
    | TimeUpEvent
    | LeaveEvent
    | EndEvent
    | CountEvent
)
"""Every event of Cribist; ``Rules[CribistAction, CribistEvent]`` holds the rules to them."""
