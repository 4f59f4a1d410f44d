"""``pegboard db``: the store's schema: upgrade a database in place, or say where it stands.
``pegboard serve`` upgrades on start too; this is for an operator who upgrades first."""

from __future__ import annotations

import typer
from rich.console import Console
from sqlalchemy import create_engine

from pegboard.server.app import DEFAULT_DB
from pegboard.server.store import migrate

db_app = typer.Typer(help="Upgrade the store's schema, or show its revision.", no_args_is_help=True)

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
