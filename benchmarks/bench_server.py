"""Web server load: how many tables of Cribbage the server sustains with the 99th-percentile
latency from a player's action to every seat's update under 50 ms.

The server (``benchmarks.load_server``: ``create_app`` on uvicorn, a fresh SQLite file) runs in a
process of its own on 127.0.0.1; this process is the load generator (``benchmarks.load_client``:
asyncio WebSocket clients). Stepped levels, a fresh server for each; every level is bounded in
time and sockets, and the whole run in time (``--budget``).

Run from the project root: ``.venv/bin/python -m benchmarks.bench_server`` (``--help`` for the
levels, the window, the think time). ``--hostile``: the people's tables beside a flooding client
and a table maker, and people's bots beside hundreds of tables of bots only
(``benchmarks.load_hostile``), each side by side with the same load alone. ``--social``: at
``--social-levels`` (300 tables), the people's tables as they are today, each person a guest
of its own at a rated table with chat on, beside the same tables without them, back to back
(both at ``--social-score-target``, so that matches end, and are settled, within the
window). Where the server's
time goes: ``--profile N`` (cProfile of
the server at N tables), ``--diagnose N`` (its event-loop lag, where the loop is while it is
stuck, the garbage collector's pauses); ``--fix NAME`` measures a candidate fix applied from
outside (``benchmarks.load_server``). On a shared machine, ``--nice -20`` (root) keeps the other
work from dominating the tail. The load generator freezes its own survivors ten times a second
(``--client-gc freeze``, the default since session 19); ``--client-gc default`` leaves it
Python's collector, whose pauses of up to half a second at 4,000 sockets were most of the
measured tail before.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib
import io
import math
import os
import pstats
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, func, select

from benchmarks.load_client import (
    GRACE,
    LOOPBACK,
    LevelConfig,
    LevelResult,
    machine_busy,
    percentile,
    run_level,
    run_level_sync,
)
from benchmarks.load_hostile import (
    CROWD,
    CROWD_BOT,
    FLOOD_SOCKETS,
    FLOODER,
    MAKER,
    PERSON_BOT,
    run_hostile_level,
)
from benchmarks.load_server import FIXES
from benchmarks.machine import machine
from pegboard.server.store.schema import ratings_table, settled_table

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ".venv/bin/python -m benchmarks.bench_server"
PLAYER_LEVELS = (100, 200, 300, 400)
BOT_LEVELS = (100, 200, 400)
THRESHOLD_MS = 50.0
TARGET_TABLES = 200
BUDGET = 360.0  # seconds for the whole run; levels that would not fit are skipped
QUIET = 0.25  # of one core: what other processes may use for the machine to count as quiet
OVERHEAD = 8.0  # seconds per level beyond its ramp, warm-up and window: server start, teardown
SOCIAL_LEVELS = (300,)
# A random Cribbage match to 31 takes about 40 actions (to 121 about 150): at 1.5 actions a
# second a table finishes one every half minute or so, and each is settled in the window.
SOCIAL_SCORE_TARGET = 31
CHAT_EVERY = 10.0  # seconds between two chat messages of a table


@dataclass
class Settings:
    player_levels: Sequence[int] = PLAYER_LEVELS
    bot_levels: Sequence[int] = BOT_LEVELS
    duration: float = 30.0
    warmup: float = 5.0
    think: tuple[float, float] = (0.5, 1.0)
    bot_delay: float = 0.75
    score_target: int = 121
    budget: float = BUDGET
    threshold_ms: float = THRESHOLD_MS
    stop_after_fail: bool = False  # skip the levels above a failed one
    db_dir: str | None = None  # where the server's SQLite file goes (default: the system's tmp)
    store: str = "sqlite"  # or "postgresql": a throwaway server of Debian's for each level
    fixes: tuple[str, ...] = ()  # experiments of load_server (--fix): gc-freeze, wal-thread…
    client_gc: str = "freeze"  # the load generator's collector (LevelConfig.client_gc)
    quiet_wait: float = 10.0  # at most this long before a level for other processes to calm
    nice: int = 0  # scheduling priority of the server and the load generator (<0 needs root)
    sync: str = "normal"  # SQLite's synchronous mode in the server
    social_levels: Sequence[int] = ()  # tables of the pairs with ratings and chat on, and off
    social_score_target: int = SOCIAL_SCORE_TARGET  # both sides of those pairs
    chat_every: float = CHAT_EVERY


@dataclass
class Level:
    mode: str
    tables: int
    runs: list[LevelResult] = field(default_factory=list)
    skipped: str = ""
    waited: float = 0.0  # seconds spent waiting for the machine to quiet down

    def pooled(self, name: str) -> list[float]:
        values: list[float] = []
        for run in self.runs:
            values.extend(getattr(run, name))
        return values

    def ms(self, q: float, name: str = "latencies") -> float:
        return 1000 * percentile(self.pooled(name), q)

    @property
    def rate(self) -> float:
        seconds = sum(r.duration for r in self.runs)
        return len(self.pooled("latencies")) / seconds if seconds else 0.0

    @property
    def problems(self) -> int:
        """Refused or lost actions and chat messages, and tables that could not be set up."""
        return sum(sum(r.errors.values()) + r.lost + r.chat_lost for r in self.runs)

    def total(self, name: str) -> int | None:
        """A count summed over the runs (None when no run has it)."""
        values = [v for r in self.runs if (v := getattr(r, name)) is not None]
        return sum(values) if values else None

    @property
    def load_average(self) -> str:
        values = [r.load_average for r in self.runs if r.load_average is not None]
        return ", ".join(f"{v:.1f}" for v in values) or "–"

    def passes(self, threshold_ms: float) -> bool:
        return bool(self.runs) and self.problems == 0 and self.ms(0.99) < threshold_ms

    def cpu(self, name: str) -> float:
        values = [v for r in self.runs if (v := getattr(r, name)) is not None]
        return 100 * sum(values) / len(values) if values else math.nan


class ServerProcess:
    """``benchmarks.load_server`` in a child process, on a free loopback port."""

    def __init__(
        self,
        db: str | Path,
        bot_delay: float,
        lifetime: float,
        flags: Sequence[str] = (),
        nice: int = 0,
    ) -> None:
        command = [sys.executable, "-m", "benchmarks.load_server", "--db", str(db)]
        command += ["--bot-delay", str(bot_delay), "--lifetime", str(lifetime), *flags]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=None, text=True
        )
        if nice:
            os.setpriority(os.PRIO_PROCESS, self.process.pid, nice)
        self.port = self._read_port()
        self._wait_ready()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read_port(self) -> int:
        assert self.process.stdout is not None
        lines: list[str] = []
        reader = threading.Thread(
            target=lambda: lines.append(
                self.process.stdout.readline() if self.process.stdout else ""
            ),
            daemon=True,
        )
        reader.start()
        reader.join(20)
        if not lines or not lines[0].startswith("PORT "):
            self.stop()
            raise RuntimeError(f"the server did not say its port: {lines!r}")
        return int(lines[0].split()[1])

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 20
        with httpx.Client(trust_env=False, timeout=2) as http:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError("the server exited at start")
                try:
                    if http.get(f"http://{LOOPBACK}:{self.port}/api/bots").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not answer within 20 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process.stdout is not None:
            self.process.stdout.close()


def wait_for_quiet(limit: float, busy: float = QUIET) -> float:
    """Wait (at most ``limit`` s) until other processes use under ``busy`` of a core over a
    second; the seconds waited. The machine is shared: this only lowers the noise."""
    start = time.monotonic()
    while True:
        before = machine_busy()
        time.sleep(1.0)
        after = machine_busy()
        if before is None or after is None or after - before < busy:
            break
        if time.monotonic() - start >= limit:
            break
    return time.monotonic() - start


# Tables started a second. A social table's setup makes two guests and signs each in before
# its joins (five requests that write, against three): at 100 a second 2,000 of them were
# still being set up 25 s on, 855 inside the window, which then measured the setups.
RAMP_RATE = {"social": 25.0}


def ramp_for(tables: int, mode: str = "players") -> float:
    """Tables start spread over this many seconds (100 a second; social ones 25)."""
    return max(2.0, tables / RAMP_RATE.get(mode, 100.0))


def measure(
    mode: str,
    tables: int,
    settings: Settings,
    flags: Sequence[str] = (),
    level: Callable[[LevelConfig], Coroutine[Any, Any, LevelResult]] = run_level,
) -> LevelResult:
    """One level (``level``: the load of ``load_client`` by default) against a fresh server
    (``flags`` for ``load_server``); its process ends before this returns."""
    ramp = ramp_for(tables, mode)
    lifetime = ramp + settings.warmup + settings.duration + 120
    with (
        tempfile.TemporaryDirectory(prefix="pegboard-load-", dir=settings.db_dir) as tmp,
        store_for(settings.store, Path(tmp), settings.nice) as db,
    ):
        flags = [*flags, *(f"--fix={fix}" for fix in settings.fixes)]
        if "--sync" not in flags:
            flags += ["--sync", settings.sync]
        server = ServerProcess(db, settings.bot_delay, lifetime, flags, settings.nice)
        try:
            config = LevelConfig(
                mode=mode,
                tables=tables,
                port=server.port,
                duration=settings.duration,
                warmup=settings.warmup,
                ramp=ramp,
                think=settings.think,
                bot_delay=settings.bot_delay,
                score_target=settings.score_target,
                chat_every=settings.chat_every,
                seed=tables,
                server_pid=server.pid,
                forwarded="--trusted-proxy" in flags,
                client_gc=settings.client_gc,
            )
            result = run_level_sync(config, level)
        finally:
            server.stop()
        result.load_average = os.getloadavg()[0]
        with contextlib.suppress(Exception):  # a server that never made its store
            count_settled(db, result)
        return result


@contextlib.contextmanager
def store_for(kind: str, folder: Path, nice: int = 0) -> Iterator[str]:
    """The store of a level's server: an SQLite file in ``folder``, or the URL of a new
    PostgreSQL server on loopback (the tests' throwaway one: Debian's, durability off), gone
    when the block ends; its processes at priority ``nice``, as the server's."""
    if kind == "sqlite":
        yield str(folder / "load.sqlite")
        return
    sys.path.insert(0, str(ROOT / "tests" / "server"))  # the tests' helper, as it is
    throwaway: Callable[[], contextlib.AbstractContextManager[str]]
    throwaway = importlib.import_module("postgres_server").postgres_server
    with throwaway() as url:
        if nice:
            renice_postgres(int(url.rsplit(":", 1)[1].split("/")[0]), nice)
        yield url


