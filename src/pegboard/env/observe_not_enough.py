"""Cribbage is not Enough observations (2 or 4 players), built from the seat's view.

Colours and teams are relative too: "own" is the observer's team (its colour, its Top, its
crib pile), "enemy" the other one.
"""

from __future__ import annotations

from pegboard.bots.base import known
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
from pegboard.games.not_enough.views import NotEnoughView

PHASES = (
    "colour",
    "discard",
    "order",
    "power",
    "reveal",
    "split",
    "magic",
    "play",
    "cradle",
    "post-show",
)
POWERS = ("intel", "might", "magic", "none")


def layout(players: int) -> Layout:
    n = players
    return Layout(
        (
            cards_field("hand", "your cards not yet played"),
            HAND_POSITIONS_FIELD,
            cards_field("discarded", "your own discards to the crib"),
            cards_field("magicked", "your own Magic discards"),
            cards_field("revealed", f"cards shown by Intel, per relative seat (x{n})", n),
            cards_field("played", f"cards played this hand, per relative seat (x{n})", n),
            cards_field("count_cards", "cards in the current count"),
            cards_field("tops", "the Tops once cut: own team's, then the enemy's (x2)", 2),
            cards_field("crib", "the crib piles once turned up: own colour, enemy colour (x2)", 2),
            Field("phase", len(PHASES) + 1, "one-hot: " + ", ".join(PHASES) + ", other"),
            Field("colour", 2, "one-hot: your team's colour (grey, blue), once taken"),
            Field("count", 1, "the count / 31"),
            Field("scores", 2, "score / target: own team, enemy team"),
            Field("dealer", n, "one-hot: the dealer's relative seat"),
            Field("resolving", 2, "one-hot: the team whose Top is being used (own, enemy)"),
            Field("powers_used", 8, "one-hot per team (own, enemy): " + ", ".join(POWERS)),
            Field("to_reveal", n, "cards still to show after Intel / 4, per relative seat"),
            Field("magic_share", n, "cards to discard for Magic / 4, per relative seat"),
            Field("passed", n, "1 if that relative seat has said go in this count"),
            Field("hand_sizes", n, "cards in hand / 6 per relative seat"),
            Field("intel", 2, "one-hot: the team that won the intelligence bonus (own, enemy)"),
            Field("battle", 2, "one-hot: the team that won the battle (own, enemy)"),
        )
    )


def observe(view: NotEnoughView, hand_events: list[Event], lay: Layout) -> Observation:
    seat = known(view["seat"], "seat")
    n = int(view["players"])
    mine = seat % 2
    w = lay.writer()
    w.cards("hand", view["hand"])
    w.hand_positions("hand_positions", view["hand"])
    w.cards("discarded", view["discarded"])
    w.cards("magicked", view["magicked"])
    for s, cards in enumerate(view["revealed"]):
        w.cards("revealed", cards, relative(seat, s, n))
    for play in view["played"]:
        w.cards("played", (play["card"],), relative(seat, play["seat"], n))
    w.cards("count_cards", view["count_cards"])
    colours = view["colours"]
    own = next((c for c, seats in colours.items() if seat in seats), None) if colours else None
    if own is not None:
        w.one("colour", ("grey", "blue").index(own))
        enemy = "blue" if own == "grey" else "grey"
        for block, colour in enumerate((own, enemy)):
            if view["tops"]:
                w.cards("tops", (view["tops"][colour],), block)
            if view["crib"]:
                w.cards("crib", view["crib"][colour], block)
            used = view["powers_used"].get(colour)
            if used is not None:
                w.one("powers_used", 4 * block + POWERS.index(used))
            if view["resolving"] == colour:
                w.one("resolving", block)
    phase = view["phase"]
    w.one("phase", PHASES.index(phase) if phase in PHASES else len(PHASES))
    w.value("count", view["count"] / 31)
    target = view["target"]
    w.value("scores", clip(view["scores"][seat] / target), 0)
    w.value("scores", clip(view["scores"][(seat + 1) % n] / target), 1)
    if view["dealer"] is not None:
        w.one("dealer", relative(seat, view["dealer"], n))
    for s in range(n):
        r = relative(seat, s, n)
        w.value("to_reveal", view["to_reveal"][s] / 4, r)
        w.value("magic_share", view["magic_share"][s] / 4, r)
        w.value("hand_sizes", view["hand_sizes"][s] / 6, r)
    for s in view["passed"]:
        w.one("passed", relative(seat, s, n))
    for name, result in (("intel", view["intel"]), ("battle", view["battle"])):
        winner = result["winner"] if result is not None else None
        if winner is not None:
            w.one(name, 0 if winner % 2 == mine else 1)
    return w.array()
