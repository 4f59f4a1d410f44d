"""The table as the person sees it before each decision.

Cribbage: scores, dealer, starter, count, hand. Cribist: scores and tricks won, trumps, the
trick so far and whose turn it is, the hand. Cribbage is not Enough: see
:mod:`pegboard.cli.table_not_enough`. In manual counting, each shows what is being counted and
what has been claimed so far; a decision made from a menu lists its numbered choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pegboard.cli.action_text import is_menu, menu_text
from pegboard.cli.cards_display import card_text, cards_text, numbered_cards
from pegboard.cli.table_not_enough import not_enough_view
from pegboard.cli.words import describe_items, name_of, suit_text, verb
from pegboard.core.spec import get_spec


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


def whose(names: Sequence[str], seat: object, *, me: object) -> str:
    """``your`` or ``Bob's``."""
    return "your" if seat == me else f"{name_of(names, seat)}'s"


def starters_of(view: dict[str, Any], cards: Sequence[str], label: str) -> list[str]:
    """The counted cards that are not the hand's or the crib's own: the starter (Cribbage),
    the Tops (Cribbage is not Enough)."""
    if label not in ("hand", "crib"):
        return []
    tops = set((view.get("tops") or {}).values())
    if tops:
        return [c for c in cards if c in tops]
    starter = view.get("starter")
    return [starter] if starter and cards and cards[-1] == starter else []


def counting_lines(view: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """``Counting Bob's trick: 3♠ 9♠ 8♠ 7♥ (trumps ♥)`` and what is claimed so far."""
    counting = view.get("counting")
    if not counting:
        return []
    label = str(counting.get("label", "count"))
    cards: list[str] = list(counting.get("cards") or [])
    line = Text(f"Counting {whose(names, counting.get('claimant'), me=view.get('seat'))} {label}: ")
    starters = starters_of(view, cards, label)
    line.append_text(cards_text([c for c in cards if c not in starters]))
    for card in starters:
        line.append(" + ")
        line.append_text(card_text(card))
    if view.get("trump") and label == "trick":
        line.append(" (trumps ")
        line.append_text(suit_text(str(view["trump"])))
        line.append(")")
    lines = [line]
    if counting.get("claimed"):
        taken = counting.get("taken") or []
        claimed = Text("Taken so far: ")
        if taken:
            points = sum(int(item.get("points", 0)) for item in taken)
            claimed.append(f"{points} — ", style="bold")
            claimed.append_text(describe_items(taken))
        else:
            claimed.append("nothing", style="dim")
        lines.append(claimed)
    return lines


def hand_line(view: dict[str, Any]) -> Text:
    hand = view.get("hand") or []
    mine = Text("Your hand: ")
    mine.append_text(numbered_cards(hand) if hand else Text("no cards left", style="dim"))
    return mine


def cribbage_view(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    lines: list[RenderableType] = [scores_line(view, names)]
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
    return lines


def ending_note(view: dict[str, Any], clock_note: str | None) -> str:
    """How the game ends: ``first to 61``, ``deal 1 of 2``, ``12 min left``."""
    end = view.get("end")
    if end == "deals":
        return f"deal {view.get('hand_number', '?')} of {view.get('deals', '?')}"
    if end == "minutes":
        if view.get("time_is_up"):
            return "time is up: this hand is the last"
        return clock_note or "against the clock"
    return f"first to {view.get('target', '?')}"


def standings(view: dict[str, Any], names: Sequence[str]) -> Table:
    """Scores and tricks won, one column per player, the dealer marked."""
    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 2, 0, 0))
    table.add_column("")
    dealer = view.get("dealer")
    for seat, name in enumerate(names):
        header = Text(name, style="bold")
        if seat == dealer:
            header.append(" (dealer)", style="dim")
        table.add_column(header, justify="right")
    scores = view.get("scores") or []
    tricks = view.get("tricks_won") or []
    table.add_row("Score", *(Text(str(s), style="bold") for s in scores))
    table.add_row("Tricks", *(str(t) for t in tricks))
    return table


def trick_line(view: dict[str, Any], names: Sequence[str]) -> Text:
    """``Trick 4: Bob K♠ · Cat A♠ · Dan Q♠ — your turn``, or who leads an empty trick."""
    me = view.get("seat")
    number = sum(view.get("tricks_won") or []) + (0 if view.get("counting") else 1)
    line = Text(f"Trick {number}: ", style="bold")
    played = view.get("trick") or []
    for i, play in enumerate(played):
        if i:
            line.append(" · ")
        line.append(f"{name_of(names, play.get('seat'))} ")
        line.append_text(card_text(str(play.get("card"))))
    turn = view.get("turn")
    if turn is None:
        return line
    if played:
        line.append(f" — {whose(names, turn, me=me)} turn")
        return line
    line.append("your lead" if turn == me else verb(name_of(names, turn), "leads", "lead"))
    if not view.get("trump"):
        line.append(" — the suit led is trumps", style="dim")
    return line


def cribist_view(
    view: dict[str, Any], names: Sequence[str], clock_note: str | None
) -> list[RenderableType]:
    lines: list[RenderableType] = [standings(view, names)]
    ending = ending_note(view, clock_note)
    if view.get("end") == "deals":  # "Deal 1 of 2" says which hand it is
        status = Text(ending[:1].upper() + ending[1:])
    else:
        status = Text(f"Hand {view.get('hand_number', '?')} · {ending}")
    status.append(" · Trumps: ")
    trump = view.get("trump")
    status.append_text(suit_text(str(trump)) if trump else Text("not named yet", style="dim"))
    lines.append(status)
    if not view.get("counting"):
        lines.append(trick_line(view, names))
    return lines


@dataclass(frozen=True)
class TerminalTable:
    """How a game's table is drawn in the terminal (its spec's ``"terminal"`` surface)."""

    lines: Callable[[dict[str, Any], Sequence[str], str | None], list[RenderableType]]
    """The game's own lines: ``lines(view, names, clock_note)``."""
    empty_hand: bool = True
    """Whether an empty hand is shown outside counting (not after Cribbage is not Enough's
    play, where the hand is spent)."""


CRIBBAGE_TABLE = TerminalTable(lambda view, names, clock: cribbage_view(view, names))
CRIBIST_TABLE = TerminalTable(cribist_view)
NOT_ENOUGH_TABLE = TerminalTable(
    lambda view, names, clock: not_enough_view(view, names), empty_hand=False
)


def table_view(
    view: dict[str, Any], names: Sequence[str], *, clock_note: str | None = None
) -> RenderableType:
    """Everything a person needs to decide, in a few lines (``clock_note``: the time left,
    for a game against the clock)."""
    spec = get_spec(str(view.get("game")))
    drawn: TerminalTable = (
        spec.surface("terminal") if "terminal" in spec.surfaces else CRIBBAGE_TABLE
    )
    lines = drawn.lines(view, names, clock_note)
    counting = counting_lines(view, names)
    lines.extend(counting)
    if view.get("hand") or not (counting or not drawn.empty_hand):
        lines.append(hand_line(view))
    if is_menu(view):
        lines.append(menu_text(view, names))
    return Group(*lines)
