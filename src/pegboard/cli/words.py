"""The words every narration shares: names and verbs that turn to "you", and scored items.

:mod:`pegboard.cli.narrate` and the table views build their sentences from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from pegboard.cards import parse_cards
from pegboard.cli.cards_display import cards_text, suit_symbol
from pegboard.core.claims import nominal_points
from pegboard.core.wire import Event as Event
from pegboard.errors import PegboardError

Names = Sequence[str]

YOU = "You"
KIND_NAMES = {
    "his-nob": "his nob",
    "her-pot": "her pot",
    "her-heels": "her heels",
    "run-replaced": "shorter run replaced",
}
"""Item kinds read better in words than as their JSON names."""


def verb(name: str, third_person: str, second_person: str) -> str:
    """``Ann plays`` but ``You play``."""
    return f"{name} {second_person if name == YOU else third_person}"


def subject(name: str) -> str:
    """A name in the middle of a sentence: ``Ann``, but ``you``."""
    return "you" if name == YOU else name


def inner_verb(name: str, third_person: str, second_person: str) -> str:
    """``verb`` in the middle of a sentence: ``Ann pegs``, but ``you peg``."""
    return f"{subject(name)} {second_person if name == YOU else third_person}"


def name_of(names: Names, seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat}"


def item_points(item: dict[str, Any]) -> int:
    """An item's points: as scored, or (a claimed item) what its kind and cards are worth."""
    if "points" in item:
        return int(item["points"])
    try:
        return nominal_points(str(item.get("kind")), parse_cards(item.get("cards") or []))
    except PegboardError:
        return 0


def describe_items(items: Sequence[dict[str, Any]]) -> Text:
    """``fifteen (5♥ T♦)``; with several, each shows its points: ``fifteen 2 (…), pair 2 (…)``."""
    parts: list[Text] = []
    for item in items:
        kind = str(item.get("kind", "?"))
        part = Text(KIND_NAMES.get(kind, kind))
        if len(items) > 1:
            part.append(f" {item_points(item)}")
        cards = item.get("cards") or []
        if cards:
            part.append(" (")
            part.append_text(cards_text(cards))
            part.append(")")
        parts.append(part)
    return Text(", ").join(parts)


def suit_text(letter: str) -> Text:
    """A suit by its letter, as a coloured symbol: ``H`` -> a red ``♥``."""
    return Text(suit_symbol(letter), style="bold red" if letter in "DH" else "bold")
