"""The web server under test, in a process of its own (started by ``benchmarks.bench_server``).

``python -m benchmarks.load_server --db FILE|URL [--bot-delay S] [--lifetime S] [--profile OUT]
[--diagnose OUT] [--fix NAME]… [--sync full|normal] [--trusted-proxy ADDRESS]… [--redis URL]
[--route NAME]``

It binds 127.0.0.1 on a free port, prints ``PORT <n>`` on stdout, and serves
``pegboard.server.app.create_app`` with the limits of ``pegboard serve``
(``pegboard.server.http.guard.server_config``) until SIGTERM / SIGINT or until ``--lifetime``
seconds have passed, so that it always ends by itself. With ``--redis`` it is one worker of
several sharing that Redis and the ``--db`` store, as ``pegboard serve --redis`` (``--route``:
the name nginx reaches it by, as ``pegboard serve --route``)
(``benchmarks.bench_workers`` puts two behind nginx). The load generator's own address (127.0.0.1)
is exempt from the per-address limits: it stands for hundreds of people; the hostile clients of the
flood scenario come from other loopback addresses (127.0.0.2, 127.0.0.3).

* ``--profile OUT``: the whole run under cProfile (the event loop's thread, in its CPU time), the
  stats written to ``OUT`` on exit. With ``--profile-window``, only from SIGUSR1 to SIGUSR2 (the
  load generator's measuring window: not the tables' setup).
* ``--diagnose OUT``: a watchdog thread measures the event loop's lag every 5 ms and, while the
  loop is stuck for more than 20 ms, samples where the main thread is (and where the other
  threads are in the project's code: a settlement holding SQLite's write lock shows there;
  samples taken during a collection are marked ``[gc]``); the loop thread's CPU time over each
  stall (the loop's own work, or time off the core), the garbage collector's pauses and the
  store's writes (wall and CPU time, changes a commit) are timed too, and ``FROZEN_CENSUS_AFTER``
  seconds in, what has died in the frozen heap is counted by type (a full collection: a
  pause). A JSON summary is written to ``OUT`` on exit.

Experiments with fixes that belong in the server (``--fix NAME``, repeatable), applied here from
outside so that their effect can be measured before anyone changes ``src``:

* ``gc-off``: the cyclic garbage collector disabled (to see its share, not a fix).
* ``gc-freeze``: the games, bots and scoring tables imported up front, then ``gc.freeze()`` so
  that full collections skip everything that exists at start.
* ``gc-tune``: ``gc-freeze``, and ``gc.set_threshold(10_000, 20, 1_000)``: young collections
  ten times rarer and full collections (which pause the loop for every table) practically never;
  a garbage cycle that outlives two young collections is then kept.
* ``gc-garbage``: not a fix but a look: for ``GARBAGE_WINDOW`` seconds from ``GARBAGE_AFTER``
  after the start, the collector keeps what it finds (``DEBUG_SAVEALL``), and the diagnosis
  counts it by type (a frame by its function), to show which code makes reference cycles. Only
  a window: kept for the whole run, a cycle holding a database connection would hold SQLite's
  lock for good. With or without it, the diagnosis counts the objects each generation's
  collections freed.
* ``no-freeze``: the server does not freeze its survivors
  (``pegboard.server.collector``, shipped since session 17), as before: to compare.
* ``freeze-every-second``: the survivors frozen every second (sessions 17 and 18), not every
  tenth of a second: each young collection then walked up to a second's survivors.
* ``writes-on-loop``: the store's writes grouped on the event loop (one transaction a turn of
  the loop) rather than in its writing thread, whatever the database, to compare.
* ``deflate``: permessage-deflate on the sockets (uvicorn's ``ws_per_message_deflate``), as
  before session 18: the server accepts the compression the clients ask for.
* ``switch-1ms``: ``sys.setswitchinterval(0.001)`` (5 ms by default): a thread back from the
  database waits at most that long for the event loop to let go of the interpreter.
* ``gc-middle-5``: after the app's own start-up (``gc.freeze()``, thresholds 10,000, 20,
  1,000), the middle generation collected every 5 young collections instead of 20: each of its
  collections walks a quarter of the survivors.
* ``wal-thread``: SQLite's automatic WAL checkpoint (which fsyncs inside a commit, on the event
  loop) turned off, and a passive checkpoint run by a background thread every 0.5 s instead.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import signal
import socket
import sqlite3
import sys
import threading
import time
import traceback
import types
from collections import Counter
from functools import partialmethod
from typing import Any

import uvicorn
from fastapi import FastAPI

from pegboard.server import app as app_module
from pegboard.server import collector
from pegboard.server.app import create_app
from pegboard.server.http.admission import Limits
from pegboard.server.http.guard import server_config
from pegboard.server.store import sql_store as store_module
from pegboard.server.tables.room import RoomSettings
from pegboard.server.workers.redis_bus import RedisBus
from pegboard.server.workers.worker import WorkerSettings

LOOPBACK = "127.0.0.1"
FIXES = (
    "gc-off",
    "gc-freeze",
    "gc-tune",
    "gc-garbage",
    "wal-thread",
    "no-freeze",
    "freeze-every-second",
    "writes-on-loop",
    "switch-1ms",
    "gc-middle-5",
    "deflate",
)
GC_TUNED = (10_000, 20, 1_000)  # gc.set_threshold with the gc-tune fix (default: 700, 10, 10)
CHECKPOINT_EVERY = 0.5  # seconds, with the wal-thread fix
BEAT = 0.005  # seconds between two watchdog probes
STUCK = 0.020  # a loop that has not run a probe for this long is sampled
GARBAGE_AFTER = 30.0  # s from the start (2,000 tables made and warm) to the garbage census
FROZEN_CENSUS_AFTER = 50.0  # s from the start (2,000 tables: in the window) to the census of
# what died in the frozen heap
GARBAGE_WINDOW = 5.0  # s the census keeps what the collector finds


def free_socket() -> socket.socket:
    """A TCP socket bound to loopback, on a port the kernel picked (uvicorn listens on it)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((LOOPBACK, 0))
    return sock


