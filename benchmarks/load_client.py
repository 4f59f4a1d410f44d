"""The load generator of ``benchmarks.bench_server``: WebSocket clients on loopback, one level.

Two kinds of load, each against a server in another process (``benchmarks.load_server``):

* ``players``: N two-player Cribbage tables whose two seats are people played here, each socket
  a simple bot that picks a random legal action after a think time. For every action sent the
  latency is the time from just before the send until *both* seats' sockets have received the
  ``update`` carrying it (the update whose first new event is that seat's move, from a version
  at or after the one the action was made on).
* ``social``: as ``players``, with what people add to a table: every person is a guest of its
  own (``POST /api/me``, its own session cookie), the tables are rated (every finished match
  settles the two guests' ratings), and each table says one chat message every
  ``chat_every`` seconds (from a random seat; each table's first at a random moment of the
  first period, so that the tables do not all speak together). Actions are timed as in
  ``players``; a chat message is timed from just before the send until the *other* seat's socket
  has received it.
* ``bots``: N tables of two server-side ``greedy`` bots with one spectator socket each (a
  finished table, which a table of bots only is after one match, is replaced by a new one). A bot
  moves ``bot_delay`` seconds after the previous update; the lateness of a move is its update's
  arrival here minus (the previous update's server time ``table.now`` + ``bot_delay``): how long
  the server took, beyond the pace it was asked for, to make the move and deliver it.

A socket closed with MOVED (several workers: the table's owner is another, reached by the
route in the close's reason) comes straight back with ``route=`` it, as the web client does
(``web/js/socket.js``): at most ``MOVES`` times in a row, and never to the route it asked for.
A table plays once every seat has its ``welcome`` (what is done before a seat's welcome reaches
it in the welcome, not as an update). Every loop ends by itself: sending stops at the end of the
measuring window, what is still unanswered ``GRACE`` seconds after it is counted as lost, and the
whole level runs under a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import os
import random
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from pegboard.server.collector import freeze_survivors
from pegboard.server.http.protocol import MOVED

LOOPBACK = "127.0.0.1"
REMATCH = {"type": "rematch"}
SETUP_CONCURRENCY = 16  # tables being created, joined and connected at the same time
# Seconds after the window for the last answers: an action unanswered by then is lost. A table
# stops waiting as soon as its actions are answered, so this is no cost; it is long because a
# stalled server's answers may take seconds, and a late answer is a latency, not a loss.
GRACE = 10.0
WELCOME_LIMIT = 20.0  # seconds for a new table's sockets to be welcomed
SOCKET_LIMIT = 4000  # never more WebSockets than this in one level
# Seconds between two freezes of the load generator's survivors: a young collection then walks
# only what the last tenth of a second left alive (its updates replace what dies, so the young
# generation grows although the collector's count of it does not).
CLIENT_FREEZE_EVERY = 0.1
PEOPLE_MODES = ("players", "social")  # two people per table, played here
SESSION_COOKIE = "pegboard_session"
CHAT_CODES = ("chat", "bad-chat")  # errors that refuse a chat message, not an action
MOVES = 2  # a socket follows MOVED at most this often in a row (web/js/socket.js's MOVES)


@dataclass
class LevelConfig:
    mode: str  # "players", "social" or "bots"
    tables: int
    port: int
    duration: float = 20.0  # the measuring window, seconds
    warmup: float = 5.0  # seconds of play after the last table started, before the window
    ramp: float = 4.0  # tables start spread over this many seconds
    think: tuple[float, float] = (0.5, 1.0)  # a player's think time per action, seconds
    bot_delay: float = 0.75  # the server's RoomSettings.bot_delay (bots mode)
    score_target: int = 121
    chat_every: float = 10.0  # social mode: seconds between two chat messages of a table
    seed: int = 1
    server_pid: int | None = None  # to read the server's CPU time from /proc
    # Behind a trusted proxy (the server trusts 127.0.0.1's forwarded headers): each person's
    # socket says a client address of its own in X-Forwarded-For, as a proxy would.
    forwarded: bool = False
    # More CPU to measure over the window: a name -> CPU seconds so far of a part of the server
    # (benchmarks.bench_workers: its workers, nginx, Redis, PostgreSQL).
    cpu_probes: Mapping[str, Callable[[], float]] = field(default_factory=dict)
    # Called with True as the window opens and False as it closes (bench_workers --profile).
    on_window: Callable[[bool], None] | None = None
    # The load generator's own garbage collector: "freeze" (what is alive frozen every
    # CLIENT_FREEZE_EVERY, as the server does: its thousands of sockets are never walked
    # again) or "default"
    # (Python's: collections of the older generations took up to half a second at 4,000
    # sockets, and every update arriving meanwhile was late).
    client_gc: str = "freeze"

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"


@dataclass
class LevelResult:
    mode: str
    tables: int
    started: int = 0  # tables that were set up and playing
    set_up_late: int = 0  # of those, set up (or welcomed) after the window opened
    duration: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, actions sent in the window
    server_part: list[float] = field(default_factory=list)  # send -> server built the update
    sent: int = 0  # timed actions sent in the window
    lost: int = 0  # timed actions never answered to both seats
    lost_why: Counter[str] = field(default_factory=Counter)  # the lost, by what was seen
    closed: Counter[str] = field(default_factory=Counter)  # sockets the server closed, by code
    errors: Counter[str] = field(default_factory=Counter)  # error messages by code, setup
    unsolicited: int = 0  # updates that answered none of our actions (timeouts)
    updates: int = 0  # updates received in the window (all sockets)
    server_cpu: float | None = None  # share of one core over the window
    other_cpu: float | None = None  # cores' share used by every other process over the window
    client_cpu: float = 0.0  # share of one core over the window
    client_lag: list[float] = field(default_factory=list)  # event-loop lag here, seconds
    client_gc: list[float] = field(default_factory=list)  # this process' collections, s
    bot_lateness: list[float] = field(default_factory=list)  # people's bots (load_hostile), s
    hostile: Counter[str] = field(default_factory=Counter)  # what hostile clients did and got
    chat_latencies: list[float] = field(default_factory=list)  # social: send -> other seat, s
    chat_sent: int = 0  # social: chat messages sent in the window
    chat_lost: int = 0  # social: of those, never received by the other seat
    window_wall: tuple[float, float] | None = None  # the window on the server's clock (time.time)
    # From the store, after the level (benchmarks.bench_server): ``settled_matches`` rows, those
    # rated, those settled inside the window, and the ``ratings`` rows (a player in a group).
    settled: int | None = None
    rated: int | None = None
    settled_in_window: int | None = None
    ratings: int | None = None
    load_average: float | None = None  # the machine's 1-minute load average as the level ended
    part_cpu: dict[str, float] = field(default_factory=dict)  # cpu_probes: CPU s in the window

    @property
    def rate(self) -> float:
        """Actions (players) or moves (bots) per second answered in the window."""
        return len(self.latencies) / self.duration if self.duration else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "tables": self.tables,
            "started": self.started,
            "set_up_late": self.set_up_late,
            "duration": self.duration,
            "latencies": self.latencies,
            "server_part": self.server_part,
            "sent": self.sent,
            "lost": self.lost,
            "lost_why": dict(self.lost_why),
            "closed": dict(self.closed),
            "errors": dict(self.errors),
            "unsolicited": self.unsolicited,
            "updates": self.updates,
            "server_cpu": self.server_cpu,
            "other_cpu": self.other_cpu,
            "client_cpu": self.client_cpu,
            "client_lag": self.client_lag,
            "client_gc": self.client_gc,
            "bot_lateness": self.bot_lateness,
            "hostile": dict(self.hostile),
            "chat_latencies": self.chat_latencies,
            "chat_sent": self.chat_sent,
            "chat_lost": self.chat_lost,
            "window_wall": self.window_wall,
            "settled": self.settled,
            "rated": self.rated,
            "settled_in_window": self.settled_in_window,
            "ratings": self.ratings,
            "load_average": self.load_average,
            "part_cpu": self.part_cpu,
        }


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 < q <= 1); NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux /proc), or None where unavailable."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> float | None:
    """CPU seconds spent by every process of the machine so far (Linux /proc/stat)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


