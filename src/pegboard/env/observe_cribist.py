"""Cribist observations (4 players), built from the seat's view alone.

The view lists this hand's finished tricks (``tricks``), so the cards each seat played earlier
in the hand are read off it: a bot shown only the view gets the same observation, and a policy
trained in the environment plays as a bot.
"""

from __future__ import annotations

from pegboard.bots.base import known
from pegboard.env.layout import Field, Layout, Observation, cards_field, clip, relative
from pegboard.games.cribist.views import CribistView

PLAYERS = 4


def layout(players: int = PLAYERS) -> Layout:
    return Layout(
        (
            cards_field("hand", "your cards not yet played"),
            cards_field("trick", "the current trick's cards, per relative seat (x4)", PLAYERS),
            cards_field("gone", "cards of this hand already played (every card is dealt)"),
            cards_field(
                "tricks",
                "cards each relative seat played to this hand's earlier tricks (x4)",
                PLAYERS,
            ),
            Field("trump", 4, "one-hot: trumps (C, D, H, S), once the first lead names them"),
            Field("led", 4, "one-hot: the suit led to the current trick"),
            Field("tricks_won", PLAYERS, "tricks won this hand / 13 per relative seat"),
            Field("scores", PLAYERS, "score / target per relative seat (end=target)"),
            Field("dealer", PLAYERS, "one-hot: the dealer's relative seat"),
            Field("deals", 1, "hands dealt / deals (end=deals), else 0"),
        )
    )


def observe_view(view: CribistView, lay: Layout) -> Observation:
    seat = known(view["seat"], "seat")
    w = lay.writer()
    w.cards("hand", view["hand"])
    for play in view["trick"]:
        w.cards("trick", (play["card"],), relative(seat, play["seat"], PLAYERS))
    w.cards("gone", [play["card"] for play in view["trick"]])
    for trick in view["tricks"]:
        w.cards("gone", trick["cards"])
        for s, card in enumerate(trick["cards"]):
            w.cards("tricks", (card,), relative(seat, s, PLAYERS))
    if view["trump"] is not None:
        w.one("trump", "CDHS".index(view["trump"]))
    if view["trick"]:
        w.one("led", "CDHS".index(view["trick"][0]["card"][-1]))
    for s, won in enumerate(view["tricks_won"]):
        w.value("tricks_won", won / 13, relative(seat, s, PLAYERS))
    for s, score in enumerate(view["scores"]):
        w.value("scores", clip(score / view["target"]), relative(seat, s, PLAYERS))
    if view["dealer"] is not None:
        w.one("dealer", relative(seat, view["dealer"], PLAYERS))
    if view["end"] == "deals":
        w.value("deals", view["hand_number"] / view["deals"])
    return w.array()
