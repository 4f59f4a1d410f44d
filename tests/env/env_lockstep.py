"""Play one seeded random game through the environment and through ``Game`` side by side."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from typing import Any

from pegboard.core import Game, GameSpec, get_spec
from pegboard.env import Env, make
from pegboard.games.cribbage import CribbageRules

CONFIGS: list[tuple[str, int, Mapping[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 3, {}),
    ("cribbage", 4, {}),
    ("cribbage", 4, {"teams": True}),
    ("cribist", 4, {}),
    ("not-enough", 2, {}),
    ("not-enough", 4, {}),
]


def config_id(config: tuple[str, int, Mapping[str, Any]]) -> str:
    game, players, options = config
    return f"{game}-{players}" + ("-teams" if options.get("teams") else "")


def reference_spec(game: str) -> GameSpec:
    """The game as the pure-Python rules play it: Cribbage's environment and ``Game`` both run
    on the compiled extension when it is built, so the environment is held to the Python rules."""
    spec = get_spec(game)
    return dataclasses.replace(spec, create=CribbageRules) if spec.name == "cribbage" else spec


def lockstep(
    game: str, players: int, seed: int, options: Mapping[str, Any], env: Env | None = None
) -> int:
    """Random legal ids through the environment, their actions through ``Game`` with the
    pure-Python rules. At every decision the environment's legal ids are exactly the ids of
    ``Game``'s legal actions and its seat is one ``Game`` waits for; at the end both records
    are the same JSON, byte for byte (actions, events, chance, outcome and final scores).
    Returns the number of decisions."""
    env = env if env is not None else make(game, players, **options)
    env.reset(seed)
    same: dict[str, Any] = dict(env.options)
    reference = Game(reference_spec(game), players, seed, same)
    rng = random.Random(seed)
    decisions = 0
    while not env.done:
        seat = env.current_player
        assert seat is not None and seat in reference.to_act, (seat, reference.to_act)
        hand = reference.rules.hands[seat]  # type: ignore[attr-defined]
        expected = sorted(env.space.encode(hand, a) for a in reference.legal_actions(seat))
        legal = env.legal_actions()
        assert legal == expected, (decisions, legal, expected)
        choice = legal[rng.randrange(len(legal))]
        reference.apply(seat, env.decode(choice))
        env.step(choice)
        decisions += 1
    assert reference.outcome is not None
    assert json.dumps(env.record()) == json.dumps(reference.record())
    return decisions