def renice_postgres(port: int, nice: int) -> None:
    """The PostgreSQL server listening on ``port`` and its processes (the connections' backends,
    forked later, inherit it) at priority ``nice``."""
    processes: dict[int, tuple[int, str]] = {}  # pid -> (parent, command line)
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text("ascii")
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            processes[int(entry.name)] = (parent, command)
    for pid, (_, command) in processes.items():
        if "postgres" in command and f"-p {port} " in command:
            for child in [pid, *(p for p, (parent, _) in processes.items() if parent == pid)]:
                with contextlib.suppress(OSError):
                    os.setpriority(os.PRIO_PROCESS, child, nice)


def count_settled(db: str, result: LevelResult) -> None:
    """What the server settled over the level, read from its store once it has stopped: the
    ledger's rows (``settled_matches``), those rated and those inside the window, and the
    ratings (``ratings``: a player in a group)."""
    engine = create_engine(db if "://" in db else f"sqlite:///{db}")
    try:
        with engine.connect() as store:
            count = select(func.count()).select_from(settled_table)
            result.settled = int(store.execute(count).scalar_one())
            result.rated = int(store.execute(count.where(settled_table.c.rated)).scalar_one())
            if result.window_wall is not None:
                begin, end = result.window_wall
                inside = count.where(settled_table.c.settled.between(begin, end))
                result.settled_in_window = int(store.execute(inside).scalar_one())
            ratings = select(func.count()).select_from(ratings_table)
            result.ratings = int(store.execute(ratings).scalar_one())
    finally:
        engine.dispose()


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _level_time(tables: int, settings: Settings, mode: str = "players") -> float:
    return ramp_for(tables, mode) + settings.warmup + settings.duration + OVERHEAD


