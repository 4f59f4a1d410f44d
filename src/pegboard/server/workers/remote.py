"""The owner's side of a socket that landed on another worker: a *guest* of the table.

A guest is a watcher like a local socket: the room sends it its own seat's view, and it posts
those messages on the bus to the worker holding the socket (in order, without waiting for Redis:
the bus sends whatever is waiting in one round trip, and the socket there has its own queue).
The commands that worker forwards (already screened there) are performed one after another, as
the socket sent them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from pegboard.server.http.protocol import GONE, ProtocolError, TableMessage
from pegboard.server.tables.commands import perform
from pegboard.server.tables.room import Room, SeatError, TableClosed
from pegboard.server.workers.worker import Refused, Workers

log = logging.getLogger(__name__)


class Guest:
    def __init__(self, workers: Workers, worker: str, conn: str, slot: int | None, room: Room):
        self.workers = workers
        self.worker = worker  # where the socket is
        self.conn = conn  # the socket's name there
        self.slot = slot
        self.room = room
        self.inbox: asyncio.Queue[TableMessage | None] = asyncio.Queue()
        self.tasks = (asyncio.create_task(self._perform_loop()),)

    async def send(self, message: dict[str, Any]) -> None:
        self._post({"kind": "out", "conn": self.conn, "message": message})

    async def end(self, code: int = GONE) -> None:
        self._post({"kind": "close", "conn": self.conn, "code": code})

    def _post(self, message: dict[str, Any]) -> None:
        try:
            self.workers.post(self.worker, message)
        except Exception:  # not JSON: a bug, but the room must go on for the other seats
            log.exception("a message to worker %s could not be sent", self.worker)

    def take(self, message: TableMessage) -> None:
        self.inbox.put_nowait(message)

    def leave(self) -> None:
        """The socket has gone: after the commands already here, the seat is disconnected."""
        self.inbox.put_nowait(None)

    async def _perform_loop(self) -> None:
        while (message := await self.inbox.get()) is not None:
            try:
                await perform(self.room, self, message)
            except TableClosed:  # the table closed or moved: its watchers have been told
                pass
            except Exception:
                log.exception("a forwarded command failed")
        with contextlib.suppress(TableClosed):
            await self.room.disconnect(self)


class Guests:
    """Every guest of this worker's tables, by the socket's worker and name."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.guests: dict[tuple[str, str], Guest] = {}

    async def connect(self, room: Room, worker: str, request: dict[str, Any]) -> dict[str, Any]:
        """A socket on ``worker`` opens: its token is checked here, by the owner."""
        try:
            slot = room.slot_of(request.get("token"))
        except SeatError as error:
            raise Refused("seat", str(error), 403) from None
        conn = str(request["conn"])
        guest = Guest(self.workers, worker, conn, slot, room)
        try:
            await room.connect(guest, max(0, int(request.get("since", 0))))
        except TableClosed as error:
            guest.leave()
            raise Refused("closed", str(error)) from None
        except ProtocolError as error:  # no-watching: the host does not let people watch
            guest.leave()
            raise Refused(error.code, str(error), 403) from None
        self.guests[(worker, conn)] = guest
        return {"slot": slot}

    def take(self, worker: str, conn: str, message: TableMessage) -> bool:
        """A command from a guest's socket; False when that socket is not a guest here."""
        guest = self.guests.get((worker, conn))
        if guest is None:
            return False
        guest.take(message)
        return True

    def leave(self, worker: str, conn: str) -> None:
        guest = self.guests.pop((worker, conn), None)
        if guest is not None:
            guest.leave()

    def workers_seen(self) -> set[str]:
        return {worker for worker, _ in self.guests}

    def leave_worker(self, worker: str) -> None:
        """A worker died: its sockets are gone (their players' grace starts)."""
        for key in [k for k in self.guests if k[0] == worker]:
            self.leave(*key)

    async def close(self) -> None:
        """Let every guest go, after what they still have to do (what they posted is sent when
        the bus closes)."""
        guests = list(self.guests.values())
        self.guests.clear()
        for guest in guests:
            guest.leave()
        tasks = [task for guest in guests for task in guest.tasks]
        if tasks:
            await asyncio.wait(tasks, timeout=2)
