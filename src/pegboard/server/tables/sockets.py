"""A client's WebSocket as a watcher of a table. A message is work in flight
(pegboard.server.in_flight) from when it is queued until it is sent, or the socket is gone."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import orjson
from fastapi import WebSocket

from pegboard.server.http.protocol import GONE, POLICY, TRY_LATER
from pegboard.server.in_flight import in_flight

REASONS = {
    GONE: "the table is closed",
    POLICY: "too many refused messages",
    TRY_LATER: "no room for more spectators",
}
NON_STR_KEYS = orjson.OPT_NON_STR_KEYS  # as json.dumps: {0: …} is sent as {"0": …}
OUTBOX_LIMIT = 512  # messages queued for one slow client; more are dropped (it can resync)


def encoded(message: dict[str, Any]) -> str:
    """JSON text of ``message``. orjson: encoding every seat's view was the largest cost of a
    move after the store's write (docs/benchmarks.md); ``json`` for what orjson refuses (an
    integer past 64 bits), so that no message is ever lost to its encoder."""
    try:
        return orjson.dumps(message, option=NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class SocketWatcher:
    """One WebSocket; messages leave through its own queue so a slow client never blocks a room
    (nor, for a socket relayed to another worker, the bus)."""

    def __init__(self, socket: WebSocket, slot: int | None) -> None:
        self.socket = socket
        self.slot = slot
        # None ends the queue; it always fits, so OUTBOX_LIMIT is counted by hand.
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.ending: int | None = None  # the close code once the server lets the socket go
        self._unsent = 0  # messages queued and in flight
        self.sender = asyncio.create_task(self._send_loop())

    def put(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() < OUTBOX_LIMIT:
            self._queue(message)

    def finish(self, code: int = GONE) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if self.ending is None:
            self.ending = code
            self._queue(None)

    def _queue(self, message: dict[str, Any] | None) -> None:
        self.outbox.put_nowait(message)
        if not self.sender.done():  # else never sent: not in flight
            self._unsent += 1
            in_flight().begin()

    def _sent(self, count: int = 1) -> None:
        self._unsent -= count
        for _ in range(count):
            in_flight().end()

    async def send(self, message: dict[str, Any]) -> None:
        self.put(message)

    async def end(self, code: int = GONE) -> None:
        """The table is closed (GONE), or served elsewhere from now on (RESTART)."""
        self.finish(code)

    async def _send_loop(self) -> None:
        try:
            with contextlib.suppress(Exception):
                while (message := await self.outbox.get()) is not None:
                    await self.socket.send_text(encoded(message))
                    self._sent()
                if self.ending is not None:
                    reason = REASONS.get(self.ending, "come back soon")
                    await self.socket.close(self.ending, reason)
        finally:
            self._sent(self._unsent)  # the end of the queue, and what was never to be sent

    async def close(self) -> None:
        self._queue(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sender, 2)
