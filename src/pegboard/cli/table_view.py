"""The table as the person sees it before each decision: scores, dealer, starter, count, hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from pegboard.cli.cards_display import card_text, cards_text, numbered_cards


def scores_line(view: dict[str, Any], names: Sequence[str]) -> Text:
    """``You 12 · Greedy 17 (dealer) — first to 121``."""
    dealer = view.get("dealer")
    active = set(view.get("active") or range(len(names)))
    parts: list[Text] = []
    for seat, score in enumerate(view.get("scores") or []):
        part = Text.assemble(names[seat], " ", (str(score), "bold"))
        if seat == dealer:
            part.append(" (dealer)", style="dim")
        if seat not in active:
            part.append(" (left)", style="dim")
        parts.append(part)
    line = Text("Scores: ") + Text(" · ").join(parts)
    if view.get("target") is not None:
        line.append(f" — first to {view['target']}", style="dim")
    return line


def table_view(view: dict[str, Any], names: Sequence[str]) -> RenderableType:
    """Everything a person needs to decide, in a few lines."""
    lines: list[Text] = [scores_line(view, names)]
    starter = view.get("starter")
    table = Text("Starter: ") + (card_text(starter) if starter else Text("—", style="dim"))
    if view.get("phase") == "play":
        table.append(f"   Count: {view.get('count', 0)}")
        count_cards = view.get("count_cards") or []
        if count_cards:
            table.append(" (")
            table.append_text(cards_text(count_cards))
            table.append(")")
    lines.append(table)
    hand = view.get("hand") or []
    mine = Text("Your hand: ")
    mine.append_text(numbered_cards(hand) if hand else Text("no cards left", style="dim"))
    lines.append(mine)
    return Group(*lines)
