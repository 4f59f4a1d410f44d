"""Difficulty levels a table can pick: ``easy``, ``medium``, ``expert`` and ``master``.

* ``easy``: ``greedy``, except that now and then (``BLUNDER``) it plays any card in the
  Cribbage play, as a beginner who has not seen the pair or fifteen it gives away; and in
  manual counting it slips like a beginner: each item of its own count is overlooked now
  and then (``SLIP``), and it notices only some of the points an opponent leaves unclaimed
  (``NOTICE``), so Muggins is there to be had. (``greedy`` alone is as strong as ``hoyle``
  at Cribbage: the levels measured no apart, so ``easy`` blunders.)
* ``medium``: ``hoyle`` in Cribbage (the classic rules of thumb), ``greedy`` in the other
  games; counts perfectly.
* ``expert``: the search bot (:mod:`pegboard.bots.expert`).
* ``master``: the same search with five times the worlds in the Cribbage play.

Every level is a registered bot, so ``--bots easy,expert`` or a seat's bot name picks it; what
it plays in each game is that game's (its spec's ``"bots"`` surface names a bot per level, each
game's ``easy`` made with :class:`EasyBot` over its ``greedy``).
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Any

from pegboard.bots.base import Bot, View
from pegboard.bots.game_bot import GameBot
from pegboard.cards import parse_cards
from pegboard.core.claims import nominal_points
from pegboard.core.rules import Action

SLIP = 0.25
"""``easy``: the chance of overlooking each item of its own count."""
NOTICE = 0.5
"""``easy``: the chance of noticing each item an opponent left unclaimed."""
BLUNDER = 0.3
"""``easy``: the chance of playing any legal card instead of greedy's in the play, in a game
whose easy bot blunders (Cribbage's)."""


@dataclass(frozen=True)
class Level:
    name: str
    bot: str
    """The bot that plays at this level."""
    description: str


LEVELS: tuple[Level, ...] = (
    Level("easy", "easy", "greedy play, with counting slips in manual mode"),
    Level("medium", "medium", "the classic rules of thumb (Cribbage); greedy (the other games)"),
    Level("expert", "expert", "search over the hidden cards; perfect counting"),
    Level("master", "master", "the expert, thinking five times longer in the play"),
)


def level_names() -> list[str]:
    return [level.name for level in LEVELS]


class EasyBot:
    """A game's ``greedy`` (``inner``), except that in a manual count it forgets items and misses
    Muggins, and (``blunders``) now and then plays any legal card in the play."""

    name = "easy"

    def __init__(self, seed: int | None, inner: Bot, *, blunders: bool = False) -> None:
        self.inner = inner
        self.blunders = blunders
        self.rng = _random.Random(f"{seed}/slips")
        self.blunder_rng = _random.Random(f"{seed}/blunders")

    def act(self, view: View) -> Action:
        legal = view["legal"]
        if (
            self.blunders
            and view.get("phase") == "play"
            and view.get("counting") is None
            and len(legal) > 1
            and self.blunder_rng.random() < BLUNDER
        ):
            return dict(legal[self.blunder_rng.randrange(len(legal))])
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


class EasyLevel(GameBot):
    """``easy`` in whatever game its view is from (that game's :class:`EasyBot`)."""

    name = kind = "easy"


class MediumLevel(GameBot):
    """``medium`` in whatever game its view is from: ``hoyle`` in Cribbage, ``greedy`` elsewhere."""

    name = kind = "medium"
