"""How long a table still waiting for people has been left alone, kept in the store so that a
restart keeps counting from the same moment; such a table is abandoned after a while."""

from __future__ import annotations

from pegboard.server.clock import Clock
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.settings import RoomSettings


class Idle:
    def __init__(self, row: TableRow, store: Store, clock: Clock, settings: RoomSettings) -> None:
        self._row = row
        self._store = store
        self._clock = clock
        self._settings = settings

    @property
    def since(self) -> float | None:
        """Since when nobody has been here (None: someone is, or the table is not waiting)."""
        return self._row.idle_since

    async def set(self, since: float | None) -> bool:
        """Nobody has been here since ``since`` (None: someone is connected); True if that
        changed. Only while the table waits for people: a write of its set-up, off the event
        loop (``Store.change_table``)."""
        if not self._changes(since):
            return False
        await self._store.change_table(self._row.id, idle_since=since)
        return True

    def restart(self, joined: bool) -> None:
        """A restored table's idle time (:meth:`after_restart`), stored at once (the server is
        starting, or rebuilding the table: no set-up burst to keep the loop free for)."""
        since = self.after_restart(joined)
        if self._changes(since):
            self._store.update_table(self._row.id, idle_since=since)

    def _changes(self, since: float | None) -> bool:
        if self._row.status != "waiting" or self._row.idle_since == since:
            return False
        self._row.idle_since = since
        return True

    def after_restart(self, joined: bool) -> float:
        """Since when a restored waiting table has been left alone. The stored time goes on, so
        that restarts cannot keep a table forever; but a restart closed everyone's sockets, so
        people get at least the grace period to come back. Nothing stored: someone was connected
        when the server died (or the row is older than the column): the whole time, from now."""
        now, since = self._clock.now(), self._row.idle_since
        if since is None:
            return now
        return max(since, now - max(0.0, self.limit(joined) - self._settings.grace))

    def limit(self, joined: bool) -> float:
        """How long a waiting table may be left alone: less if no person ever ``joined`` it (a
        table made and forgotten, or made by the thousand)."""
        waiting = self._settings.abandon_waiting
        return waiting if joined else min(waiting, self._settings.abandon_unjoined)

    def over(self, joined: bool) -> bool:
        """The table has been left alone for longer than it may be."""
        since = self._row.idle_since
        if self._row.status != "waiting" or since is None:
            return False
        return self._clock.now() >= since + self.limit(joined)
