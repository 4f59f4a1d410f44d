"""Cribist's bots by name (its spec's ``"bots"`` surface): the rules of thumb are Cribbage's,
so ``hoyle`` and ``medium`` play as ``greedy``; ``master`` is the expert (its search has no
worlds to widen)."""

from __future__ import annotations

import random as _random
import time

from pegboard.bots.base import Bot, View, forced_move
from pegboard.bots.cribist.expert import act_cribist
from pegboard.bots.cribist.greedy import act_cribist as act_greedy
from pegboard.bots.game_bot import GameBots, Thinking
from pegboard.bots.levels import EasyBot
from pegboard.core.rules import Action
from pegboard.games.cribist.views import cribist_view


class CribistGreedy:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, seen: View) -> Action:
        view = cribist_view(seen)
        if (forced := forced_move(view)) is not None:
            return forced
        return act_greedy(view)


class CribistExpert:
    name = "expert"

    def __init__(self, seed: int | None = None, thinking: Thinking | None = None) -> None:
        self.rng = _random.Random(seed)
        self.budget = (thinking or Thinking()).budget

    def act(self, seen: View) -> Action:
        view = cribist_view(seen)
        if (forced := forced_move(view)) is not None:
            return forced
        deadline = time.thread_time() + self.budget if self.budget is not None else None
        return act_cribist(view, self.rng, deadline=deadline)


def _greedy(seed: int | None, thinking: Thinking) -> Bot:
    return CribistGreedy(seed)


def _easy(seed: int | None, thinking: Thinking) -> Bot:
    return EasyBot(seed, CribistGreedy(seed))


def _expert(seed: int | None, thinking: Thinking) -> Bot:
    return CribistExpert(seed, thinking)


BOTS: GameBots = {
    "greedy": _greedy,
    "hoyle": _greedy,
    "easy": _easy,
    "medium": _greedy,
    "expert": _expert,
    "master": _expert,
}
