"""Cribbage's events (docs/records.md, "Events"): its own, over the shared ones of
core/wire.py, each a ``TypedDict`` the rules (Python and compiled) write."""

from __future__ import annotations

from typing import Literal, NotRequired

from pegboard.core.wire import Count31GameEvent, Marked


class CribbageDeal(Marked):
    type: Literal["deal"]
    hand: int
    dealer: int
    drawn: NotRequired[Literal[True]]  # with dealer=random: this hand's dealer was drawn
    hands: list[list[str]]
    crib: list[str]


class CribbageStarter(Marked):
    type: Literal["starter"]
    card: str


class CribbageShow(Marked):
    type: Literal["show"]
    seat: int
    cards: list[str]
    crib: bool
    starter: str


CribbageEvent = CribbageDeal | CribbageStarter | CribbageShow | Count31GameEvent
"""Every event of Cribbage; ``Rules[CribbageAction, CribbageEvent]`` holds the rules to them."""
