"""The tables of one server process: created on demand, restored after a restart.

This is the one-process lobby (``pegboard serve`` without ``--redis``): every open table is a
room in this process's memory, and every socket talks to its room directly.
:class:`pegboard.server.shared.SharedLobby` extends it for several workers.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Coroutine
from typing import Any, Protocol

from fastapi import HTTPException, WebSocket
from pydantic import BaseModel, Field

from pegboard.bots import bot_names
from pegboard.core.spec import get_spec
from pegboard.errors import PegboardError
from pegboard.server.clock import Clock
from pegboard.server.hints import offers_hints
from pegboard.server.room import Room, RoomSettings, SeatError, TableClosed, describe, slots_of
from pegboard.server.store import Store, TableRow
from pegboard.server.thinking import BotPool


class NewTable(BaseModel):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=8)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=32)
    bots: list[str | None] = Field(
        default_factory=list, max_length=8
    )  # per slot: a bot, or a person
    hints: bool = True  # a table setting: players may ask for discard hints (Cribbage only)


class Elsewhere(Protocol):
    """An open table that another worker owns, as this worker can serve a socket to it."""

    async def serve(self, websocket: WebSocket, token: str | None, since: int) -> None: ...


class Lobby:
    """Every open room of this process, created on demand and restored after a restart.

    A table that has finished (no rematch can come, or nobody came to play) leaves memory at
    once: only the store remembers it, for its records.
    """

    def __init__(self, store: Store, clock: Clock, settings: RoomSettings) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.pool = BotPool()  # where the bots of every room think
        self._stopping: set[asyncio.Task[None]] = set()

    def _room(self, row: TableRow) -> Room:
        return Room(row, self.store, self.clock, self.settings, self.pool, self._forget)

    def _forget(self, room: Room) -> None:
        """A room has finished: drop it, then stop its tasks (from outside its own writer)."""
        self.rooms.pop(room.id, None)
        self._later(room.stop())

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task of its own, awaited when the lobby closes."""
        task = asyncio.create_task(work)
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    def _open(self, row: TableRow) -> Room:
        """A stored table's room, rebuilt from its seed and actions, and running."""
        room = self._room(row)
        room.restore()
        self.rooms[row.id] = room
        room.start_tasks()
        return room

    async def start(self) -> None:
        for row in self.store.tables(unfinished_only=True):
            self._open(row)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        await asyncio.gather(*self._stopping, return_exceptions=True)
        self.pool.close()

    def _new_row(self, request: NewTable) -> tuple[TableRow, list[str | None]]:
        spec = get_spec(request.game)
        options = spec.resolve(request.players, request.options)
        if len(request.bots) > request.players:
            raise PegboardError(f"{request.players} seats, but {len(request.bots)} bots were given")
        bots = list(request.bots) + [None] * (request.players - len(request.bots))
        known = bot_names()
        for bot in bots:
            if bot is not None and bot not in known:
                raise PegboardError(f"unknown bot {bot!r}; bots: {', '.join(known)}")
        row = TableRow(
            id=secrets.token_hex(6),
            game=spec.name,
            players=request.players,
            options=dict(options),
            status="waiting",
            seed=random.SystemRandom().randrange(2**31),
            match=1,
            seating=[],
            deadline=None,
            created=self.clock.now(),
            idle_since=self.clock.now(),  # nobody is here yet: the creator joins next
            hints=request.hints and offers_hints(spec.name),  # other games have no analysis
        )
        return row, bots

    async def create(self, request: NewTable) -> dict[str, Any]:
        row, bots = self._new_row(request)
        room = await self._seat(row, bots)
        return room.table_info()

    async def _seat(self, row: TableRow, bots: list[str | None]) -> Room:
        """Store a new table, seat its bots and start it if it is full."""
        self.store.create_table(row)
        room = self._room(row)
        for slot, bot in enumerate(bots):
            if bot is not None:
                room.slots_set_bot(slot, bot)
        self.rooms[row.id] = room
        room.start_tasks()
        if all(s is not None for s in room.slots):
            await room.call(room.begin)
        return room

    async def tables(self) -> list[dict[str, Any]]:
        """The lobby: every open table (finished ones are gone)."""
        return [room.table_info() for room in self.rooms.values()]

    async def locate(self, table_id: str) -> Room | Elsewhere | None:
        """Where an open table is served: here, elsewhere, or nowhere (closed or unknown)."""
        return self.rooms.get(table_id)

    def get(self, table_id: str) -> Room:
        """An open table's room (409 for a table that has closed, 404 for none)."""
        room = self.rooms.get(table_id)
        if room is None:
            self._known(table_id)
            raise HTTPException(409, "this table is closed")
        return room

    async def join(self, table_id: str, name: str) -> dict[str, Any]:
        return await self._join(self.get(table_id), name)

    async def _join(self, room: Room, name: str) -> dict[str, Any]:
        try:
            slot, token = await room.join(name)
        except (SeatError, TableClosed) as error:
            raise HTTPException(409, str(error)) from None
        return {"slot": slot, "token": token, "table": room.table_info()}

    async def info(self, table_id: str) -> dict[str, Any]:
        """Table info: from the room, or from the store for a table that has closed."""
        return self._known(table_id)

    def _known(self, table_id: str) -> dict[str, Any]:
        room = self.rooms.get(table_id)
        info = room.table_info() if room is not None else self.closed_info(table_id)
        if info is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return info

    def closed_info(self, table_id: str) -> dict[str, Any] | None:
        """Table info of a table that has finished (only the store knows it), else None."""
        row = self.store.table(table_id)
        if row is None or row.status != "finished":
            return None
        return describe(row, slots_of(row), None, self.clock.now())
