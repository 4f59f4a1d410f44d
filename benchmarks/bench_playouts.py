"""Random-playout throughput: two-player Cribbage in pegboard side by side with OpenSpiel's
``cribbage`` driven from Python through pyspiel, in the same process.

Every game is played to the end with uniformly random legal actions. pegboard is measured
through its public checked API :meth:`pegboard.Game.apply` (with the default ``post_show``
pause and without it), through the research environment's own API
(:mod:`pegboard.env`: ``legal_actions()`` and ``step()``, and once more with an observation
and a mask per decision), through the PettingZoo AEC loop over it, and through the rollout
fast path :func:`pegboard.games.cribbage.playout.random_game`. ``Game`` and the environment
run on the compiled rules core when it is built; two rows run the pure-Python rules and
environment (what a machine without a C compiler runs) for comparison. OpenSpiel's chance outcomes
are uniform and are sampled by index, as any user would; the loop that sampled them with
``rng.choices(actions, weights=probs)`` (the source of the old 0.45x figure) is kept as a
row of its own.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_playouts``
(add ``--profile`` for a cProfile of the environment loop, ``--profile-api`` of the
``Game.apply`` loop).
"""

from __future__ import annotations

import cProfile
import dataclasses
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
from time import process_time
from typing import Any

import numpy as np
import pyspiel

import pegboard
from pegboard.core import Game, get_spec
from pegboard.env import Env
from pegboard.env import make as make_env
from pegboard.env import pettingzoo as pegboard_pettingzoo
from pegboard.games.cribbage import CribbageRules
from pegboard.games.cribbage.playout import play_game, random_game

COMMAND = "nice -n 0 .venv/bin/python -m benchmarks.bench_playouts"
PEGBOARD_GAMES = 300
ENV_GAMES = 500
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


def pegboard_api(post_show: bool, pure: bool = False) -> Engine:
    """The public checked API: every action goes through ``Game.apply``; ``pure``: with the
    pure-Python rules instead of the compiled extension."""
    new = _new_game_defaults if post_show else _new_game_no_post_show
    if pure:
        new = _new_game_pure_rules

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


def pegboard_env(observe: bool, pure: bool = False) -> Engine:
    """The environment's own API: ``legal_actions()`` and ``step(id)``; with ``observe``,
    also the current player's ``observation()`` and ``legal_mask()`` at every decision (what
    a learning agent reads), the random id then drawn from the mask. ``pure``: the
    pure-Python ``Env`` instead of the compiled one ``make`` gives."""
    env = Env("cribbage", 2) if pure else make_env("cribbage", 2)

    def play(i: int) -> Playout:
        env.reset(i)
        rng = random.Random(i)
        decisions = 0
        while not env.done:
            if observe:
                seat = env.current_player
                assert seat is not None
                env.observation(seat)
                legal = np.flatnonzero(env.legal_mask()).tolist()
            else:
                legal = env.legal_actions()
            env.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return _scores_only(env, decisions)

    return play


def pegboard_aec(i: int) -> Playout:
    """The PettingZoo AEC loop: ``agent_iter()``, ``last()``, a random id from the mask."""
    aec = _AEC
    aec.reset(seed=i)
    rng = random.Random(i)
    decisions = 0
    for _ in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(legal[rng.randrange(len(legal))]))
        decisions += 1
    return _scores_only(aec.unwrapped.core, decisions)


_AEC = pegboard_pettingzoo.env(game="cribbage", players=2)


def _scores_only(env: Env, decisions: int) -> Playout:
    """What the timed loop keeps: its decisions and the final scores (the chance steps and
    hands come from :func:`env_tally`, untimed, since the compiled environment writes its
    events only when asked)."""
    outcome = env.outcome
    assert outcome is not None
    return Playout(decisions, 0, 0, outcome.scores)


def env_tally(i: int) -> Playout:
    """Game ``i`` of the environment rows again (the same seed and random player), untimed,
    read from its record."""
    env = make_env("cribbage", 2)
    env.reset(i)
    rng = random.Random(i)
    while not env.done:
        legal = env.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
    record = env.record()
    hands = sum(1 for e in record["events"] if e["type"] == "deal")
    outcome = env.outcome
    assert outcome is not None
    return Playout(len(record["actions"]), len(record["chance"]), hands, outcome.scores)


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


_PURE_SPEC = dataclasses.replace(get_spec("cribbage"), create=CribbageRules)


def _new_game_pure_rules(i: int) -> pegboard.Game:
    return Game(_PURE_SPEC, 2, i, {"post_show": False})


def _hands(g: pegboard.Game) -> int:
    return sum(1 for e in g.events if e["type"] == "deal")


# -- OpenSpiel -----------------------------------------------------------------------------


