"""What a part of a room may ask of the room: the room's one change pipeline. A part that acts
on its own (a clock ringing, a bot thinking) makes its change through these, never by reaching
into another part."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from pegboard.core.wire import Action
from pegboard.server.tables.errors import TableClosed

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


class _Stopped:
    """The pipeline of a part whose room has stopped: closed, and every command refused."""

    @property
    def closed(self) -> bool:
        return True

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        raise TableClosed("this table is closed")

    async def play(self, seat: int, action: Action, version: int) -> None:
        raise TableClosed("this table is closed")


STOPPED: Pipeline = _Stopped()
"""What a stopped part holds instead of its room. A part that keeps pointing at its room makes
a reference cycle (room -> part -> room): a finished room would wait for the collector, and a
server that freezes its survivors (``gc.freeze``) would keep it for good."""