class Diagnosis:
    """Event-loop lag, where the loop is while it is stuck, and the garbage collector's pauses."""

    def __init__(self, app: FastAPI, census: bool = False) -> None:
        self.app = app
        self.census = census  # keep and count the garbage over a window (--fix gc-garbage)
        self.garbage: Counter[str] = Counter()
        self.freed: dict[int, int] = {0: 0, 1: 0, 2: 0}  # objects each generation freed
        self.main = threading.main_thread().ident
        self.lags: list[float] = []
        self.lag_cpu: list[float] = []  # the loop thread's CPU time over each probe's lag
        self.stuck: Counter[str] = Counter()  # innermost frames while stuck -> samples
        self.beside: Counter[str] = Counter()  # the other threads' project code meanwhile
        self.gc_pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        # The same pauses in CPU time of the collecting thread: what the collector did, apart
        # from the time other processes of a busy machine held the core meanwhile.
        self.gc_cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._gc_start = 0.0
        self._gc_cpu_start = 0.0
        # The largest containers of the young generation when its collection began, kept for
        # the collections that took long: a young collection walks every reference of each.
        self._largest: list[str] = []
        self.slow_young: Counter[str] = Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._counting = False  # the frozen heap's census is under way
        self.frozen_dead: dict[str, Any] = {}
        self._collecting = False  # a collection is under way (its samples are marked [gc])
        # The store's writes of the moves: wall and CPU time of each, to tell a write that
        # waits (on the disk, on SQLite's lock) from one that works.
        self.writes: list[tuple[float, float]] = []
        self.changes_written = 0  # the changes in those writes (a write is a group of them)
        # The young generation's size as each of its collections began: what it walked.
        self.young_sizes: list[int] = []

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        self._thread.start()
        usual = store_module.Store.commit_writes
        writes = self.writes

        def timed(store: store_module.Store, changes: Any) -> None:
            self.changes_written += len(changes)
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                usual(store, changes)
            finally:
                writes.append((time.perf_counter() - start, time.thread_time() - cpu))

        store_module.Store.commit_writes = timed  # type: ignore[method-assign,assignment]

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if self._counting:  # the census' own collections
            return
        self._collecting = phase == "start"
        if phase == "start":
            if info["generation"] == 0:
                young = gc.get_objects(0)
                self.young_sizes.append(len(young))
                self._largest = _largest(young)
                del young
            self._gc_start = time.perf_counter()
            self._gc_cpu_start = time.thread_time()
        else:
            generation = int(info["generation"])
            self.gc_pauses[generation].append(time.perf_counter() - self._gc_start)
            self.gc_cpu[generation].append(time.thread_time() - self._gc_cpu_start)
            if generation == 0 and self.gc_cpu[0][-1] > STUCK:
                self.slow_young.update(self._largest)
            self.freed[generation] += int(info["collected"])

    def _sample(self) -> None:
        frames_now = sys._current_frames()
        # Without this thread's own frame: kept in its own local, it would make a reference
        # cycle holding every thread's frames, and so their locals (a store's cursor with a
        # statement open, a checkpoint's), until a collection, or for good once frozen.
        frames_now.pop(threading.get_ident(), None)
        frame = frames_now.get(self.main or 0)
        if frame is None:
            return
        for ident, other in frames_now.items():
            if ident == self.main:
                continue
            theirs = [f for f in traceback.extract_stack(other) if "pegboard/" in f.filename]
            if theirs:  # a worker thread in the project's code (a settlement, a bot, a hint)
                where = theirs[-1]
                self.beside[f"{where.name} ({_short(where.filename)}:{where.lineno})"] += 1
        in_gc = "[gc] " if self._collecting else ""
        stack = traceback.extract_stack(frame)
        frames = stack[-4:]
        # Where the project's code is (the innermost frames are often a library's).
        ours = [f for f in stack[:-4] if "pegboard/" in f.filename][-2:]
        self.stuck[
            in_gc
            + " < ".join(f"{f.name} ({_short(f.filename)}:{f.lineno})" for f in frames[::-1])
            + "".join(f" << {f.name} ({_short(f.filename)}:{f.lineno})" for f in ours[::-1])
        ] += 1

    def _count_frozen_dead(self) -> None:
        """Once, ``FROZEN_CENSUS_AFTER`` seconds in: what has died in the frozen heap (kept
        there until the hourly full collection), by type. A full collection: a pause."""
        if self._stop.wait(FROZEN_CENSUS_AFTER):
            return
        self._counting = True
        try:
            gc.collect()  # the garbage outside the frozen heap first: not counted
            frozen = gc.get_freeze_count()
            gc.unfreeze()
            gc.set_debug(gc.DEBUG_SAVEALL)
            dead = gc.collect()
            gc.set_debug(0)
            kinds = Counter(_garbage_kind(thing) for thing in gc.garbage)
            gc.garbage.clear()
            gc.freeze()
        finally:
            self._counting = False
        self.frozen_dead = {
            "seconds_in": FROZEN_CENSUS_AFTER,
            "frozen": frozen,
            "dead": dead,
            "by_type": kinds.most_common(40),
        }

    def _count_garbage(self) -> None:
        """Keep what the collector finds for a window, count it by kind, then let it go."""
        if self._stop.wait(GARBAGE_AFTER):
            return
        gc.set_debug(gc.DEBUG_SAVEALL)
        self._stop.wait(GARBAGE_WINDOW)
        gc.collect()
        gc.set_debug(0)
        self.garbage.update(_garbage_kind(thing) for thing in gc.garbage)
        self.garbage["(seconds kept)"] = int(GARBAGE_WINDOW)
        gc.garbage.clear()

    def _watch(self) -> None:
        if self.census:
            threading.Thread(target=self._count_garbage, daemon=True).start()
        threading.Thread(target=self._count_frozen_dead, daemon=True).start()
        loop: asyncio.AbstractEventLoop | None = None
        while loop is None and not self._stop.wait(0.05):
            loop = getattr(self.app.state, "loop", None)  # set by the app's lifespan
        # The loop thread's CPU clock: a stall the loop spent working (its CPU time as long as
        # the stall) is the server's own; one it spent off the core is the machine's.
        clock = time.pthread_getcpuclockid(self.main or 0)
        while loop is not None and not self._stop.is_set():
            ran = threading.Event()
            start = time.perf_counter()
            cpu_start = time.clock_gettime(clock)
            try:
                loop.call_soon_threadsafe(ran.set)
            except RuntimeError:  # the loop is closed
                return
            while not ran.wait(BEAT):
                if time.perf_counter() - start > STUCK:
                    self._sample()
                if self._stop.is_set():
                    return
            self.lags.append(time.perf_counter() - start)
            self.lag_cpu.append(time.clock_gettime(clock) - cpu_start)
            self._stop.wait(BEAT)

    def write(self, path: str) -> None:
        self._stop.set()
        self._thread.join(1)
        gc.callbacks.remove(self._on_gc)
        lags = sorted(self.lags)

        def q(values: list[float], p: float) -> float:
            return values[min(len(values) - 1, int(p * len(values)))] if values else 0.0

        frozen = gc.get_freeze_count()
        tracked = len(gc.get_objects())
        gc.unfreeze()  # what died in the frozen heap: what only a full collection frees
        summary = {
            "objects_tracked_by_gc": tracked,
            "objects_frozen": frozen,
            "dead_in_cycles_when_thawed": gc.collect(),
            # Counted during the run, by type: the price of freezing the survivors every second.
            "dead_in_frozen_heap": self.frozen_dead,
            "loop_lag": {
                "probes": len(lags),
                "p50": q(lags, 0.5),
                "p99": q(lags, 0.99),
                "max": lags[-1] if lags else 0.0,
                "over_20ms": sum(lag > STUCK for lag in lags),
                "over_20ms_wall": sum(lag for lag in lags if lag > STUCK),
                "over_20ms_cpu": sum(
                    cpu for lag, cpu in zip(self.lags, self.lag_cpu, strict=True) if lag > STUCK
                ),
                "over_20ms_cpu_over_20ms": sum(cpu > STUCK for cpu in self.lag_cpu),
            },
            "gc": {
                str(gen): {
                    "count": len(p),
                    "total": sum(p),
                    "max": max(p, default=0.0),
                    "over_20ms": sum(x > STUCK for x in p),
                    "cpu_total": sum(self.gc_cpu[gen]),
                    "cpu_max": max(self.gc_cpu[gen], default=0.0),
                    "cpu_over_20ms": sum(x > STUCK for x in self.gc_cpu[gen]),
                }
                for gen, p in self.gc_pauses.items()
            },
            "stuck_samples": self.stuck.most_common(25),
            "stuck_samples_in_gc": sum(n for k, n in self.stuck.items() if k.startswith("[gc]")),
            "stuck_samples_all": sum(self.stuck.values()),
            "store_writes": _write_times(self.writes),
            "store_changes_written": self.changes_written,
            "other_threads_while_stuck": self.beside.most_common(10),
            # With --fix gc-garbage: what the collector found, by type.
            "freed_by_generation": self.freed,
            "largest_young_in_slow_young_collections": self.slow_young.most_common(20),
            "garbage_by_type": self.garbage.most_common(40),
            "young_objects_at_young_collections": {
                "median": q(sorted(float(n) for n in self.young_sizes), 0.5),
                "max": max(self.young_sizes, default=0),
            },
        }
        with open(path, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)