def openspiel_engine(game: Any, by_weight: bool = False) -> Engine:
    """The pyspiel random-playout loop. Chance outcomes (uniform in ``cribbage``) are drawn by
    index; ``by_weight`` draws them with ``rng.choices(actions, weights=probs)`` instead,
    which rebuilds the cumulative weights at every chance node."""

    def play(i: int) -> Playout:
        state = game.new_initial_state()
        rng = random.Random(i)
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if by_weight:
                    actions, probs = zip(*outcomes, strict=True)
                    state.apply_action(rng.choices(actions, weights=probs)[0])
                else:
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
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
    """CPU time of this process (the machine is shared: other people's load stays out)."""
    start = process_time()
    playouts = [engine(i) for i in range(games)]
    return process_time() - start, playouts


def _winners_reached(row: Row) -> str:
    reached = sum(1 for p in row.playouts if max(p.scores) >= TARGET)
    both = sum(1 for p in row.playouts if min(p.scores) >= TARGET)
    text = f"{reached}/{len(row.playouts)}"
    return f"{text} (both ≥{TARGET}: {both})" if both else text


TARGETS = {"env": 2.0, "aec": 1.0, "api": 0.5}
"""Issue 13's targets, as multiples of OpenSpiel's games/s (index sampling) in one run."""


