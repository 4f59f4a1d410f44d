"""The idle time of a waiting table: kept in the store, counted on across restarts, shorter
for a table nobody ever joined."""

from __future__ import annotations

import asyncio
from pathlib import Path

from room_parts import stored_table, table_row

from pegboard.server.clock import FakeClock
from pegboard.server.tables.idle import Idle
from pegboard.server.tables.settings import RoomSettings

SETTINGS = RoomSettings(abandon_waiting=1800.0, abandon_unjoined=300.0, grace=60.0)


def test_the_idle_time_is_stored_while_the_table_waits(tmp_path: Path) -> None:
    row = table_row()
    store = stored_table(tmp_path, row)
    idle = Idle(row, store, FakeClock(5000.0), SETTINGS)
    assert asyncio.run(idle.set(4000.0)) is True
    assert asyncio.run(idle.set(4000.0)) is False  # nothing new: nothing written
    stored = store.table("t1")
    assert stored is not None and stored.idle_since == 4000.0
    row.status = "playing"
    assert asyncio.run(idle.set(None)) is False  # a table at play is never idle
    assert idle.since == 4000.0


def test_a_table_nobody_joined_is_left_alone_for_less_time(tmp_path: Path) -> None:
    row = table_row(idle_since=1000.0)
    clock = FakeClock(1000.0 + 300.0)
    idle = Idle(row, stored_table(tmp_path, row), clock, SETTINGS)
    assert idle.limit(joined=False) == 300.0
    assert idle.limit(joined=True) == 1800.0
    assert idle.over(joined=False)
    assert not idle.over(joined=True)
    row.idle_since = None  # someone is connected
    assert not idle.over(joined=False)


def test_a_restart_counts_on_but_gives_people_the_grace_to_come_back(tmp_path: Path) -> None:
    row = table_row(idle_since=1000.0)
    store = stored_table(tmp_path, row)
    clock = FakeClock(1000.0 + 1790.0)  # ten seconds before the table is abandoned
    idle = Idle(row, store, clock, SETTINGS)
    # From then on, the table is left alone for at most the grace period (60 s) more.
    assert idle.after_restart(joined=True) == clock.now() - (1800.0 - 60.0)
    clock = FakeClock(1000.0 + 10.0)
    idle = Idle(row, store, clock, SETTINGS)
    assert idle.after_restart(joined=True) == 1000.0  # the stored time goes on
    row.idle_since = None  # someone was connected when the server died: from now
    assert idle.after_restart(joined=True) == clock.now()
