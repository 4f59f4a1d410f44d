"""What a seat or a watcher sees of a Cribist game, typed: its own keys over the shared ones
of core/wire.py."""

from __future__ import annotations

from typing import Literal, cast

from pegboard.core.wire import BotView, CountingJson, PlayedCard, Seen, ViewBase, check_game
from pegboard.games.cribist.events import Trick


class CribistView(ViewBase):
    """``Rules.view`` of Cribist: the seat's ``hand`` (empty for a watcher), the trick on the
    table, the last and every finished trick."""

    hand_number: int
    dealer: int | None
    turn: int | None
    end: str
    target: int
    deals: int
    time_is_up: bool
    hand: list[str]
    hand_sizes: list[int]
    trump: str | None
    trick: list[PlayedCard]
    last_trick: Trick | None
    tricks: list[Trick]
    tricks_won: list[int]
    counting_mode: Literal["manual", "auto"]
    counting: CountingJson | None


class CribistBotView(CribistView, Seen):
    """A Cribist view as a bot is given it: with the driver's ``legal``, ``version``…"""


def cribist_view(view: BotView) -> CribistBotView:
    """``view`` as Cribist's own type; raises ``TypeError`` for another game's."""
    check_game(view, "cribist")
    return cast(CribistBotView, view)
