"""Cribbage observations (2, 3 or 4 players, teams too), read straight off the game state.

Every field is one the seat's view shows (its own hand and discards, the cards played, the
starter, the crib once shown, scores, the dealer, who said go, hand sizes): a test builds the
same array from the view dict, and the information test swaps hidden cards under it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pegboard.bots.base import known
from pegboard.cards import RANK_OF, SUIT_OF
from pegboard.env.layout import (
    HAND_POSITIONS_FIELD,
    Field,
    Layout,
    Observation,
    cards_field,
    clip,
    relative,
)
from pegboard.games.cribbage.views import CribbageView

PHASES = ("discard", "play", "pause", "other")
_PHASE_INDEX = {"discard": 0, "play": 1, "pre-show": 2, "post-show": 2}


def layout(players: int) -> Layout:
    n = players
    return Layout(
        (
            cards_field("hand", "your cards not yet played"),
            HAND_POSITIONS_FIELD,
            cards_field("discarded", "your own discards to the crib"),
            cards_field("played", f"cards played this hand, per relative seat (x{n})", n),
            cards_field("count_cards", "cards in the current count (since it was last 0)"),
            cards_field("starter", "the starter, once cut"),
            cards_field("crib", "the crib, once it is shown"),
            Field("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            Field("count", 1, "the count / 31"),
            Field("scores", n, "score / target per relative seat (partners share a score)"),
            Field("dealer", n, "one-hot: the dealer's relative seat"),
            Field("passed", n, "1 if that relative seat has said go in this count"),
            Field("hand_sizes", n, "cards in hand / 6 per relative seat"),
            Field("crib_owner", 1, "1 if the crib is yours (or your partner's)"),
        )
    )


class CribbageObserver:
    def __init__(self, players: int) -> None:
        self.layout = lay = layout(players)
        self.players = players
        o = lay.offset
        self.hand, self.positions, self.discarded = o["hand"], o["hand_positions"], o["discarded"]
        self.played, self.count_cards, self.starter = o["played"], o["count_cards"], o["starter"]
        self.crib, self.phase, self.count = o["crib"], o["phase"], o["count"]
        self.scores, self.dealer, self.passed = o["scores"], o["dealer"], o["passed"]
        self.hand_sizes, self.crib_owner = o["hand_sizes"], o["crib_owner"]

    def __call__(self, rules: Any, seat: int, hand_start: int) -> Observation:
        n = self.players
        ones: list[int] = []
        hand = rules.hands[seat] if seat in rules.active else []
        start = self.hand
        ones.extend(start + c for c in hand)
        start = self.positions
        for i, card in enumerate(sorted(hand)):
            ones.append(start + 17 * i + RANK_OF[card] - 1)
            ones.append(start + 17 * i + 13 + SUIT_OF[card])
        if seat in rules.active:
            start = self.discarded
            ones.extend(start + c for c in rules.tossed[seat])
        start = self.played
        ones.extend(start + 52 * ((s - seat) % n) + c for s, c in rules.plays)
        start = self.count_cards
        ones.extend(start + c for c in rules.count_cards)
        if rules.starter is not None:
            ones.append(self.starter + rules.starter)
        if rules.shown and rules.shown[-1]["crib"]:
            start = self.crib
            ones.extend(start + c for c in rules.crib)
        ones.append(self.phase + _PHASE_INDEX.get(rules.phase, 3))
        dealer = rules.dealer
        if dealer >= 0:
            ones.append(self.dealer + (dealer - seat) % n)
            if dealer == seat or (rules.teams and dealer == (seat + 2) % 4):
                ones.append(self.crib_owner)
        start = self.passed
        ones.extend(start + (s - seat) % n for s in rules.passed)
        out = np.zeros(self.layout.size, dtype=np.float32)
        out[ones] = 1.0
        out[self.count] = rules.count / 31
        target = rules.target
        for s in range(n):
            r = (s - seat) % n
            out[self.scores + r] = min(2.0, max(-1.0, rules.scores[s] / target))
            out[self.hand_sizes + r] = len(rules.hands[s]) / 6
        return out


def observe_view(view: CribbageView, lay: Layout) -> Observation:
    """The same observation built field by field from the seat's view dict alone (what a
    bot is shown): slower than reading the state, and held equal to it by a test."""
    seat = known(view["seat"], "seat")
    n = int(view["players"])
    w = lay.writer()
    w.cards("hand", view["hand"])
    w.hand_positions("hand_positions", view["hand"])
    w.cards("discarded", view["discarded"])
    for play in view["played"]:
        w.cards("played", (play["card"],), relative(seat, play["seat"], n))
    w.cards("count_cards", view["count_cards"])
    if view["starter"] is not None:
        w.cards("starter", (view["starter"],))
    w.cards("crib", view["crib"])
    w.one("phase", _PHASE_INDEX.get(view["phase"], 3))
    w.value("count", view["count"] / 31)
    target = view["target"]
    for s, score in enumerate(view["scores"]):
        w.value("scores", clip(score / target), relative(seat, s, n))
    dealer = view["dealer"]
    if dealer is not None:
        w.one("dealer", relative(seat, dealer, n))
    for s in view["passed"]:
        w.one("passed", relative(seat, s, n))
    for s, size in enumerate(view["hand_sizes"]):
        w.value("hand_sizes", size / 6, relative(seat, s, n))
    if dealer is not None and (dealer == seat or (view["teams"] and dealer == (seat + 2) % 4)):
        w.value("crib_owner", 1.0)
    return w.array()
