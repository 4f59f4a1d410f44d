"""``pegboard replay``: check a recorded game by playing it again, and tell it event by event."""

from __future__ import annotations

from itertools import islice
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pegboard.cli.narrate import narrate
from pegboard.cli.results import describe_outcome, result_view
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import Record
from pegboard.errors import OptionError, RecordError
from pegboard.records import read_records, replay


def pick_record(path: Path, number: int) -> Record:
    """Game ``number`` (1 = the first) of a .json or .jsonl file."""
    if number < 1:
        raise OptionError(f"--game counts from 1, not {number}")
    found = list(islice(read_records(path), number))
    if len(found) < number:
        raise RecordError(
            f"{path} holds {len(found)} game{'s' if len(found) != 1 else ''}, not {number}"
        )
    return found[-1]


def seat_names(record: Record) -> list[str]:
    seats = record.get("seats") or []
    names = [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(seats)]
    return names + [f"Seat {i + 1}" for i in range(len(names), int(record["players"]))]


def check_line(game: Game, record: Record) -> str:
    outcome = game.outcome.to_json() if game.outcome is not None else None
    return f"{len(game.events)} events, outcome {describe_outcome(outcome, seat_names(record))}"


def header(record: Record) -> str:
    spec = get_spec(str(record["game"]))
    defaults = {o.name: o.default for o in spec.options}
    changed = {k: v for k, v in record["options"].items() if defaults.get(k) != v}
    options = ", ".join(f"{k}={v}" for k, v in changed.items()) or "default options"
    seats = ", ".join(f"{s.get('name')} ({s.get('kind')})" for s in record.get("seats") or [])
    seed = "dealt live" if record["seed"] is None else f"seed {record['seed']}"
    return f"{spec.title}, {record['players']} players, {seed}, {options}\n{seats}"


def replay_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (.json) or records (.jsonl).")
    ],
    game: Annotated[
        int | None, typer.Option("--game", "-g", help="Which game of the file (1 = the first).")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Only verify (every game of the file unless --game).")
    ] = False,
) -> None:
    """Replay a recorded game, checking every step, and tell it event by event."""
    if check:
        records = [pick_record(file, game)] if game is not None else list(read_records(file))
        if not records:
            raise RecordError(f"{file} holds no games")
        for number, record in enumerate(records, 1):
            where = f"game {number}: " if len(records) > 1 else ""
            typer.echo(f"ok: {where}{check_line(replay(record), record)}")
        return
    record = pick_record(file, game or 1)
    replayed = replay(record)
    names = seat_names(record)
    console = Console()
    console.print(header(record), style="bold", markup=False, highlight=False)
    manual = record["options"].get("counting") == "manual"
    for line in narrate(replayed.events, names, manual=manual):
        console.print(line)
    if replayed.outcome is not None:
        console.print(result_view(replayed.outcome.to_json(), names))
    else:
        console.print("The record ends before the game does.", style="dim")