# -- players mode --------------------------------------------------------------------------


@dataclass
class Pending:
    sent: float  # perf_counter just before the send
    sent_wall: float  # time.time() then, to compare with the server's table.now
    match: int
    version: int
    timed: bool  # sent inside the measuring window
    actor: int  # the slot that sent it
    seen_by: set[int] = field(default_factory=set)  # slots whose socket has the update
    server_now: float | None = None


@dataclass
class PendingChat:
    sent: float  # perf_counter just before the send
    slot: int  # who said it
    timed: bool  # sent inside the measuring window


class Table:
    def __init__(self, bench: PlayersBench, table_id: str) -> None:
        self.bench = bench
        self.id = table_id
        self.players: list[Player] = []
        self.pending: dict[int, deque[Pending]] = {0: deque(), 1: deque()}
        self.chats: dict[str, PendingChat] = {}  # by text: each message says something new

    async def chat(self, stop: float, rng: random.Random) -> None:
        """One message every ``chat_every`` seconds until ``stop``, from a random seat; the
        first at a random moment of the first period."""
        every = self.bench.config.chat_every
        await asyncio.sleep(rng.uniform(0, every))
        said = 0
        while time.perf_counter() < stop:
            said += 1
            speaker = rng.choice(self.players)
            text = f"gl {self.id} {said}"
            now = time.perf_counter()
            self.chats[text] = PendingChat(now, speaker.slot, self.bench.in_window(now))
            if self.chats[text].timed:
                self.bench.result.chat_sent += 1
            assert speaker.socket is not None
            with contextlib.suppress(ConnectionClosed):
                await speaker.socket.send(json.dumps({"type": "chat", "text": text}))
            await asyncio.sleep(every)

    async def answered(self, deadline: float) -> None:
        """Until every timed action of this table is answered, or ``deadline``."""
        while time.perf_counter() < deadline and any(
            p.timed for queue in self.pending.values() for p in queue
        ):
            await asyncio.sleep(0.1)

    def on_chat(self, player: Player, message: dict[str, Any], now: float) -> None:
        """A chat message reached ``player``: time it if the other seat said it."""
        text = str(message.get("text"))
        pending = self.chats.get(text)
        if pending is None or pending.slot == player.slot:
            return  # the speaker's own copy
        del self.chats[text]
        if pending.timed:
            self.bench.result.chat_latencies.append(now - pending.sent)

    def on_update(self, player: Player, message: dict[str, Any], now: float) -> None:
        """Match an update to the action it answers, and time that action once both saw it."""
        events = message.get("events") or []
        info = message.get("table") or {}
        seating = info.get("seating") or []
        start = int(message.get("from", 0))
        if not events or start == 0:
            return  # a rematch request (no events) or a new match (from 0)
        seat = events[0].get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(seating):
            self.bench.note_unsolicited(player)
            return
        slot = int(seating[seat])
        match = int(info.get("match", 0))
        for pending in self.pending[slot]:
            if player.slot not in pending.seen_by and pending.match == match:
                if pending.version > start:
                    break
                pending.seen_by.add(player.slot)
                if pending.server_now is None:
                    pending.server_now = float(info.get("now", 0.0))
                if player.slot == slot:
                    player.awaiting = False
                if len(pending.seen_by) == len(self.players):
                    self.pending[slot].remove(pending)
                    self.bench.done(pending, now)
                return
        self.bench.note_unsolicited(player)