@contextlib.contextmanager
def priority(nice: int) -> Iterator[None]:
    """This process (the load generator, and the servers it starts) at scheduling priority
    ``nice`` for a while. With Linux's session autogroups on, the CPU is first shared between
    sessions, so the session's autogroup gets the same nice value (negative values need root)."""
    if not nice:
        yield
        return
    autogroup = Path("/proc/self/autogroup")
    group_before: str | None = None
    with contextlib.suppress(OSError, IndexError):
        group_before = autogroup.read_text("ascii").split("nice")[1].strip()
        autogroup.write_text(str(nice), "ascii")
    before = os.getpriority(os.PRIO_PROCESS, 0)
    os.setpriority(os.PRIO_PROCESS, 0, nice)
    try:
        yield
    finally:
        os.setpriority(os.PRIO_PROCESS, 0, before)
        if group_before is not None:
            with contextlib.suppress(OSError):
                autogroup.write_text(group_before, "ascii")


@dataclass
class Levels:
    players: list[Level] = field(default_factory=list)
    bots: list[Level] = field(default_factory=list)
    # Pairs at the same tables and score target: ratings and chat off, then on.
    plain: list[Level] = field(default_factory=list)
    social: list[Level] = field(default_factory=list)
    seconds: float = 0.0


def run_levels(repeats: int, settings: Settings) -> Levels:
    with priority(settings.nice):
        return _run_levels(repeats, settings)


def _run_levels(repeats: int, settings: Settings) -> Levels:
    start = time.monotonic()
    out = Levels()

    def fits(level: Level, needed: float) -> bool:
        if time.monotonic() - start + needed > settings.budget:
            level.skipped = f"not run: over the {settings.budget:.0f} s budget"
            return False
        return True

    def run_once(level: Level, needed: float, mode: str, level_settings: Settings) -> None:
        left = settings.budget - (time.monotonic() - start) - needed
        level.waited += wait_for_quiet(min(settings.quiet_wait, max(0.0, left)))
        level.runs.append(measure(mode, level.tables, level_settings))

    for mode, sizes, levels in (
        ("players", settings.player_levels, out.players),
        ("bots", settings.bot_levels, out.bots),
    ):
        failed = False
        for tables in sizes:
            level = Level(mode, tables)
            levels.append(level)
            if failed and settings.stop_after_fail:
                level.skipped = "not run: the level below already failed"
                continue
            needed = repeats * _level_time(tables, settings)
            if not fits(level, needed):
                continue
            for _ in range(repeats):
                run_once(level, needed, mode, settings)
            failed = not level.passes(settings.threshold_ms)
            _progress(_level_line(level))
        if mode == "players":
            _run_pairs(repeats, settings, out, fits, run_once)
    out.seconds = time.monotonic() - start
    return out


def _run_pairs(
    repeats: int,
    settings: Settings,
    out: Levels,
    fits: Callable[[Level, float], bool],
    run_once: Callable[[Level, float, str, Settings], None],
) -> None:
    """Each social level's tables without, then with, ratings and chat, in turns, at the same
    score target: the machine is shared, and back to back the two see the same machine."""
    pair_settings = dataclasses.replace(settings, score_target=settings.social_score_target)
    for tables in settings.social_levels:
        plain, social = Level("players", tables), Level("social", tables)
        out.plain.append(plain)
        out.social.append(social)
        needed = repeats * (_level_time(tables, settings) + _level_time(tables, settings, "social"))
        if not fits(plain, needed):
            social.skipped = plain.skipped
            continue
        for _ in range(repeats):
            run_once(plain, needed, "players", pair_settings)
            run_once(social, needed, "social", pair_settings)
        _progress(_level_line(plain))
        _progress(_level_line(social))