def run(repeats: int = 5) -> str:
    """Time every engine ``repeats`` times (medians reported); return a Markdown section."""
    os_game = pyspiel.load_game("cribbage")
    os_params = os_game.get_parameters()
    n = PEGBOARD_GAMES
    peer = Row(
        "OpenSpiel `cribbage` via pyspiel, chance by index",
        openspiel_engine(os_game),
        OPENSPIEL_GAMES,
    )
    api = Row("pegboard `Game.apply` (checked API), `post_show=False`", pegboard_api(False), n)
    env = Row(
        "pegboard env: `legal_actions()` + `step()`", pegboard_env(False), ENV_GAMES, env_tally
    )
    aec = Row("pegboard PettingZoo AEC loop (`last()`, mask, `step()`)", pegboard_aec, n, env_tally)
    rows = [
        Row("pegboard `Game.apply` (checked API), defaults: `post_show` on", pegboard_api(True), n),
        api,
        Row(
            "pegboard `Game.apply`, `post_show=False`, pure-Python rules",
            pegboard_api(False, pure=True),
            n,
        ),
        env,
        Row(
            "pegboard env + `observation()` + `legal_mask()` per decision",
            pegboard_env(True),
            n,
            env_tally,
        ),
        Row(
            "pegboard env: `legal_actions()` + `step()`, pure-Python `Env`",
            pegboard_env(False, pure=True),
            n,
            env_tally,
        ),
        aec,
        Row(
            "pegboard fast path `playout.random_game(i)` (scores only)",
            pegboard_fast,
            FAST_GAMES,
            tally=pegboard_fast_tally,
        ),
        Row(
            "OpenSpiel, chance by `rng.choices(weights=...)` (the old loop)",
            openspiel_engine(os_game, by_weight=True),
            OPENSPIEL_GAMES,
        ),
        peer,
    ]
    # One untimed pass of every engine: pegboard's lazily filled tables (the show's item
    # templates) are warm for the same games the timed runs play.
    warmup_seconds, _ = timed_batch(pegboard_api(True), PEGBOARD_GAMES)
    for row in rows[1:]:
        timed_batch(row.engine, WARMUP_GAMES if row.label.startswith("OpenSpiel") else row.games)

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

    table = [
        "| engine, loop | games | median CPU (s) | games/s | × OpenSpiel | decisions/game "
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
    targets = [
        ("the environment's API", env, TARGETS["env"]),
        ("the PettingZoo AEC loop", aec, TARGETS["aec"]),
        ("`Game.apply`", api, TARGETS["api"]),
    ]
    target_lines = [
        f"- {name}: **{row.rate / peer.rate:.2f}×** OpenSpiel (target ≥ {goal:g}×: "
        f"{'met' if row.rate / peer.rate >= goal else 'not met'})"
        for name, row, goal in targets
    ]
    params = ", ".join(f"`{k}={v!r}`" for k, v in sorted(os_params.items()))
    lines = [
        "## Random playouts",
        "",
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, pegboard {pegboard.__version__}, "
        f"open-spiel {metadata.version('open-spiel')}; CPU time of the process "
        f"(`time.process_time`), median of {repeats} runs, the rows taking turns within each "
        "run, after one untimed pass of every row. One process, one core; load average "
        f"{os.getloadavg()[0]:.1f} on the {os.cpu_count()} cores when it ended. Game `i` uses "
        "seed `i` for "
        "pegboard's chance and `random.Random(i)` for the random player, so every run plays "
        "the same games.",
        "",
        *table,
        "",
        "Issue 13's targets, as ratios to the OpenSpiel row with chance by index in this run:",
        "",
        *target_lines,
        "",
        f"Compiled extensions: {_compiled()}. Where the time goes: docs/research.md, *Speed*.",
        "",
        f"- OpenSpiel `cribbage` parameters (`get_parameters()`): {params}. The winning "
        f"score is not a parameter: it is fixed at {TARGET} in the C++ source.",
        "- **OpenSpiel**: `state = game.new_initial_state()`, then while not terminal: at a "
        "chance node `outcomes = state.chance_outcomes()` and "
        "`state.apply_action(outcomes[rng.randrange(len(outcomes))][0])` (its chance "
        "outcomes are uniform), else a uniform pick from `state.legal_actions()`. The C++ "
        "engine is called once per step from Python, so the Python loop and the pybind11 "
        "calls are part of its cost. The old loop's `rng.choices(actions, weights=probs)` "
        "rebuilds the cumulative weights at every one of its ~164 chance nodes a game; the "
        "0.45× figure docs/benchmarks.md once gave for `Game.apply` came from that loop.",
        "- **pegboard `Game.apply`**: `g = pegboard.new_game('cribbage', players=2, seed=i)`, "
        "then `seat = g.to_act[0]; g.apply(seat, rng.choice(g.legal_actions(seat)))` until "
        "`g.outcome`. With the default `post_show` pause each player also sends one "
        '`{"type": "ready"}` per hand, counted in decisions/game. `Game` plays Cribbage '
        "on the compiled rules core (`FastCribbageRules`), events and all; the "
        "pure-Python rules row builds the same games with `CribbageRules` (the fallback "
        "where no compiler built the core). Every row's chance is the compiled seeded "
        "generator (the same draws as `random.Random`).",
        "- **pegboard env**: `env = pegboard.env.make('cribbage', 2)` once, then per game "
        "`env.reset(i)` and `legal = env.legal_actions(); "
        "env.step(legal[rng.randrange(len(legal))])` until `env.done`, `post_show` off. "
        "`make` gives the compiled environment (`CribbageEnv`: the loop in C, records "
        "replayed through the rules when asked; a differential test holds it to `Game` with "
        "the pure-Python rules). The observation row also builds the current player's "
        "`observation()` and `legal_mask()` every decision and draws from the mask; the "
        "pure-Python row is `pegboard.env.Env('cribbage', 2)` itself.",
        "- **PettingZoo AEC**: `pegboard.env.pettingzoo.env(game='cribbage', players=2)`, "
        "`reset(seed=i)`, then `for agent in aec.agent_iter(): obs, r, term, trunc, info = "
        "aec.last()`, a uniform pick from `np.flatnonzero(obs['action_mask'])`, `step()` "
        "(and `step(None)` for each seat once the game is over). `last()` builds the "
        "observation every step.",
        "- **pegboard fast path**: `pegboard.games.cribbage.playout.random_game(i)`, the "
        "documented rollout path: plain card ids, no `Game`, events, explanations, checks or "
        "pauses, one `random.Random(i)` for chance and choices; it returns the final scores "
        "only.",
        "- Game construction (or `reset`) is inside the timing for every row. The "
        "environment and fast-path rows keep only their decisions and final scores while "
        "timed; their other sanity columns come from an untimed replay of the same games "
        "(the environment's record; `play_game` with counters for the fast path), which "
        f"reproduced all of their scores: {tallies_match}.",
        f"- pegboard's untimed warm-up pass (`Game.apply`, defaults) took {warmup_seconds:.3f} s "
        "of CPU. In a fresh process that includes filling the show's lazily built item "
        "templates, so it shows the cold-start cost against the first row's median.",
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


def _compiled() -> str:
    """Which compiled extensions this run used."""
    from pegboard.core import chance
    from pegboard.games.cribbage.config import RULES

    used = [
        f"seeded chance {'compiled' if vars(chance)['_seeded'] is not None else 'pure Python'}",
        f"`Game`'s Cribbage rules `{RULES.__name__}`",
        f"`make('cribbage')` gives `{type(make_env('cribbage', 2)).__name__}`",
    ]
    return ", ".join(used)


def profile(games: int = 300, api: bool = False, top: int = 25) -> str:
    """cProfile of the environment loop, or of the ``Game.apply`` loop (after a warm-up),
    sorted by internal time."""
    engine = pegboard_api(False) if api else pegboard_env(False)
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
    if "--profile" in sys.argv or "--profile-api" in sys.argv:
        print(profile(api="--profile-api" in sys.argv))
    else:
        print(run())
