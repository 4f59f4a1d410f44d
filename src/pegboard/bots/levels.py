"""Difficulty levels a table can pick: ``easy``, ``medium``, ``expert`` and ``master``.

* ``easy``: ``greedy``, except that now and then (``BLUNDER``) it plays any card in the
  Cribbage play, as a beginner who has not seen the pair or fifteen it gives away; and in
  manual counting it slips like a beginner: each item of its own count is overlooked now
  and then (``SLIP``), and it notices only some of the points an opponent leaves unclaimed
  (``NOTICE``), so Muggins is there to be had. (``greedy`` alone is as strong as ``hoyle``
  at Cribbage: the levels measured no apart, so ``easy`` blunders.)
* ``medium``: ``hoyle`` in Cribbage (the classic rules of thumb), ``greedy`` in Cribist;
  counts perfectly.
* ``expert``: the search bot (:mod:`pegboard.bots.expert`).
* ``master``: the same search with five times the worlds in the Cribbage play.

Every level is a registered bot, so ``--bots easy,expert`` or a seat's bot name picks it.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Any

from pegboard.bots.base import Bot, View
from pegboard.bots.greedy import GreedyBot
from pegboard.bots.hoyle import HoyleBot
from pegboard.cards import parse_cards
from pegboard.core.claims import nominal_points
from pegboard.core.rules import Action

SLIP = 0.25
"""``easy``: the chance of overlooking each item of its own count."""
NOTICE = 0.5
"""``easy``: the chance of noticing each item an opponent left unclaimed."""
BLUNDER = 0.3
"""``easy``: the chance of playing any legal card instead of greedy's in the Cribbage play."""


@dataclass(frozen=True)
class Level:
    name: str
    bot: str
    """The bot that plays at this level."""
    description: str


LEVELS: tuple[Level, ...] = (
    Level("easy", "easy", "greedy play, with counting slips in manual mode"),
    Level("medium", "medium", "the classic rules of thumb (Cribbage); greedy (Cribist)"),
    Level("expert", "expert", "search over the hidden cards; perfect counting"),
    Level("master", "master", "the expert, thinking five times longer in the play"),
)


def level_names() -> list[str]:
    return [level.name for level in LEVELS]


class EasyBot:
    """``greedy``, except that in a manual count it forgets items and misses Muggins."""

    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.inner = GreedyBot(seed)
        self.rng = _random.Random(f"{seed}/slips")
        self.blunders = _random.Random(f"{seed}/blunders")

    def act(self, view: View) -> Action:
        legal = view["legal"]
        if (
            view.get("game") == "cribbage"
            and view.get("phase") == "play"
            and view.get("counting") is None
            and len(legal) > 1
            and self.blunders.random() < BLUNDER
        ):
            return dict(legal[self.blunders.randrange(len(legal))])
        action = self.inner.act(view)
        if view.get("counting") is None or action["type"] == "pass":
            return action
        chance = SLIP if action["type"] == "claim" else 1 - NOTICE
        items = [i for i in action["items"] if self.rng.random() >= chance]
        if action["type"] == "claim":
            return {"type": "claim", "items": items}
        if not items:
            return {"type": "pass"}
        points = sum(_points(i) for i in items)
        return {"type": "muggins", "items": items, "points": points}


def _points(item: dict[str, Any]) -> int:
    return nominal_points(str(item["kind"]), parse_cards(item["cards"]))


class MediumBot:
    """``hoyle`` in Cribbage, ``greedy`` elsewhere."""

    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.hoyle: Bot = HoyleBot(seed)
        self.greedy: Bot = GreedyBot(seed)

    def act(self, view: View) -> Action:
        return (self.hoyle if view.get("game") == "cribbage" else self.greedy).act(view)
