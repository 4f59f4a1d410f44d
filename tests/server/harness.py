"""A real server on loopback in a background thread, with a fake clock the test moves."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from fastapi import FastAPI
from throwaway import SERVE_STARTS
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pegboard.server.app import Lobby, create_app
from pegboard.server.clock import FakeClock
from pegboard.server.http.admission import Limits
from pegboard.server.http.guard import server_config
from pegboard.server.http.limits import (
    HEADER_TIMEOUT,
    INBOUND_RATE,
    KEEP_ALIVE,
    MESSAGE_BURST,
    MESSAGE_RATE,
    REQUEST_RATE,
)
from pegboard.server.http.protocol import RateLimit
from pegboard.server.in_flight import in_flight
from pegboard.server.quickplay.matcher import QuickPlaySettings
from pegboard.server.tables.room import Room, RoomSettings
from pegboard.server.workers.bus import Bus
from pegboard.server.workers.worker import WorkerSettings

T = TypeVar("T")
# Seconds between looks at a condition the server does not set going: three HTTP requests a
# look stay within the request limit of an address.
POLL_EVERY = 3 / REQUEST_RATE
# Seconds without a message that mean the server has said all for now, for a socket of a
# server that nothing here can ask (Client.drain), and in a game played at speed.
QUIET = 0.2
PLAY_QUIET = 0.05
TABLE_PATH = re.compile(r"/api/tables/([^/?]+)")

INVITES: dict[str, str] = {}
"""The key of the link of every table the tests made, by table id: a test acts as the table's
maker, whose browser keeps the link (docs/protocol.md, "Private tables"). ``Server.get``,
``Server.post`` and ``Server.player`` pass it on; a stranger is a plain httpx call."""


def with_invite(path: str) -> str:
    """``path`` about a table the tests made, with the key of the table's link."""
    found = TABLE_PATH.match(path)
    if found is None or found[1] not in INVITES or "invite=" in path:
        return path
    return f"{path}{'&' if '?' in path else '?'}invite={INVITES[found[1]]}"


