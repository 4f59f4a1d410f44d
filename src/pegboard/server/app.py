"""The web app: REST for tables and records, a WebSocket per player or spectator, static client."""

from __future__ import annotations

import asyncio
import contextlib
import gc
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
from pegboard.server.bus import Bus
from pegboard.server.clock import Clock, SystemClock
from pegboard.server.cluster import Workers, WorkerSettings
from pegboard.server.commands import handle
from pegboard.server.lobby import Lobby, NewTable
from pegboard.server.protocol import GONE, RESTART, RateLimit
from pegboard.server.room import Room, RoomSettings, SeatError, TableClosed
from pegboard.server.rules_pages import router as rules_router
from pegboard.server.shared import SharedLobby
from pegboard.server.sockets import SocketWatcher
from pegboard.server.store import Store

__all__ = ["DEFAULT_DB", "Lobby", "NewTable", "create_app", "web_root"]

DEFAULT_DB = "sqlite:///pegboard.sqlite"


class Join(BaseModel):
    name: str = Field(default="", max_length=64)


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
    bus: Bus | None = None,
    workers: WorkerSettings | None = None,
) -> FastAPI:
    """The app on the store at ``db``. With a shared ``bus`` (Redis) this process is one worker
    among several (docs/protocol.md, "Several workers"); without, it serves every table itself."""
    store, time = Store(db), clock or SystemClock()
    lobby: Lobby
    if bus is not None and bus.shared:
        team = Workers(bus, workers or WorkerSettings())
        lobby = SharedLobby(store, time, settings or RoomSettings(), team)
    else:
        lobby = Lobby(store, time, settings or RoomSettings())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.loop = asyncio.get_running_loop()  # for tests that move a fake clock
        await lobby.start()
        _quiet_garbage_collector()
        yield
        await lobby.close()
        lobby.store.close()

    app = FastAPI(title="pegboard", lifespan=lifespan)
    app.state.lobby = lobby
    app.include_router(rules_router)  # /api/rules/{game}: the rules pages

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
        return await lobby.tables()  # finished ones are gone

    @app.post("/api/tables")
    async def create_table(request: NewTable) -> dict[str, Any]:
        return await lobby.create(request)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return await lobby.info(table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Join) -> dict[str, Any]:
        return await lobby.join(table_id, request.name)

    @app.get("/api/tables/{table_id}/records")
    async def records(table_id: str) -> list[int]:
        if table_id not in lobby.rooms and lobby.store.table(table_id) is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return lobby.store.records(table_id)  # a closed table keeps its records

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
        found = await lobby.locate(table_id)
        if found is not None and not isinstance(found, Room):
            await found.serve(websocket, token, max(0, since))  # another worker owns it
            return
        room = found
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
                await websocket.close(code=RESTART)  # come back soon
            return
        limit = RateLimit()
        try:
            while True:
                text = await websocket.receive_text()
                await handle(room, watcher, text, limit)
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
