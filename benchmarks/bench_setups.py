"""Tables set up beside games in play: the running games' move latency while new tables are set
up at a steady rate, one server against another, in turns.

``python -m benchmarks.bench_setups [--tables 2000] [--think 2 5] [--rate 100] [--turns 3]
[--side main=/work/main/src --side branch=src]``: each side's server (``benchmarks.load_server``
with ``pegboard`` imported from that side's source folder) holds ``--tables`` people's tables at
human pace (2 to 5 s a move; ``benchmarks.load_client``, as ``bench_server``'s plain level);
through the measuring window, ``--rate`` new tables a second are set up as a social table is
(each person a new guest, signed in; a rated table; both join; both sockets welcomed, then
closed). The table printed: for each side and turn, the 99th percentile (and median) of the
running games' actions, the set-ups made and their median and 99th-percentile time from the
first request to both welcomes; then each side's medians over the turns and their ratios to the
first side. Every level waits for the machine to be quiet first (``--quiet-wait``), and quotes
the load average as it ended.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import os
import statistics
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from benchmarks.bench_server import Settings, measure, priority, ramp_for, wait_for_quiet
from benchmarks.load_client import (
    WELCOME_LIMIT,
    LevelConfig,
    LevelResult,
    PlayersBench,
    http_client,
    let_go,
    percentile,
)
from benchmarks.machine import machine

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ".venv/bin/python -m benchmarks.bench_setups"
TABLES = 2000
THINK = (2.0, 5.0)  # human pace, as bench_server's quiet run of 2,000 tables
RATE = 100.0  # set-ups a second through the window
TURNS = 3
# Connections of the set-ups' HTTP client: a set-up makes seven requests one after another, so
# bench_server's 16 (its tables' setups) held 100 a second only while each took under 25 ms.
CONNECTIONS = 64
SET_UP_LIMIT = 60.0  # seconds a set-up may take before it counts as failed


@dataclass
class Run:
    side: str
    turn: int
    result: LevelResult
    set_ups: list[float] = field(default_factory=list)  # seconds each, begun in the window
    failed: int = 0  # set-ups begun in the window that failed or were never welcomed

    def ms(self, q: float) -> float:
        return 1000 * percentile(self.result.latencies, q)

    def set_up_ms(self, q: float) -> float:
        return 1000 * percentile(self.set_ups, q) if self.set_ups else float("nan")


async def _set_up(bench: PlayersBench, http: httpx.AsyncClient, index: int) -> float:
    """One social table set up (guests, table, joins, both sockets welcomed), then let go; the
    seconds it took."""
    began = time.perf_counter()
    table = await bench.open_table(http, index)
    readers = [asyncio.create_task(p.read()) for p in table.players]
    try:
        welcomes = asyncio.gather(*(p.welcomed.wait() for p in table.players))
        await asyncio.wait_for(welcomes, WELCOME_LIMIT)
        return time.perf_counter() - began
    finally:
        await let_go(table, readers)


async def _set_ups(config: LevelConfig, window: tuple[float, float], rate: float, run: Run) -> None:
    """``rate`` set-ups a second, begun through ``window``, each in a task of its own."""
    social = PlayersBench(dataclasses.replace(config, mode="social", seed=config.seed + 1))
    social.window = window
    await asyncio.sleep(max(0.0, window[0] - time.perf_counter()))
    tasks: list[asyncio.Task[float]] = []
    async with http_client(config, CONNECTIONS) as http:
        index = 0
        while (now := time.perf_counter()) < window[1]:
            set_up = _set_up(social, http, config.tables + index)
            tasks.append(asyncio.create_task(asyncio.wait_for(set_up, SET_UP_LIMIT)))
            index += 1
            await asyncio.sleep(max(0.0, window[0] + index / rate - now))
        done = await asyncio.gather(*tasks, return_exceptions=True)
    run.set_ups = [d for d in done if isinstance(d, float)]
    run.failed = len(done) - len(run.set_ups)


def _level(rate: float, run: Run) -> Callable[[LevelConfig], Coroutine[Any, Any, LevelResult]]:
    """The people's tables of ``bench_server``'s plain level, and the set-ups beside them."""

    async def level(config: LevelConfig) -> LevelResult:
        bench = PlayersBench(config)
        playing = asyncio.ensure_future(bench.run())
        await asyncio.sleep(0)  # the bench has set its window
        await _set_ups(config, bench.window, rate, run)
        return await playing

    return level


@contextlib.contextmanager
def server_source(folder: Path) -> Iterator[None]:
    """The servers started meanwhile import ``pegboard`` from ``folder``."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(folder), str(ROOT / "tests")])
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def run(
    sides: Sequence[tuple[str, Path]], tables: int, rate: float, turns: int, settings: Settings
) -> list[Run]:
    runs: list[Run] = []
    for turn in range(turns):
        for side, folder in sides:
            waited = wait_for_quiet(settings.quiet_wait)
            run = Run(side, turn, LevelResult("players", tables))
            with server_source(folder):
                run.result = measure("players", tables, settings, level=_level(rate, run))
            print(_row(run, waited), flush=True)
            runs.append(run)
    return runs


