"""Whole games dealt from hand secrets, for the fairness tests."""

from __future__ import annotations

import json
import random

from pegboard import new_game
from pegboard.core.fair import FairChance, HandDraw, commitment
from pegboard.core.wire import Record


def hand_draws(hands: int, seeds: tuple[str, ...], salt: str = "") -> dict[int, HandDraw]:
    """A secret per hand, as a server would draw them (here from a fixed generator)."""
    rng = random.Random(f"secrets{salt}")
    draws = {}
    for hand in range(1, hands + 1):
        secret = rng.randbytes(32)
        draws[hand] = HandDraw(hand, commitment(secret), seeds, secret)
    return draws


def play_fair(name: str, players: int, seed: int, **options: object) -> Record:
    """A whole game at random, dealt from hand secrets, every hand revealed at the end."""
    return play_fair_fixed(name, players, seed, {}, **options)


def play_fair_fixed(
    name: str, players: int, seed: int, fixed: dict[int, tuple[int, ...]], **options: object
) -> Record:
    """:func:`play_fair` with ``fixed``: steps the table answers instead of drawing them (a
    match's later game's first dealer)."""
    seeds = tuple(f"seat{i}-{seed}" for i in range(players))
    chance = FairChance(draws=hand_draws(60, seeds, str(seed)), fixed=dict(fixed))
    game = new_game(name, players=players, seed=0, chance=chance, **options)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    chance.revealed = set(chance.hands_begun())
    record: Record = json.loads(json.dumps(game.record()))
    return record