def _level_line(level: Level) -> str:
    line = (
        f"{level.mode} {level.tables}: {level.rate:.0f}/s, p50 {level.ms(0.5):.1f} ms, "
        f"p99 {level.ms(0.99):.1f} ms, problems {level.problems}, "
        f"server CPU {level.cpu('server_cpu'):.0f}%, client CPU "
        f"{level.cpu('client_cpu'):.0f}%, other CPU {level.cpu('other_cpu'):.0f}%, "
        f"sent {sum(r.sent for r in level.runs)}, "
        f"unmatched updates {sum(r.unsolicited for r in level.runs)}, "
        f"p99 until built {level.ms(0.99, 'server_part'):.1f} ms, "
        f"client lag p99 {level.ms(0.99, 'client_lag'):.1f} ms, "
        f"client GC max {_fmt(level.ms(1.0, 'client_gc'))} ms, "
        f"load average {level.load_average}"
    )
    if level.mode == "social":
        line += (
            f", chat p50 {level.ms(0.5, 'chat_latencies'):.1f} ms, "
            f"p99 {level.ms(0.99, 'chat_latencies'):.1f} ms"
        )
    return line + (
        f", settled {level.total('settled')} (rated {level.total('rated')}), "
        f"set up in the window {level.total('set_up_late')}"
    )


def _fmt(value: float, digits: int = 1) -> str:
    return "–" if math.isnan(value) else f"{value:.{digits}f}"


def _problems(level: Level) -> str:
    if not level.problems:
        return "0"
    parts = [f"{r.lost} lost" for r in level.runs if r.lost]
    for run in level.runs:
        parts += [f"{n} {code}" for code, n in run.errors.items()]
    return ", ".join(parts)


def _players_table(levels: list[Level], threshold_ms: float) -> str:
    rows = [
        "| tables | sockets | actions/s | p50 ms | p95 ms | p99 ms | max ms | p50 until built ms "
        "| errors | server CPU | client CPU | other CPU | client lag p99 ms | p99 < "
        f"{threshold_ms:.0f} ms |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: "
        "| --- |",
    ]
    for level in levels:
        if level.skipped:
            rows.append(f"| {level.tables} | {' | ' * 12}{level.skipped} |")
            continue
        rows.append(
            f"| {level.tables} | {2 * level.tables} | {level.rate:.0f} | {_fmt(level.ms(0.5))} "
            f"| {_fmt(level.ms(0.95))} | {_fmt(level.ms(0.99))} | {_fmt(level.ms(1.0))} "
            f"| {_fmt(level.ms(0.5, 'server_part'))} | {_problems(level)} "
            f"| {_fmt(level.cpu('server_cpu'), 0)}% | {_fmt(level.cpu('client_cpu'), 0)}% "
            f"| {_fmt(level.cpu('other_cpu'), 0)}% | {_fmt(level.ms(0.99, 'client_lag'))} "
            f"| {'yes' if level.passes(threshold_ms) else '**no**'} |"
        )
    return "\n".join(rows)


def _bots_table(levels: list[Level], threshold_ms: float) -> str:
    rows = [
        "| tables | moves/s | lateness p50 ms | p95 ms | p99 ms | max ms | p99 until built ms "
        f"| errors | server CPU | other CPU | client lag p99 ms | p99 < {threshold_ms:.0f} ms |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |",
    ]
    for level in levels:
        if level.skipped:
            rows.append(f"| {level.tables} | {' | ' * 10}{level.skipped} |")
            continue
        rows.append(
            f"| {level.tables} | {level.rate:.0f} | {_fmt(level.ms(0.5))} | {_fmt(level.ms(0.95))} "
            f"| {_fmt(level.ms(0.99))} | {_fmt(level.ms(1.0))} "
            f"| {_fmt(level.ms(0.99, 'server_part'))} | {_problems(level)} "
            f"| {_fmt(level.cpu('server_cpu'), 0)}% | {_fmt(level.cpu('other_cpu'), 0)}% "
            f"| {_fmt(level.ms(0.99, 'client_lag'))} "
            f"| {'yes' if level.passes(threshold_ms) else '**no**'} |"
        )
    return "\n".join(rows)


def _sustained(levels: list[Level], threshold_ms: float) -> int:
    passed = [level.tables for level in levels if level.passes(threshold_ms)]
    return max(passed, default=0)


