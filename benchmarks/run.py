"""Run every benchmark and write docs/benchmarks.md (``make bench``)."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

from benchmarks import (
    bench_analysis,
    bench_bots,
    bench_cribist,
    bench_playouts,
    bench_scoring,
    bench_server,
    bench_vector,
)
from benchmarks.machine import machine

OUT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sections = [
        bench_scoring.run(repeats),
        bench_analysis.run(repeats),
        bench_playouts.run(repeats),
        bench_vector.run(repeats),
        bench_cribist.run(repeats),
        bench_bots.run(20),  # CPU time per decision: one run, its spread in the table
        bench_server.run(1),  # one stepped run takes minutes; it reports its own spread
        bench_server.run_hostile(bench_server.Settings(duration=15, warmup=3)),
    ]
    today = datetime.date.today().isoformat()
    header = (
        "# Benchmarks\n\n"
        f"Measured {today} on {machine()}. The machine is shared and noisy: every figure is the "
        f"median of {repeats} runs, and each peer is measured in the same run so the ratios hold "
        "when the absolute numbers drift.\n\n"
        "Reproduce everything with `make bench` (installs the peers, then runs "
        "`.venv/bin/python -m benchmarks.run`); each section names its own command.\n"
    )
    OUT.write_text(header + "\n" + "\n\n".join(s.strip() for s in sections) + "\n", "utf-8")
    print(OUT.read_text("utf-8"))


if __name__ == "__main__":
    main()
