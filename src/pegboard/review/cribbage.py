"""The review of a Cribbage game: discards valued as ``pegboard analyze`` values them, plays by
the expert's search over the worlds the seat could see, and manual counts.

* **discard**: every discard with its expected net (:func:`pegboard.analysis.
  analyze_discards` with ``pegboard analyze``'s default toss model: the same call), the
  points; with 2 players also in win chance, the net times what a point is worth on this
  board by the score-race table (:func:`~pegboard.review.standing.race_per_point`);
* **play**: each card (one per rank) with the expert's value of it
  (:func:`pegboard.bots.search.play_search.card_values`: win chance with 2 players, minus the
  expected place with more, or for the team), and its points: the same search's pegging
  objective (the points the side pegs in the rest of the play less the others' mean);
* **luck**: the hand dealt (its best discard's net against the average dealt hand's, for the
  seat's role) and the starter (what the kept hand, and the crib with its sign, showed
  against what they were expected to show).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.analysis import DiscardAnalysis, analyze_discards
from pegboard.analysis.question import hint_tosses
from pegboard.bots.base import known
from pegboard.bots.cribbage.counting import count_show
from pegboard.bots.game_bot import WORLDS
from pegboard.bots.search.objective import PER_DEAL, SPREAD
from pegboard.bots.search.play_search import card_values
from pegboard.cards import RANK_OF, Card, card_names, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view
from pegboard.review.model import Judgement, Luck, Option, Unit
from pegboard.review.reviewer import View
from pegboard.review.standing import (
    place_per_point,
    place_standing,
    race_per_point,
    race_standing,
    seat_values,
)
from pegboard.scoring.show import show_total

AVERAGE_BEST_NET = {
    (2, "dealer"): 12.755,
    (2, "pone"): 3.375,
    (3, "dealer"): 11.432,
    (3, "pone"): 2.102,
    (4, "dealer"): 11.428,
    (4, "pone"): 2.109,
    (4, "partner"): 11.412,
}
"""The best discard's expected net of a random dealt hand, by players and role: the mean over
4,000 seeded deals each (standard error 0.04; tests/review/test_cribbage_luck.py checks it)."""


def role_of(seat: int, dealer: int, teams: bool) -> str:
    if seat == dealer:
        return "dealer"
    return "partner" if teams and seat % 2 == dealer % 2 else "pone"


def discard_analysis(
    hand: Sequence[Card], players: int, seat: int, dealer: int, teams: bool
) -> list[DiscardAnalysis]:
    """Every discard of a dealt hand, as ``pegboard analyze`` gives them (best first)."""
    role = role_of(seat, dealer, teams)
    return analyze_discards(
        hand,
        dealer=role == "dealer",
        players=players,
        partner_deals=role == "partner",
        tosses=hint_tosses(players),  # pegboard analyze's own default
    )


class CribbageReviewer:
    notes: tuple[str, ...] = ()

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.teams = bool(options.get("teams")) and players == 4
        self.sides = tuple(s % 2 for s in range(players)) if self.teams else tuple(range(players))
        self.duel = len(set(self.sides)) == 2 and not self.teams
        self.worlds = WORLDS

    # -- decisions ---------------------------------------------------------------------

    def judge(self, seen: View, rng: random.Random) -> Judgement | None:
        view = cribbage_view(seen)
        legal: list[Action] = view["legal"]
        if len(legal) < 2:
            return None
        if view["phase"] == "discard":
            return self._discard(view)
        if view["phase"] == "play":
            return self._play(view, rng)
        return None

    def _discard(self, view: CribbageBotView) -> Judgement:
        me = known(view["seat"], "seat")
        active = list(view["active"])
        results = discard_analysis(
            parse_cards(view["hand"]), len(active), me, known(view["dealer"], "dealer"), self.teams
        )
        per_point = self.win_per_point(view)
        options = tuple(
            Option(
                {"type": "discard", "cards": card_names(sorted(r.discard))},
                " ".join(card_names(r.discard)),
                r.net * per_point if per_point is not None else r.net,
                r.net,
            )
            for r in results
        )
        unit: Unit = "win" if per_point is not None else "points"
        return Judgement("discard", unit, options, 0, per_point)

    def _play(self, view: CribbageBotView, rng: random.Random) -> Judgement | None:
        playable = [a for a in view["legal"] if a["type"] == "play"]
        if len({RANK_OF[parse_card(a["card"])] for a in playable}) < 2:
            return None
        valued = card_values(view, rng, worlds=self.worlds)
        # The points: the pegging itself, over worlds of their own (a card's value in the
        # race is not a number of points once the game is nearly decided).
        pegged = card_values(view, rng, worlds=self.worlds, objective="pegging")
        unit: Unit
        if self.duel:
            unit, per_point = "win", self.win_per_point(view)
            values = [v for _, v in valued]
        else:
            per_point = self._place_per_point(view)
            values = [v if not self.teams else 2.0 + v for _, v in valued]
            unit = "win" if self.teams else "place"
        options = tuple(
            Option(
                {"type": "play", "card": str(Card(card))},
                str(Card(card)),
                value,
                points,
            )
            for (card, _), value, (_, points) in zip(valued, values, pegged, strict=True)
        )
        best = max(range(len(options)), key=lambda i: options[i].value)
        return Judgement("play", unit, options, best, per_point if unit == "win" else None)

    def chosen_index(self, judgement: Judgement, action: Action) -> int:
        if judgement.phase == "play":
            rank = RANK_OF[parse_card(action["card"])]
            return next(
                i
                for i, o in enumerate(judgement.options)
                if RANK_OF[parse_card(o.action["card"])] == rank
            )
        chosen = sorted(parse_cards(action["cards"]))
        return next(
            i
            for i, o in enumerate(judgement.options)
            if sorted(parse_cards(o.action["cards"])) == chosen
        )

    def count_action(self, seen: View) -> Action:
        view = cribbage_view(seen)
        return count_show(view)

    # -- the board -----------------------------------------------------------------------

    def _side_scores(self, view: CribbageBotView) -> list[float]:
        scores = view["scores"]
        by_side = [0.0] * (max(self.sides) + 1)
        for seat, side in enumerate(self.sides):
            by_side[side] = float(scores[seat])
        return by_side

    def standing(self, seen: View) -> tuple[float, ...]:
        view = cribbage_view(seen)
        target = int(view["target"])
        if self.duel:
            return race_standing(view["scores"], target, int(view["dealer"] or 0))
        places = place_standing(
            self._side_scores(view), target, PER_DEAL[self.teams], SPREAD[self.teams]
        )
        if self.teams:  # two sides: the chance of winning is 2 minus the place
            return seat_values(self.sides, [2.0 - p for p in places])
        return seat_values(self.sides, places)

    def win_per_point(self, seen: View) -> float | None:
        view = cribbage_view(seen)
        me = known(view["seat"], "seat")
        if self.duel:
            return race_per_point(
                view["scores"], int(view["target"]), known(view["dealer"], "dealer"), me
            )
        if self.teams:
            return self._place_per_point(view)
        return None

    def _place_per_point(self, view: CribbageBotView) -> float:
        side = self.sides[known(view["seat"], "seat")]
        return place_per_point(
            self._side_scores(view),
            side,
            int(view["target"]),
            PER_DEAL[self.teams],
            SPREAD[self.teams],
        )

    # -- luck ----------------------------------------------------------------------------

    def luck(self, record: Mapping[str, Any]) -> list[Luck]:
        deal = [0.0] * self.players
        starter = [0.0] * self.players
        for hand in _hands(record["events"]):
            dealer = int(hand["deal"]["dealer"])
            for seat, cards in enumerate(hand["deal"]["hands"]):
                thrown = hand["discards"].get(seat)
                if not cards or thrown is None:
                    continue
                dealt = parse_cards(cards)
                results = discard_analysis(dealt, self.players, seat, dealer, self.teams)
                role = role_of(seat, dealer, self.teams)
                deal[seat] += results[0].net - AVERAGE_BEST_NET[(self.players, role)]
                cut = hand.get("starter")
                if cut is None:
                    continue
                made = next(r for r in results if sorted(r.discard) == sorted(thrown))
                shown = show_total([int(c) for c in made.keep], int(cut))
                if seat in hand["shown"]:
                    starter[seat] += shown - made.hand
                if hand["crib"] is not None:
                    crib = show_total([int(c) for c in hand["crib"]], int(cut), True)
                    starter[seat] += made.crib_sign * (crib - made.crib)
        return [Luck(deal=d, starter=s) for d, s in zip(deal, starter, strict=True)]


def _hands(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each hand's deal, discards, starter and shows, read from a record's events."""
    hands: list[dict[str, Any]] = []
    for event in events:
        kind = event["type"]
        if kind == "deal":
            hands.append({"deal": event, "discards": {}, "shown": set(), "crib": None})
        elif not hands:
            continue
        elif kind == "discard":
            hands[-1]["discards"][int(event["seat"])] = parse_cards(event["cards"])
        elif kind == "starter":
            hands[-1]["starter"] = parse_card(event["card"])
        elif kind == "show" and event.get("crib"):
            cut = parse_card(event["starter"])
            hands[-1]["crib"] = [c for c in parse_cards(event["cards"]) if c != cut]
        elif kind == "show":
            hands[-1]["shown"].add(int(event["seat"]))
    return hands