def command(repeats: int, settings: Settings) -> str:
    """The command line that makes this section, with every setting that is not the default."""
    default = Settings()
    parts = [COMMAND]
    if repeats != 1:
        parts.append(f"--repeats {repeats}")
    if tuple(settings.player_levels) != tuple(default.player_levels):
        parts.append("--levels " + _level_list(settings.player_levels))
    if tuple(settings.bot_levels) != tuple(default.bot_levels):
        parts.append("--bot-levels " + _level_list(settings.bot_levels))
    for flag, value, usual in (
        ("--duration", settings.duration, default.duration),
        ("--warmup", settings.warmup, default.warmup),
        ("--bot-delay", settings.bot_delay, default.bot_delay),
        ("--budget", settings.budget, default.budget),
        ("--quiet-wait", settings.quiet_wait, default.quiet_wait),
    ):
        if value != usual:
            parts.append(f"{flag} {value:g}")
    if settings.think != default.think:
        parts.append(f"--think {settings.think[0]:g} {settings.think[1]:g}")
    if settings.nice:
        parts.append(f"--nice {settings.nice}")
    if settings.stop_after_fail:
        parts.append("--stop-after-fail")
    if settings.sync != default.sync:
        parts.append(f"--sync {settings.sync}")
    if settings.db_dir:
        parts.append(f"--db-dir {settings.db_dir}")
    if settings.store != default.store:
        parts.append(f"--store {settings.store}")
    parts += [f"--fix {fix}" for fix in settings.fixes]
    if settings.score_target != default.score_target:
        parts.append(f"--score-target {settings.score_target}")
    if settings.social_levels:
        parts.append("--social")
        if tuple(settings.social_levels) != SOCIAL_LEVELS:
            parts.append("--social-levels " + _level_list(settings.social_levels))
        if settings.social_score_target != default.social_score_target:
            parts.append(f"--social-score-target {settings.social_score_target}")
        if settings.chat_every != default.chat_every:
            parts.append(f"--chat-every {settings.chat_every:g}")
    return " ".join(parts)


def _level_list(levels: Sequence[int]) -> str:
    return ",".join(str(n) for n in levels) or '""'


def _settled(level: Level) -> str:
    settled, rated = level.total("settled"), level.total("rated")
    inside = level.total("settled_in_window")
    if settled is None:
        return "–"
    return f"{settled} ({rated} rated; {inside} in the window)"


