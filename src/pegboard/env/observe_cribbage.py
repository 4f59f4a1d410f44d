"""Cribbage observations (2, 3 or 4 players, teams too), built from the seat's view."""

from __future__ import annotations

from typing import Any

from pegboard.core.rules import Event
from pegboard.env.layout import (
    HAND_POSITIONS_FIELD,
    Field,
    Layout,
    Observation,
    cards_field,
    clip,
    relative,
)

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


def observe(view: dict[str, Any], hand_events: list[Event], lay: Layout) -> Observation:
    seat = int(view["seat"])
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
