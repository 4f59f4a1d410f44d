"""Vectorized environment throughput: 2-player Cribbage games finished per second by
``pegboard.env.vector`` (N games stepped at once, random legal actions sampled with numpy
from ``legal_mask()`` as a training loop would) beside OpenSpiel's ``cribbage`` driven from
Python through pyspiel, in the same process, the rows taking turns.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_vector``
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from time import perf_counter, process_time
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from benchmarks.machine import machine
from pegboard.env.vector import CribbageVector, make
from pegboard.env.vector_numpy import NumpyCribbage

COMMAND = "nice -n 0 .venv/bin/python -m benchmarks.bench_vector"
SIZES = (1024, 2048, 4096)
"""Games per batch; the first is the one the target is stated for."""
STEPS = 800
"""Timed steps per run of a vector row (each advances every game by one decision)."""
WARMUP_STEPS = 400
"""Untimed steps first, so the games are spread over every phase as in a long run."""
OPENSPIEL_GAMES = 150
OPENSPIEL_WARMUP = 50
TARGET = 121


def uniform_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.intp]:
    """One uniformly random legal action per row of ``mask``: the largest of random keys
    where the mask allows."""
    keys = rng.random(mask.shape, dtype=np.float32)
    keys[~mask] = -1.0
    return np.asarray(np.argmax(keys, axis=1), dtype=np.intp)


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)

    def add(self, scores: npt.ArrayLike) -> None:
        table = np.asarray(scores).reshape(-1, 2)
        self.games += len(table)
        self.winners.extend(table.max(axis=1).tolist())
        self.losers.extend(table.min(axis=1).tolist())


Run = Callable[[Tally], None]


def vector_run(venv: CribbageVector, rng: np.random.Generator, steps: int, from_mask: bool) -> Run:
    """``steps`` steps of random legal actions: drawn by ``venv.random_actions`` (one
    number per game), or with ``from_mask`` from ``legal_mask()`` by :func:`uniform_legal`."""

    def actions() -> npt.NDArray[np.integer]:
        if from_mask:
            return uniform_legal(venv.legal_mask(), rng)
        return venv.random_actions(rng)

    def run(tally: Tally) -> None:
        for _ in range(steps):
            _obs, _rewards, done = venv.step(actions())
            if done.any():
                tally.add(venv.final_scores[done])
        tally.decisions += steps * venv.n

    return run


def openspiel_run(game: Any, first: int, games: int) -> Run:
    """The standard pyspiel random playout, chance sampled uniformly by index."""

    def run(tally: Tally) -> None:
        for i in range(first, first + games):
            state = game.new_initial_state()
            rng = random.Random(i)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    tally.decisions += 1
            tally.add(_openspiel_scores(state))

    return run


def _openspiel_scores(state: Any) -> list[int]:
    for line in str(state.to_string()).splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Scores":
            return [int(s) for s in value.split()]
    raise AssertionError("no scores in OpenSpiel's state text")


@dataclass
class Row:
    label: str
    run: Run
    rates: list[float] = field(default_factory=list)
    cpu_rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    """Per run: this row's games/s over OpenSpiel's in the run just before it."""
    cpu_ratios: list[float] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)

    @property
    def rate(self) -> float:
        return statistics.median(self.rates)

    @property
    def cpu_rate(self) -> float:
        return statistics.median(self.cpu_rates)

    def time(self) -> None:
        tally = Tally()
        start, cpu = perf_counter(), process_time()
        self.run(tally)
        seconds, cpu_seconds = perf_counter() - start, process_time() - cpu
        self.rates.append(tally.games / seconds)
        self.cpu_rates.append(tally.games / cpu_seconds)
        self.tally.games += tally.games
        self.tally.decisions += tally.decisions
        self.tally.winners += tally.winners
        self.tally.losers += tally.losers


def run(repeats: int = 7, seed: int = 1) -> str:
    os_game = pyspiel.load_game("cribbage")
    rows = []
    engine = type(make("cribbage", n=1).engine).__name__
    cases = [(SIZES[0], True, False), *((size, False, False) for size in SIZES)]
    for n, from_mask, numpy_engine in [*cases, (SIZES[0], False, True)]:
        venv = make("cribbage", n=n)
        if numpy_engine:  # the engine a machine without a C compiler runs
            venv.engine = NumpyCribbage(n, TARGET, False)
        venv.reset(seed)
        rng = np.random.default_rng(seed)
        vector_run(venv, rng, WARMUP_STEPS, from_mask)(Tally())
        steps = STEPS * SIZES[0] // n
        how = "`uniform_legal(venv.legal_mask())`" if from_mask else "`venv.random_actions`"
        label = f"pegboard `env.vector`, N = {n:,}, {how}"
        if numpy_engine:
            label += ", numpy engine (no compiler)"
        rows.append(Row(label, vector_run(venv, rng, steps, from_mask)))
    openspiel_run(os_game, 10**6, OPENSPIEL_WARMUP)(Tally())
    peer = Row("OpenSpiel `cribbage` via pyspiel", openspiel_run(os_game, 0, OPENSPIEL_GAMES))
    # OpenSpiel runs right before each vector run: each ratio compares neighbours in time.
    for _ in range(repeats):
        for row in rows:
            peer.time()
            row.time()
            row.ratios.append(row.rates[-1] / peer.rates[-1])
            row.cpu_ratios.append(row.cpu_rates[-1] / peer.cpu_rates[-1])
    table = [
        "| engine | games/s (median) | × OpenSpiel (median of runs) "
        "| games per CPU-second (median) | × OpenSpiel, CPU (median of runs) "
        "| games timed | decisions/game | mean scores (winner, loser) | × OpenSpiel by run |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in [*rows, peer]:
        t = row.tally
        ratio = statistics.median(row.ratios) if row.ratios else 1.0
        cpu_ratio = statistics.median(row.cpu_ratios) if row.cpu_ratios else 1.0
        table.append(
            f"| {row.label} | {row.rate:,.0f} | {ratio:.1f} "
            f"| {row.cpu_rate:,.0f} | {cpu_ratio:.1f} | {t.games:,} "
            f"| {t.decisions / t.games:.1f} "
            f"| {statistics.fmean(t.winners):.1f}, {statistics.fmean(t.losers):.1f} "
            f"| {', '.join(f'{r:.1f}' for r in row.ratios) or '-'} |"
        )
    lines = [
        "## Vectorized environment",
        "",
        f"{machine()}, numpy {np.__version__}, open-spiel "
        f"{metadata.version('open-spiel')}; {repeats} runs of each vector row, each right "
        "after a run of OpenSpiel; the ratios are the medians of those pairs. One process, "
        f"one core; load average {os.getloadavg()[0]:.1f} on the 2 cores when it ended.",
        "",
        *table,
        "",
        f"- **pegboard `env.vector`**: `venv = pegboard.env.vector.make('cribbage', n=N)`, "
        f"`venv.reset({seed})`, {WARMUP_STEPS} untimed steps so the games are spread over "
        f"every phase, then per run {STEPS:,} steps at N = {SIZES[0]:,} (as many decisions "
        "at the other sizes) of `venv.step(actions)`. The actions are uniformly random "
        "legal ones, drawn either by `venv.random_actions(rng)` (one random number per "
        "game, the environment's own random player) or, as a training loop that only has "
        "the mask would, by `uniform_legal(venv.legal_mask(), rng)`: the argmax of float32 "
        "random keys with the illegal ones set to -1 (numpy, one call per batch). "
        "Games/s counts the games that ended within the timed steps; each is dealt again "
        f"at once (auto-reset). The engine is `{engine}` (the compiled rules core, one C loop "
        "over the N games per step) except in the row marked numpy engine, "
        "`NumpyCribbage`, which steps the same games with whole-array numpy operations.",
        "- **OpenSpiel**: per game `state = game.new_initial_state()`, then while not "
        "terminal: at a chance node `outcomes = state.chance_outcomes()` and "
        "`state.apply_action(outcomes[rng.randrange(len(outcomes))][0])` (its chance "
        "outcomes are uniform), else `state.apply_action(rng.choice(state.legal_actions()))`"
        f"; {OPENSPIEL_GAMES} games per run after {OPENSPIEL_WARMUP} untimed ones.",
        "- games/s is wall-clock; games per CPU-second divides by the process's CPU time "
        "(`time.process_time`), which leaves out the time other processes held the core on "
        "this shared machine.",
        "- Rules differ where the engines differ: pegboard makes goes automatically (they "
        "are not decisions), OpenSpiel makes each go a `Pass` decision and counts both "
        f"hands and the crib before it checks for {TARGET}; pegboard stops the instant a "
        "score reaches the target.",
        "",
        "Reproduce from the project root:",
        "",
        "```",
        COMMAND,
        "```",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
