"""What a seat or a watcher sees of a Cribbage game (``seat_view.py`` builds it), typed: its own
keys over the shared ones of core/wire.py, so ``mypy`` checks every key the rules write and
every key a Cribbage bot, the env or a review reads."""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from pegboard.core.wire import BotView, CountingJson, PlayedCard, Seen, ViewBase, check_game


class CribbageShown(TypedDict):
    """A hand or crib laid down at the show: ``points`` None until its owner claims them
    (manual counting)."""

    seat: int
    cards: list[str]
    crib: bool
    points: int | None


class CribbageView(ViewBase):
    """``Rules.view`` of Cribbage: ``hand``, ``kept`` and ``discarded`` are the seat's own
    (empty for a watcher); ``crib`` is None until the crib is shown."""

    teams: bool
    target: int
    hand_number: int
    dealer: int | None
    dealer_rule: str
    active: list[int]
    turn: int | None
    hand: list[str]
    hand_sizes: list[int]
    kept: list[str]
    discarded: list[str]
    discarded_seats: list[int]
    crib_size: int
    crib: list[str] | None
    starter: str | None
    count: int
    count_cards: list[str]
    played: list[PlayedCard]
    passed: list[int]
    shown: list[CribbageShown]
    ready: list[int]
    counting_mode: Literal["manual", "auto"]
    counting: CountingJson | None


class CribbageBotView(CribbageView, Seen):
    """A Cribbage view as a bot is given it: with the driver's ``legal``, ``version``…"""


def cribbage_view(view: BotView) -> CribbageBotView:
    """``view`` as Cribbage's own type; raises ``TypeError`` for another game's (conformance
    holds every key of every view to the type)."""
    check_game(view, "cribbage")
    return cast(CribbageBotView, view)
