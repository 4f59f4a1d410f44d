"""Random-playout throughput: two-player Cribbage in pegboard side by side with OpenSpiel's
``cribbage`` driven from Python through pyspiel, in the same process.

Every game is played to the end with uniformly random legal actions. pegboard is measured
through its public checked API (with the default ``post_show`` pause and without it),
through a rules-level loop that skips :meth:`pegboard.Game.apply`'s checks, and through its
rollout fast path :func:`pegboard.games.cribbage.playout.random_game`. OpenSpiel's chance
nodes are sampled from ``state.chance_outcomes()`` by probability.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_playouts``
(add ``--profile`` for a cProfile of the public-API loop instead).
"""

from __future__ import annotations

import cProfile
import io
import os
import platform
import pstats
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from time import perf_counter
from typing import Any

import pyspiel

import pegboard
from pegboard.games.cribbage.playout import play_game, random_game

COMMAND = ".venv/bin/python -m benchmarks.bench_playouts"
PEGBOARD_GAMES = 300
OPENSPIEL_GAMES = 1000
FAST_GAMES = 1000
WARMUP_GAMES = 100
"""Untimed OpenSpiel games first. pegboard's warm-up is one untimed pass over the same
games as the timed runs, so its lazily filled tables (the show's item templates) are warm."""
TARGET = 121


@dataclass(frozen=True)
class Playout:
    """What one finished game leaves behind, for the sanity columns."""

    decisions: int
    """Actions chosen by the random player (not chance, not the table's automatic moves)."""
    chance: int
    """Chance steps resolved."""
    hands: int
    scores: tuple[int, ...]


Engine = Callable[[int], Playout]
"""Play game number ``i`` (its seed) to the end."""


# -- pegboard ------------------------------------------------------------------------------


