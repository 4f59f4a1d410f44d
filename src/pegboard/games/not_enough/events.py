"""Cribbage is not Enough's events (docs/records.md, "Cribbage is not Enough"): its own,
over the shared ones of core/wire.py (the 31 count's are Cribbage's)."""

from __future__ import annotations

from typing import Literal, NotRequired

from pegboard.core.wire import Count31GameEvent, Marked


class ColoursEvent(Marked):
    type: Literal["colours"]
    seat: int
    colours: dict[str, list[int]]


class NotEnoughDeal(Marked):
    type: Literal["deal"]
    hand: int
    dealer: int
    colours: dict[str, list[int]]
    hands: list[list[str]]
    crib: list[str]


class MagicDiscard(Marked):
    type: Literal["discard"]
    seat: int
    cards: list[str]
    magic: bool


class NotEnoughStarter(Marked):
    type: Literal["starter"]
    tops: dict[str, str]


class FirstEvent(Marked):
    type: Literal["first"]
    seat: int
    colour: str


class PowerEvent(Marked):
    type: Literal["power"]
    seat: int
    colour: str
    power: str
    value: int | None


class RevealEvent(Marked):
    type: Literal["reveal"]
    seat: int
    cards: list[str]


class SplitEvent(Marked):
    type: Literal["split"]
    seat: int
    captain: int
    partner: int


class DrawEvent(Marked):
    type: Literal["draw"]
    seat: int
    cards: list[str]


class NotEnoughShow(Marked):
    type: Literal["show"]
    seat: int
    cards: list[str]
    starter: str | None
    tops: list[str]
    crib: bool


class IntelEvent(Marked):
    type: Literal["intel"]
    sums: list[int]
    winner: int | None


class CallsEvent(Marked):
    type: Literal["calls"]
    seat: int
    crib: bool


class RollEvent(Marked):
    type: Literal["roll"]
    seat: int
    dice: list[int]


class BattleEvent(Marked):
    type: Literal["battle"]
    dice: list[int]
    bonus: list[int]
    winner: int | None
    rolls: list[list[int]]
    totals: list[int]


class CribEvent(Marked):
    type: Literal["crib"]
    piles: dict[str, list[str]]
    owners: dict[str, list[int]]
    magic: dict[str, int]


class CradleEvent(Marked):
    type: Literal["cradle"]
    seat: int
    action: str  # ban, add or none
    colour: NotRequired[str]  # what a ban names
    card: NotRequired[str]  # what an add drew


NotEnoughEvent = (
    ColoursEvent
    | NotEnoughDeal
    | MagicDiscard
    | NotEnoughStarter
    | FirstEvent
    | PowerEvent
    | RevealEvent
    | SplitEvent
    | DrawEvent
    | NotEnoughShow
    | IntelEvent
    | CallsEvent
    | RollEvent
    | BattleEvent
    | CribEvent
    | CradleEvent
    | Count31GameEvent
)
"""Every event of Cribbage is not Enough; ``Rules[NotEnoughAction, NotEnoughEvent]`` holds
the rules to them."""
