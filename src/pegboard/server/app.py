"""The web app: REST for tables and records, a WebSocket per player or spectator, static client."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import secrets
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from pegboard.bots import bot_names
from pegboard.core.spec import game_names, get_spec
from pegboard.errors import PegboardError
from pegboard.server.clock import Clock, SystemClock
from pegboard.server.hints import offers_hints
from pegboard.server.protocol import ProtocolError, RateLimit, parse_message
from pegboard.server.room import (
    Room,
    RoomSettings,
    SeatError,
    StaleCommand,
    TableClosed,
    describe,
    slots_of,
)
from pegboard.server.store import Store, TableRow
from pegboard.server.thinking import BotPool

DEFAULT_DB = "sqlite:///pegboard.sqlite"
OUTBOX_LIMIT = 512  # messages queued for one slow client; more are dropped (it can resync)
# The close code that tells the web client not to reconnect: no such seat or table, or a table
# that has closed for good.
GONE = 4403


class NewTable(BaseModel):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=8)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=32)
    bots: list[str | None] = Field(
        default_factory=list, max_length=8
    )  # per slot: a bot, or a person
    hints: bool = True  # a table setting: players may ask for discard hints (Cribbage only)


class Join(BaseModel):
    name: str = Field(default="", max_length=64)


class SocketWatcher:
    """One WebSocket; messages leave through its own queue so a slow client never blocks a room."""

    def __init__(self, socket: WebSocket, slot: int | None) -> None:
        self.socket = socket
        self.slot = slot
        # None ends the queue; it always fits, so OUTBOX_LIMIT is counted by hand.
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.ending = False
        self.sender = asyncio.create_task(self._send_loop())

    async def send(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() < OUTBOX_LIMIT:
            self.outbox.put_nowait(message)

    async def end(self) -> None:
        """The table closed: send what is queued, then close the socket (GONE)."""
        self.ending = True
        self.outbox.put_nowait(None)

    async def _send_loop(self) -> None:
        with contextlib.suppress(Exception):
            while (message := await self.outbox.get()) is not None:
                await self.socket.send_json(message)
            if self.ending:
                await self.socket.close(GONE, "the table is closed")

    async def close(self) -> None:
        self.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sender, 2)


class Lobby:
    """Every open room of this process, created on demand and restored after a restart.

    A table that has finished (no rematch can come) leaves memory at once: only the store
    remembers it, for its records.
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
        task = asyncio.create_task(room.stop())
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    def restore(self) -> None:
        for row in self.store.tables(unfinished_only=True):
            room = self._room(row)
            room.restore()
            self.rooms[row.id] = room
            room.start_tasks()

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        await asyncio.gather(*self._stopping, return_exceptions=True)
        self.pool.close()

    async def create(self, request: NewTable) -> Room:
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
            hints=request.hints and offers_hints(spec.name),  # other games have no analysis
        )
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

    def get(self, table_id: str) -> Room:
        """An open table's room (409 for a table that has closed, 404 for none)."""
        room = self.rooms.get(table_id)
        if room is None:
            self.info(table_id)
            raise HTTPException(409, "this table is closed: its match is over")
        return room

    def info(self, table_id: str) -> dict[str, Any]:
        """Table info: from the room, or from the store for a table that has closed."""
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


def _quiet_garbage_collector() -> None:
    """A full collection over every object the imports made stalls every table at once (100 ms
    and more with hundreds of tables). Load what games and bots need now, freeze it out of the
    collector's sight, and make full collections rare."""
    game_names()
    bot_names()
    import pegboard.scoring.tables  # noqa: F401

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 1_000)


def web_root() -> Path:
    return Path(str(resources.files("pegboard").joinpath("web")))


