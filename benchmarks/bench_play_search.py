"""The Cribbage expert's play search with its loop over worlds in C and in Python, side by
side: CPU seconds per whole game at each table, and whether the two play the same games.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_play_search GAMES``. For
each table (2 players against ``hoyle``; 3 and 4 players against ``greedy``; two expert
partners against two ``greedy``) it plays the same seeded games twice in this process, once
with ``bots/search/_play_search`` and once with ``play_search.totals_python`` (the core
switched off), alternating game by game so the machine's load falls on both alike, and
prints the median CPU seconds a game (``time.process_time()``), their ratio and whether
every record was the same (docs/bots.md, *Speed*; docs/benchmarks.md).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from pegboard.arena import play_one
from pegboard.bots.search import play_search

TABLES: list[tuple[str, int, list[str], dict[str, object], int]] = [
    ("2 players, expert v hoyle", 2, ["expert", "hoyle"], {}, 2000000),
    ("3 players, expert v 2 greedy", 3, ["expert", "greedy", "greedy"], {}, 4100000),
    ("4 players, expert v 3 greedy", 4, ["expert", "greedy", "greedy", "greedy"], {}, 5100000),
    ("4 in teams, 2 expert v 2 greedy", 4, ["expert", "greedy"] * 2, {"teams": True}, 5500000),
]


def timed(players: int, bots: list[str], options: dict[str, object], seed: int) -> Any:
    start = time.process_time()
    record = play_one("cribbage", players, bots, seed, options).record()
    return record, time.process_time() - start


def use_core(core: object) -> None:
    """Switch the play search's C loop on (the module) or off (None)."""
    setattr(play_search, "_play_search", core)  # noqa: B010


def main(games: int) -> None:
    core = getattr(play_search, "_play_search")  # noqa: B009
    if core is None:
        raise SystemExit("the compiled play search is not built (or PEGBOARD_PURE_PYTHON is set)")
    timed(2, ["expert", "hoyle"], {}, 1)  # the race and toss tables, built once a process
    print("| table | games | C loop, median s | Python loop, median s | ratio | same records |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for name, players, bots, options, first in TABLES:
        fast, slow, same = [], [], True
        for seed in range(first, first + games):
            use_core(core)
            record, seconds = timed(players, bots, options, seed)
            fast.append(seconds)
            use_core(None)
            python_record, seconds = timed(players, bots, options, seed)
            slow.append(seconds)
            same = same and record == python_record
        use_core(core)
        c, p = statistics.median(fast), statistics.median(slow)
        print(f"| {name} | {games} | {c:.3f} | {p:.3f} | {p / c:.1f}× | {same} |", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