def _row(run: Run, waited: float) -> str:
    r = run.result
    return (
        f"| {run.side} | {run.turn + 1} | {run.ms(0.99):.1f} | {run.ms(0.5):.1f} | "
        f"{len(r.latencies)} | {r.lost} | {len(run.set_ups)} | {run.failed} | "
        f"{run.set_up_ms(0.5):.0f} | {run.set_up_ms(0.99):.0f} | "
        f"{(r.server_cpu or 0.0):.2f} | {r.client_cpu:.2f} | {r.load_average or 0.0:.2f} | "
        f"{waited:.0f} |"
    )


HEADER = (
    "| server | turn | p99 ms | median ms | actions | lost | set-ups | failed | set-up median ms "
    "| set-up p99 ms | server CPU | load generator CPU | load | quiet wait s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def summary(runs: list[Run], sides: Sequence[str]) -> str:
    """Each side's medians over its turns, and their ratio to the first side's."""
    lines = [
        "| server | median p99 ms | ratio | median set-up p99 ms | ratio |",
        "|---|---|---|---|---|",
    ]
    first: tuple[float, float] | None = None
    for side in sides:
        mine = [r for r in runs if r.side == side]
        p99 = statistics.median(r.ms(0.99) for r in mine)
        set_up = statistics.median(r.set_up_ms(0.99) for r in mine)
        first = first or (p99, set_up)
        ratios = f"{p99 / first[0]:.2f} | {set_up:.0f} | {set_up / first[1]:.2f}"
        lines.append(f"| {side} | {p99:.1f} | {ratios} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES, help="people's tables in play")
    parser.add_argument("--rate", type=float, default=RATE, help="set-ups a second")
    parser.add_argument("--turns", type=int, default=TURNS)
    parser.add_argument(
        "--side",
        action="append",
        default=None,
        metavar="NAME=SRC",
        help="a server: its name and the folder it imports pegboard from (default: this tree)",
    )
    parser.add_argument("--duration", type=float, default=30.0, help="the window, seconds")
    parser.add_argument(
        "--think", type=float, nargs=2, default=THINK, metavar=("LOW", "HIGH"),
        help="a person's think time per action, seconds (human pace: 2 5)",
    )  # fmt: skip
    parser.add_argument("--quiet-wait", type=float, default=10.0)
    parser.add_argument("--db-dir", default=None)
    parser.add_argument(
        "--nice", type=int, default=0,
        help="scheduling priority of the servers and the load generator (<0 needs root)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    sides = [
        (name, Path(folder).resolve())
        for name, folder in (s.split("=", 1) for s in (args.side or [f"this={ROOT / 'src'}"]))
    ]
    settings = Settings(
        duration=args.duration,
        quiet_wait=args.quiet_wait,
        db_dir=args.db_dir,
        think=(args.think[0], args.think[1]),
        nice=args.nice,
    )
    ramp = ramp_for(args.tables)
    load = f"{args.tables} tables in play (ramp {ramp:.0f} s), {args.rate:g} set-ups a second"
    print(f"{machine()}; {load} through a {args.duration:g} s window", flush=True)
    print(HEADER, flush=True)
    with priority(args.nice):
        runs = run(sides, args.tables, args.rate, args.turns, settings)
    print()
    print(summary(runs, [name for name, _ in sides]))


if __name__ == "__main__":
    main()