class Player:
    def __init__(self, table: Table, slot: int, token: str, rng: random.Random) -> None:
        self.table = table
        self.slot = slot
        self.token = token
        self.rng = rng
        self.socket: ClientConnection | None = None
        self.url = ""  # the socket's, without a route
        self.forwarded: str | None = None  # the address a proxy would say it came from
        self.route: str | None = None  # the worker nginx was asked for (MOVED)
        self.moves = 0  # times sent on since the last welcome
        self.view: dict[str, Any] = {}
        self.version = 0
        self.match = 0
        self.awaiting = False  # an action of ours is not answered yet
        self.rematch_for = 0  # the match we asked a rematch after
        self.last_timed = False  # our last message was a timed action (not a rematch)
        self.changed = asyncio.Event()
        self.close_code: int | None = None  # the server closed our socket with this code
        self.closing = False  # the load is over: we close the socket ourselves
        self.welcomed = asyncio.Event()

    async def connect(self) -> None:
        route = f"&route={self.route or ''}"  # we follow MOVED ("": any worker)
        self.socket = await _connect(self.url + route, self.forwarded)

    async def read(self) -> None:
        assert self.socket is not None
        bench = self.table.bench
        while True:
            try:
                await self._read(bench)
                return
            except ConnectionClosed as closed:
                if closed.rcvd is None or self.closing:
                    return
                bench.result.closed[str(closed.rcvd.code)] += 1
                if not self._moved(closed.rcvd.code, closed.rcvd.reason):
                    self.close_code = closed.rcvd.code
                    return
            try:
                await self.connect()  # at once, to the table's owner
            except (OSError, WebSocketException, TimeoutError) as error:
                bench.result.errors[f"moved: {type(error).__name__}"] += 1
                return

    def _moved(self, code: int, reason: str) -> bool:
        """Sent on to the owner's route: follow it, as the web client does (not in a loop)."""
        if code != MOVED or not reason or reason == self.route or self.moves >= MOVES:
            return False
        self.route, self.moves = reason, self.moves + 1
        return True

    async def _read(self, bench: PlayersBench) -> None:
        assert self.socket is not None
        async for raw in self.socket:
            now = time.perf_counter()
            message: dict[str, Any] = json.loads(raw)
            kind = message.get("type")
            if kind in ("welcome", "resync", "update"):
                info = message.get("table") or {}
                self.match = int(info.get("match", self.match))
                if "view" in message:
                    self.view = message["view"]
                    self.version = int(message["version"])
                if kind == "welcome":
                    self.moves = 0
                    self.welcomed.set()
                if kind == "update":
                    bench.count_update(now)
                    self.table.on_update(self, message, now)
                elif kind == "resync":
                    self.awaiting = False
            elif kind == "chat":
                self.table.on_chat(self, message.get("message") or {}, now)
                continue
            elif kind == "error":
                code = str(message.get("code"))
                bench.error(code)
                if code in CHAT_CODES:
                    continue  # a refused chat message: our actions stand
                self.awaiting = False
                self.drop_pending()
            self.changed.set()

    def drop_pending(self) -> None:
        """Our last action was refused: it will never be answered."""
        queue = self.table.pending[self.slot]
        if self.last_timed and queue:
            queue.pop()
        self.last_timed = False

    def choose(self) -> dict[str, Any] | None:
        if self.awaiting:
            return None
        if self.view.get("outcome") is not None:
            return REMATCH if self.rematch_for != self.match else None
        legal: list[dict[str, Any]] = self.view.get("legal") or []
        return self.rng.choice(legal) if legal else None

    async def play(self, stop: float) -> None:
        """Act whenever there is something to do, after a think time, until ``stop``."""
        low, high = self.table.bench.config.think
        while (left := stop - time.perf_counter()) > 0:
            if self.choose() is None:
                self.changed.clear()
                try:
                    await asyncio.wait_for(self.changed.wait(), left)
                except TimeoutError:
                    return
                continue
            await asyncio.sleep(self.rng.uniform(low, high))
            if time.perf_counter() >= stop:
                return
            action = self.choose()  # the view may have moved on while thinking
            if action is not None:
                await self.send(action)

    async def send(self, action: dict[str, Any]) -> None:
        assert self.socket is not None
        message = json.dumps({"type": "act", "version": self.version, "action": action})
        self.last_timed = action is not REMATCH
        if action is REMATCH:
            self.rematch_for = self.match
        else:
            self.awaiting = True
            self.table.pending[self.slot].append(
                self.table.bench.new_pending(self.slot, self.match, self.version)
            )
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(message)


