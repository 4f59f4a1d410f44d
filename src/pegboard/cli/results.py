"""The end of a game: ranks, scores, skunks, as a table or as one line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

REASONS = {
    "target": "the target was reached",
    "leave": "players left",
    "deals": "the agreed number of deals was played",
    "minutes": "the agreed time ran out",
}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _order(outcome: Mapping[str, Any]) -> list[int]:
    ranks: list[int] = outcome["ranks"]
    scores: list[int] = outcome["scores"]
    return sorted(range(len(ranks)), key=lambda s: (ranks[s], -scores[s], s))


def result_view(outcome: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """A table of rank, player and score, with the reason and any skunks below it."""
    table = Table(title="Result", title_style="bold")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    skunked = set(outcome.get("skunked") or [])
    double = set(outcome.get("double_skunked") or [])
    for seat in _order(outcome):
        note = " (double skunk)" if seat in double else " (skunk)" if seat in skunked else ""
        table.add_row(
            ordinal(outcome["ranks"][seat]), Text(names[seat] + note), str(outcome["scores"][seat])
        )
    reason = str(outcome.get("reason", ""))
    footer = Text(f"Game over: {REASONS.get(reason, reason)}.", style="dim")
    return Group(table, footer)


def describe_outcome(outcome: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """``greedy 1 1st 121, random 2 2nd 98 (target)`` — or ``unfinished``."""
    if outcome is None:
        return "unfinished"
    parts = [
        f"{names[s]} {ordinal(outcome['ranks'][s])} {outcome['scores'][s]}" for s in _order(outcome)
    ]
    return f"{', '.join(parts)} ({outcome.get('reason', '?')})"
