"""``pegboard verify``: check every hand of a record's verifiable deals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pegboard.errors import RecordError, VerifyError
from pegboard.records import read_records
from pegboard.records.verify import verify

FAILED = 1


def verify_command(
    file: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (.json) or records (.jsonl).")
    ],
) -> None:
    """Check a record's deals: each revealed secret against the commitment published before
    its hand, each chance outcome against the secret and the players' seeds, and the game by
    replay. Exit status 1 and the place, at the first check that fails."""
    records = list(read_records(file))
    if not records:
        raise RecordError(f"{file} holds no games")
    for number, record in enumerate(records, 1):
        where = f"game {number}: " if len(records) > 1 else ""
        try:
            found = verify(record)
        except RecordError as error:
            label = "" if isinstance(error, VerifyError) else "the replay differs: "
            typer.echo(f"FAILED: {where}{label}{error}")
            raise typer.Exit(FAILED) from None
        hands = len(found.hands)
        line = (
            f"verified: {where}{hands} hand{'s' if hands != 1 else ''}, {found.steps} chance steps"
        )
        if found.unrevealed:
            waiting = ", ".join(str(h) for h in found.unrevealed)
            line += f" (hand {waiting} not revealed yet: unchecked)"
        typer.echo(line)
