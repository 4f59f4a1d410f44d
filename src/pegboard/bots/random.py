"""``random``: any legal action, uniformly, from a seeded generator. Plays every game."""

from __future__ import annotations

import random as _random

from pegboard.bots.base import View
from pegboard.core.rules import Action
from pegboard.errors import IllegalAction


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = _random.Random(seed)

    def act(self, view: View) -> Action:
        legal: list[Action] = view["legal"]
        if not legal:
            raise IllegalAction("this seat has nothing to do now")
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