class Server:
    def __init__(
        self,
        db: Path | str,
        *,
        grace: float = 60.0,
        bus: Callable[[], Bus] | None = None,
        workers: WorkerSettings | None = None,
        limits: Limits | None = None,
        inbound_limit: bool = False,
        app: FastAPI | None = None,
        quick_play: QuickPlaySettings | None = None,
        trusted_proxies: frozenset[str] = frozenset(),
        freeze_every: float | None = None,
        header_timeout: float = HEADER_TIMEOUT,
        keep_alive: float = KEEP_ALIVE,
        inbound_rate: float = INBOUND_RATE,
    ) -> None:
        self.limits = limits  # per address: the server's own by default
        # The proxies whose forwarded client address and scheme the server believes: none
        # unless asked (a test then names its clients' addresses in X-Forwarded-For).
        self.trusted_proxies = trusted_proxies
        # The bytes a second an address may send: off unless asked, since tests play far
        # faster than people (two seats on one address, no think time).
        self.inbound_limit = inbound_limit
        # Seconds between two freezes of the collector's survivors: none unless asked, since
        # the server shares the test's process (a freeze would hide the cycles a test counts).
        self.freeze_every = freeze_every
        # Seconds a connection may wait for its next header before a 408: the server's own,
        # unless a test of that answer asks for less. A short one raced the tests' own clients
        # (a 408 for a request sent a moment late on a loaded machine).
        self.header_timeout = header_timeout
        self.keep_alive = keep_alive  # seconds an idle keep-alive connection stays open
        self.inbound_rate = inbound_rate  # bytes a second an address's sockets get back
        self.db = db  # an SQLite file, or any store's URL
        self.given_app = app  # an app made elsewhere (by ``pegboard serve``), run as it is
        self.bus = bus  # makes the bus of each start: one worker of several
        self.workers = workers
        self.quick_play = quick_play  # how quick play matches: the server's own by default
        self.clock = FakeClock()
        self.settings = RoomSettings(bot_delay=0.0, grace=grace)
        self.port = 0
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        app = self.app = self.given_app or create_app(
            self.db if isinstance(self.db, str) else f"sqlite:///{self.db}",
            clock=self.clock,
            settings=self.settings,
            bus=self.bus() if self.bus is not None else None,
            workers=self.workers,
            limits=self.limits,
            quick_play=self.quick_play,
            trusted_proxies=self.trusted_proxies,
            freeze_every=self.freeze_every,
        )
        exempt = frozenset() if self.inbound_limit else frozenset({"127.0.0.1"})
        config = server_config(
            app,
            "127.0.0.1",
            self.port,
            header_timeout=self.header_timeout,
            timeout_keep_alive=self.keep_alive,
            inbound_rate=self.inbound_rate,
            exempt=exempt,
            trusted_proxies=self.trusted_proxies,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        # Until it serves, or its thread ends (its start-up failed: the error is in the log);
        # the limit guards against a hang only (a loaded machine took over 10 s to start one).
        deadline = time.monotonic() + SERVE_STARTS
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(10)

    def restart_after(self, seconds: float) -> None:
        """Stop, let ``seconds`` pass while the server is down, start again (a new process:
        a new clock, from then)."""
        self.stop()
        self.clock = FakeClock(self.clock.now() + seconds)
        self.start()

    def advance(self, seconds: float, *, settle: bool = True, timeout: float = 10) -> None:
        """Move the server's clock on (in the server's own event loop), and return once
        everything that set going has finished (pegboard.server.in_flight); at once if not
        ``settle`` (the test holds some work on purpose). ``timeout``: for work that may take
        long on a loaded machine (bots playing whole games)."""
        loop: asyncio.AbstractEventLoop = self.app.state.loop
        moved = self.clock.advance(seconds, settle=settle)
        asyncio.run_coroutine_threadsafe(moved, loop).result(timeout)

    def idle(self, timeout: float = 10) -> None:
        """Until the server has finished everything set going so far: commands, bots' turns,
        the background tasks' passes, messages on their way out."""
        loop: asyncio.AbstractEventLoop = self.app.state.loop
        asyncio.run_coroutine_threadsafe(in_flight(loop).idle(), loop).result(timeout)

    @property
    def client_idle(self) -> Callable[[], None] | None:
        """What a client of this server waits on (:class:`Client`): :meth:`idle`, unless this
        is a worker among several (a table's owner may be another worker) or runs elsewhere."""
        return self.idle if self.bus is None and self.running else None

    def reviews_done(self, timeout: float) -> None:
        """Until every match submitted for review so far (and found at start-up) is reviewed:
        reviews are made in a process of their own, apart from the work :meth:`idle` waits
        for."""
        loop: asyncio.AbstractEventLoop = self.app.state.loop
        asyncio.run_coroutine_threadsafe(self.app.state.reviews.idle(), loop).result(timeout)

    def on_loop(self, look: Callable[[Lobby], T]) -> T:
        """``look(lobby)`` run in the server's own event loop (where the lobby lives)."""

        async def run() -> T:
            return look(self.app.state.lobby)

        return asyncio.run_coroutine_threadsafe(run(), self.app.state.loop).result(5)

    def open_tables(self) -> set[str]:
        """The ids of the rooms the lobby holds in memory."""
        return self.on_loop(lambda lobby: set(lobby.rooms))

    def in_room(self, table_id: str, look: Callable[[Room], T]) -> T:
        """``look(room)`` run by the table's writer, between two commands."""
        room = self.on_loop(lambda lobby: lobby.rooms[table_id])

        async def run() -> T:
            return look(room)

        return asyncio.run_coroutine_threadsafe(room.call(run), self.app.state.loop).result(5)

    def wait_for(self, condition: Callable[[], bool], what: str, timeout: float = 5) -> None:
        """Until ``condition()`` holds: looked at each time the server is :meth:`idle` (most
        hold the first time), then again at :data:`POLL_EVERY` for what the server does not
        set going itself (a client's socket closing, another process), at a pace that keeps a
        condition asking over HTTP under the request limit."""
        deadline = time.monotonic() + timeout
        while True:
            if self.running:  # else served by another process: only polled
                self.idle(timeout)
            if condition():
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(POLL_EVERY)

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        found = TABLE_PATH.match(path)
        if found is not None and found[1] in INVITES and path.endswith("/join"):
            body = {"invite": INVITES[found[1]]} | body
        response = httpx.post(self.url + path, json=body, timeout=10)
        if path == "/api/tables" and response.status_code == 200:
            INVITES[response.json()["id"]] = response.json()["invite"]
        return response

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + with_invite(path), timeout=10)

    def table(
        self,
        game: str = "cribbage",
        players: int = 2,
        bots: list[str | None] | None = None,
        listed: bool | None = None,
        **options: Any,
    ) -> str:
        """A new table's id; ``listed`` as the server decides unless given (a table of bots and
        one person is not in the lobby by default)."""
        body = {"game": game, "players": players, "options": options, "bots": bots or []}
        response = self.post("/api/tables", body | ({} if listed is None else {"listed": listed}))
        response.raise_for_status()
        table_id: str = response.json()["id"]
        return table_id

    def join(self, table_id: str, name: str) -> str:
        response = self.post(f"/api/tables/{table_id}/join", {"name": name})
        response.raise_for_status()
        token: str = response.json()["token"]
        return token

    @contextmanager
    def player(
        self, table_id: str, token: str | None, since: int = 0, route: str | None = None
    ) -> Iterator[Client]:
        query = f"?since={since}" + (f"&token={token}" if token else "")
        query += f"&invite={INVITES[table_id]}" if table_id in INVITES else ""
        # the worker asked for ("": any) by a client that follows a 4307 (several workers)
        query += f"&route={route}" if route is not None else ""
        with connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}{query}", open_timeout=5) as socket:
            yield Client(socket, self.client_idle)


