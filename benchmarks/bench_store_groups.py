"""The store's write of a move, alone and in groups: CPU time a change.

``python -m benchmarks.bench_store_groups [--db-dir DIR] [--rounds N]`` writes 1,024 changes of
one action each (``Store.commit_writes``, as a room's move) to a fresh SQLite store of 256
tables, in groups of 1, 2, 4, 8 and 16 changes a transaction, the sizes in turns, ``rounds``
times; it prints the median CPU time (of this thread) a change for each size. On SQLite the
server writes the changes of a turn of its event loop as one group (docs/benchmarks.md, "One
process")."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from pegboard.server.store.sql_store import Change, Store, TableRow

TABLES = 256
CHANGES = 1024
SIZES = (1, 2, 4, 8, 16)
ENTRY = {"type": "act", "seat": 0, "action": {"type": "discard", "cards": ["5H", "6D"]}}


def per_change(db_dir: str | None, rounds: int) -> dict[int, list[float]]:
    """CPU seconds a change, for each group size, one figure a round."""
    with tempfile.TemporaryDirectory(prefix="pegboard-groups-", dir=db_dir) as folder:
        store = Store(f"sqlite:///{folder}/store.sqlite")
        try:
            for t in range(TABLES):
                row = TableRow(f"t{t}", "cribbage", 2, {}, "playing", 1, 1, [0, 1], None, 0.0)
                store.create_table(row)
            next_action = [0] * TABLES
            results: dict[int, list[float]] = {size: [] for size in SIZES}
            for _ in range(rounds):
                for size in SIZES:
                    start = time.thread_time()
                    for first in range(0, CHANGES, size):
                        group = []
                        for t in (n % TABLES for n in range(first, first + size)):
                            group.append(Change(f"t{t}", 1, next_action[t], [ENTRY], "playing"))
                            next_action[t] += 1
                        store.commit_writes(group)
                    results[size].append((time.thread_time() - start) / CHANGES)
            return results
        finally:
            store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db-dir", default=None, help="folder of the SQLite file")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    results = per_change(args.db_dir, args.rounds)
    alone = statistics.median(results[1])
    print("| changes a commit | CPU µs a change (median) | each round | × alone |")
    print("| ---: | ---: | --- | ---: |")
    for size, values in results.items():
        median = statistics.median(values)
        rounds = ", ".join(f"{1e6 * v:.0f}" for v in values)
        print(f"| {size} | {1e6 * median:.0f} | {rounds} | {median / alone:.2f} |")


if __name__ == "__main__":
    main()