def _write_times(writes: list[tuple[float, float]]) -> dict[str, float]:
    """The store's writes: how many, their wall time's tail, and the wall time of the slow
    ones (over ``STUCK``) beside the CPU time they took."""
    walls = sorted(wall for wall, _ in writes)
    slow = [(wall, cpu) for wall, cpu in writes if wall > STUCK]
    return {
        "count": len(walls),
        "p50": walls[len(walls) // 2] if walls else 0.0,
        "p99": walls[min(len(walls) - 1, int(0.99 * len(walls)))] if walls else 0.0,
        "max": walls[-1] if walls else 0.0,
        "wall_total": sum(walls),
        "cpu_total": sum(cpu for _, cpu in writes),
        "over_20ms": len(slow),
        "over_20ms_wall": sum(wall for wall, _ in slow),
        "over_20ms_cpu": sum(cpu for _, cpu in slow),
    }


def _largest(objects: list[Any], top: int = 3) -> list[str]:
    """The ``top`` containers of ``objects`` holding the most items, by kind and size."""
    sized: list[tuple[int, str]] = []
    for thing in objects:
        try:
            size = len(thing)
        except Exception:  # no size (a half-built object's __len__ may fail)
            continue
        if size >= 1000:
            sized.append((size, _garbage_kind(thing)))
    sized.sort(reverse=True)
    return [f"{kind} ({size // 1000 * 1000}+ items)" for size, kind in sized[:top]]


def _garbage_kind(thing: object) -> str:
    """A garbage object's type, and for code objects where they come from: a frame's or a
    coroutine's function, a bound method's class and name."""
    kind = f"{type(thing).__module__}.{type(thing).__qualname__}"
    if isinstance(thing, types.FrameType):
        code = thing.f_code
        return f"{kind} {code.co_qualname} ({_short(code.co_filename)})"
    if isinstance(thing, types.CoroutineType):
        return f"{kind} {thing.cr_code.co_qualname}"
    if isinstance(thing, types.MethodType):
        return f"{kind} {type(thing.__self__).__qualname__}.{thing.__func__.__name__}"
    if isinstance(thing, types.FunctionType):
        return f"{kind} {thing.__qualname__}"
    return kind


def _short(filename: str) -> str:
    for marker in ("site-packages/", "src/", "lib/python3"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def warm_and_freeze() -> None:
    """Import what the first table and the first show would import, then freeze the heap."""
    from pegboard.bots import bot_names, make
    from pegboard.core.spec import game_names, get_spec
    from pegboard.scoring import tables  # noqa: F401  (built on import)

    for name in game_names():
        get_spec(name)
    for bot in bot_names():
        make(bot, seed=0)
    gc.collect()
    gc.freeze()


def checkpoint_in_background(db: str, stop: threading.Event) -> None:
    """No automatic checkpoints in the app's connections; a passive one here, off the loop."""
    pragmas = store_module._sqlite_pragmas

    def without_autocheckpoint(sync: str) -> Any:
        usual = pragmas(sync)

        def on_connect(connection: Any, _record: Any) -> None:
            usual(connection, _record)
            cursor = connection.cursor()
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return on_connect

    store_module._sqlite_pragmas = without_autocheckpoint  # read when create_app makes the Store

    def run() -> None:
        connection: sqlite3.Connection | None = None
        while not stop.wait(CHECKPOINT_EVERY):
            try:
                connection = connection or sqlite3.connect(db, check_same_thread=False)
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:
                continue
        if connection is not None:
            connection.close()

    threading.Thread(target=run, daemon=True).start()


def _exit(_signal: int, _frame: object) -> None:
    raise SystemExit(0)


def serve(
    db: str,
    bot_delay: float,
    lifetime: float,
    profile: str | None = None,
    diagnose: str | None = None,
    fixes: tuple[str, ...] = (),
    sync: str = "normal",
    trusted_proxies: frozenset[str] = frozenset(),
    redis: str | None = None,
    profile_window: bool = False,
    route: str | None = None,
) -> None:
    stop = threading.Event()
    if "writes-on-loop" in fixes:
        store_module.Store.__init__ = partialmethod(  # type: ignore[assignment]
            store_module.Store.__init__, write_thread=False
        )
    if "gc-middle-5" in fixes:
        usual = app_module._quiet_garbage_collector

        def middle_every_5() -> None:
            usual()
            young, _, old = gc.get_threshold()
            gc.set_threshold(young, 5, old)

        app_module._quiet_garbage_collector = middle_every_5  # read by the app's lifespan
    if "switch-1ms" in fixes:
        sys.setswitchinterval(0.001)
    if "wal-thread" in fixes:
        checkpoint_in_background(db, stop)
    app = create_app(
        db if "://" in db else f"sqlite:///{db}",
        settings=RoomSettings(bot_delay=bot_delay),
        limits=Limits(exempt=frozenset({LOOPBACK})),
        sync=sync,
        trusted_proxies=trusted_proxies,
        freeze_every=None
        if "no-freeze" in fixes
        else 1.0
        if "freeze-every-second" in fixes
        else collector.FREEZE_EVERY,
        bus=RedisBus(redis) if redis is not None else None,
        workers=WorkerSettings(route=route),
    )
    config = server_config(
        app,
        LOOPBACK,
        0,
        exempt=frozenset({LOOPBACK}),
        trusted_proxies=trusted_proxies,
        timeout_graceful_shutdown=3,
        backlog=4096,
        **({"ws_per_message_deflate": True} if "deflate" in fixes else {}),
    )
    server = uvicorn.Server(config)
    if "gc-freeze" in fixes or "gc-tune" in fixes:
        warm_and_freeze()
    if "gc-tune" in fixes:
        gc.set_threshold(*GC_TUNED)
    if "gc-off" in fixes:
        gc.disable()
    sock = free_socket()
    print(f"PORT {sock.getsockname()[1]}", flush=True)

    # Ends by itself: uvicorn checks should_exit ten times a second.
    timer = threading.Timer(lifetime, lambda: setattr(server, "should_exit", True))
    timer.daemon = True
    timer.start()
    # uvicorn shuts down gracefully on SIGTERM, then raises it again: exit through Python, so
    # that the profile and the diagnosis below are still written.
    signal.signal(signal.SIGTERM, _exit)
    diagnosis = Diagnosis(app, census="gc-garbage" in fixes) if diagnose else None
    if diagnosis is not None:
        diagnosis.start()
    # The main thread's CPU time, not the wall clock: a wait on the network (a query, Redis)
    # costs nothing here, and another process holding the core does not stretch a function.
    profiler = cProfile.Profile(time.thread_time) if profile else None
    if profiler is not None and profile_window:  # signals run in the main thread: the loop's
        signal.signal(signal.SIGUSR1, lambda _s, _f: profiler.enable())
        signal.signal(signal.SIGUSR2, lambda _s, _f: profiler.disable())
    elif profiler is not None:
        profiler.enable()
    try:
        server.run(sockets=[sock])  # uvloop and httptools when installed, as `pegboard serve`
    finally:
        if profiler is not None and profile:
            profiler.disable()
            profiler.dump_stats(profile)
        if diagnosis is not None and diagnose:
            diagnosis.write(diagnose)
        timer.cancel()
        stop.set()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db", required=True, help="the SQLite file of the store, or any store's URL"
    )
    parser.add_argument("--bot-delay", type=float, default=0.75, help="RoomSettings.bot_delay")
    parser.add_argument("--lifetime", type=float, default=600.0, help="exit after this many s")
    parser.add_argument("--profile", default=None, help="write cProfile stats to this file")
    parser.add_argument(
        "--profile-window", action="store_true", help="--profile from SIGUSR1 to SIGUSR2 only"
    )
    parser.add_argument("--diagnose", default=None, help="write loop lag and GC pauses here")
    parser.add_argument("--fix", action="append", choices=FIXES, default=[], help="experiments")
    parser.add_argument("--sync", choices=("normal", "full"), default="normal", help="SQLite's")
    parser.add_argument(
        "--trusted-proxy", action="append", default=[], help="as pegboard serve --trusted-proxy"
    )
    parser.add_argument("--redis", default=None, help="redis://… : one worker of several")
    parser.add_argument("--route", default=None, help="with --redis: as pegboard serve --route")
    args = parser.parse_args(argv)
    serve(
        args.db,
        args.bot_delay,
        args.lifetime,
        args.profile,
        args.diagnose,
        tuple(args.fix),
        args.sync,
        frozenset(args.trusted_proxy),
        args.redis,
        args.profile_window,
        args.route,
    )


if __name__ == "__main__":
    main()
