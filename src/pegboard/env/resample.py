"""A world a seat cannot tell from the real one: the cards it cannot see swapped among
themselves in the current hand, the hand played again. For information-set search
(OpenSpiel's IS-MCTS asks a state for one with ``resample_from_infostate``).

The cards hidden from the seat (``rules.secret_cards``) are shuffled within the game's
groups (:attr:`~pegboard.env.games.EnvGame.hidden_alike`), loosest first: every hidden card
with every other in Cribbage and Cribist, by colour in Cribbage is not Enough. The hand is
then replayed from its first draw with the swapped cards in the deal and in every action; if
an action no longer fits (a go with a card that now plays, a card that no longer follows
suit) the swap is refused and another tried, and after a few the next, stricter grouping
(cards keep their counting value, their suit, their colour and value), which always replays.
Rejection keeps only worlds consistent with what the seat saw; it does not weigh them by how
likely the other seats' actions were in each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pegboard.cards import card_names, parse_cards
from pegboard.core.rules import Action
from pegboard.env.chance_env import CHANCE, ChanceEnv
from pegboard.errors import IllegalAction

TRIES = 8
"""Swaps tried with each grouping but the last."""


def resample(env: ChanceEnv, seat: int, rng: random.Random) -> ChanceEnv:
    """A game in which ``seat`` has seen exactly what it has seen in ``env`` (its observation,
    view and redacted events are the same), the hidden cards drawn again."""
    if env.deal_start is None:
        return env.clone()
    groupings = env.game.hidden_alike
    for number, alike in enumerate(groupings):
        last = number == len(groupings) - 1
        for _ in range(1 if last else TRIES):
            twin = _replayed(env, _swap(env, seat, alike, rng))
            if twin is not None:
                return twin
    return env.clone()  # pragma: no cover - the last grouping always replays


def _swap(
    env: ChanceEnv, seat: int, alike: Callable[[int], object], rng: random.Random
) -> dict[int, int]:
    groups: dict[object, list[int]] = {}
    for card in sorted(int(c) for c in env.rules.secret_cards(seat)):
        key = alike(card)
        if key is not None:
            groups.setdefault(key, []).append(card)
    swap: dict[int, int] = {}
    for cards in groups.values():
        shuffled = list(cards)
        rng.shuffle(shuffled)
        swap.update(zip(cards, shuffled, strict=True))
    return swap


def _replayed(env: ChanceEnv, swap: Mapping[int, int]) -> ChanceEnv | None:
    assert env.deal_start is not None
    base, start = env.deal_start
    twin = base.clone()
    twin.steps = list(env.steps[:start])
    try:
        for who, step in env.steps[start:]:
            if who == CHANCE:
                assert isinstance(step, int)
                twin.step(swap.get(step, step))
            else:
                assert not isinstance(step, int)
                if twin.current_player != who:
                    return None
                twin.step(twin.encode(_swapped(step, swap)))
    except IllegalAction:
        return None
    if twin.current_player != env.current_player:
        return None
    twin.deal_start = env.deal_start
    return twin


def _swapped(action: Action, swap: Mapping[int, int]) -> dict[str, Any]:
    out = dict(action)
    if "card" in out:
        (card,) = parse_cards([out["card"]])
        (out["card"],) = card_names([swap.get(int(card), int(card))])
    if "cards" in out:
        out["cards"] = card_names(swap.get(int(c), int(c)) for c in parse_cards(out["cards"]))
    return out