class PlayersBench:
    def __init__(self, config: LevelConfig) -> None:
        self.config = config
        self.result = LevelResult(config.mode, config.tables)
        self.window = (math.inf, math.inf)  # perf_counter start and end of the measuring window
        self.tables: list[Table] = []

    def in_window(self, now: float) -> bool:
        return self.window[0] <= now < self.window[1]

    def new_pending(self, slot: int, match: int, version: int) -> Pending:
        now = time.perf_counter()
        timed = self.in_window(now)
        if timed:
            self.result.sent += 1
        return Pending(now, time.time(), match, version, timed, slot)

    def done(self, pending: Pending, now: float) -> None:
        if pending.timed:
            self.result.latencies.append(now - pending.sent)
            if pending.server_now is not None:
                self.result.server_part.append(pending.server_now - pending.sent_wall)

    def count_update(self, now: float) -> None:
        if self.in_window(now):
            self.result.updates += 1

    def note_unsolicited(self, player: Player) -> None:
        if player.slot == 0 and self.in_window(time.perf_counter()):
            self.result.unsolicited += 1

    def error(self, code: str) -> None:
        if self.in_window(time.perf_counter()):
            self.result.errors[code] += 1

    @property
    def social(self) -> bool:
        return self.config.mode == "social"

    async def open_table(self, http: httpx.AsyncClient, index: int) -> Table:
        options = {"score_target": self.config.score_target}
        body: dict[str, Any] = {"game": "cribbage", "players": 2, "options": options}
        if self.social:
            body["rated"] = True
        created = await http.post("/api/tables", json=body)
        created.raise_for_status()
        table = Table(self, str(created.json()["id"]))
        rng = random.Random(f"{self.config.seed}/{index}")
        for k in range(2):
            name = f"L{index}-{k}"
            headers = {"Cookie": await _guest(http, name)} if self.social else None
            joined = await http.post(
                f"/api/tables/{table.id}/join", json={"name": name}, headers=headers
            )
            joined.raise_for_status()
            answer = joined.json()
            table.players.append(Player(table, int(answer["slot"]), str(answer["token"]), rng))
        for k, player in enumerate(table.players):
            player.url = f"ws://{LOOPBACK}:{self.config.port}/ws/{table.id}?token={player.token}"
            player.forwarded = forwarded_for(index, k) if self.config.forwarded else None
            await player.connect()
        return table

    async def run_table(
        self, http: httpx.AsyncClient, index: int, delay: float, gate: asyncio.Semaphore
    ) -> None:
        await asyncio.sleep(delay)
        try:
            async with gate:
                table = await self.open_table(http, index)
        except (httpx.HTTPError, OSError, WebSocketException, TimeoutError) as error:
            self.result.errors[f"setup: {type(error).__name__}"] += 1
            return
        self.tables.append(table)
        self.result.started += 1
        readers = [asyncio.create_task(p.read()) for p in table.players]
        talk = []
        if self.social:
            talk.append(
                table.chat(self.window[1], random.Random(f"{self.config.seed}/chat/{index}"))
            )
        try:
            # Nobody acts before every seat has its welcome: an action before another seat's
            # welcome reaches that seat in the welcome, never as an update, and would be
            # counted lost (a socket relayed through another worker is welcomed later).
            welcomes = asyncio.gather(*(p.welcomed.wait() for p in table.players))
            try:
                await asyncio.wait_for(welcomes, WELCOME_LIMIT)
            except TimeoutError:
                self.result.errors["setup: no welcome"] += 1
                return
            if time.perf_counter() >= self.window[0]:  # its setup's work is in the window
                self.result.set_up_late += 1
            await asyncio.gather(*(p.play(self.window[1]) for p in table.players), *talk)
            await table.answered(self.window[1] + GRACE)
        finally:
            await let_go(table, readers)

    async def run(self) -> LevelResult:
        self.window = measuring_window(self.config)
        await run_tables(self.config, self.result, self.window, self.run_table)
        for table in self.tables:
            for queue in table.pending.values():
                for pending in queue:
                    if pending.timed:
                        self.result.lost += 1
                        self.result.lost_why[lost_why(table, pending)] += 1
        self.result.chat_lost = sum(1 for t in self.tables for c in t.chats.values() if c.timed)
        return self.result


