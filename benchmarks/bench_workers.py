"""Workers behind nginx (issue 32 §2): one worker alone, and two workers behind nginx sharing
Redis and PostgreSQL, on the same machine, at the fast pace: the tables each holds at p99 < 50 ms
and the CPU each spends per action.

Every setup is built fresh for each run, of the tests' own throwaway parts: a PostgreSQL cluster
(``tests/server/postgres_server.py``), a redis-server (``redis_server.py``), Debian's nginx with
``deploy/nginx/pegboard.conf`` as deployed (``test_nginx.nginx_config``); the workers are
``benchmarks.load_server`` (``pegboard serve``'s limits, ``--redis`` and ``--trusted-proxy
127.0.0.1`` behind nginx, and each its route, ``--route 8001`` and ``8002`` as the deployed
site names them: a socket that lands on the worker not owning its table is sent to the owner).
``two-relayed`` is two workers without routes, as before session 20: about half the sockets are
relayed through Redis. The load is ``benchmarks.load_client``'s two people a table, from this
process, through the front (nginx, or the one worker), following 4307 as the web client does.

*CPU per action* is the CPU time every process of the server spent over the window (the workers,
nginx, Redis, PostgreSQL and its backends, read from /proc: user + system, with what their
children that ended meanwhile spent), over the actions answered in the window. CPU time is not
stretched by the other work of a shared machine as latency is. The workers' own children (the
review processes a finished match starts) are counted apart and left out of it: they are the same
work whatever the setup. The latency rows are best effort on a shared machine: read them with the
load average.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_workers --levels 200,300
--repeats 2 --nice -20`` (``--help``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.bench_server import (
    ROOT,
    THRESHOLD_MS,
    ServerProcess,
    priority,
    ramp_for,
    store_for,
    wait_for_quiet,
)
from benchmarks.load_client import LOOPBACK, LevelConfig, LevelResult, percentile, run_level_sync
from benchmarks.load_server import FIXES
from benchmarks.machine import machine

COMMAND = ".venv/bin/python -m benchmarks.bench_workers"
LEVELS = (200, 300)
ROUTES = ("8001", "8002")  # deploy/nginx/pegboard.conf's routes, the workers in its order
NGINX_CONNECTIONS = 8192  # the tests' nginx.conf allows 256: far fewer than the load's sockets
PARTS = ("workers", "nginx", "Redis", "PostgreSQL")  # the server's processes, in CPU per action
CHILDREN = "reviews"  # the workers' children: the same work in every setup, counted apart


@dataclass(frozen=True)
class Setup:
    name: str
    workers: int
    nginx: bool
    store: str = "postgresql"
    routed: bool = True  # each worker has its route (--route): a socket goes to its table's owner


SETUPS = {
    "one-sqlite": Setup("one worker on SQLite", 1, nginx=False, store="sqlite"),
    "one": Setup("one worker", 1, nginx=False),
    "one-nginx": Setup("one worker behind nginx", 1, nginx=True),
    "two": Setup("two workers behind nginx", 2, nginx=True),
    # as before session 20: no routes, so half the sockets are relayed through Redis
    "two-relayed": Setup("two workers behind nginx, relaying", 2, nginx=True, routed=False),
}


@dataclass
class Settings:
    levels: Sequence[int] = LEVELS
    setups: Sequence[str] = ("one", "two")
    repeats: int = 1
    duration: float = 30.0
    warmup: float = 5.0
    think: tuple[float, float] = (0.5, 1.0)
    nice: int = 0
    quiet_wait: float = 10.0
    fixes: tuple[str, ...] = ()  # experiments of load_server (--fix), in every worker
    profile: str | None = None  # a folder: each worker's cProfile stats go there (--profile)


@dataclass
class Row:
    setup: Setup
    tables: int
    runs: list[LevelResult] = field(default_factory=list)

    def latencies(self) -> list[float]:
        return [x for r in self.runs for x in r.latencies]

    def ms(self, q: float) -> float:
        return 1000 * percentile(self.latencies(), q)

    def problems(self) -> int:
        return sum(sum(r.errors.values()) + r.lost for r in self.runs)

    def passes(self) -> bool:
        return bool(self.runs) and self.problems() == 0 and self.ms(0.99) < THRESHOLD_MS

    def per_action(self, parts: Sequence[str] = PARTS) -> float:
        """Milliseconds of CPU per action answered: the median over the runs."""
        values = [
            1000 * sum(r.part_cpu.get(p, 0.0) for p in parts) / len(r.latencies)
            for r in self.runs
            if r.latencies
        ]
        return statistics.median(values) if values else math.nan

    def rate(self) -> float:
        seconds = sum(r.duration for r in self.runs)
        return len(self.latencies()) / seconds if seconds else 0.0


# -- the CPU of process trees, from /proc ---------------------------------------------------


def processes() -> dict[int, tuple[int, float, float, str]]:
    """pid -> (parent, its own CPU s, its ended children's CPU s, command line), every process."""
    tick = os.sysconf("SC_CLK_TCK")
    found: dict[int, tuple[int, float, float, str]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(entry.path, "stat").read_text("ascii").rsplit(")", 1)[1].split()
            command = Path(entry.path, "cmdline").read_bytes().replace(b"\0", b" ").decode()
            own = (int(fields[11]) + int(fields[12])) / tick
            ended = (int(fields[13]) + int(fields[14])) / tick
            found[int(entry.name)] = (int(fields[1]), own, ended, command)
    return found


def tree_cpu(roots: Sequence[int], table: dict[int, tuple[int, float, float, str]]) -> float:
    """CPU seconds so far of ``roots`` and all their descendants, those that ended included."""
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (parent, *_) in table.items():
        children[parent].append(pid)
    total, todo = 0.0, [r for r in roots if r in table]
    while todo:
        pid = todo.pop()
        _, own, ended, _ = table[pid]
        total += own + ended
        todo.extend(children[pid])
    return total


def part_of(command: str, workers: set[int], pid: int) -> str | None:
    """Which part of the server a child of this process is (None: not the server's)."""
    if pid in workers:
        return "workers"
    for name, marker in (("nginx", "nginx"), ("Redis", "redis-server"), ("PostgreSQL", "postgres")):
        if marker in command:
            return name
    return None


def cpu_probes(workers: Sequence[int]) -> dict[str, Callable[[], float]]:
    """Per part of the server (PARTS, and the workers' children), its CPU seconds so far. Every
    part is a child of this process (the servers it started), with all its descendants."""
    me, own = os.getpid(), set(workers)

    def part(name: str) -> Callable[[], float]:
        def read() -> float:
            table = processes()
            roots = [
                pid
                for pid, (parent, _, _, command) in table.items()
                if parent == me and part_of(command, own, pid) == name
            ]
            if name == "workers":  # the workers' own time; their children are CHILDREN
                return sum(table[pid][1] for pid in roots)
            return tree_cpu(roots, table)

        return read

    def children() -> float:
        table = processes()
        return sum(tree_cpu([pid], table) - table[pid][1] for pid in own if pid in table)

    return {**{name: part(name) for name in PARTS}, CHILDREN: children}


# -- a setup, built fresh --------------------------------------------------------------------


def _tests_module(name: str) -> Any:
    """A helper of the tests, as it is (their throwaway servers)."""
    folder = str(ROOT / "tests" / "server")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


@contextlib.contextmanager
def nginx(folder: Path, workers: Sequence[int]) -> Iterator[int]:
    """Debian's nginx with deploy/nginx/pegboard.conf in front of ``workers``; its port."""
    tests = _tests_module("test_nginx")
    port: int = _tests_module("redis_server").free_port()
    ports = list(workers) * (2 // len(workers))  # the deployed upstream lists two
    main: Path = tests.nginx_config(folder, port, ports)
    conf = main.read_text()
    assert "worker_connections 256;" in conf
    main.write_text(
        conf.replace("worker_connections 256;", f"worker_connections {NGINX_CONNECTIONS};")
    )
    process = subprocess.Popen([tests.nginx_binary(), "-c", str(main), "-p", str(folder)])
    try:
        _tests_module("throwaway").wait_until_answering(
            process, lambda: _answers(port), "nginx", 20
        )
        yield port
    finally:
        _tests_module("throwaway").stop(process)


def _answers(port: int) -> bool:
    import httpx

    try:
        return httpx.get(f"http://{LOOPBACK}:{port}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@contextlib.contextmanager
def built(
    setup: Setup,
    folder: Path,
    lifetime: float,
    fixes: Sequence[str] = (),
    profile: str | None = None,
) -> Iterator[tuple[int, list[int]]]:
    """The setup's processes, running: the port of its front and the workers' pids."""
    with contextlib.ExitStack() as stack:
        db = stack.enter_context(store_for(setup.store, folder))
        flags = [f"--fix={fix}" for fix in fixes]
        if setup.workers > 1:
            redis = stack.enter_context(_tests_module("redis_server").redis_server(folder))
            flags += ["--redis", redis]
        if setup.nginx:
            flags += ["--trusted-proxy", LOOPBACK]
        workers: list[ServerProcess] = []
        for n in range(setup.workers):  # one at a time: the first migrates the new database
            stats = ["--profile", f"{profile}/{setup.name} {n + 1}.prof", "--profile-window"]
            stats = stats if profile else []
            # the deployed site's routes, in the order nginx() lists the workers
            route = ["--route", ROUTES[n]] if setup.workers > 1 and setup.routed else []
            worker = ServerProcess(db, 0.75, lifetime, flags + stats + route)
            stack.callback(worker.stop)
            workers.append(worker)
        pids = [w.pid for w in workers]
        if setup.nginx:
            yield stack.enter_context(nginx(folder, [w.port for w in workers])), pids
        else:
            yield workers[0].port, pids


def measure(setup: Setup, tables: int, settings: Settings) -> LevelResult:
    ramp = ramp_for(tables)
    lifetime = ramp + settings.warmup + settings.duration + 120
    with (
        tempfile.TemporaryDirectory(prefix="pegboard-workers-") as tmp,
        built(setup, Path(tmp), lifetime, settings.fixes, settings.profile) as (port, workers),
    ):
        config = LevelConfig(
            mode="players",
            tables=tables,
            port=port,
            duration=settings.duration,
            warmup=settings.warmup,
            ramp=ramp,
            think=settings.think,
            seed=tables,
            cpu_probes=cpu_probes(workers),
            on_window=partial(_signal_window, workers) if settings.profile else None,
        )
        result = run_level_sync(config)
    result.load_average = os.getloadavg()[0]
    return result


def _signal_window(workers: Sequence[int], opening: bool) -> None:
    """The workers' profilers on as the window opens, off as it closes (--profile-window)."""
    for pid in workers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGUSR1 if opening else signal.SIGUSR2)


def run(settings: Settings) -> list[Row]:
    """Each level, the setups in turns (each run of each), so that they see the same machine."""
    rows: list[Row] = []
    with priority(settings.nice):  # every process started from here inherits it
        for tables in settings.levels:
            level = [Row(SETUPS[name], tables) for name in settings.setups]
            rows += level
            for _ in range(settings.repeats):
                for row in level:
                    wait_for_quiet(settings.quiet_wait)
                    result = measure(row.setup, tables, settings)
                    row.runs.append(result)
                    _progress(f"{row.setup.name}, {tables} tables: {_summary(result)}")
    return rows


def _summary(result: LevelResult) -> str:
    cpu = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in result.part_cpu.items())
    return (
        f"{result.rate:.0f}/s, p50 {1000 * percentile(result.latencies, 0.5):.1f} ms, "
        f"p99 {1000 * percentile(result.latencies, 0.99):.1f} ms, "
        f"errors {dict(result.errors)}, lost {result.lost} {dict(result.lost_why)}, "
        f"sockets closed by the server {dict(result.closed)}, "
        f"tables set up in the window {result.set_up_late}, CPU {cpu}, "
        f"load average {result.load_average:.1f}"
    )


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _fmt(value: float, digits: int = 1) -> str:
    return "–" if math.isnan(value) else f"{value:.{digits}f}"


def report(rows: list[Row], settings: Settings) -> str:
    """The Markdown table of the rows, with the held levels and the ratios."""
    header = (
        "| setup | tables | actions/s | p50 ms | p99 ms | errors | CPU ms per action "
        "| workers | nginx | Redis | PostgreSQL | × one worker | reviews ms per action "
        "| load average | p99 < 50 ms |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: | --- | --- |"
    )
    lines = [header]
    for row in rows:
        alone = next((r for r in rows if r.tables == row.tables and r.setup == SETUPS["one"]), None)
        ratio = row.per_action() / alone.per_action() if alone is not None else math.nan
        loads = ", ".join(f"{r.load_average:.1f}" for r in row.runs if r.load_average)
        lines.append(
            f"| {row.setup.name} | {row.tables} | {row.rate():.0f} | {_fmt(row.ms(0.5))} "
            f"| {_fmt(row.ms(0.99))} | {row.problems()} | {_fmt(row.per_action(), 2)} "
            + " ".join(f"| {_fmt(row.per_action([p]), 2)}" for p in PARTS)
            # A child that ends between two reads of /proc may leave a tick out: never < 0.
            + f" | {_fmt(ratio, 2)} | {_fmt(max(0.0, row.per_action([CHILDREN])), 2)} | {loads} "
            f"| {'yes' if row.passes() else '**no**'} |"
        )
    held = []
    for name in settings.setups:
        passed = [r.tables for r in rows if r.setup == SETUPS[name] and r.passes()]
        held.append(f"{SETUPS[name].name}: {max(passed) if passed else 'none of the levels'}")
    return (
        f"Measured on {machine()}, {settings.repeats} run(s) a setup and level in turns, "
        + (f"`--fix {' '.join(settings.fixes)}`, " if settings.fixes else "")
        + f"{settings.duration:g} s windows after {settings.warmup:g} s of warm-up, think "
        f"{settings.think[0]:g}–{settings.think[1]:g} s.\n\n"
        + "\n".join(lines)
        + f"\n\nTables held at p99 < {THRESHOLD_MS:.0f} ms: "
        + "; ".join(held)
        + ".\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="tables, e.g. 200,300")
    parser.add_argument("--setups", default="one,two", help=f"of {', '.join(SETUPS)}, run in turns")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each setup and level")
    parser.add_argument("--duration", type=float, default=30.0, help="measuring window, s")
    parser.add_argument("--warmup", type=float, default=5.0, help="s after the ramp")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.0), metavar=("LO", "HI"))
    parser.add_argument("--nice", type=int, default=0, help="priority of everything (-20: root)")
    parser.add_argument("--quiet-wait", type=float, default=10.0, help="s to wait for quiet")
    parser.add_argument(
        "--profile",
        default=None,
        metavar="DIR",
        help="each worker's cProfile stats over the window go here",
    )
    parser.add_argument(
        "--fix", action="append", choices=FIXES, default=[], help="load_server's experiments"
    )
    args = parser.parse_args(argv)
    setups = [name.strip() for name in args.setups.split(",") if name.strip()]
    unknown = [name for name in setups if name not in SETUPS]
    if unknown:
        parser.error(f"unknown setups {unknown}: choose from {', '.join(SETUPS)}")
    settings = Settings(
        levels=[int(n) for n in args.levels.split(",") if n.strip()],
        setups=setups,
        repeats=args.repeats,
        duration=args.duration,
        warmup=args.warmup,
        think=(args.think[0], args.think[1]),
        nice=args.nice,
        quiet_wait=args.quiet_wait,
        fixes=tuple(args.fix),
        profile=args.profile,
    )
    print(report(run(settings), settings))


if __name__ == "__main__":
    main()
