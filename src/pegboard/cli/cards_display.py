"""Cards for the terminal: ``5H`` shown as a red ``5♥``, ``QS`` as a bold ``Q♠``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from pegboard.cards import parse_card

_SYMBOLS = "♣♦♥♠"
_CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
_RED = frozenset({1, 2})  # diamonds, hearts


def card_label(name: str) -> str:
    """``"5H"`` -> ``"5♥"`` (plain text, no colour)."""
    card = parse_card(name)
    return card.rank.letter + _SYMBOLS[card.suit]


def card_text(name: str) -> Text:
    """One card, coloured: hearts and diamonds red, clubs and spades bold."""
    card = parse_card(name)
    style = "bold red" if card.suit in _RED else "bold"
    return Text(card.rank.letter + _SYMBOLS[card.suit], style=style)


def cards_text(names: Iterable[str], sep: str = " ") -> Text:
    """Several cards, coloured, separated by ``sep``."""
    return Text(sep).join(card_text(name) for name in names)


def numbered_cards(names: Iterable[str]) -> Text:
    """A hand to pick from: ``1) 5♥  2) 6♣  3) J♠``."""
    parts = [Text.assemble((f"{i})", "dim"), " ", card_text(n)) for i, n in enumerate(names, 1)]
    return Text("  ").join(parts)


def suit_symbol(letter: str) -> str:
    """``"H"`` -> ``"♥"``."""
    return _SYMBOLS["CDHS".index(letter.strip().upper()[:1] or "?")]


def with_symbols(message: str) -> str:
    """Card names in a message shown with suit symbols: ``no pair 9C TC`` -> ``no pair 9♣ T♣``."""
    return _CARD_NAME.sub(lambda m: m.group(1) + _SYMBOLS["CDHS".index(m.group(2))], message)