def lost_why(table: Table, pending: Pending) -> str:
    """What the client saw of an action never answered to both seats."""
    codes = sorted({p.close_code for p in table.players if p.close_code is not None})
    closed = f", a socket closed {codes}" if codes else ""
    if not pending.seen_by:
        seen = "seen by no seat"
    elif pending.actor in pending.seen_by:
        seen = "seen by the actor only"
    else:
        seen = "seen by the other only"
    return f"{seen}{closed}"


# -- bots mode -----------------------------------------------------------------------------


class BotsBench:
    def __init__(self, config: LevelConfig) -> None:
        self.config = config
        self.result = LevelResult(config.mode, config.tables)
        self.window = (math.inf, math.inf)

    async def watch(
        self, http: httpx.AsyncClient, index: int, delay: float, gate: asyncio.Semaphore
    ) -> None:
        """Keep one bots' table going until the window ends: a table of bots only plays one
        match and closes, so a new one takes its place."""
        await asyncio.sleep(delay)
        while time.perf_counter() < self.window[1]:
            socket = await self._new_table(http, gate)
            if socket is None:
                return
            self.result.started += 1
            try:
                await asyncio.wait_for(self._read(socket), self.window[1] - time.perf_counter())
            except TimeoutError:
                pass
            finally:
                await close_socket(socket)

    async def _new_table(
        self, http: httpx.AsyncClient, gate: asyncio.Semaphore
    ) -> ClientConnection | None:
        try:
            async with gate:
                created = await http.post(
                    "/api/tables",
                    json={
                        "game": "cribbage",
                        "players": 2,
                        "options": {"score_target": self.config.score_target},
                        "bots": ["greedy", "greedy"],
                    },
                )
                created.raise_for_status()
                table_id = str(created.json()["id"])
                return await _connect(f"ws://{LOOPBACK}:{self.config.port}/ws/{table_id}")
        except (httpx.HTTPError, OSError, WebSocketException, TimeoutError) as error:
            self.result.errors[f"setup: {type(error).__name__}"] += 1
            return None

    async def _read(self, socket: ClientConnection) -> None:
        result, bot_delay = self.result, self.config.bot_delay
        previous: tuple[int, float] | None = None  # match and server time of the last update
        with contextlib.suppress(ConnectionClosed):
            async for raw in socket:
                wall, now = time.time(), time.perf_counter()
                message: dict[str, Any] = json.loads(raw)
                kind = message.get("type")
                if kind == "error":
                    result.errors[str(message.get("code"))] += 1
                if kind != "update":
                    previous = None
                    continue
                info = message["table"]
                match, server_now = int(info["match"]), float(info["now"])
                timed = self.window[0] <= now < self.window[1]
                if timed:
                    result.updates += 1
                if previous is not None and previous[0] == match and message["from"] > 0:
                    if timed:
                        result.latencies.append(wall - (previous[1] + bot_delay))
                        result.server_part.append(server_now - (previous[1] + bot_delay))
                elif timed:
                    result.unsolicited += 1  # a new match: no bot's move to time
                previous = (match, server_now)

    async def run(self) -> LevelResult:
        self.window = measuring_window(self.config)
        await run_tables(self.config, self.result, self.window, self.watch)
        return self.result


