"""Pile's bots, one per level (its spec's ``"bots"`` surface)."""

from __future__ import annotations

import random

from pegboard.bots.base import Bot, View
from pegboard.bots.game_bot import GameBots, Thinking
from pegboard.core.rules import Action


class TakeOne:
    """Always takes one counter."""

    name = "take-one"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        return dict(view["legal"][0])


class Leaver:
    """Takes so as to leave a multiple of three when it can (then it takes the last counter)."""

    name = "leaver"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        legal: list[Action] = view["legal"]
        pile = view.get("pile")  # Pile's own key (its PileView)
        assert isinstance(pile, int)
        for action in legal:
            if (pile - int(action["count"])) % 3 == 0:
                return dict(action)
        return dict(legal[self.rng.randrange(len(legal))])


def _take_one(seed: int | None, thinking: Thinking) -> Bot:
    return TakeOne(seed)


def _leaver(seed: int | None, thinking: Thinking) -> Bot:
    return Leaver(seed)


BOTS: GameBots = {
    "greedy": _leaver,
    "hoyle": _leaver,
    "easy": _take_one,
    "medium": _leaver,
    "expert": _leaver,
    "master": _leaver,
}
