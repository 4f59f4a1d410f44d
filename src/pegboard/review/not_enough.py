"""The review of a Cribbage is not Enough game: discards, Tops powers, Magic swaps, plays and
the cradle, each in expected points by the expert's own valuation
(:mod:`pegboard.bots.not_enough.values`: ``discard_values``, ``power_values``,
``magic_values``, ``play_values``; the cradle by greedy's exact ``cradle_values``), and
manual counts. A team's win chance comes from the normal race of
:mod:`~pegboard.review.standing` (an estimate: no exact race table for this game), so costs
are stated in points and, through it, in win chance.

The colour, which team resolves first, the cards shown to an enemy's Intel and the split of a
Magic discard, which the bots make by rule, are valued by rollouts over worlds consistent with
what the seat saw (:mod:`pegboard.review.not_enough_rollouts`), in the same points. Luck: the
dice of every battle, in pips above their mean.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pegboard.bots.base import known
from pegboard.bots.not_enough.greedy import count_items, cradle_values
from pegboard.bots.not_enough.values import (
    discard_values,
    magic_values,
    play_values,
    power_values,
)
from pegboard.cards import RANK_OF, parse_card, parse_cards
from pegboard.core.rules import Action, Rules
from pegboard.games.not_enough.rules import NotEnoughRules
from pegboard.games.not_enough.views import NotEnoughBotView, not_enough_view
from pegboard.review.model import Judgement, Luck, Option
from pegboard.review.not_enough_rollouts import KINDS, rollout_values
from pegboard.review.reviewer import View
from pegboard.review.standing import place_per_point, place_standing, seat_values

PER_DEAL = 24.0
"""What a team scores in a hand, about (tests/review/test_not_enough_review.py measures it)."""
SPREAD = 14.0
"""The standard deviation of the two teams' difference over a hand, about."""
DIE_MEAN = 3.5

NOTES = ("the win chance is the normal race's estimate",)

Valuer = Callable[[NotEnoughBotView, random.Random], list[tuple[Action, float]]]


def _cradle(view: NotEnoughBotView, rng: random.Random) -> list[tuple[Action, float]]:
    return [(action, value) for value, action in cradle_values(view)]


VALUERS: dict[str, Valuer] = {
    "discard": discard_values,
    "power": power_values,
    "magic": magic_values,
    "play": play_values,
    "cradle": _cradle,
}


def _label(action: Action) -> str:
    kind = action.get("type")
    if kind == "colour":
        return str(action["colour"])
    if kind == "first":
        return f"{action['colour']} first"
    if kind == "split":
        return f"captain {action['captain']}, partner {action['partner']}"
    if "cards" in action:
        return " ".join(action["cards"])
    if "card" in action:
        return str(action["card"])
    if "power" in action:
        return str(action["power"])
    if action.get("type") == "cradle":
        return " ".join(str(action[k]) for k in ("action", "colour", "card") if k in action)
    return str(action.get("type"))


class NotEnoughReviewer:
    notes: tuple[str, ...] = NOTES

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.sides = tuple(s % 2 for s in range(players))

    def judge(self, seen: View, rng: random.Random) -> Judgement | None:
        view = not_enough_view(seen)
        legal: list[Action] = view["legal"]
        if len(legal) < 2:
            return None
        kind = str(legal[0]["type"])
        valuer = VALUERS.get(kind)
        if valuer is None:
            return None
        return self._judged(kind, view, valuer(view, rng))

    def judge_position(self, seen: View, rules: Rules, rng: random.Random) -> Judgement | None:
        view = not_enough_view(seen)
        """The decisions made by rule, by rollouts from the game's state (its hidden cards
        dealt again); the others as :meth:`judge`."""
        legal: list[Action] = view["legal"]
        kind = str(legal[0]["type"]) if legal else ""
        if len(legal) < 2 or kind not in KINDS or not isinstance(rules, NotEnoughRules):
            return self.judge(view, rng)
        return self._judged(
            kind, view, rollout_values(rules, known(view["seat"], "seat"), legal, rng)
        )

    def _judged(
        self, kind: str, view: NotEnoughBotView, valued: list[tuple[Action, float]]
    ) -> Judgement | None:
        if len(valued) < 2:
            return None
        options = tuple(Option(a, _label(a), v, v) for a, v in valued)
        best = max(range(len(options)), key=lambda i: options[i].value)
        return Judgement(kind, "points", options, best, self.win_per_point(view))

    def chosen_index(self, judgement: Judgement, action: Action) -> int:
        if judgement.phase == "play":
            rank = RANK_OF[parse_card(action["card"])]
            return next(
                i
                for i, o in enumerate(judgement.options)
                if RANK_OF[parse_card(o.action["card"])] == rank
            )
        if judgement.phase == "power":
            return next(
                i for i, o in enumerate(judgement.options) if o.action["power"] == action["power"]
            )
        if "cards" in action:
            chosen = sorted(parse_cards(action["cards"]))
            return next(
                i
                for i, o in enumerate(judgement.options)
                if sorted(parse_cards(o.action["cards"])) == chosen
            )
        return next(i for i, o in enumerate(judgement.options) if o.action == action)

    def count_action(self, seen: View) -> Action:
        view = not_enough_view(seen)
        return count_items(view)

    def _team_scores(self, view: NotEnoughBotView) -> list[float]:
        return [float(s) for s in view["team_scores"]]

    def standing(self, seen: View) -> tuple[float, ...]:
        view = not_enough_view(seen)
        places = place_standing(self._team_scores(view), int(view["target"]), PER_DEAL, SPREAD)
        return seat_values(self.sides, [2.0 - p for p in places])

    def win_per_point(self, seen: View) -> float | None:
        view = not_enough_view(seen)
        side = self.sides[known(view["seat"], "seat")]
        return place_per_point(self._team_scores(view), side, int(view["target"]), PER_DEAL, SPREAD)

    def luck(self, record: Mapping[str, Any]) -> list[Luck]:
        dice = [0.0] * self.players
        for event in record["events"]:
            if event["type"] == "roll":
                rolled = [int(d) for d in event["dice"]]
                dice[int(event["seat"])] += sum(rolled) - DIE_MEAN * len(rolled)
        return [Luck(dice=d) for d in dice]
