"""Play one seeded random game through the environment and through ``Game`` side by side."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pegboard.core import new_game
from pegboard.env import make

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


def lockstep(game: str, players: int, seed: int, options: Mapping[str, Any]) -> int:
    """Random legal ids through the environment, their actions through ``Game.apply``. At every
    decision the environment's legal ids are exactly the ids of ``Game``'s legal actions and
    its seat is one ``Game`` waits for; at the end both records are equal (actions, events,
    chance, outcome and final scores). Returns the number of decisions."""
    env = make(game, players, **options)
    env.reset(seed)
    same: dict[str, Any] = dict(env.options)
    reference = new_game(game, players=players, seed=seed, **same)
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
    assert env.record() == reference.record()
    return decisions
