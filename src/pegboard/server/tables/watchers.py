"""A table's watchers: the connected clients (players in their slots, and spectators), and
what goes out to all of them at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

from pegboard.server.http.protocol import GONE

Message = dict[str, Any]


class Watcher(Protocol):
    """A connected client: a player in a slot, or a spectator (slot None)."""

    slot: int | None

    async def send(self, message: Message) -> None: ...

    async def end(self, code: int = GONE) -> None:
        """Close the connection once what was sent has gone out: the table is closed (GONE), or
        this worker no longer serves it (RESTART: the client comes back, maybe elsewhere)."""


class Watchers:
    """The clients connected to one table. Iterating goes over a copy: a send may let a watcher
    go meanwhile."""

    def __init__(self) -> None:
        self._all: set[Watcher] = set()

    def __iter__(self) -> Iterator[Watcher]:
        return iter(list(self._all))

    def __len__(self) -> int:
        return len(self._all)

    def add(self, watcher: Watcher) -> None:
        self._all.add(watcher)

    def discard(self, watcher: Watcher) -> None:
        self._all.discard(watcher)

    async def send_each(self, message_for: Callable[[Watcher], Message | None]) -> None:
        """Send each watcher its own message (None: nothing for that one)."""
        for watcher in list(self._all):
            message = message_for(watcher)
            if message is not None:
                await watcher.send(message)

    async def send_all(self, messages: list[Message]) -> None:
        """Send every watcher each of ``messages``, in order."""
        for message in messages:
            for watcher in list(self._all):
                await watcher.send(message)

    async def let_go(self, code: int = GONE) -> None:
        """End every connection (after what was sent) and forget them all."""
        for watcher in list(self._all):
            await watcher.end(code)
        self._all.clear()

    async def send_spectators_away(self, message: Message) -> None:
        """Tell every watcher without a seat ``message`` and let them go."""
        for watcher in [w for w in self._all if w.slot is None]:
            self._all.discard(watcher)
            await watcher.send(message)
            await watcher.end()