def pegboard_api(post_show: bool) -> Engine:
    """The public checked API: every action goes through ``Game.apply``."""
    new = _new_game_defaults if post_show else _new_game_no_post_show

    def play(i: int) -> Playout:
        g = new(i)
        rng = random.Random(i)
        while g.outcome is None:
            seat = g.to_act[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        outcome = g.outcome
        assert outcome is not None
        return Playout(len(g.actions), len(g.chance_log), _hands(g), outcome.scores)

    return play


def pegboard_rules(post_show: bool) -> Engine:
    """The same rules object driven directly: ``rules.legal`` / ``rules.apply`` and then
    ``Game._advance`` (chance and automatic moves), skipping ``Game.apply``'s seat, turn,
    canonical-form and legality checks and its action log."""
    new = _new_game_defaults if post_show else _new_game_no_post_show

    def play(i: int) -> Playout:
        g = new(i)
        rules = g.rules
        advance = g._advance
        rng = random.Random(i)
        decisions = 0
        while rules.outcome is None:
            seat = rules.to_act[0]
            rules.apply(seat, rng.choice(rules.legal(seat)))
            advance()
            decisions += 1
        outcome = rules.outcome
        assert outcome is not None
        return Playout(decisions, len(g.chance_log), _hands(g), outcome.scores)

    return play


def pegboard_fast(i: int) -> Playout:
    """The rollout fast path: no events, explanations, checks or pauses; scores only."""
    return Playout(0, 0, 0, tuple(random_game(i)))


def pegboard_fast_tally(i: int) -> Playout:
    """``random_game(i)`` again with counters, untimed: the same generator drawn in the same
    order (first dealer, then per hand a shuffle and the choices), so the same game."""
    rng = random.Random(i)
    deck = list(range(52))
    decisions = hands = 0

    def shuffled() -> list[int]:
        nonlocal hands
        hands += 1
        rng.shuffle(deck)
        return deck

    def choose(seat: int, options: Sequence[object]) -> int:
        nonlocal decisions
        decisions += 1
        return rng.randrange(len(options))

    scores = play_game(2, rng.randrange(2), shuffled, choose)
    return Playout(decisions, hands + 1, hands, tuple(scores))


def _new_game_defaults(i: int) -> pegboard.Game:
    return pegboard.new_game("cribbage", players=2, seed=i)


def _new_game_no_post_show(i: int) -> pegboard.Game:
    return pegboard.new_game("cribbage", players=2, seed=i, post_show=False)


def _hands(g: pegboard.Game) -> int:
    return sum(1 for e in g.events if e["type"] == "deal")


# -- OpenSpiel -----------------------------------------------------------------------------


def openspiel_engine(game: Any) -> Engine:
    """The standard pyspiel random-playout loop."""

    def play(i: int) -> Playout:
        state = game.new_initial_state()
        rng = random.Random(i)
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights=probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return Playout(decisions, chance, *_openspiel_tally(state))

    return play


def _openspiel_tally(state: Any) -> tuple[int, tuple[int, ...]]:
    """Hands dealt and final scores: pyspiel exposes them only in ``to_string()``
    (``returns()`` adds the winner bonus)."""
    fields: dict[str, str] = {}
    for line in str(state.to_string()).splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    # "Round" is the 0-based hand, moved on right after the show: a game that ends in the
    # show has already moved on, one that ends in the play has not.
    hands = int(fields["Round"]) + (fields["Phase"] == "Play")
    return hands, tuple(int(s) for s in fields["Scores"].split())


# -- measuring -----------------------------------------------------------------------------


@dataclass
class Row:
    label: str
    engine: Engine
    games: int
    tally: Engine | None = None
    """Replays the games untimed to fill the sanity columns, for an engine that only
    returns scores."""
    times: list[float] = field(default_factory=list)
    playouts: list[Playout] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def rate(self) -> float:
        return self.games / self.median

    def mean(self, value: Callable[[Playout], float]) -> float:
        return statistics.fmean(value(p) for p in self.playouts)


def timed_batch(engine: Engine, games: int) -> tuple[float, list[Playout]]:
    start = perf_counter()
    playouts = [engine(i) for i in range(games)]
    return perf_counter() - start, playouts


def _winners_reached(row: Row) -> str:
    reached = sum(1 for p in row.playouts if max(p.scores) >= TARGET)
    both = sum(1 for p in row.playouts if min(p.scores) >= TARGET)
    text = f"{reached}/{len(row.playouts)}"
    return f"{text} (both ≥{TARGET}: {both})" if both else text


def run(repeats: int = 5) -> str:
    """Time every engine ``repeats`` times (medians reported); return a Markdown section."""
    os_game = pyspiel.load_game("cribbage")
    os_params = os_game.get_parameters()
    n = PEGBOARD_GAMES
    rows = [
        Row("pegboard API (`Game.apply`), defaults: `post_show` on", pegboard_api(True), n),
        Row("pegboard API (`Game.apply`), `post_show=False`", pegboard_api(False), n),
        Row("pegboard rules-level loop, defaults: `post_show` on", pegboard_rules(True), n),
        Row("pegboard rules-level loop, `post_show=False`", pegboard_rules(False), n),
        Row(
            "pegboard fast path `playout.random_game(i)`",
            pegboard_fast,
            FAST_GAMES,
            tally=pegboard_fast_tally,
        ),
        Row("OpenSpiel `cribbage` via pyspiel", openspiel_engine(os_game), OPENSPIEL_GAMES),
    ]
    warmup_seconds, _ = timed_batch(pegboard_api(True), PEGBOARD_GAMES)
    timed_batch(openspiel_engine(os_game), WARMUP_GAMES)

    # Rows take turns within each repeat, so drift hits all of them alike.
    for _ in range(repeats):
        for row in rows:
            seconds, row.playouts = timed_batch(row.engine, row.games)
            row.times.append(seconds)
    tallies_match = True
    for row in rows:
        if row.tally is not None:
            counted = [row.tally(i) for i in range(row.games)]
            tallies_match &= [p.scores for p in counted] == [p.scores for p in row.playouts]
            row.playouts = counted

    peer = rows[-1]
    table = [
        "| engine, loop | games | median (s) | games/s | × OpenSpiel | decisions/game "
        "| chance steps/game | hands/game | mean scores (winner, loser) "
        "| winner ≥121 | runs (s) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |",
    ]
    for row in rows:
        table.append(
            f"| {row.label} | {row.games:,} | {row.median:.3f} | {row.rate:,.0f} "
            f"| {row.rate / peer.rate:.2f} | {row.mean(lambda p: p.decisions):.1f} "
            f"| {row.mean(lambda p: p.chance):.1f} | {row.mean(lambda p: p.hands):.2f} "
            f"| {row.mean(lambda p: max(p.scores)):.1f}, {row.mean(lambda p: min(p.scores)):.1f} "
            f"| {_winners_reached(row)} | {', '.join(f'{t:.3f}' for t in row.times)} |"
        )
    params = ", ".join(f"`{k}={v!r}`" for k, v in sorted(os_params.items()))
    lines = [
        "## Random playouts",
        "",
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, pegboard {pegboard.__version__}, "
        f"open-spiel {metadata.version('open-spiel')}; median of {repeats} runs, the rows "
        f"taking turns within each run, after one untimed pass of pegboard's {PEGBOARD_GAMES} "
        f"games and {WARMUP_GAMES} untimed OpenSpiel games. "
        "One process, one core. Game `i` uses seed `i` for pegboard's chance and "
        "`random.Random(i)` for the random player, so every run plays the same games.",
        "",
        *table,
        "",
        f"- OpenSpiel `cribbage` parameters (`get_parameters()`): {params}. The winning "
        f"score is not a parameter: it is fixed at {TARGET} in the C++ source.",
        "- **pegboard API**: `g = pegboard.new_game('cribbage', players=2, seed=i)`, then "
        "`seat = g.to_act[0]; g.apply(seat, rng.choice(g.legal_actions(seat)))` until "
        "`g.outcome`. With the default `post_show` pause each player also sends one "
        '`{"type": "ready"}` per hand, counted in decisions/game.',
        "- **pegboard rules-level loop**: the same `Game`, but `g.rules.legal(seat)` / "
        "`g.rules.apply(seat, action)` then `g._advance()` (a private method: chance steps "
        "and the table's automatic moves). It skips `Game.apply`'s seat/turn checks, "
        "canonical form, legality check and action log; events and the chance log are still "
        "built.",
        "- **pegboard fast path**: `pegboard.games.cribbage.playout.random_game(i)`, the "
        "documented rollout path: plain card ids, no `Game`, events, explanations, checks or "
        "pauses, one `random.Random(i)` for chance and choices; it returns the final scores "
        "only. Its sanity columns come from an untimed replay of the same games with "
        "counters (`play_game` with the same generator), which reproduced all of its scores: "
        f"{tallies_match}.",
        "- **OpenSpiel**: `state = game.new_initial_state()`, then while not terminal: at a "
        "chance node `rng.choices(actions, weights=probs)` over `state.chance_outcomes()`, "
        "else `rng.choice(state.legal_actions())`. The C++ engine is called once per step "
        "from Python, so the Python loop and the pybind11 calls are part of its cost.",
        "- Game construction and the per-game tally are inside the timing for every row.",
        f"- pegboard's untimed warm-up pass (API, defaults) took {warmup_seconds:.3f} s. In a "
        "fresh process that includes filling the show's lazily built item templates, so it "
        "shows the cold-start cost against the first row's median.",
        "- The engines do not count the same things. OpenSpiel deals card by card "
        "(12 chance steps and 1 for the starter per hand); pegboard resolves one shuffle per "
        "hand plus one cut for the first dealer. OpenSpiel makes every go an explicit "
        "`Pass` decision; pegboard's defaults (`skip_empty`, `skip_pass`) make goes "
        "automatically, so they are not decisions here.",
        "- OpenSpiel counts both hands and the crib after the play before it checks for the "
        "end, so both players can finish at or above 121; pegboard stops the instant a "
        "score reaches the target. The winner/loser columns are the higher and lower final "
        "scores (OpenSpiel's `returns()` give the winner bonus to the lowest-numbered seat "
        "at 121 or more, which is not always the higher score).",
        "",
        "Reproduce from the project root:",
        "",
        "```",
        COMMAND,
        "```",
    ]
    return "\n".join(lines) + "\n"


def profile(games: int = 300, post_show: bool = True, top: int = 25) -> str:
    """cProfile of the public-API loop (after a warm-up), sorted by internal time."""
    engine = pegboard_api(post_show)
    timed_batch(engine, games)
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(games):
        engine(i)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


if __name__ == "__main__":
    if "--profile" in sys.argv:
        print(profile(post_show="--no-post-show" not in sys.argv))
    else:
        print(run())
