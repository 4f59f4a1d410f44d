"""The web app: REST for tables and records, a WebSocket per player or spectator, static client."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from pegboard.bots import bot_names
from pegboard.core.spec import game_names, get_spec
from pegboard.errors import PegboardError
from pegboard.review.reviewer import has_review
from pegboard.server.challenges.routes import challenge_routes
from pegboard.server.clock import Clock, SystemClock
from pegboard.server.collector import FREEZE_EVERY, freeze_survivors
from pegboard.server.daily.routes import daily_routes
from pegboard.server.daily.store import reveal_in_record
from pegboard.server.http.admission import Limits, RequestLimit
from pegboard.server.http.bodies import BodyLimit, JsonBodies, read_body, shape_errors
from pegboard.server.http.clients import ClientAddress, Proxies
from pegboard.server.http.inputs import record_number, table_id_ok
from pegboard.server.http.limits import LOBBY_PAGE, LOBBY_PAGE_MAX, REFUSAL_PAUSE
from pegboard.server.http.origins import SameOriginSockets
from pegboard.server.http.protocol import (
    GONE,
    POLICY,
    RESTART,
    TRY_LATER,
    ProtocolError,
    Screen,
    receive_frame,
)
from pegboard.server.http.rules_pages import router as rules_router
from pegboard.server.lobby.one_process import Join, Lobby, NewTable
from pegboard.server.lobby.several_workers import SharedLobby
from pegboard.server.logs import about, set_worker
from pegboard.server.metrics import Readings, RefusalCount, metrics_routes
from pegboard.server.metrics import registry as metrics_registry
from pegboard.server.players.accounts import account_routes
from pegboard.server.players.identity import Identity, identity_routes
from pegboard.server.players.logins import LoginGuard
from pegboard.server.players.privacy import PRIVATE, Player
from pegboard.server.players.social_routes import social_routes
from pegboard.server.quickplay.matcher import QuickPlay, QuickPlaySettings
from pegboard.server.quickplay.queue import waiting
from pegboard.server.quickplay.socket import quickplay_routes
from pegboard.server.ratings.routes import profile_routes
from pegboard.server.ratings.sweep import Sweeper
from pegboard.server.reviews.queue import ReviewQueue
from pegboard.server.reviews.review_store import stored_review
from pegboard.server.store.chat_log import said
from pegboard.server.store.sql_store import Store
from pegboard.server.tables.commands import handle
from pegboard.server.tables.room import Room, RoomSettings, SeatError, TableClosed
from pegboard.server.tables.sockets import SocketWatcher
from pegboard.server.tournaments.director import Director
from pegboard.server.tournaments.routes import tournament_routes
from pegboard.server.workers.bus import Bus
from pegboard.server.workers.worker import ROUTE, Workers, WorkerSettings

__all__ = ["DEFAULT_DB", "Lobby", "NewTable", "create_app", "web_root"]

DEFAULT_DB = "sqlite:///pegboard.sqlite"
NO_TABLE = "there is no such table"
# A table that is not listed is seen with its link's key (``invite``), a seat token of its own
# (``token``), or by the signed-in person of one of its seats (docs/protocol.md, "Private tables").
Key = Annotated[str | None, Query(max_length=64)]


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
    limits: Limits | None = None,
    sync: str = "normal",
    quick_play: QuickPlaySettings | None = None,
    trusted_proxies: frozenset[str] = frozenset(),
    review_in_thread: bool = False,
    freeze_every: float | None = FREEZE_EVERY,
) -> FastAPI:
    """The app on the store at ``db``. With a shared ``bus`` (Redis) this process is one worker
    among several (docs/protocol.md, "Several workers"); without, it serves every table itself.
    ``limits``: what one address may do (docs/protocol.md, "Limits"); ``sync``: SQLite's
    synchronous mode (:data:`pegboard.server.store.sql_store.SYNC_MODES`); ``quick_play``: how
    quick play matches (docs/protocol.md, "Quick play"); ``trusted_proxies``: the addresses
    (or networks) whose forwarded client address and scheme are believed (docs/operations.md);
    ``review_in_thread``: reviews are made in a thread rather than a process of their own
    (tests); ``freeze_every``: seconds between two freezes of the garbage collector's survivors
    (:mod:`pegboard.server.collector`; None: never, as in the tests, whose process it is too).
    """
    store, time = Store(db, sync=sync), clock or SystemClock()
    lobby: Lobby
    team: Workers | None = None
    if bus is not None and bus.shared:
        team = Workers(bus, workers or WorkerSettings())
        set_worker(team.me)  # a worker a process, as pegboard serve runs them
        lobby = SharedLobby(store, time, settings or RoomSettings(), team, limits)
    else:
        lobby = Lobby(store, time, settings or RoomSettings(), limits)
    admission = lobby.admission
    quick = QuickPlay(lobby, quick_play or QuickPlaySettings(), team)
    sweeper = Sweeper(store, time)  # settles finished matches a room could not (docs/protocol.md)
    reviews = ReviewQueue(store, time, in_thread=review_in_thread)  # docs/review.md
    lobby.on_record = reviews.submit
    director = Director(lobby, team)  # the tournaments' rounds (docs/protocol.md, "Tournaments")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.loop = asyncio.get_running_loop()  # for tests that move a fake clock
        await lobby.start()
        await quick.start()
        await director.start()
        sweeper.start()
        reviews.start()
        _quiet_garbage_collector()
        freezer = (
            None if freeze_every is None else asyncio.create_task(freeze_survivors(freeze_every))
        )
        yield
        if freezer is not None:
            freezer.cancel()
        await reviews.stop()
        await sweeper.stop()
        await director.close()
        await quick.close()
        await lobby.close()
        lobby.store.close()

    app = FastAPI(title="pegboard", lifespan=lifespan)
    app.state.lobby = lobby
    app.state.sweeper = sweeper
    app.state.reviews = reviews
    app.add_middleware(JsonBodies)  # inside BodyLimit: the body is read whole first
    app.add_middleware(BodyLimit)
    app.add_middleware(RequestLimit, admission=admission)  # counted before all
    app.add_middleware(SameOriginSockets)
    # Outermost: every limit after it counts the same client address.
    app.add_middleware(ClientAddress, proxies=Proxies(trusted_proxies))
    app.add_middleware(RefusalCount)  # what the limits refused, for /metrics
    readings = Readings(
        open_tables=lambda: len(lobby.rooms),
        sockets=lambda: sum(len(room.watchers) for room in list(lobby.rooms.values())),
        queue=lambda: len(waiting(store.engine)),
        reviews_queued=lambda: reviews.queued,
    )
    app.include_router(metrics_routes(metrics_registry(readings)))
    app.include_router(rules_router)  # /api/rules/{game}: the rules pages
    identity = Identity(store, time)
    app.state.identity = identity
    app.include_router(identity_routes(identity, admission))  # /api/me: who this browser is
    app.include_router(account_routes(identity, LoginGuard(store.engine), admission))  # log in, out
    app.include_router(profile_routes(identity))  # /api/leaderboard, /api/players: ratings
    app.include_router(daily_routes(lobby, identity, time))  # /api/daily: the daily challenge
    app.include_router(social_routes(identity))  # /api/me/mute, /api/me/block: kept per player
    app.include_router(challenge_routes(identity, lobby))  # /api/challenges: play someone known
    app.state.quick_play = quick
    app.state.director = director
    app.include_router(tournament_routes(identity, director, time))  # /api/tournaments
    # /ws/play, before /ws/{table_id} takes it for a table's socket
    app.include_router(quickplay_routes(quick, identity, admission))

    @app.exception_handler(PegboardError)
    async def bad_input(_: Any, error: PegboardError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_shape(_: Any, error: RequestValidationError) -> JSONResponse:
        """A path or query value of the wrong kind: said without repeating it."""
        return JSONResponse({"error": shape_errors(error.errors())}, status_code=400)

    @app.get("/api/health")
    async def health() -> JSONResponse:
        """For a load balancer: 200 when this worker and its store answer, else 503."""
        healthy = await asyncio.to_thread(lobby.store.answers)
        worker = lobby.workers.me if isinstance(lobby, SharedLobby) else None
        answer = {"healthy": healthy, "worker": worker}  # worker: its name among several
        return JSONResponse(answer, status_code=200 if healthy else 503)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [get_spec(name).to_json() for name in game_names()]

    @app.get("/api/games/{name}/client.js")
    async def game_client(name: str) -> Response:
        """The client module of a game whose own package holds it (``GameSpec.client``)."""
        found = get_spec(name).client_file()
        if found is None or not found.is_file():
            raise HTTPException(404, "this game's client module is pegboard's own")
        return Response(found.read_text(encoding="utf-8"), media_type="text/javascript")

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return bot_names()

    @app.get("/api/tables")
    async def tables(
        offset: int = Query(0, ge=0, le=1_000_000),
        limit: int = Query(LOBBY_PAGE, ge=1, le=LOBBY_PAGE_MAX),
    ) -> Response:
        page = await lobby.page(offset, limit)  # finished ones are gone
        return Response(page, media_type="application/json")

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        return await lobby.create(await read_body(request, NewTable), _address(request))

    def player_of(request: Request) -> Player:
        """The signed-in person asking, looked up only if an unlisted table needs it."""
        return lambda: getattr(identity.player_of(request), "id", None)

    @app.get("/api/tables/{table_id}")
    async def table(
        table_id: str, request: Request, invite: Key = None, token: Key = None
    ) -> dict[str, Any]:
        lobby.gate.check(table_id, invite=invite, token=token, player=player_of(request))
        return await lobby.info(table_id)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request, Join)
        if not table_id_ok(table_id):
            raise HTTPException(404, NO_TABLE)
        lobby.gate.check(table_id, invite=body.invite)  # a free seat needs the link, if unlisted
        player = identity.player_of(request)
        seed = (body.commitment, body.seed) if body.seed and body.commitment else None
        return await lobby.join(table_id, body.name, player.id if player else None, seed)

    @app.get("/api/tables/{table_id}/seat")
    async def seat(table_id: str, request: Request) -> dict[str, Any]:
        """The seat the signed-in player holds here: their other device's seat, for this one."""
        if not table_id_ok(table_id):
            raise HTTPException(404, NO_TABLE)
        player = identity.player_of(request)
        if player is None:
            raise HTTPException(401, "nobody is signed in on this browser")
        return await lobby.seat_of(table_id, player.id)

    @app.get("/api/tables/{table_id}/records")
    async def records(
        table_id: str, request: Request, invite: Key = None, token: Key = None
    ) -> list[int]:
        lobby.gate.check(table_id, invite=invite, token=token, player=player_of(request))
        if not table_id_ok(table_id) or (
            table_id not in lobby.rooms and lobby.store.table(table_id) is None
        ):
            raise HTTPException(404, NO_TABLE)
        return lobby.store.records(table_id)  # a closed table keeps its records

    @app.get("/api/tables/{table_id}/records/{match}")
    async def record(
        table_id: str,
        match: str,
        request: Request,
        invite: Key = None,
        token: Key = None,
    ) -> dict[str, Any]:
        lobby.gate.check(table_id, invite=invite, token=token, player=player_of(request))
        number = record_number(match)
        found = (
            lobby.store.record(table_id, number)
            if number is not None and table_id_ok(table_id)
            else None
        )
        if found is None or number is None:
            raise HTTPException(404, "no finished game with that number at this table")
        reveal_in_record(lobby.store.engine, table_id, found, time.now())
        spec = get_spec(found["game"])
        # The sides, so that a client draws any game's result without knowing the game; and
        # the asker's own seat in it (None: they did not play it), to see it from there.
        you = lobby.gate.seat_in_match(table_id, number, token, player_of(request))
        sides = spec.sides(found["players"], found.get("options", {}))
        return {**found, "sides": sides, "you": you}

    @app.get("/api/tables/{table_id}/records/{match}/review")
    async def record_review(
        table_id: str,
        match: str,
        request: Request,
        invite: Key = None,
        token: Key = None,
    ) -> Response:
        """A finished match's review (docs/review.md), for whoever may see its record: ``202``
        while it is being made (it is queued if it was not)."""
        lobby.gate.check(table_id, invite=invite, token=token, player=player_of(request))
        number = record_number(match)
        if number is None or not table_id_ok(table_id):
            raise HTTPException(404, "no finished game with that number at this table")
        found = await asyncio.to_thread(stored_review, store.engine, table_id, number)
        if found is not None:
            return JSONResponse(found)
        record = await asyncio.to_thread(store.record, table_id, number)
        if record is None:  # never a match in progress: it has no record yet
            raise HTTPException(404, "no finished game with that number at this table")
        if not has_review(str(record["game"])):
            raise HTTPException(404, f"{get_spec(str(record['game'])).title} has no game review")
        reviews.submit(table_id, number)
        return JSONResponse({"status": "queued"}, status_code=202)

    @app.get("/api/tables/{table_id}/records/{match}/chat")
    async def record_chat(
        table_id: str,
        match: str,
        request: Request,
        invite: Key = None,
        token: Key = None,
    ) -> list[dict[str, Any]]:
        """What was said during a finished match, for those who could read it at the table."""
        lobby.gate.check_chat(table_id, invite=invite, token=token, player=player_of(request))
        number = record_number(match)
        if number is None or not table_id_ok(table_id) or not lobby.store.record(table_id, number):
            raise HTTPException(404, "no finished game with that number at this table")
        return said(lobby.store.engine, table_id, match=number)

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        address = _address(websocket)
        await websocket.accept()
        if not admission.open_socket(address):
            await asyncio.sleep(REFUSAL_PAUSE)  # a client that comes straight back is slowed
            await _refuse(websocket, "too-many-sockets", "too many sockets from one address")
            return
        try:
            await _serve_socket(websocket, table_id)
        finally:
            admission.close_socket(address)

    async def _serve_socket(websocket: WebSocket, table_id: str) -> None:
        token, since = _socket_query(websocket)
        if not table_id_ok(table_id):
            await websocket.send_json({"type": "error", "code": "seat", "message": NO_TABLE})
            await websocket.close(code=GONE)
            return
        privacy = lobby.gate.privacy(table_id)
        if not token and privacy is not None and not privacy.opened_by(_invite(websocket)):
            await websocket.send_json({"type": "error", "code": "private", "message": PRIVATE})
            await websocket.close(code=GONE)  # a seat token works; a watcher needs the link
            return
        found = await lobby.locate(table_id)
        if found is not None and not isinstance(found, Room):
            await found.serve(websocket, token, max(0, since), _asked_route(websocket))
            return
        room = found
        closed = lobby.closed_info(table_id) if room is None else None
        if closed is not None:
            await _closed(websocket, closed)
            return
        try:
            if room is None:
                raise SeatError(NO_TABLE)
            slot = room.slot_of(token)
        except SeatError as error:
            await websocket.send_json({"type": "error", "code": "seat", "message": str(error)})
            await websocket.close(code=GONE)
            return
        spectators = sum(1 for w in room.watchers if w.slot is None)
        if slot is None and spectators >= admission.settings.spectators_per_table:
            await _refuse(websocket, "full", "no room for more spectators", TRY_LATER)
            return
        watcher = SocketWatcher(websocket, slot)
        try:
            await room.connect(watcher, max(0, since))
        except ProtocolError as error:  # no-watching: the host does not let people watch
            await watcher.close()
            await websocket.send_json({"type": "error", "code": error.code, "message": str(error)})
            await websocket.close(code=GONE)
            return
        except TableClosed:  # it finished just now, or the server is stopping
            await watcher.close()
            closed = lobby.closed_info(table_id)
            if closed is not None:
                await _closed(websocket, closed)
            else:
                await websocket.close(code=RESTART)  # come back soon
            return
        screen = Screen()
        seated = room.slots[slot] if slot is not None else None
        try:
            with about(table=table_id, player=seated.player if seated else None):
                while not screen.struck_out:
                    await handle(room, watcher, await receive_frame(websocket), screen)
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


