"""``pegboard serve``: the web app; one process on an SQLite file by default, or one worker of
several with ``--redis`` (docs/protocol.md, "Several workers")."""

from __future__ import annotations

import logging
from typing import Annotated

import typer
import uvicorn
from rich.console import Console

from pegboard.games.not_enough.config import use_powers
from pegboard.server.app import DEFAULT_DB, create_app
from pegboard.server.http.clients import Proxies
from pegboard.server.http.guard import server_config
from pegboard.server.logs import FORMATS, configure_logging, without_password
from pegboard.server.store.sql_store import SYNC_MODES
from pegboard.server.tables.room import RoomSettings
from pegboard.server.workers.bus import Bus
from pegboard.server.workers.worker import ROUTE, WorkerSettings


def _redis_bus(url: str) -> Bus:
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise typer.BadParameter("a Redis URL: redis://host:6379/0", param_hint="--redis")
    try:
        from pegboard.server.workers.redis_bus import RedisBus
    except ImportError:  # the optional extra is not installed
        raise typer.BadParameter(
            "--redis needs the redis package: pip install 'pegboard[redis]'", param_hint="--redis"
        ) from None
    return RedisBus(url)


def serve(
    host: str = typer.Option(
        "127.0.0.1", help="address to listen on (0.0.0.0 for every interface)"
    ),
    port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
    db: str = typer.Option(
        DEFAULT_DB,
        help="SQLAlchemy URL of the store: the SQLite file by default, or postgresql+psycopg://…",
    ),
    redis: str | None = typer.Option(
        None,
        help="redis://… : be one worker of several sharing this Redis and the --db store",
    ),
    lease: float = typer.Option(
        WorkerSettings.lease,
        min=1.0,
        max=300.0,
        help="with --redis: seconds before a dead worker's tables are taken over",
    ),
    route: str | None = typer.Option(
        None,
        help="with --redis: the name nginx reaches this worker by (its port, say), so that "
        "sockets to its tables are sent here rather than relayed (docs/operations.md)",
    ),
    grace: float = typer.Option(
        RoomSettings.grace,
        min=0.0,
        help="seconds a player who dropped keeps the seat (the clock plays their turns)",
    ),
    abandon: float = typer.Option(
        RoomSettings.abandon_waiting,
        min=1.0,
        help="seconds a table waiting for people may go with nobody there before it closes",
    ),
    powers: str | None = typer.Option(
        None, help="not-enough: a Civil Four powers table (JSON) for every table of this server"
    ),
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="an address or network (10.0.0.0/8) of a reverse proxy whose X-Forwarded-For "
            "and X-Forwarded-Proto are believed; repeat for several (docs/operations.md)",
        ),
    ] = None,
    sync: str = typer.Option(
        "normal",
        help="SQLite: 'normal' keeps every acknowledged action through a crash of the server "
        "(kill -9), not a power loss; 'full' through a power loss too, with an fsync per "
        "commit, a group of changes (far fewer tables: docs/benchmarks.md)",
    ),
    log_format: str = typer.Option(
        "text",
        help="'text' for a person, or 'json': a JSON object a line with the worker, table and "
        "player (docs/operations.md)",
    ),
    log_level: str = typer.Option("info", help="debug, info, warning or error"),
) -> None:
    """Run the web app: open the address it prints and play."""
    if powers is not None:
        use_powers(powers)
    if sync not in SYNC_MODES:
        raise typer.BadParameter(f"one of {', '.join(SYNC_MODES)}", param_hint="--sync")
    if log_format not in FORMATS:
        raise typer.BadParameter(f"one of {', '.join(FORMATS)}", param_hint="--log-format")
    if log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise typer.BadParameter("debug, info, warning or error", param_hint="--log-level")
    configure_logging(log_format, log_level)
    proxies = frozenset(trusted_proxy or ())
    try:
        Proxies(proxies)
    except ValueError:
        raise typer.BadParameter(
            "an address (127.0.0.1) or a network (10.0.0.0/8)", param_hint="--trusted-proxy"
        ) from None
    if route is not None and (redis is None or not ROUTE.fullmatch(route)):
        raise typer.BadParameter(
            "with --redis, 1 to 32 letters, digits, '-' or '_' (8001, eu-2)", param_hint="--route"
        )
    bus = _redis_bus(redis) if redis is not None else None
    settings = RoomSettings(grace=grace, abandon_waiting=abandon)
    workers = WorkerSettings(lease=lease, route=route)
    app = create_app(
        db, settings=settings, bus=bus, workers=workers, sync=sync, trusted_proxies=proxies
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    worker = f", a worker on {without_password(redis)}" if redis is not None else ""
    where = f"http://{shown}:{port}/"
    store = f"(store: {without_password(db)}{worker})"
    if log_format == "json":  # a log collector reads JSON lines only
        logging.getLogger(__name__).info("pegboard is serving on %s %s", where, store)
    else:
        Console(stderr=True).print(f"pegboard is serving on [bold]{where}[/] {store}")
    config = server_config(
        app, host, port, trusted_proxies=proxies, log_config=None, log_level=log_level
    )
    uvicorn.Server(config).run()  # log_config None: uvicorn logs through the set-up above
