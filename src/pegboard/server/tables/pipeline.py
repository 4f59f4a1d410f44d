"""What a part of a room may ask of the room: the room's one change pipeline. A part that acts
on its own (a clock ringing, a bot thinking) makes its change through these, never by reaching
into another part."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from pegboard.core.wire import Action

T = TypeVar("T")


class Pipeline(Protocol):
    @property
    def closed(self) -> bool:
        """The table is closed: no command will run any more."""

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the table's writer, after every command queued before it."""

    async def play(self, seat: int, action: Action, version: int) -> None:
        """Apply ``seat``'s ``action``, made on ``version`` of the game, then persist and tell
        everyone (in the writer); StaleCommand if the seat's choices changed since."""