def _social_table(plain: list[Level], social: list[Level], threshold_ms: float) -> str:
    rows = [
        "| tables | ratings and chat | actions/s | p50 ms | p95 ms | p99 ms | max ms "
        "| chat messages | chat p50 ms | chat p99 ms | chat max ms | matches settled | ratings "
        f"| errors | server CPU | other CPU | load average | p99 < {threshold_ms:.0f} ms |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: "
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for off, on in zip(plain, social, strict=True):
        for level in (off, on):
            talks = level.mode == "social"
            label = "on" if talks else "off"
            if level.skipped:
                rows.append(f"| {level.tables} | {label} | {' | ' * 15}{level.skipped} |")
                continue
            chats = sum(r.chat_sent for r in level.runs)
            rows.append(
                f"| {level.tables} | {label} | {level.rate:.0f} | {_fmt(level.ms(0.5))} "
                f"| {_fmt(level.ms(0.95))} | {_fmt(level.ms(0.99))} | {_fmt(level.ms(1.0))} "
                f"| {chats if talks else '–'} | {_fmt(level.ms(0.5, 'chat_latencies'))} "
                f"| {_fmt(level.ms(0.99, 'chat_latencies'))} "
                f"| {_fmt(level.ms(1.0, 'chat_latencies'))} | {_settled(level)} "
                f"| {level.total('ratings') if level.total('ratings') is not None else '–'} "
                f"| {_problems(level)} | {_fmt(level.cpu('server_cpu'), 0)}% "
                f"| {_fmt(level.cpu('other_cpu'), 0)}% | {level.load_average} "
                f"| {'yes' if level.passes(threshold_ms) else '**no**'} |"
            )
    return "\n".join(rows)


def social_section(levels: Levels, settings: Settings) -> str:
    """The subsection of the pairs with ratings and chat off and on ("" when none ran)."""
    if not levels.social:
        return ""
    return f"""
### Ratings and chat on

The same tables of two people, each level twice in turns on a fresh server: as above (*off*),
and with what people add to a table (*on*): every person is a guest of its own (`POST
/api/me`, a session cookie of its own on its join), every table is rated (`"rated": true`:
each finished match settles both guests' ratings, in a thread, before its results go out), and
every table says one chat message (`{{"type": "chat", "text": …}}`) every
{settings.chat_every:g} s from a random seat, the first at a random moment of the first
{settings.chat_every:g} s so that the tables do not all speak together. Both at
`score_target={settings.social_score_target}` (a random match is about 40 actions, so a
table finishes one every half minute or so and settlement runs all through the window; the rows
above play to {settings.score_target}). Actions are timed as above; a *chat* message from just
before the send until the other seat's socket has it. *Matches settled*: the rows of the
ledger (`settled_matches`, a casual match has one too) when the server stopped, those rated,
and those settled inside the window; *ratings*: rows of `ratings` (a guest in a group). A lost
chat message is an error too. *Load average*: the machine's, over one minute, as each run ended.

{_social_table(levels.plain, levels.social, settings.threshold_ms)}
"""


def report(levels: Levels, repeats: int, settings: Settings) -> str:
    players, bots, seconds = levels.players, levels.bots, levels.seconds
    threshold = f"{settings.threshold_ms:.0f} ms"
    sustained = _sustained(players, settings.threshold_ms)
    bots_sustained = _sustained(bots, settings.threshold_ms)
    verdict = "meets" if sustained >= TARGET_TABLES else "does **not** meet"
    low, high = settings.think
    priority_note = (
        f" The server and the load generator ran at `nice {settings.nice}` (their session's "
        "autogroup too), so that the other work on the machine disturbs them less."
        if settings.nice
        else ""
    )
    fixes_note = (
        f" **Experiment**: the server ran with `{', '.join(settings.fixes)}` applied from "
        "outside (see `benchmarks/load_server.py`), not as shipped."
        if settings.fixes
        else ""
    )
    return f"""## Web server load

Measured on {machine()}. The server and the load generator share these cores, and the machine
is shared with other work: the *other CPU* columns say how much of it ran meanwhile, and a level
measured beside heavy other work reads worse than the server is.{priority_note}{fixes_note}
{repeats} run(s) per level, {seconds:.0f} s in all.

**Sustained: {sustained} tables of two players** with the 99th-percentile latency from a
player's action to every seat's update under {threshold} (the largest level that passed, with no
refused or lost action): this {verdict} the target of {TARGET_TABLES} tables. With server-side
bots: {bots_sustained} tables with the 99th-percentile lateness of a move under {threshold}.{
        _social_verdict(levels, threshold, settings.threshold_ms)
    }

### Two people per table, played by the load generator

Each level is a fresh server (`create_app` on uvicorn with uvloop and httptools, a new SQLite file
in WAL mode) in its own process on 127.0.0.1, and N Cribbage tables (2 players,
`score_target={settings.score_target}`, the other options at their defaults) made over REST
(`POST /api/tables`, two `POST …/join`), whose two seats are WebSocket clients in the load
generator (permessage-deflate on, as browsers ask). Each client plays a random legal action
after a think time drawn uniformly from {low:g}–{high:g} s, and asks for a rematch when a game
ends: a table makes about {2 / (low + high):.1f} actions a second. Tables start spread over
N/100 s (at least 2 s; N/25 s with ratings and chat on, below),
then {settings.warmup:g} s of warm-up, then a {settings.duration:g} s window. Every action sent
in the window is timed from just before the send until both seats' sockets have received the
`update` carrying it (the update whose first new event is that seat's move). An action not
answered {GRACE:g} s after the window is lost; lost actions, `error` replies and tables that
could not be set up are errors, and a level passes only with none.

{_players_table(players, settings.threshold_ms)}

*p50 until built*: from the send until the server built the update (the `now` of its table info,
the same clock): transit, queueing and the work of the action; after that the update still waits
for its socket's send task in the server, then travels.
*Server CPU*, *client CPU*: the share of one core each process used over the window; *other CPU*:
what every other process of the machine used meanwhile (of one core; the machine has
{os.cpu_count()}). *Client lag p99*: how late the load generator's own 10 ms timer fired, the
measurer's part of the latency.
{social_section(levels, settings)}
### Server-side bots, one spectator per table

N tables created with `"bots": ["greedy", "greedy"]` (they start at once), the server's
`RoomSettings(bot_delay={settings.bot_delay:g})`, and one spectator socket per table. A bot
moves `bot_delay` after the update before, so a move's *lateness* is its update's arrival at the
spectator minus (the previous update's server time `table.now` + `bot_delay`): the time the
server took beyond the pace it was asked for to schedule, choose, apply, store and deliver the
move. The first update of a new match is not timed.

{_bots_table(bots, settings.threshold_ms)}

*p99 until built*: the same lateness up to the server's building the update (its `now`); a
stall of the server's event loop after that still delays the update, and shows only in the
lateness.

Reproduce: `{command(repeats, settings)}` (about six minutes; `--help` lists the levels, the
window and the think time; `--profile N` and `--diagnose N` show where the server's time goes
at N tables).
"""


def _social_verdict(levels: Levels, threshold: str, threshold_ms: float) -> str:
    ran = [level for level in levels.social if level.runs]
    if not ran:
        return ""
    held = _sustained(ran, threshold_ms)
    return (
        f" With ratings and chat on (below): {held or 'no'} tables of two guests under "
        f"{threshold}{'' if held else ' at the levels run'}."
    )


def run(repeats: int = 1, settings: Settings | None = None) -> str:
    """The Markdown section "## Web server load"."""
    settings = settings or Settings()
    return report(run_levels(repeats, settings), repeats, settings)


HOSTILE_TABLES = 100  # people's tables beside the flood
CROWD_PEOPLE = 20  # tables of a person against a bot, beside the crowd of bots-only tables
BEHIND_PROXY = ("--trusted-proxy", LOOPBACK)  # load_server's flags: everyone comes through it
HOSTILE_SCENARIOS: tuple[tuple[str, str, int, int, tuple[str, ...]], ...] = (
    ("100 tables of people, alone", "people", HOSTILE_TABLES, 0, ()),
    ("the same, beside the flood and the table maker", "flood", HOSTILE_TABLES, 0, ()),
    ("100 tables of people behind a trusted proxy, alone", "people", HOSTILE_TABLES, 0,
     BEHIND_PROXY),
    ("the same, the flood and the table maker behind the proxy too", "flood", HOSTILE_TABLES, 0,
     BEHIND_PROXY),
    (f"{CROWD_PEOPLE} tables of a person against `{PERSON_BOT}`, alone", "crowd-bots", 20, 0, ()),
    (f"the same, beside {CROWD} tables of `{CROWD_BOT}` bots only", "crowd-bots", 20, CROWD, ()),
)  # fmt: skip


def run_hostile(settings: Settings) -> str:
    """The Markdown section "## Hostile clients": each scenario beside the same load alone."""
    start = time.monotonic()
    rows: list[tuple[str, LevelResult]] = []
    for label, mode, tables, crowd, flags in HOSTILE_SCENARIOS:
        wait_for_quiet(settings.quiet_wait)
        level = partial(run_hostile_level, crowd=crowd)
        result = measure(mode, tables, settings, flags, level=level)
        rows.append((label, result))
        _progress(f"{label}: {_hostile_row(label, result)}")
    return hostile_report(rows, time.monotonic() - start, settings)


def _ms(values: list[float], q: float) -> str:
    return _fmt(1000 * percentile(values, q))


def _hostile_row(label: str, result: LevelResult) -> str:
    problems = sum(result.errors.values()) + result.lost
    passes = problems == 0 and 1000 * percentile(result.latencies, 0.99) < THRESHOLD_MS
    return (
        f"| {label} | {result.rate:.0f} | {_ms(result.latencies, 0.5)} "
        f"| {_ms(result.latencies, 0.99)} | {_ms(result.latencies, 1.0)} "
        f"| {_ms(result.bot_lateness, 0.5)} | {_ms(result.bot_lateness, 0.99)} "
        f"| {problems} | {_fmt(100 * (result.server_cpu or math.nan), 0)}% "
        f"| {_fmt(100 * (result.other_cpu or math.nan), 0)}% | {'yes' if passes else '**no**'} |"
    )


def hostile_report(rows: list[tuple[str, LevelResult]], seconds: float, settings: Settings) -> str:
    header = (
        "| load | actions/s | p50 ms | p99 ms | max ms | bot lateness p50 ms | p99 ms "
        f"| errors | server CPU | other CPU | p99 < {THRESHOLD_MS:.0f} ms |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    )
    table = "\n".join([header, *(_hostile_row(label, result) for label, result in rows)])
    counts = "\n".join(
        f"- {label}: " + ", ".join(f"{name} {n}" for name, n in sorted(result.hostile.items()))
        for label, result in rows
        if result.hostile
    )
    return f"""## Hostile clients

Measured on {machine()}, {seconds:.0f} s in all, SQLite `synchronous={settings.sync}`. Each
scenario is a fresh server (`benchmarks.load_server`: `pegboard serve`'s limits) measured over a
{settings.duration:g} s window after {settings.warmup:g} s of warm-up, and each is shown beside
the same load alone, measured in the same run. The people (two per table, a random legal action
after {settings.think[0]:g}–{settings.think[1]:g} s, as in "Web server load") come from
127.0.0.1, which stands for hundreds of addresses and is exempt from the per-address limits.

- **The flood** (a process of its own, at the usual priority: it stands for a client elsewhere):
  from {FLOODER}, {FLOOD_SOCKETS} sockets to the people's tables, each sending
  pings and bad JSON as fast as the socket takes them and coming back 0.2 s after any close or
  refusal; from {MAKER}, a client making tables and reading the lobby without pause.
- **Behind a trusted proxy** (`load_server --trusted-proxy {LOOPBACK}`): everyone connects
  from {LOOPBACK}, the proxy; each person's socket forwards an address of its own
  (`X-Forwarded-For: 10.x.y.z`, not exempt), the flooder and the table maker forward
  {FLOODER} and {MAKER}. Every limit counts the forwarded address, so the flood cuts the
  flooder's sockets and never a person's (before, the byte budget counted the proxy).
- **The crowd**: {CROWD} tables of two `{CROWD_BOT}` bots only (made from the exempt address, so
  the per-address limit of such tables does not stop them), then tables of a person against
  `{PERSON_BOT}`. *Bot lateness*: a bot's move at a person's table, timed at the person's socket:
  its update's arrival minus (the server time of the update before + `bot_delay`
  {settings.bot_delay:g} s), for moves made while the person had nothing to do (the bot's own
  thinking is in it).

{table}

What the hostile clients did and got, per scenario:

{counts}

Reproduce: `{COMMAND} --hostile --duration {settings.duration:g} --warmup {settings.warmup:g}{
        f" --nice {settings.nice}" if settings.nice else ""
    }` (about two minutes).
"""


def _headline(mode: str, tables: int, result: LevelResult) -> str:
    return (
        f"{mode} level of {tables} tables: {result.rate:.0f}/s, "
        f"p50 {1000 * percentile(result.latencies, 0.5):.1f} ms, "
        f"p99 {1000 * percentile(result.latencies, 0.99):.1f} ms, "
        f"server CPU {100 * (result.server_cpu or math.nan):.0f}%, "
        f"other CPU {100 * (result.other_cpu or math.nan):.0f}%, "
        f"p99 until built {1000 * percentile(result.server_part, 0.99):.1f} ms, "
        f"client GC max {1000 * max(result.client_gc, default=0.0):.1f} ms"
    )


def profile(mode: str, tables: int, settings: Settings, top: int = 30) -> str:
    """A level with the server under cProfile: its hottest functions."""
    with tempfile.TemporaryDirectory(prefix="pegboard-profile-") as tmp:
        out = Path(tmp) / "server.prof"
        result = measure(mode, tables, settings, ["--profile", str(out)])
        if not out.exists():
            return "the server wrote no profile"
        parts = [
            f"cProfile of the server (slowed by the profiler), {_headline(mode, tables, result)}"
        ]
        for order in ("tottime", "cumulative"):
            buffer = io.StringIO()
            stats = pstats.Stats(str(out), stream=buffer)
            stats.strip_dirs().sort_stats(order).print_stats(top)
            parts.append(f"--- by {order} ---\n{buffer.getvalue()}")
        return "\n".join(parts)


def diagnose(mode: str, tables: int, settings: Settings) -> str:
    """A level with the server's event-loop watchdog and GC timing on: where the lag comes from."""
    with tempfile.TemporaryDirectory(prefix="pegboard-diagnose-") as tmp:
        out = Path(tmp) / "diagnosis.json"
        result = measure(mode, tables, settings, ["--diagnose", str(out)])
        if not out.exists():
            return "the server wrote no diagnosis"
        return f"{_headline(mode, tables, result)}\n{out.read_text('utf-8')}"


def _levels(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=1, help="runs per level, pooled")
    parser.add_argument("--levels", type=_levels, default=list(PLAYER_LEVELS))
    parser.add_argument("--bot-levels", type=_levels, default=list(BOT_LEVELS))
    parser.add_argument("--duration", type=float, default=30.0, help="measuring window, s")
    parser.add_argument("--warmup", type=float, default=5.0, help="s after the ramp")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.0), metavar=("LO", "HI"))
    parser.add_argument("--bot-delay", type=float, default=0.75)
    parser.add_argument("--budget", type=float, default=BUDGET, help="s for the whole run")
    parser.add_argument(
        "--quiet-wait", type=float, default=10.0, help="s to wait for a quiet machine per level"
    )
    parser.add_argument(
        "--nice", type=int, default=0, help="priority of server and load generator (-10: root)"
    )
    parser.add_argument(
        "--stop-after-fail", action="store_true", help="skip the levels above a failed one"
    )
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile at N tables")
    parser.add_argument(
        "--diagnose", type=int, default=0, metavar="N", help="loop lag and GC pauses at N tables"
    )
    parser.add_argument("--bots", action="store_true", help="--profile/--diagnose: bots mode")
    parser.add_argument(
        "--social",
        action="store_true",
        help="also the pairs with ratings and chat off and on (--profile/--diagnose: on)",
    )
    parser.add_argument("--social-levels", type=_levels, default=list(SOCIAL_LEVELS))
    parser.add_argument(
        "--social-score-target",
        type=int,
        default=SOCIAL_SCORE_TARGET,
        help="score target of those pairs",
    )
    parser.add_argument(
        "--chat-every", type=float, default=CHAT_EVERY, help="s between a table's messages"
    )
    parser.add_argument(
        "--score-target", type=int, default=121, help="of the players' and bots' levels"
    )
    parser.add_argument(
        "--hostile", action="store_true", help="the flood and the crowd of bots, side by side"
    )
    parser.add_argument("--sync", choices=("normal", "full"), default="normal", help="SQLite's")
    parser.add_argument("--db-dir", default=None, help="folder of the server's SQLite file")
    parser.add_argument(
        "--store",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="the server's store (postgresql: a throwaway server a level)",
    )
    parser.add_argument(
        "--fix",
        action="append",
        choices=FIXES,
        default=[],
        help="server experiments (see load_server)",
    )
    parser.add_argument(
        "--client-gc",
        choices=("freeze", "default"),
        default="freeze",
        help="the load generator's collector: its survivors frozen every second, or Python's",
    )
    args = parser.parse_args(argv)
    settings = Settings(
        player_levels=args.levels,
        bot_levels=args.bot_levels,
        duration=args.duration,
        warmup=args.warmup,
        think=(args.think[0], args.think[1]),
        bot_delay=args.bot_delay,
        budget=args.budget,
        stop_after_fail=args.stop_after_fail,
        quiet_wait=args.quiet_wait,
        nice=args.nice,
        db_dir=args.db_dir,
        store=args.store,
        fixes=tuple(args.fix),
        sync=args.sync,
        score_target=args.score_target,
        social_levels=args.social_levels if args.social else (),
        social_score_target=args.social_score_target,
        chat_every=args.chat_every,
        client_gc=args.client_gc,
    )
    if args.hostile:
        with priority(settings.nice):
            print(run_hostile(settings))
        return
    mode = "bots" if args.bots else "social" if args.social else "players"
    if mode == "social":  # a profile or a diagnosis of the social load: its own score target
        inspected = dataclasses.replace(settings, score_target=args.social_score_target)
    else:
        inspected = settings
    if args.profile:
        with priority(settings.nice):
            print(profile(mode, args.profile, inspected))
        return
    if args.diagnose:
        with priority(settings.nice):
            print(diagnose(mode, args.diagnose, inspected))
        return
    print(run(args.repeats, settings))


if __name__ == "__main__":
    main()
