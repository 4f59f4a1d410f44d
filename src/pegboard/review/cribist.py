"""The review of a Cribist game: each card played, by the expert's trick search over the hands
the seat could see (:func:`pegboard.bots.cribist.expert.trick_card_values`: minus the expected
place among the four), and each manual count (claims, Muggins calls missed).

A card's points are its value over what a point is worth in places on this board, never
less than at the start of the game. Luck: the cards dealt, each hand's 13 cards valued against
the average deal for the seat's place (:mod:`pegboard.review.cribist_deal`); Cribist deals no
starter and rolls no dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pegboard.bots.base import known
from pegboard.bots.cribist.expert import (
    PER_HAND,
    SPREAD,
    count_trick,
    deals_left,
    trick_card_values,
)
from pegboard.bots.search.objective import rank_value
from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribist.views import CribistBotView, cribist_view
from pegboard.review.cribist_deal import deal_luck
from pegboard.review.model import Judgement, Luck, Option
from pegboard.review.reviewer import View


def _slope(view: CribistBotView, seat: int) -> float:
    scores = [float(s) for s in view["scores"]]
    left = deals_left(view)
    up, down = list(scores), list(scores)
    up[seat] += 1
    down[seat] -= 1
    gained = rank_value(up, seat, deals_left=left, spread=SPREAD)
    gained -= rank_value(down, seat, deals_left=left, spread=SPREAD)
    return max(0.0, gained / 2.0)


class CribistReviewer:
    notes: tuple[str, ...] = ()

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.sides = tuple(range(players))

    def judge(self, seen: View, rng: random.Random) -> Judgement | None:
        view = cribist_view(seen)
        seat = known(view["seat"], "seat")
        legal: list[Action] = view["legal"]
        if len(legal) < 2 or legal[0]["type"] != "play":
            return None
        valued = trick_card_values(view, rng)
        per_point = self._per_point(view, seat)
        options = tuple(
            Option(
                {"type": "play", "card": str(Card(card))},
                str(Card(card)),
                value,
                value / per_point if per_point else 0.0,
            )
            for card, value in valued
        )
        best = max(range(len(options)), key=lambda i: options[i].value)
        return Judgement("play", "place", options, best, None)

    def chosen_index(self, judgement: Judgement, action: Action) -> int:
        card = parse_card(action["card"])
        return next(
            i for i, o in enumerate(judgement.options) if parse_card(o.action["card"]) == card
        )

    def count_action(self, seen: View) -> Action:
        view = cribist_view(seen)
        return count_trick(view)

    def standing(self, seen: View) -> tuple[float, ...]:
        view = cribist_view(seen)
        scores = [float(s) for s in view["scores"]]
        outcome = view.get("outcome")
        if outcome is not None:
            return tuple(float(r) for r in outcome["ranks"])
        left = deals_left(view)
        return tuple(
            -rank_value(scores, s, deals_left=left, spread=SPREAD) for s in range(self.players)
        )

    def _per_point(self, view: CribistBotView, seat: int) -> float:
        """Places one point is worth here, never less than at the start of the game (so a
        decided game does not turn a tiny value into many points)."""
        start: CribistBotView = {**view, "scores": [0] * self.players, "hand_number": 1}
        return max(_slope(view, seat), _slope(start, seat))

    def win_per_point(self, view: View) -> float | None:
        return None

    def luck(self, record: Mapping[str, Any]) -> list[Luck]:
        """Each seat's hands dealt, against the average deal for its place (each hand's own
        generator, so a review is the same every time)."""
        deal = [0.0] * self.players
        for event in record["events"]:
            if event["type"] != "deal":
                continue
            hands = [[int(c) for c in parse_cards(h)] for h in event["hands"]]
            dealer, number = int(event["dealer"]), int(event["hand"])
            for seat in range(self.players):
                rng = random.Random(f"review/deal/{number}/{seat}")
                deal[seat] += deal_luck(hands, seat, dealer, rng)
        return [Luck(deal=d) for d in deal]


__all__ = ["PER_HAND", "CribistReviewer"]