class Client:
    """A player's socket, keeping the latest view and every event it was sent. ``idle`` waits
    until its server has finished what it was set to do (:meth:`Server.idle`); None where no
    one server here knows (a worker among several, whose tables' owner may be another, or a
    server in another process): :meth:`drain` then reads until a quiet spell."""

    def __init__(self, socket: ClientConnection, idle: Callable[[], None] | None) -> None:
        self.socket = socket
        self._idle = idle
        self.view: dict[str, Any] = {}
        self.version = 0
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.table: dict[str, Any] = {}
        self.chat: list[dict[str, Any]] = []  # the table's chat, as this socket was told it
        # a margin under the server's bucket (which counts from the socket's opening)
        self._pace = RateLimit(rate=MESSAGE_RATE * 0.9, burst=MESSAGE_BURST / 2)
        self._held: list[str | bytes] = []  # read by peek, not yet by receive

    def peek(self, timeout: float = 5) -> None:
        """Wait for the server's first word: a message (kept for :meth:`receive`), or the
        close (ConnectionClosed), as a socket sent to another worker gets."""
        self._held.append(self.socket.recv(timeout=timeout))

    def receive(self, timeout: float = 5) -> dict[str, Any]:
        raw = self._held.pop(0) if self._held else self.socket.recv(timeout=timeout)
        message: dict[str, Any] = json.loads(raw)
        kind = message["type"]
        if kind in ("welcome", "resync"):
            self.seat = message.get("seat")
            self.events = list(message.get("events", []))
            self.chat = list(message.get("chat", []))
        if kind == "chat":
            self.chat.append(message["message"])
        if kind == "update":
            if message["from"] == 0:  # a new match (a rematch) starts its events again
                self.events = []
            assert message["from"] == len(self.events), (
                "an update must follow on from what was seen"
            )
            self.events.extend(message["events"])
        if kind in ("welcome", "resync", "update"):
            self.view = message.get("view", self.view)
            self.version = message.get("version", self.version)
            self.table = message.get("table", self.table)
        if kind == "table":
            self.table = message["table"]
        if kind == "error":
            self.errors.append(message)
        return message

    def until(
        self, told: Callable[[Client], bool], timeout: float = 10, *, then: bool = True
    ) -> None:
        """Read until ``told`` holds of what this socket has been told (a slow store or a
        loaded machine may take longer than any quiet spell), then (unless ``then`` is False:
        the server is held on purpose) all that follows (:meth:`drain`)."""
        deadline = time.monotonic() + timeout
        while not told(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never told it; chat {self.chat}, errors {self.errors}")
            self.receive(timeout=left)
        if then:
            self.answers()

    def drain(self) -> list[dict[str, Any]]:
        """Read everything the server has to say for now (and return it): once what this
        socket sent has reached the server (a ping answered), the server has finished all that
        set going, and a second ping is answered, every message it sent before is here."""
        if self._idle is None:
            return self._until_quiet(QUIET)
        read = self.heard()
        self._idle()
        return read + self.heard()

    def _until_quiet(self, quiet: float) -> list[dict[str, Any]]:
        read: list[dict[str, Any]] = []
        while True:
            try:
                read.append(self.receive(timeout=quiet))
            except TimeoutError:
                return read

    def answers(self) -> list[dict[str, Any]]:
        """What the server answered to what this socket sent: everything, where the server is
        known to be done (:meth:`drain`); else the messages that come within a short spell,
        for a game played at speed against several workers."""
        return self.drain() if self._idle is not None else self._until_quiet(PLAY_QUIET)

    def heard(self) -> list[dict[str, Any]]:
        """Read what the server has sent so far (until a ping is answered), without waiting
        for it to finish anything (it may be held on purpose). Read meanwhile: a client that
        has not read its messages reads no pong either (its queue is full)."""
        read: list[dict[str, Any]] = []
        try:
            pong = self.socket.ping(ack_on_close=True)
        except ConnectionClosed:
            return read + self._buffered()
        deadline = time.monotonic() + 10
        while not pong.wait(0.001):
            read += self._buffered()
            if time.monotonic() > deadline:
                raise AssertionError("the server never answered a ping")
        return read + self._buffered()

    def _buffered(self) -> list[dict[str, Any]]:
        read: list[dict[str, Any]] = []
        while True:
            try:
                read.append(self.receive(timeout=0))
            except TimeoutError:
                return read

    def closed_with(self, timeout: float = 5) -> int | None:
        """Read until the server closes the socket; its close code."""
        try:
            while True:
                self.receive(timeout=timeout)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    def send(self, message: dict[str, Any] | str, *, paced: bool = True) -> None:
        """Send ``message``, paced under the server's message rate unless a test means to go
        past it: a test that plays as fast as the server answers would otherwise be refused
        for its speed (error ``rate``)."""
        while paced and not self._pace.allow():
            time.sleep(self._pace.wait())
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def act(self, action: dict[str, Any]) -> None:
        self.send({"type": "act", "version": self.version, "action": action})

    def play_until(self, phase: str, limit: int = 500) -> None:
        """Answer the first legal action whenever asked, until the game reaches ``phase``."""
        acted = -1
        for _ in range(limit):
            self.answers()
            if self.view["phase"] == phase:
                return
            if self.view["legal"] and acted != self.version:
                acted = self.version
                self.act(self.view["legal"][0])
        raise AssertionError(f"the game never reached {phase}")

    def play_to_end(self, limit: int = 3000) -> dict[str, Any]:
        """Answer the first legal action whenever asked, until the game ends."""
        acted = -1
        for _ in range(limit):
            if self.view.get("outcome") is not None:
                return self.view["outcome"]  # type: ignore[no-any-return]
            if self.view.get("legal") and acted != self.version:
                acted = self.version
                self.act(self.view["legal"][0])
            self.answers()
            if acted == self.version:  # refused: try again
                acted = -1
        raise AssertionError("the game did not end")


def play_together(*clients: Client, limit: int = 4000) -> None:
    """Each client answers its first legal action whenever asked, until all see the game end."""
    acted = {id(c): -1 for c in clients}
    for _ in range(limit):
        if all(c.view.get("outcome") is not None for c in clients):
            return
        for client in clients:
            if client.view.get("legal") and acted[id(client)] != client.version:
                acted[id(client)] = client.version
                client.act(client.view["legal"][0])
        for client in clients:
            client.answers()
            if acted[id(client)] == client.version:  # refused: try again
                acted[id(client)] = -1
    raise AssertionError("the game did not end")
