"""Legal actions in words, for the numbered menu a person picks from.

Any action type gets a line (one the terminal does not know is shown as its JSON), so a new
game's decisions can be played before they have prompts of their own. Cribbage is not
Enough's decisions are spelled out with the values the view's powers table gives them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from pegboard.cards import parse_card
from pegboard.cli.cards_display import card_label

Action = dict[str, Any]
View = dict[str, Any]

PICKED = frozenset({"discard", "play", "go", "ready", "claim", "pass", "reveal", "magic"})
"""Decisions answered by naming cards (or Enter), never from a menu."""
COURT = {11: "J", 12: "Q", 13: "K", 1: "A"}
POWER_WORDS = {
    "intel": "the other team shows {n} card{s} each",
    "might": "adds {n} to your team's rolls in the battle for the crib",
    "magic": "your team swaps exactly {n} card{s} for new ones from its deck",
}


def is_menu(view: View) -> bool:
    """Whether this decision is answered by picking from the numbered list."""
    legal = view.get("legal") or []
    return bool(legal) and not {a.get("type") for a in legal} <= PICKED


def power_value(view: View, card: str, power: str) -> int:
    """A card's value for ``power`` in the view's powers table (0 without powers)."""
    parsed = parse_card(card)
    rank = COURT.get(parsed.rank)
    table = (view.get("powers") or {}).get("values") or {}
    if rank is None:
        return 0
    return int(table.get("CDHS"[parsed.suit], {}).get(rank, {}).get(power, 0))


def powers_of(view: View, card: str) -> str:
    """``Intel 3 · Might 5 · Magic 4`` for a court card, empty otherwise."""
    values = [(p, power_value(view, card, p)) for p in ("intel", "might", "magic")]
    if parse_card(card).rank not in COURT:
        return ""
    return " · ".join(f"{p.capitalize()} {n}" for p, n in values)


def colour_seats(view: View, names: Sequence[str], colour: str) -> str:
    """``You`` or ``You & Cat``: who plays ``colour``."""
    seats = (view.get("colours") or {}).get(colour) or []
    return " & ".join(names[s] if 0 <= s < len(names) else f"Seat {s}" for s in seats)


def resolving_top(view: View) -> str | None:
    colour = view.get("resolving")
    tops = view.get("tops") or {}
    return tops.get(colour) if isinstance(colour, str) else None


def describe(action: Action, view: View, names: Sequence[str]) -> str:
    """One legal action in words."""
    kind = action.get("type")
    cards = " ".join(card_label(c) for c in action.get("cards") or [])
    if kind in ("discard", "reveal"):
        return f"{'show' if kind == 'reveal' else 'discard'} {cards}"
    if kind == "magic":
        return f"swap {cards} for new cards"
    if kind == "play":
        return f"play {card_label(str(action['card']))}"
    if kind in ("go", "ready", "pass"):
        return {"go": "go", "ready": "go on", "pass": "pass"}[str(kind)]
    if kind == "colour":
        return f"take {action['colour']} for your team"
    if kind == "first":
        colour = str(action["colour"])
        return f"{colour} ({colour_seats(view, names, colour)}) resolves its Top first"
    if kind == "power":
        return _power(action, view)
    if kind == "split":
        mine, partner = int(action["captain"]), int(action["partner"])
        return f"you swap {mine}, your partner {partner}"
    if kind == "cradle":
        return _cradle(action, view, names)
    if kind == "claim" and not action.get("items"):
        return "claim nothing"
    return json.dumps(action)


def _power(action: Action, view: View) -> str:
    power = str(action["power"])
    top = resolving_top(view)
    if power not in POWER_WORDS or top is None:
        return "no power" if power == "none" else power
    n = power_value(view, top, power)
    what = POWER_WORDS[power].format(n=n, s="s" if n != 1 else "")
    return f"{power.capitalize()} {n}: {what}"


def _cradle(action: Action, view: View, names: Sequence[str]) -> str:
    what = action.get("action")
    if what == "ban":
        colour = str(action["colour"])
        who = colour_seats(view, names, colour)
        return f"ban {colour} ({who}): its crib cards and its Top are not counted"
    if what == "add":
        return "add the next card of your deck to the crib"
    return "leave the crib as it is"


def menu_text(view: View, names: Sequence[str]) -> Text:
    """``Choices: 1) … 2) …``, one per line."""
    text = Text("Choices:", style="bold")
    for i, action in enumerate(view.get("legal") or [], 1):
        text.append(f"\n  {i}) ", style="dim")
        text.append(describe(action, view, names))
    return text
