"""A real pegboard server on loopback in a background thread, on the real clock (which a test
may move on at once: :meth:`LiveServer.jump`), for a browser."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from jump_clock import JumpClock

from pegboard.server.app import create_app
from pegboard.server.http.admission import Limits
from pegboard.server.http.guard import server_config
from pegboard.server.http.limits import REQUEST_BURST, REQUEST_RATE
from pegboard.server.quickplay.matcher import QuickPlaySettings
from pegboard.server.tables.room import RoomSettings

# The people of a browser test all come from loopback, where each would have an address of
# their own: the HTTP request budget is one person's times the most a test opens. (Three
# people loading their pages at once came within 30 requests of the one-address burst: a
# 429 for a game's module leaves a page that cannot draw its table.)
PEOPLE = 8
LIMITS = Limits(request_rate=REQUEST_RATE * PEOPLE, request_burst=REQUEST_BURST * PEOPLE)


class LiveServer:
    """``with LiveServer(db) as server: page.goto(server.url)``; bots act after 50 ms."""

    def __init__(
        self, db: Path, *, bot_delay: float = 0.05, quick_play: QuickPlaySettings | None = None
    ) -> None:
        self.db = db
        self.quick_play = (
            quick_play  # quick play's settings (the tables' options), if not the default
        )
        self.settings = RoomSettings(bot_delay=bot_delay)
        self.clock = JumpClock()
        self.port = 0
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> None:
        app = self.app = create_app(
            f"sqlite:///{self.db}",
            clock=self.clock,
            settings=self.settings,
            quick_play=self.quick_play,
            limits=LIMITS,
        )
        config = server_config(app, "127.0.0.1", 0)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(10)

    def jump(self, seconds: float) -> None:
        """Move the server's clock on by ``seconds`` at once (turns, intermissions, graces)."""
        loop: asyncio.AbstractEventLoop = self.app.state.loop
        asyncio.run_coroutine_threadsafe(self.clock.jump(seconds), loop).result(5)

    def invite(self, table_id: str) -> str:
        """The key of the table's link, as its maker has it (docs/protocol.md, "Private
        tables"): an unlisted table is seen with it only."""
        privacy = self.app.state.lobby.gate.privacy(table_id)
        assert privacy is not None and privacy.invite, f"no table {table_id}"
        key: str = privacy.invite
        return key

    def link(self, table_id: str) -> str:
        """The table's link, as its maker shares it."""
        return f"{self.url}/#/table/{table_id}?invite={self.invite(table_id)}"

    def info(self, table_id: str) -> dict[str, Any]:
        """GET /api/tables/{id}, with the table's link."""
        response = httpx.get(
            f"{self.url}/api/tables/{table_id}",
            params={"invite": self.invite(table_id)},
            timeout=10,
        )
        response.raise_for_status()
        found: dict[str, Any] = response.json()
        return found

    def table(self, game: str = "cribbage", players: int = 2, **body: Any) -> dict[str, Any]:
        """Make a table over REST (``bots=[None, "greedy"]``, ``options={...}``)."""
        response = httpx.post(
            f"{self.url}/api/tables", json={"game": game, "players": players, **body}, timeout=10
        )
        response.raise_for_status()
        info: dict[str, Any] = response.json()
        return info
