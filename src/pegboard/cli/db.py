"""``pegboard db``: the store's schema (upgrade a database in place, or say where it stands;
``pegboard serve`` upgrades on start too, this is for an operator who upgrades first), and its
backups (docs/operations.md, "Backups")."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from sqlalchemy import create_engine

from pegboard.server.app import DEFAULT_DB
from pegboard.server.logs import without_password
from pegboard.server.store import migrate
from pegboard.server.store.backup import BackupError, back_up, restore

db_app = typer.Typer(
    help="Upgrade the store's schema, show its revision, back it up or restore it.",
    no_args_is_help=True,
)

DbOption = typer.Option(DEFAULT_DB, help="SQLAlchemy URL of the store, as for pegboard serve")


@db_app.command("upgrade")
def upgrade_command(db: str = DbOption) -> None:
    """Bring the database to this version's schema, keeping every row (nothing to do: no change)."""
    engine = create_engine(db)
    try:
        before = migrate.current(engine)
        migrate.upgrade(engine)
        after = migrate.current(engine)
    finally:
        engine.dispose()
    console = Console()
    if before == after:
        console.print(f"{db} is up to date ({after})")
    else:
        console.print(f"{db} upgraded from {before or 'before migrations'} to {after}")


@db_app.command("current")
def current_command(db: str = DbOption) -> None:
    """The database's schema revision, and the newest this version knows."""
    engine = create_engine(db)
    try:
        revision = migrate.current(engine)
    finally:
        engine.dispose()
    newest = migrate.head()
    state = "up to date" if revision == newest else f"behind: pegboard db upgrade brings {newest}"
    Console().print(f"{db}: {revision or 'before migrations'} ({state})")


@db_app.command("backup")
def backup_command(
    to: Annotated[Path, typer.Argument(help="the backup file to write")], db: str = DbOption
) -> None:
    """A consistent copy of the store, safe while the server runs."""
    try:
        back_up(db, to)
    except BackupError as error:
        raise typer.BadParameter(str(error), param_hint="--db") from None
    Console().print(f"{without_password(db)} backed up to {to}")


@db_app.command("restore")
def restore_command(
    backup: Annotated[Path, typer.Argument(help="a file pegboard db backup wrote")],
    db: str = DbOption,
) -> None:
    """Put the store back as it was in a backup. Stop the server (every worker) first."""
    try:
        restore(backup, db)
    except BackupError as error:
        raise typer.BadParameter(str(error), param_hint="BACKUP") from None
    Console().print(f"{without_password(db)} restored from {backup}")
