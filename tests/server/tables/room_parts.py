"""What the tests of a room's parts share: a table row, a store of the test's own, and a
pipeline that runs each change in a real writer and notes every action played through it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from pegboard.core.wire import Action
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.errors import StaleCommand
from pegboard.server.tables.writer import Writer

T = TypeVar("T")


def table_row(table_id: str = "t1", players: int = 2, **fields: Any) -> TableRow:
    """A Cribbage table waiting for ``players`` people, as the lobby makes one."""
    row = TableRow(
        id=table_id,
        game="cribbage",
        players=players,
        options={},
        status="waiting",
        seed=7,
        match=0,
        seating=[],
        deadline=None,
        created=1_000_000.0,
    )
    for name, value in fields.items():
        setattr(row, name, value)
    return row


def stored_table(tmp_path: Path, row: TableRow) -> Store:
    """A fresh SQLite store holding ``row``."""
    store = Store(f"sqlite:///{tmp_path / 'parts.sqlite'}")
    store.create_table(row)
    return store


class Pipeline:
    """A room's pipeline for one part under test: a real writer, and ``play`` noting each
    action (``stale``: the seats whose next action is refused as stale)."""

    def __init__(self) -> None:
        self.writer = Writer()
        self.played: list[tuple[int, Action, int]] = []
        self.stale: set[int] = set()

    @property
    def closed(self) -> bool:
        return self.writer.closed

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        return await self.writer.call(run)

    async def play(self, seat: int, action: Action, version: int) -> None:
        if seat in self.stale:
            raise StaleCommand("moved on")
        self.played.append((seat, action, version))
