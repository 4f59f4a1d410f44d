"""Cribbage is not Enough's bots by name (its spec's ``"bots"`` surface): the rules of thumb
are Cribbage's, so ``hoyle`` and ``medium`` play as ``greedy``; ``master`` is the expert."""

from __future__ import annotations

import random as _random

from pegboard.bots.base import Bot, View, forced_move
from pegboard.bots.game_bot import GameBots, Thinking
from pegboard.bots.levels import EasyBot
from pegboard.bots.not_enough.expert import act_expert
from pegboard.bots.not_enough.greedy import act_greedy
from pegboard.core.rules import Action
from pegboard.games.not_enough.views import not_enough_view


class NotEnoughGreedy:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, seen: View) -> Action:
        view = not_enough_view(seen)
        if (forced := forced_move(view)) is not None:
            return forced
        return act_greedy(view)


class NotEnoughExpert:
    name = "expert"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, seen: View) -> Action:
        view = not_enough_view(seen)
        if (forced := forced_move(view)) is not None:
            return forced
        return act_expert(view, self.rng)


def _greedy(seed: int | None, thinking: Thinking) -> Bot:
    return NotEnoughGreedy(seed)


def _easy(seed: int | None, thinking: Thinking) -> Bot:
    return EasyBot(seed, NotEnoughGreedy(seed))


def _expert(seed: int | None, thinking: Thinking) -> Bot:
    return NotEnoughExpert(seed)


BOTS: GameBots = {
    "greedy": _greedy,
    "hoyle": _greedy,
    "easy": _easy,
    "medium": _greedy,
    "expert": _expert,
    "master": _expert,
}
