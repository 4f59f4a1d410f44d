"""The ``pegboard`` command: the Typer app, its commands, and the console entry point."""

from __future__ import annotations

from importlib import metadata
from typing import Annotated

import typer

from pegboard.cli.analyze import analyze
from pegboard.cli.db import db_app
from pegboard.cli.errors import PegboardGroup
from pegboard.cli.games import games_command, rules_command
from pegboard.cli.play import play_command
from pegboard.cli.replay import replay_command
from pegboard.cli.review import review_command
from pegboard.cli.score import score_command
from pegboard.cli.serve import serve
from pegboard.cli.simulate import simulate_command
from pegboard.cli.tables import tables_app
from pegboard.cli.tournament import tournament_app
from pegboard.cli.verify import verify_command

app = typer.Typer(
    name="pegboard",
    cls=PegboardGroup,
    help="Cribbage and its cousins: play, count, simulate and replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pegboard {metadata.version('pegboard')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Cribbage and its cousins: play, count, simulate and replay."""


app.command("play")(play_command)
app.command("score")(score_command)
app.command("simulate")(simulate_command)
app.command("replay")(replay_command)
app.command("review")(review_command)
app.command("verify")(verify_command)
app.command("rules")(rules_command)
app.command("games")(games_command)
app.command("serve")(serve)
app.command("analyze")(analyze)
app.add_typer(tables_app, name="tables")
app.add_typer(db_app, name="db")
app.add_typer(tournament_app, name="tournament")


def main() -> None:
    """Console script entry point (``pegboard = "pegboard.cli.main:main"``)."""
    app()


if __name__ == "__main__":
    main()