def create_app(
    db: str = DEFAULT_DB,
    *,
    clock: Clock | None = None,
    settings: RoomSettings | None = None,
) -> FastAPI:
    lobby = Lobby(Store(db), clock or SystemClock(), settings or RoomSettings())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.loop = asyncio.get_running_loop()  # for tests that move a fake clock
        lobby.restore()
        _quiet_garbage_collector()
        yield
        await lobby.close()
        lobby.store.close()

    app = FastAPI(title="pegboard", lifespan=lifespan)
    app.state.lobby = lobby

    @app.exception_handler(PegboardError)
    async def bad_input(_: Any, error: PegboardError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [get_spec(name).to_json() for name in game_names()]

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return bot_names()

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return [room.table_info() for room in lobby.rooms.values()]  # finished ones are gone

    @app.post("/api/tables")
    async def create_table(request: NewTable) -> dict[str, Any]:
        room = await lobby.create(request)
        return room.table_info()

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return lobby.info(table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Join) -> dict[str, Any]:
        room = lobby.get(table_id)
        try:
            slot, token = await room.join(request.name)
        except (SeatError, TableClosed) as error:
            raise HTTPException(409, str(error)) from None
        return {"slot": slot, "token": token, "table": room.table_info()}

    @app.get("/api/tables/{table_id}/records")
    async def records(table_id: str) -> list[int]:
        lobby.info(table_id)  # 404 for no such table; a closed one keeps its records
        return lobby.store.records(table_id)

    @app.get("/api/tables/{table_id}/records/{match}")
    async def record(table_id: str, match: int) -> dict[str, Any]:
        found = lobby.store.record(table_id, match)
        if found is None:
            raise HTTPException(404, "no finished game with that number at this table")
        return found

    @app.websocket("/ws/{table_id}")
    async def socket(
        websocket: WebSocket, table_id: str, token: str | None = None, since: int = 0
    ) -> None:
        await websocket.accept()
        room = lobby.rooms.get(table_id)
        closed = lobby.closed_info(table_id) if room is None else None
        if closed is not None:
            await _closed(websocket, closed)
            return
        try:
            if room is None:
                raise SeatError(f"there is no table {table_id!r}")
            slot = room.slot_of(token)
        except SeatError as error:
            await websocket.send_json({"type": "error", "code": "seat", "message": str(error)})
            await websocket.close(code=GONE)
            return
        watcher = SocketWatcher(websocket, slot)
        try:
            await room.connect(watcher, max(0, since))
        except TableClosed:  # it finished just now, or the server is stopping
            await watcher.close()
            closed = lobby.closed_info(table_id)
            if closed is not None:
                await _closed(websocket, closed)
            else:
                await websocket.close(code=1012)  # service restart: come back soon
            return
        limit = RateLimit()
        try:
            while True:
                text = await websocket.receive_text()
                await _handle(room, watcher, text, limit)
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed while receiving
            pass
        finally:
            with contextlib.suppress(TableClosed):  # a closed table has let its watchers go
                await room.disconnect(watcher)
            await watcher.close()

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(web_root() / "index.html")

    app.mount("/static", StaticFiles(directory=str(web_root())), name="static")
    return app


async def _closed(websocket: WebSocket, info: dict[str, Any]) -> None:
    """A socket to a table that has closed: its last table info, then goodbye for good."""
    await websocket.send_json({"type": "table", "table": info})
    await websocket.close(code=GONE, reason="the table is closed")


async def _handle(room: Room, watcher: SocketWatcher, text: str, limit: RateLimit) -> None:
    """One client message; any error is answered and changes nothing."""
    try:
        if not limit.allow():
            raise ProtocolError("rate", "too many messages: slow down")
        message = parse_message(text)
        kind = message["type"]
        if kind == "ping":
            await watcher.send({"type": "pong"})
        elif kind == "resync":
            await room.resync(watcher, int(message.get("since", 0)))
        elif kind == "leave":
            await room.leave(watcher)
        elif kind == "hint":
            await room.hint(watcher)
        else:
            await room.act(watcher, message["action"], int(message["version"]))
    except ProtocolError as error:
        await watcher.send({"type": "error", "code": error.code, "message": str(error)})
    except StaleCommand as error:
        await watcher.send({"type": "error", "code": "stale", "message": str(error)})
        await room.resync(watcher, 0)
    except SeatError as error:
        await watcher.send({"type": "error", "code": "seat", "message": str(error)})
    except TableClosed as error:
        await watcher.send({"type": "error", "code": "closed", "message": str(error)})
    except PegboardError as error:
        await watcher.send({"type": "error", "code": "illegal", "message": str(error)})