# -- shared --------------------------------------------------------------------------------

TableTask = Callable[[httpx.AsyncClient, int, float, asyncio.Semaphore], Awaitable[None]]
"""``task(http, index, delay, gate)``: set up table ``index`` after ``delay``, then run it."""


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    """A new guest (``POST /api/me``): the ``Cookie`` header that is that person."""
    answer = await http.post("/api/me", json={"name": name})
    answer.raise_for_status()
    for header in answer.headers.get_list("set-cookie"):
        pair = header.split(";", 1)[0].strip()
        if pair.startswith(f"{SESSION_COOKIE}="):
            return pair
    raise httpx.HTTPError(f"POST /api/me set no {SESSION_COOKIE} cookie")


def measuring_window(config: LevelConfig) -> tuple[float, float]:
    """From the end of the ramp and the warm-up, for ``config.duration`` seconds."""
    begin = time.perf_counter() + config.ramp + config.warmup
    return begin, begin + config.duration


async def run_tables(
    config: LevelConfig, result: LevelResult, window: tuple[float, float], task: TableTask
) -> None:
    """Every table's task, their starts spread over the ramp, measured over ``window``."""
    offset = time.time() - time.perf_counter()
    result.window_wall = (window[0] + offset, window[1] + offset)
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    async with http_client(config) as http:
        tasks = [task(http, i, config.ramp * i / config.tables, gate) for i in range(config.tables)]
        await _measured(result, config, window, asyncio.gather(*tasks))


def http_client(config: LevelConfig, connections: int = SETUP_CONCURRENCY) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=config.url,
        timeout=30,
        trust_env=False,  # loopback only: never a proxy
        limits=httpx.Limits(max_connections=connections),
        # One client stands for every person: it keeps no cookie (each person's session travels
        # in its own requests' Cookie header).
        cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[])),
    )


