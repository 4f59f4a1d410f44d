"""Points by phase, per hand and seat, read from a game's events.

Cribbage phases: ``pegging`` (the play: fifteens, pairs, runs, go, 31, last card), ``heels``
(a Jack turned up), ``hand`` (the show of one's own hand), ``crib`` (the dealer's crib) and
``muggins`` (points won or lost calling Muggins in manual counting). Cribist: ``tricks``
(points counted on the tricks won), ``trick count`` (one per trick at the end of a hand) and
``muggins``. Cribbage is not Enough: ``pegging``, ``tops`` (his nob and her pot, at the cut),
``hand``, ``her heels`` (a Queen of the Top's suit in the other team's hand), ``intel`` (the
intelligence bonus), ``crib`` and ``muggins``. A hand is *complete* when every phase was counted
(the game did not end in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pegboard.core.spec import get_spec
from pegboard.core.wire import Event

OWN_PHASE = {
    "heels": "heels",
    "tricks": "trick count",
    "his-nob": "tops",
    "her-pot": "tops",
    "her-heels": "her heels",  # scored by the other team: not to pass for a Muggins call
}
"""Score items that are a phase of their own wherever they come."""


@dataclass
class HandPoints:
    """One hand: its dealer, and the points each seat scored in each phase."""

    dealer: int
    points: list[dict[str, int]]
    complete: bool = False
    scores_after: list[int] = field(default_factory=list)


def phases_for(game: str) -> tuple[str, ...]:
    """The game's phases (its ``GameSpec.phases``)."""
    return get_spec(game).phases


def hand_points(game: str, players: int, events: Sequence[Event]) -> list[HandPoints]:
    """Every hand of a game, with each seat's points by phase."""
    names = phases_for(game)
    hands: list[HandPoints] = []
    phase = names[0]
    owner = -1  # whose hand or trick is being counted
    scores = [0] * players
    for event in events:
        kind = event["type"]
        if kind == "deal":
            if hands:
                hands[-1].complete = True
                hands[-1].scores_after = list(scores)
            hands.append(
                HandPoints(int(event["dealer"]), [dict.fromkeys(names, 0) for _ in range(players)])
            )
            phase, owner = names[0], -1
        elif kind == "show":
            phase = "crib" if event["crib"] else "hand"
            owner = int(event["seat"])
        elif kind == "trick":
            phase, owner = "tricks", int(event["winner"])
        elif kind == "intel":
            phase, owner = "intel", -1
        elif kind == "score" and hands:
            seat = int(event["seat"])
            scores = [int(s) for s in event["scores"]]
            own = [OWN_PHASE[i["kind"]] for i in event["items"] if i["kind"] in OWN_PHASE]
            if own:
                where = own[0]
            elif "muggins" in {i["kind"] for i in event["items"]} or (owner >= 0 and seat != owner):
                where = "muggins"
            else:
                where = phase
            points = hands[-1].points[seat]
            points[where] = points.get(where, 0) + int(event["points"])
    if hands:
        hands[-1].scores_after = list(scores)
    return hands
