"""Time for the server, injected so that tests never sleep.

Deadlines are absolute times on the clock (seconds); the system clock uses wall time so that a
deadline stored in the database still means the same instant after a restart.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from pegboard.server.in_flight import Timer, in_flight


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` (on the event loop) once the clock reaches ``when``."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(max(0.0, when - time.time()), callback)


@dataclass(order=True)
class _Alarm:
    when: float
    order: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True

    def ring(self) -> None:
        if not self.cancelled:
            self.callback()


class FakeClock:
    """A clock that moves only when a test says so (``await clock.advance(5)``)."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._alarms: list[_Alarm] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        alarm = _Alarm(when, next(self._order), callback)
        if when <= self._now:
            asyncio.get_running_loop().call_soon(alarm.ring)
        else:
            heapq.heappush(self._alarms, alarm)
        return alarm

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        alarm = self.call_at(when, wake)
        try:
            await woken
        finally:
            alarm.cancel()

    async def advance(self, seconds: float, *, settle: bool = True) -> None:
        """Move time on, ring every alarm whose time has come, and return once everything
        they set going has finished (pegboard.server.in_flight); or at once, unless
        ``settle``, for a test that holds some work on purpose (it never finishes)."""
        self._now += seconds
        while self._alarms and self._alarms[0].when <= self._now:
            heapq.heappop(self._alarms).ring()
        if settle:
            await in_flight().idle()
