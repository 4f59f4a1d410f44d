"""Choosing a card in the Cribbage play by Monte Carlo over consistent worlds.

For each sampled world (:mod:`pegboard.bots.search.worlds`) every candidate card is played
and the rest of the play rolled out with :func:`~pegboard.bots.search.pegging.heuristic_policy`
for every seat; the same worlds serve every candidate, so their differences are measured
with little noise. A rollout is worth the points this side pegs minus what the others peg
(their mean, with several opponents). When the game can end in this hand it is worth
``WIN`` for going out first and ``-WIN`` for an opponent doing so, taking the show into
account in its order (the hands from the dealer's left, the dealer's, then the crib). With
several opponents the rank still depends on the rest, so the pegging difference is added,
and an opponent going out first costs ``WIN`` shared among the opponents.
Cards of one rank are the same card in the play, so only one of each rank is tried.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from pegboard.bots.base import View
from pegboard.bots.search.pegging import PegPosition, Policy, heuristic_policy, play_out
from pegboard.bots.search.play_history import PlaySoFar, play_so_far, position_from_view
from pegboard.bots.search.worlds import World, sample_world, unseen_cards
from pegboard.cards import RANK_OF, VALUE_OF, parse_card
from pegboard.scoring.show import show_total

WIN = 60.0
"""What going out first is worth, in points of pegging difference."""


def sides_of(view: View) -> list[int]:
    players = int(view["players"])
    return [s % 2 for s in range(players)] if view.get("teams") else list(range(players))


def candidates(view: View) -> list[int]:
    """One legal card per rank (suits do not matter in the play)."""
    by_rank: dict[int, int] = {}
    for action in view["legal"]:
        if action["type"] == "play":
            card = int(parse_card(action["card"]))
            by_rank.setdefault(RANK_OF[card], card)
    return sorted(by_rank.values())


class PlaySearch:
    """The search for one decision."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me = int(view["seat"])
        self.history: PlaySoFar = play_so_far(view)
        self.sides = sides_of(view)
        scores = view["scores"]
        target = int(view["target"])
        self.need = [0] * (max(self.sides) + 1)
        for seat, side in enumerate(self.sides):
            self.need[side] = target - int(scores[seat])
        self.my_side = self.sides[self.me]
        self.opponents = sorted({self.sides[s] for s in self.history.seats} - {self.my_side})
        self.close = min(self.need) <= 61  # the game may end in this hand
        self.starter = int(parse_card(view["starter"]))
        dealer = int(view["dealer"])
        seats = self.history.seats
        i = seats.index(dealer) if dealer in seats else 0
        self.show_order = [seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)]
        self.dealer = dealer
        self.start = position_from_view(view, {})
        self.unseen = unseen_cards(view)

    def value(self, card: int, world: World) -> float:
        position = self.start.copy()
        position.hands.update((seat, list(cards)) for seat, cards in world.others.items())
        forced = [card]

        def policy(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
            if forced and seat == self.me:
                return forced.pop()
            return heuristic_policy(seat, playable, count, cards)

        return self._score(position, policy, world)

    def _score(self, position: PegPosition, policy: Policy, world: World) -> float:
        gained, first = play_out(
            position,
            policy,
            side_of=self.sides,
            need=self.need if self.close else None,
        )
        if first < 0 and self.close:
            first = self._show_winner(gained, world)
        others = sum(gained[s] for s in self.opponents) / max(1, len(self.opponents))
        difference = gained[self.my_side] - others
        if first < 0:
            return difference
        if len(self.opponents) == 1:
            return WIN if first == self.my_side else -WIN
        # Several opponents: one of them going out first still leaves the other places to
        # play for, so the pegging difference keeps counting.
        return difference + (WIN if first == self.my_side else -WIN / len(self.opponents))

    def _show_winner(self, gained: list[int], world: World) -> int:
        left = [n - g for n, g in zip(self.need, gained, strict=True)]
        for seat in self.show_order:
            left[self.sides[seat]] -= show_total(world.kept[seat], self.starter)
            if left[self.sides[seat]] <= 0:
                return self.sides[seat]
        if len(world.crib) == 4:
            left[self.sides[self.dealer]] -= show_total(world.crib, self.starter, True)
            if left[self.sides[self.dealer]] <= 0:
                return self.sides[self.dealer]
        return -1


def choose_card(
    view: View, rng: random.Random, *, worlds: int, deadline: float | None = None
) -> int:
    """The candidate with the best mean over ``worlds`` sampled worlds (fewer if the clock
    passes ``deadline``, a :func:`time.perf_counter` time)."""
    cards = candidates(view)
    if len(cards) == 1:
        return cards[0]
    search = PlaySearch(view)
    totals = [0.0] * len(cards)
    for n in range(worlds):
        world = sample_world(view, search.history, rng, search.unseen)
        for i, card in enumerate(cards):
            totals[i] += search.value(card, world)
        if deadline is not None and n >= 1 and time.perf_counter() > deadline:
            break
    best = max(range(len(cards)), key=lambda i: (totals[i], -VALUE_OF[cards[i]]))
    return cards[best]
