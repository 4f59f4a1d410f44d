"""``pegboard tables``: the operator's view of the store: the open tables, those set aside as
broken (with the reason), and closing one for good."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from pegboard.cli.errors import fail
from pegboard.server.app import DEFAULT_DB
from pegboard.server.store.sql_store import Store

tables_app = typer.Typer(
    help="List the tables of a server's store, and close broken ones.", no_args_is_help=True
)

DbOption = typer.Option(DEFAULT_DB, help="SQLAlchemy URL of the store, as for pegboard serve")


@tables_app.command("list")
def list_command(
    broken: bool = typer.Option(
        False, "--broken", help="only the tables set aside because they cannot be rebuilt"
    ),
    db: str = DbOption,
) -> None:
    """The open tables (or the broken ones, with the reason), oldest first."""
    store = Store(db)
    try:
        if broken:
            rows = store.broken_tables()
        else:
            rows = [(row, "") for row in store.tables(unfinished_only=True)]
    finally:
        store.close()
    table = Table("id", "game", "players", "status", "match", *(["reason"] if broken else []))
    for row, reason in rows:
        cells = [row.id, row.game, str(row.players), row.status, str(row.match)]
        table.add_row(*cells, *([reason] if broken else []))
    console = Console()
    if not rows:
        console.print("no broken tables" if broken else "no open tables")
        return
    console.print(table)


@tables_app.command("close")
def close_command(
    table_id: str = typer.Argument(..., help="the table's id (from pegboard tables list)"),
    db: str = DbOption,
) -> None:
    """Close a table for good: a broken one, or one the server is not running (a running
    server keeps the tables it holds in memory until it stops). Its records stay."""
    store = Store(db)
    try:
        closed = store.close_table(table_id)
    finally:
        store.close()
    if not closed:
        raise fail(f"there is no open table {table_id!r} in {db}")
    Console().print(f"table {table_id} is closed")
