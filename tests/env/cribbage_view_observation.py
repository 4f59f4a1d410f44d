"""The Cribbage observation built the slow, obvious way: from the seat's view dict, field by
field. The environment builds it from the game state; a test holds the two equal."""

from __future__ import annotations

from typing import Any

from pegboard.env.layout import Layout, Observation, clip, relative

_PHASE_INDEX = {"discard": 0, "play": 1, "pre-show": 2, "post-show": 2}


def observe_view(view: dict[str, Any], lay: Layout) -> Observation:
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
