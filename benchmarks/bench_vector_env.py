"""``VectorEnv`` throughput (the single environment's ids and observation layout), every game,
N = 1,024, random legal actions; beside OpenSpiel's ``cribbage`` (the only one of the three
games OpenSpiel has), in one process, the rows taking turns.

Run from the project root: ``nice -n 0 .venv/bin/python -m benchmarks.bench_vector_env``
"""

from __future__ import annotations

import statistics
import sys
from importlib import metadata
from time import process_time
from typing import Any

import numpy as np
import pyspiel

from benchmarks.bench_vector import Run, Tally, openspiel_run
from benchmarks.machine import machine
from pegboard.env.vector_env import VectorEnv

COMMAND = "nice -n 0 .venv/bin/python -m benchmarks.bench_vector_env"
N = 1024
CRIBBAGE_STEPS, CRIBBAGE_WARMUP = 600, 300
OTHER_STEPS = 12
"""The other games step in Python one game after another: a few steps give their rate."""
OPENSPIEL_GAMES = 150
SETUPS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("cribbage", 2, {}),
    ("cribist", 4, {}),
    ("not-enough", 2, {}),
    ("not-enough", 4, {}),
)


def vector_env_run(venv: VectorEnv, rng: np.random.Generator, steps: int) -> Run:
    def run(tally: Tally) -> None:
        for _ in range(steps):
            _obs, _rewards, done = venv.step(venv.random_actions(rng))
            if done.any():
                tally.add(venv.final_scores[done][:, :2])
        tally.decisions += steps * venv.n

    return run


def timed(run: Run) -> tuple[Tally, float]:
    tally = Tally()
    cpu = process_time()
    run(tally)
    return tally, process_time() - cpu


def main(repeats: int = 5) -> str:
    os_game = pyspiel.load_game("cribbage")
    openspiel = openspiel_run(os_game, 0, OPENSPIEL_GAMES)
    openspiel_run(os_game, 10_000, 30)(Tally())
    rows: list[tuple[str, Run, bool]] = []
    for game, players, options in SETUPS:
        venv = VectorEnv(game, n=N, players=players, **options)
        venv.reset(1)
        rng = np.random.default_rng(1)
        cribbage = game == "cribbage"  # its games end often enough to count them
        vector_env_run(venv, rng, CRIBBAGE_WARMUP if cribbage else 2)(Tally())
        label = f"pegboard `VectorEnv('{game}', n={N:,}, players={players})`, `random_actions`"
        rows.append(
            (
                label,
                vector_env_run(venv, rng, CRIBBAGE_STEPS if cribbage else OTHER_STEPS),
                cribbage,
            )
        )
    results: dict[str, list[tuple[Tally, float, float]]] = {label: [] for label, _, _ in rows}
    os_results: list[tuple[Tally, float]] = []
    for _ in range(repeats):
        for label, run, _counted in rows:
            os_tally, os_cpu = timed(openspiel)
            os_results.append((os_tally, os_cpu))
            tally, cpu = timed(run)
            results[label].append((tally, cpu, os_tally.games / os_cpu))
    return table(rows, results, os_results, repeats)


def table(
    rows: list[tuple[str, Run, bool]],
    results: dict[str, list[tuple[Tally, float, float]]],
    os_results: list[tuple[Tally, float]],
    repeats: int,
) -> str:
    versions = f"numpy {np.__version__}, open-spiel {metadata.version('open-spiel')}"
    out = [
        f"{machine()}, {versions}; {repeats} runs of each row, each right after a run of "
        "OpenSpiel; the ratio is the median of those pairs (games per CPU-second).",
        "",
        "| loop | decisions per CPU-second (median) | games per CPU-second (median) "
        "| × OpenSpiel, CPU (median of runs) | games timed |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for label, _run, counted in rows:
        runs = results[label]
        decisions = statistics.median(t.decisions / cpu for t, cpu, _ in runs)
        games = sum(t.games for t, _, _ in runs)
        if counted:
            rate = statistics.median(t.games / cpu for t, cpu, _ in runs)
            ratio = statistics.median(t.games / cpu / os for t, cpu, os in runs)
            out.append(f"| {label} | {decisions:,.0f} | {rate:,.0f} | {ratio:.1f} | {games:,} |")
        else:
            out.append(f"| {label} | {decisions:,.0f} | - | - | {games:,} |")
    os_decisions = statistics.median(t.decisions / cpu for t, cpu in os_results)
    os_rate = statistics.median(t.games / cpu for t, cpu in os_results)
    os_games = sum(t.games for t, _ in os_results)
    out.append(
        f"| OpenSpiel `cribbage` via pyspiel | {os_decisions:,.0f} | {os_rate:,.0f} | 1.0 "
        f"| {os_games:,} |"
    )
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(main() + "\n")
