"""``pegboard serve``: the web app on one process, SQLite by default."""

from __future__ import annotations

import typer
import uvicorn
from rich.console import Console

from pegboard.games.not_enough.config import use_powers
from pegboard.server.app import DEFAULT_DB, create_app


def serve(
    host: str = typer.Option(
        "127.0.0.1", help="address to listen on (0.0.0.0 for every interface)"
    ),
    port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
    db: str = typer.Option(
        DEFAULT_DB,
        help="SQLAlchemy URL of the store: the SQLite file by default, or postgresql+psycopg://…",
    ),
    powers: str | None = typer.Option(
        None, help="not-enough: a Civil Four powers table (JSON) for every table of this server"
    ),
) -> None:
    """Run the web app: open the address it prints and play."""
    if powers is not None:
        use_powers(powers)
    app = create_app(db)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    Console(stderr=True).print(
        f"pegboard is serving on [bold]http://{shown}:{port}/[/] (store: {db})"
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")
