"""Discard hints: every discard of a seat's own hand, valued by :mod:`pegboard.analysis`.

A hint is worked out from the seat's own view only (its hand, who deals, how many play, the
teams), so it cannot tell anyone more than their view already does. With 2 players the other
player is modelled as tossing like a strong player; with 3 or 4 (where no strong-toss model
exists) the other crib cards are uniformly random unseen cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pegboard.analysis import DiscardAnalysis, Tosses, analyze_discards
from pegboard.cards import parse_cards
from pegboard.server.protocol import ProtocolError

HINT_GAMES = frozenset({"cribbage"})  # the games with a discard analysis

Role = Literal["dealer", "pone", "partner"]


def offers_hints(game: str) -> bool:
    return game in HINT_GAMES


@dataclass(frozen=True)
class HintQuery:
    """What a hint needs, taken from one seat's view while that seat must discard."""

    hand: tuple[str, ...]
    hand_number: int
    role: Role
    players: int

    @property
    def tosses(self) -> Tosses:
        return "strong" if self.players == 2 else "random"


def hint_query(view: dict[str, Any]) -> HintQuery:
    """The question a seat may ask now; ``not-now`` unless it has a discard to make."""
    discards = [a for a in view.get("legal", []) if a.get("type") == "discard"]
    if view.get("game") not in HINT_GAMES or view.get("phase") != "discard" or not discards:
        raise ProtocolError("not-now", "a hint is for your discard, while you have one to make")
    seat, dealer, players = int(view["seat"]), int(view["dealer"]), len(view["active"])
    partner_deals = bool(view["teams"]) and players == 4 and dealer != seat
    partner_deals = partner_deals and dealer % 2 == seat % 2
    role: Role = "dealer" if dealer == seat else "partner" if partner_deals else "pone"
    return HintQuery(tuple(view["hand"]), int(view["hand_number"]), role, players)


def hint_message(query: HintQuery) -> dict[str, Any]:
    """The ``hint`` message: every discard, best net first. The strong-toss model takes about
    10 ms (200 ms the first time, building its tables), so callers run this off the event loop."""
    rows = _analysis(query.hand, query.role, query.players, query.tosses)
    return {
        "type": "hint",
        "hand_number": query.hand_number,
        "hand": list(query.hand),
        "role": query.role,
        "players": query.players,
        "tosses": query.tosses,
        "discards": [row.to_json() for row in rows],
    }


@lru_cache(maxsize=256)  # asking again for the same hand costs nothing
def _analysis(
    hand: tuple[str, ...], role: Role, players: int, tosses: Tosses
) -> tuple[DiscardAnalysis, ...]:
    return tuple(
        analyze_discards(
            parse_cards(hand),
            dealer=role == "dealer",
            players=players,
            partner_deals=role == "partner",
            tosses=tosses,
        )
    )
