"""A table's clocks: each seat's deadline for its turn or intermission, the results
intermission, the agreed time of a game against the clock, the grace of each away player, and
the idle time of a waiting table; one timer task sleeps until the next and acts."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from functools import partial

from pegboard.core.game import Game
from pegboard.server.tables.matches import Matches
from pegboard.server.tables.writer import TableClosed

READY = {"type": "ready"}


class Deadlines(Matches):
    def _set_deadline(self) -> None:
        """Each seat to act has its own deadline, from when its turn (its present choices)
        began: another seat's move never moves it, so a discard or a ready gives nobody else
        more time. The results intermission runs from its start."""
        game = self.game
        assert game is not None
        now = self.clock.now()
        self._wake.set()
        if self.row.status == "results":
            self.seat_deadlines = {}
            if self.results_since is None:
                self.results_since = now
            start = self.results_since
            waiting = [s for s in range(game.players) if self._human(s) and s not in self.rematch]
            self.row.deadline = (
                start + self.settings.intermission
                if waiting
                else max(start + self.settings.results_pause, now)
            )
            return
        clocks: dict[int, tuple[int, float]] = {}
        for seat in game.to_act:
            since = self._choices_since(seat)
            known = self.seat_deadlines.get(seat)
            if known is not None and known[0] == since:
                clocks[seat] = known
            else:
                clocks[seat] = (since, now + self._turn_length(game, seat))
        self.seat_deadlines = clocks
        self.row.deadline = min((when for _, when in clocks.values()), default=None)

    def _turn_length(self, game: Game, seat: int) -> float:
        if game.legal_actions(seat) == [READY]:  # a pause point: an intermission
            return self.settings.intermission
        return float(game.options.get("turn_time", 20))

    async def _expire(self, version: int, match: int) -> None:
        """The clock ran out on ``version``: the game's own arbitrary move for each seat whose
        time is over."""
        game = self.game
        if game is None or match != self.row.match or game.version != version:
            return
        if self.row.status == "results":
            await self._results_over()
            return
        before = game.version
        now = self.clock.now()
        for seat, (_, when) in sorted(self.seat_deadlines.items()):
            if when <= now:
                game.timeout(seat)
        await self._changed(before)

    async def _time_up(self, match: int) -> None:
        """The agreed time is over: the game hears it once (the hand in progress is the last)."""
        game = self.game
        if game is None or match != self.row.match or game.outcome is not None:
            return
        before = game.version
        game.time_up()
        await self._changed(before)

    async def _timer(self) -> None:
        """Sleep until the next deadline (turn, intermission, the agreed time of the game, or a
        player's grace), then act."""
        while not self.closed:
            self._wake.clear()
            when, what = self._next_alarm()
            if when is None:
                await self._wake.wait()
                continue
            sleeper = asyncio.ensure_future(self.clock.sleep_until(when))
            waker = asyncio.ensure_future(self._wake.wait())
            done, pending = await asyncio.wait(
                {sleeper, waker}, return_when=asyncio.FIRST_COMPLETED
            )
            for task in pending:
                task.cancel()
            if sleeper in done and what is not None:
                with contextlib.suppress(TableClosed):
                    await self.call(what)

    def _next_alarm(self) -> tuple[float | None, Callable[[], Awaitable[None]] | None]:
        alarms: list[tuple[float, Callable[[], Awaitable[None]]]] = []
        game = self.game
        if game is not None and self.row.deadline is not None:
            version, match = game.version, self.row.match
            alarms.append((self.row.deadline, lambda: self._expire(version, match)))
        ends = self._game_ends()
        if ends is not None and game is not None and game.outcome is None:
            alarms.append((ends, partial(self._time_up, self.row.match)))
        if self.row.status == "waiting" and self.row.idle_since is not None:
            alarms.append((self.row.idle_since + self._abandon_after(), self._abandon_waiting))
        for index, slot in enumerate(self.slots):
            if slot is not None and slot.away_since is not None:
                alarms.append((slot.away_since + self._away_grace(), partial(self._abandon, index)))
        if not alarms:
            return None, None
        when, what = min(alarms, key=lambda a: a[0])
        return when, what

    def _away_grace(self) -> float:
        """How long a person may be away: a match with a no-show rule forfeits a game after
        its own grace (a tournament's), any other after the server's grace."""
        no_show = self.row.match_format.no_show
        return no_show[0] if no_show is not None else self.settings.grace

    def _set_idle(self, since: float | None) -> None:
        """A table still waiting for people: nobody has been here since ``since`` (None: someone
        is connected). Stored, so that a restart keeps counting from the same moment."""
        if self.row.status != "waiting" or self.row.idle_since == since:
            return
        self.row.idle_since = since
        self.store.update_table(self.id, idle_since=since)
        self._wake.set()

    def _idle_after_restart(self) -> float:
        """Since when a restored waiting table has been left alone. The stored time goes on, so
        that restarts cannot keep a table forever; but a restart closed everyone's sockets, so
        people get at least the grace period to come back. Nothing stored: someone was connected
        when the server died (or the row is older than the column): the whole time, from now."""
        now, since = self.clock.now(), self.row.idle_since
        if since is None:
            return now
        return max(since, now - max(0.0, self._abandon_after() - self.settings.grace))

    def _abandon_after(self) -> float:
        """How long a waiting table may be left alone: less if no person ever joined it (a
        table made and forgotten, or made by the thousand)."""
        joined = any(s is not None and s.bot is None for s in self.slots)
        waiting = self.settings.abandon_waiting
        return waiting if joined else min(waiting, self.settings.abandon_unjoined)

    async def _abandon_waiting(self) -> None:
        """Nobody connected to this waiting table, nor joined it, for ``abandon_waiting``: it
        closes like a finished table (it has no records). Anyone connected has set idle_since
        to None, so such a table is never closed under someone's eyes."""
        since = self.row.idle_since
        if self.row.status != "waiting" or since is None:
            return
        if self.clock.now() >= since + self._abandon_after():
            await self._finish()