def _address(connection: Request | WebSocket) -> str:
    """The client's address (:mod:`pegboard.server.http.clients` put it in the scope)."""
    return connection.client.host if connection.client is not None else ""


def _socket_query(websocket: WebSocket) -> tuple[str | None, int]:
    """``token`` and ``since`` from the socket's query; anything unusable counts as absent."""
    query = websocket.query_params
    token = query.get("token")
    since = query.get("since", "0")
    number = int(since) if since.isascii() and since.isdigit() and len(since) < 10 else 0
    return token, number


def _asked_route(websocket: WebSocket) -> str | None:
    """The worker the socket asked the load balancer for (``route``: it was sent there because
    that worker owned its table), "" for any; None from a client that does not say ``route``,
    and so would not follow a 4307 (docs/protocol.md, "Several workers")."""
    route = websocket.query_params.get("route")
    if route is None:
        return None
    return route if ROUTE.fullmatch(route) else ""


def _invite(websocket: WebSocket) -> str | None:
    """The key of the table's link the socket's query carries (``invite``), if any."""
    invite = websocket.query_params.get("invite")
    return invite if invite and len(invite) <= 64 else None


async def _refuse(websocket: WebSocket, code: str, message: str, close: int = POLICY) -> None:
    """An ``error`` saying which limit was hit, then the close (unless the client has gone)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json({"type": "error", "code": code, "message": message})
        await websocket.close(code=close, reason=message)


async def _closed(websocket: WebSocket, info: dict[str, Any]) -> None:
    """A socket to a table that has closed: its last table info, then goodbye for good."""
    await websocket.send_json({"type": "table", "table": info})
    await websocket.close(code=GONE, reason="the table is closed")
