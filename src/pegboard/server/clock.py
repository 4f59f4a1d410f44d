"""Time for the server, injected so that tests never sleep.

Deadlines are absolute times on the clock (seconds); the system clock uses wall time so that a
deadline stored in the database still means the same instant after a restart.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)


class FakeClock:
    """A clock that moves only when a test says so (``await clock.advance(5)``)."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._waiters: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (when, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time on, waking every sleeper whose time has come, and let them run."""
        self._now += seconds
        while self._waiters and self._waiters[0][0] <= self._now:
            _, _, future = heapq.heappop(self._waiters)
            if not future.done():
                future.set_result(None)
        for _ in range(20):  # let woken tasks and what they trigger finish
            await asyncio.sleep(0)