def forwarded_for(table: int, seat: int) -> str:
    """The client address a proxy forwards for a person (one of their own, 10.x.y.z)."""
    return f"10.{table // 250}.{table % 250}.{seat + 1}"


async def _connect(uri: str, forwarded: str | None = None) -> ClientConnection:
    # Compression stays on, as browsers ask for it; no proxy; no keep-alive pings needed.
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    return await connect(
        uri,
        proxy=None,
        open_timeout=20,
        ping_interval=None,
        close_timeout=2,
        max_size=2**20,
        additional_headers=headers,
    )


async def let_go(table: Table, readers: Sequence[asyncio.Task[None]]) -> None:
    """Close a table's sockets (ours to close: no error) and stop their readers."""
    for player in table.players:
        player.closing = True
    sockets = [p.socket for p in table.players if p.socket is not None]
    await asyncio.gather(*(close_socket(s) for s in sockets))
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*readers, return_exceptions=True)


async def close_socket(socket: ClientConnection | None) -> None:
    if socket is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(), 3)


async def _measured(
    result: LevelResult,
    config: LevelConfig,
    window: tuple[float, float],
    load: asyncio.Future[Any],
) -> None:
    """Run ``load``, sampling CPU (both processes) and this loop's lag over the window."""

    async def probe() -> None:
        await asyncio.sleep(max(0.0, window[0] - time.perf_counter()))
        server = cpu_seconds(config.server_pid) if config.server_pid else None
        parts = {name: read() for name, read in config.cpu_probes.items()}
        if config.on_window is not None:
            config.on_window(True)
        client = time.process_time()
        busy = machine_busy()
        while (now := time.perf_counter()) < window[1]:
            await asyncio.sleep(0.01)
            result.client_lag.append(time.perf_counter() - now - 0.01)
        if config.on_window is not None:
            config.on_window(False)
        result.duration = time.perf_counter() - window[0]
        result.client_cpu = (time.process_time() - client) / result.duration
        for name, read in config.cpu_probes.items():
            result.part_cpu[name] = read() - parts[name]
        if server is not None and config.server_pid:
            end = cpu_seconds(config.server_pid)
            if end is not None:
                result.server_cpu = (end - server) / result.duration
        busy_end = machine_busy()
        if busy is not None and busy_end is not None:
            others = (busy_end - busy) / result.duration - result.client_cpu
            ours = (result.server_cpu or 0.0) + sum(result.part_cpu.values()) / result.duration
            result.other_cpu = max(0.0, others - ours)

    prober = asyncio.create_task(probe())
    freezer = None
    if config.client_gc == "freeze":
        freezer = asyncio.create_task(freeze_survivors(CLIENT_FREEZE_EVERY))
    limit = config.ramp + config.warmup + config.duration + GRACE + 60
    try:
        with _collections_timed(result.client_gc, window):
            await asyncio.wait_for(load, limit)
            await prober  # it ends with the window, and a load may end at the same moment
    except TimeoutError:
        result.errors["level timed out"] += 1
    finally:
        for task in (prober, freezer):
            if task is not None:
                task.cancel()
        await asyncio.gather(prober, *([freezer] if freezer else []), return_exceptions=True)


@contextlib.contextmanager
def _collections_timed(pauses: list[float], window: tuple[float, float]) -> Iterator[None]:
    """Append the length of each of this process' garbage collections that begins in
    ``window`` (perf_counter) to ``pauses``: the measurer's own stalls."""
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            began[0] = now
        elif window[0] <= began[0] < window[1]:
            pauses.append(now - began[0])

    gc.callbacks.append(timed)
    try:
        yield
    finally:
        gc.callbacks.remove(timed)


async def run_level(config: LevelConfig) -> LevelResult:
    people = config.mode in PEOPLE_MODES
    if config.tables * (2 if people else 1) > SOCKET_LIMIT:
        raise ValueError(f"at most {SOCKET_LIMIT} sockets in one level")
    bench = PlayersBench(config) if people else BotsBench(config)
    return await bench.run()


def run_level_sync(
    config: LevelConfig,
    level: Callable[[LevelConfig], Coroutine[Any, Any, LevelResult]] = run_level,
) -> LevelResult:
    """One level (``level(config)``) in a fresh event loop (uvloop when installed)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(level(config))
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(level(config))
