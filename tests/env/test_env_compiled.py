"""Cribbage's compiled environment is the pure-Python one, faster: at every step of seeded
random games the seat to act, the legal ids and masks, every seat's observation and the
rewards are equal, and so are clones, views and records."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from pegboard.core import ScriptedChance
from pegboard.env import Env

compiled = pytest.importorskip("pegboard.env.cribbage_env", reason="compiled extensions not built")
# tests/design/test_compiled.py fails where a compiler exists and this module is missing.

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (2, "rank", {}),
    (3, "rank", {}),
    (4, "score", {}),
    (4, "rank", {"teams": True}),
    (4, "score", {"teams": True}),
    (2, "score", {"pre_show": True, "post_show": True}),
    (2, "rank", {"skip_pass": False, "skip_empty": False}),
    (3, "rank", {"skip_only_move": True, "score_target": 61}),
]


def twins(players: int, reward: str, options: dict[str, Any]) -> tuple[Env, Env]:
    fast = compiled.CribbageEnv("cribbage", players, reward, **options)
    return fast, Env("cribbage", players, reward, **options)


def same_position(fast: Env, pure: Env) -> None:
    assert fast.current_player == pure.current_player
    assert fast.done == pure.done
    assert fast.legal_actions() == pure.legal_actions()
    assert np.array_equal(fast.legal_mask(), pure.legal_mask())
    for seat in range(pure.players):
        assert np.array_equal(fast.observation(seat), pure.observation(seat)), seat
        assert np.array_equal(fast.action_mask(seat), pure.action_mask(seat)), seat


@pytest.mark.parametrize(("players", "reward", "options"), CONFIGS)
def test_every_step_matches_the_pure_python_environment(
    players: int, reward: str, options: dict[str, Any]
) -> None:
    fast, pure = twins(players, reward, options)
    for seed in range(25):
        fast.reset(seed)
        pure.reset(seed)
        rng = random.Random(seed)
        while not pure.done:
            same_position(fast, pure)
            action = rng.choice(pure.legal_actions())
            assert fast.step(action) == pure.step(action)
        same_position(fast, pure)
        assert fast.outcome == pure.outcome
        assert json.dumps(fast.record()) == json.dumps(pure.record())


def test_views_clones_and_unseeded_resets_match() -> None:
    fast, pure = twins(2, "rank", {})
    fast.reset(5)
    pure.reset(5)
    rng = random.Random(5)
    for _ in range(30):
        action = rng.choice(pure.legal_actions())
        fast.step(action)
        pure.step(action)
        for seat in range(2):
            assert fast.view(seat) == pure.view(seat)
    fast_twin, pure_twin = fast.clone(), pure.clone()
    for moves_seed, (a, b) in enumerate(((fast, pure), (fast_twin, pure_twin))):
        moves = random.Random(moves_seed)
        while not b.done:
            action = moves.choice(b.legal_actions())
            a.step(action)
            b.step(action)
        assert json.dumps(a.record()) == json.dumps(b.record())
    assert fast_twin.record() != fast.record()  # the clone went its own way
    for _ in range(3):  # no seed: the next comes from the generator the last seed started
        fast.reset()
        pure.reset()
        assert fast.seed == pure.seed
        same_position(fast, pure)


def test_a_scripted_chance_source_deals_the_same() -> None:
    # The dealer of each hand is drawn (dealer=random): seat 1, then seat 0 for the second.
    outcomes = [(1,), list(range(52)), (0,), list(reversed(range(52)))]
    fast, pure = twins(2, "rank", {})
    fast.reset(0, chance=ScriptedChance(outcomes, then=None))
    pure.reset(0, chance=ScriptedChance(outcomes, then=None))
    rng = random.Random(0)
    while pure.record()["chance"] == fast.record()["chance"] and len(pure.chance_log) < 4:
        same_position(fast, pure)
        action = rng.choice(pure.legal_actions())
        fast.step(action)
        pure.step(action)
    assert json.dumps(fast.record()) == json.dumps(pure.record())
