"""The game's actions in their one JSON form, and the parsing of what a client sends.

``{"type": "colour", "colour": "grey"}``     the dealer takes a colour for their team
``{"type": "discard", "cards": [...]}``     cards to the crib (brings the hand to 4)
``{"type": "first", "colour": "blue"}``     the dealer names the team whose Top resolves first
``{"type": "power", "power": "intel"}``     a captain uses the Top's intel, might, magic or none
``{"type": "reveal", "cards": [...]}``      cards shown to everyone after an enemy's Intel
``{"type": "split", "captain": 2, "partner": 1}``  a captain shares out a Magic discard
``{"type": "magic", "cards": [...]}``       one member's Magic discard
``{"type": "play", "card": "5H"}``, ``{"type": "go"}``, ``{"type": "ready"}``
``{"type": "cradle", "action": "ban", "colour": "grey"}`` (or ``"add"``, ``"none"``)
``claim``, ``muggins`` and ``pass`` as in every game (core claims).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any, Literal, NotRequired, TypedDict

from pegboard.cards import NAME_OF, Card, card_names, parse_card, parse_cards
from pegboard.core.claims import canonical_claim
from pegboard.core.wire import Claim, Go, Muggins, Pass, Play, Ready
from pegboard.errors import CardError, IllegalAction
from pegboard.games.not_enough.powers import COLOURS

CardsKind = Literal["discard", "reveal", "magic"]
ColourKind = Literal["colour", "first"]


class CardsChoice(TypedDict):
    """Cards to the crib, shown after an enemy's Intel, or discarded for the team's Magic."""

    type: CardsKind
    cards: list[str]


class ColourChoice(TypedDict):
    """The dealer's team's colour, or the team whose Top resolves first."""

    type: ColourKind
    colour: str


class PowerChoice(TypedDict):
    type: Literal["power"]
    power: str


class Split(TypedDict):
    type: Literal["split"]
    captain: int
    partner: int


class Cradle(TypedDict):
    type: Literal["cradle"]
    action: str
    colour: NotRequired[str]  # the colour banned


NotEnoughAction = (
    CardsChoice
    | ColourChoice
    | PowerChoice
    | Split
    | Cradle
    | Play
    | Go
    | Ready
    | Claim
    | Muggins
    | Pass
)
"""Every action of Cribbage is not Enough; ``Rules[NotEnoughAction]`` holds the rules to them."""

READY: Ready = {"type": "ready"}
POWER_CHOICES = ("intel", "might", "magic", "none")
CRADLE_CHOICES = ("ban", "add", "none")
CARD_LISTS = ("discard", "reveal", "magic")
TYPES = (
    "colour, discard, first, power, reveal, split, magic, play, go, ready, cradle, "
    "claim, muggins or pass"
)


def cards_action(kind: CardsKind, cards: tuple[Card, ...] | list[Card]) -> CardsChoice:
    return {"type": kind, "cards": card_names(sorted(cards))}


def every_choice(kind: CardsKind, hand: list[Card], size: int) -> list[CardsChoice]:
    """One action per way of choosing ``size`` cards of ``hand`` (bots need them spelled out)."""
    return [cards_action(kind, combo) for combo in combinations(sorted(hand), size)]


def canonical(action: Mapping[str, Any]) -> NotEnoughAction:
    kind = action.get("type")
    try:
        if kind in CARD_LISTS:
            cards = action.get("cards")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise IllegalAction(f'a {kind} lists cards: {{"type": "{kind}", "cards": ["5H"]}}')
            parsed = parse_cards(cards)
            if len(set(parsed)) != len(parsed):
                raise IllegalAction(f"a {kind} names a card twice")
            return cards_action(kind, parsed)
        if kind == "play":
            card = action.get("card")
            if not isinstance(card, str):
                raise IllegalAction('a play names one card: {"type": "play", "card": "5H"}')
            return {"type": "play", "card": NAME_OF[parse_card(card)]}
    except CardError as error:
        raise IllegalAction(str(error)) from None
    if kind in ("colour", "first"):
        return {"type": kind, "colour": _choice(action.get("colour"), COLOURS, "colour")}
    if kind == "power":
        return {"type": "power", "power": _choice(action.get("power"), POWER_CHOICES, "power")}
    if kind == "split":
        return {
            "type": "split",
            "captain": _count(action, "captain"),
            "partner": _count(action, "partner"),
        }
    if kind == "cradle":
        return _cradle(action)
    if kind == "go":
        return {"type": "go"}
    if kind == "ready":
        return {"type": "ready"}
    if kind in ("claim", "muggins", "pass"):
        return canonical_claim(action)
    raise IllegalAction(f"unknown action type {kind!r} for not-enough; use {TYPES}")


def _cradle(action: Mapping[str, Any]) -> Cradle:
    what = _choice(action.get("action"), CRADLE_CHOICES, "cradle action")
    if what == "ban":
        return {
            "type": "cradle",
            "action": "ban",
            "colour": _choice(action.get("colour"), COLOURS, "colour"),
        }
    return {"type": "cradle", "action": what}


def _choice(value: object, allowed: tuple[str, ...], what: str) -> str:
    text = value.strip().lower() if isinstance(value, str) else None
    if text not in allowed:
        raise IllegalAction(f"the {what} is one of {', '.join(allowed)}, not {value!r}")
    return text


def _count(action: Mapping[str, Any], key: str) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalAction(
            f'a split gives each member a number of cards: {{"type": "split", "captain": 1, '
            f'"partner": 2}}, not {key}={value!r}'
        )
    return value
