"""Worked examples for a game's rules page, made of the scoring code's own counts.

An example is a title, a sentence, some groups of cards to look at, and lines (cards, what they
score, the running total). The client draws the cards; nothing in an example is written by hand
but words. Each game makes its own (its spec's ``examples``); the web app serves them on the
game's rules page (``GET /api/rules/{game}``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.cards import Card, card_names
from pegboard.scoring import ScoreItem

Example = dict[str, Any]
"""One worked example, as the rules page's JSON carries it (docs/protocol.md)."""


def no_examples() -> list[Example]:
    """A game with no worked examples."""
    return []


def group(label: str, cards: Sequence[Card]) -> dict[str, Any]:
    return {"label": label, "cards": card_names(cards)}


def line(text: str, cards: Sequence[Card] = (), items: Sequence[ScoreItem] = ()) -> Example:
    """One step of an example: what happens, the cards it is about, what it scores."""
    return {
        "text": text,
        "cards": card_names(cards),
        "items": [item.to_json() for item in items],
        "points": sum(item.points for item in items),
    }


def example(
    title: str,
    text: str,
    groups: list[dict[str, Any]],
    lines: list[Example],
    *,
    running: bool = True,
) -> Example:
    """``running``: the lines are one count, so the page adds them up as it goes."""
    return {"title": title, "text": text, "groups": groups, "lines": lines, "running": running}
