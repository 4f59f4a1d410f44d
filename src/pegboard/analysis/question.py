"""The discard question a seat's view asks, and its answer: the help a table may offer.

A seat that must discard in Cribbage can ask for every discard of its own hand, valued by
:func:`~pegboard.analysis.analyze_discards`. Everything comes from that seat's view (its hand,
who deals, how many play, the teams), so a hint never tells anyone more than their view
already does. With 2 players the opponent is modelled as tossing like a strong player; with
3 or 4 (where no strong-toss model exists) the other crib cards are uniformly random.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pegboard.analysis.discards import DiscardAnalysis, Tosses, analyze_discards
from pegboard.cards import parse_cards
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError


class _HintGames(Container[object]):
    """The games that offer hints: those whose spec names a ``"hints"`` surface (Cribbage's:
    its discards are what the analysis values), asked of the registry when tested."""

    def __contains__(self, game: object) -> bool:
        if not isinstance(game, str):
            return False
        try:
            return "hints" in get_spec(game).surfaces
        except OptionError:
            return False


HINT_GAMES: Container[object] = _HintGames()
"""The games whose discards and plays a hint values (``game in HINT_GAMES``)."""

Role = Literal["dealer", "pone", "partner"]


@dataclass(frozen=True)
class DiscardQuestion:
    """What a hint needs, taken from one seat's view while that seat must discard."""

    hand: tuple[str, ...]
    hand_number: int
    role: Role
    players: int

    @property
    def tosses(self) -> Tosses:
        return hint_tosses(self.players)


def hint_tosses(players: int) -> Tosses:
    """The toss model a hint uses (and ``pegboard analyze`` by default): the strong player's
    with 2 players, uniformly random cards with 3 or 4 (no strong model exists there)."""
    return "strong" if players == 2 else "random"


def discard_question(view: Mapping[str, Any]) -> DiscardQuestion | None:
    """The question this view may ask now, or None unless the seat has a Cribbage discard
    to make."""
    can_discard = any(a.get("type") == "discard" for a in view.get("legal") or [])
    if view.get("game") not in HINT_GAMES or view.get("phase") != "discard" or not can_discard:
        return None
    seat, dealer, players = int(view["seat"]), int(view["dealer"]), len(view["active"])
    partner_deals = bool(view["teams"]) and players == 4 and dealer != seat
    partner_deals = partner_deals and dealer % 2 == seat % 2
    role: Role = "dealer" if dealer == seat else "partner" if partner_deals else "pone"
    return DiscardQuestion(tuple(view["hand"]), int(view["hand_number"]), role, players)


def discard_answer(question: DiscardQuestion) -> tuple[DiscardAnalysis, ...]:
    """Every discard, best net first. The strong-toss model takes about 10 ms (200 ms the
    first time, building its tables); asking again for the same hand costs nothing."""
    return _analysis(question.hand, question.role, question.players, question.tosses)


@lru_cache(maxsize=256)
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
