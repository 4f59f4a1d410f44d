"""``pegboard review``: every decision of a recorded game, valued, with marks, accuracy and
luck (docs/review.md); ``--json`` for research, one review object per game."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pegboard.cli.replay import header, pick_record, seat_names
from pegboard.core.wire import Record
from pegboard.errors import OptionError, RecordError
from pegboard.records import read_records
from pegboard.review import Decision, Review, review_record

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _cost_text(decision: Decision) -> str:
    text = f"{decision.cost_points:.2f} pts"
    if decision.cost_win is not None:
        text += f", {100 * decision.cost_win:.1f}% win"
    elif decision.unit == "place":
        text += f", {decision.cost:.3f} places"
    return text


def decisions_table(review: Review, names: list[str], *, every: bool) -> Table:
    table = Table(title="Every decision" if every else "Marked decisions")
    for column in ("#", "hand", "seat", "decision", "played", "best", "cost", "mark"):
        table.add_column(column, justify="right" if column in ("#", "hand") else "left")
    for d in review.decisions:
        if not every and not d.mark:
            continue
        table.add_row(
            str(d.index),
            str(d.hand),
            names[d.seat],
            d.phase,
            d.options[d.chosen].label,
            d.options[d.best].label,
            _cost_text(d) if d.cost > 0 else "",
            d.mark,
            style=MARK_STYLE.get(d.mark, ""),
        )
    return table


def summary_table(review: Review, names: list[str], seat: int | None) -> Table:
    table = Table(
        title="Players",
        caption="?! inaccuracy, ? mistake, ?? blunder; luck: deal and starter in points, "
        "dice in pips",
    )
    table.add_column("seat")
    for column in ("accuracy", "moves", "?!", "?", "??", "pts lost", "win lost"):
        table.add_column(column, justify="right")
    for column in ("deal", "starter", "dice"):
        table.add_column(column, justify="right")
    for s in review.seats:
        if seat is not None and s.seat != seat:
            continue
        table.add_row(
            names[s.seat],
            f"{s.accuracy:.1f}",
            str(s.decisions),
            str(s.marks["inaccuracy"]),
            str(s.marks["mistake"]),
            str(s.marks["blunder"]),
            f"{s.cost_points:.1f}",
            "" if s.cost_win is None else f"{100 * s.cost_win:.1f}%",
            f"{s.luck.deal:+.1f}",
            f"{s.luck.starter:+.1f}",
            f"{s.luck.dice:+.1f}",
        )
    return table


def _seat_index(seat: int | None, players: int) -> int | None:
    if seat is None:
        return None
    if not 1 <= seat <= players:
        raise OptionError(f"--seat counts from 1 to {players}, not {seat}")
    return seat - 1


def review_command(
    file: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (.json) or records (.jsonl).")
    ],
    match: Annotated[
        int | None,
        typer.Option("--match", "-m", help="Which game of the file (1 = the first); else all."),
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="Only this seat's decisions (1 = first).")
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="One review object per game (JSON lines).")
    ] = False,
    every: Annotated[
        bool, typer.Option("--all", help="Text: list every decision, not only the marked.")
    ] = False,
) -> None:
    """Review a finished game: each decision's options, the best, the cost, marks, accuracy."""
    if match is not None:
        numbered: Iterable[tuple[int, Record]] = [(match, pick_record(file, match))]
    else:
        numbered = enumerate(read_records(file), 1)
    console = Console()
    reviewed = 0
    for number, record in numbered:
        players = int(str(record["players"]))
        who = _seat_index(seat, players)
        review = review_record(record, match=number - 1)
        reviewed += 1
        if json_out:
            typer.echo(json.dumps(review.to_json(seat=who), separators=(",", ":")))
            continue
        names = seat_names(record)
        console.print(f"Game {number}: " + header(record), style="bold", markup=False)
        console.print(summary_table(review, names, who))
        shown = review if who is None else _only(review, who)
        console.print(decisions_table(shown, names, every=every))
        for note in review.notes:
            console.print(f"Note: {note}.", style="dim")
    if reviewed == 0:
        raise RecordError(f"{file} holds no games")


def _only(review: Review, seat: int) -> Review:
    from dataclasses import replace

    return replace(review, decisions=tuple(d for d in review.decisions if d.seat == seat))
