"""The server's work in flight, counted on its event loop, so that a test waits until everything
it set going has finished (``await in_flight().idle()``; tests/server/harness.py) instead of
sleeping for a while and hoping.

Work counts from the moment it is set going, not from when it starts running: a table's command
from when it is queued for the writer, a bot's turn from when it is scheduled, a message from
when it is queued for a socket, a background task's pass from the ring or the alarm that wakes
it (:class:`Wakeup`). Whoever hands work on begins the next piece before ending its own, so the
count never falls to nothing while anything is pending. Work waiting for the clock (a deadline
not yet due) or for a client is not in flight: that is what a test moves or sends next.

A server's tasks all run on its one event loop, so the count is the loop's (several servers in
one test process each have their own loop).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> object: ...


class AlarmClock(Protocol):
    """What :class:`Wakeup` needs of the server's clock (pegboard.server.clock.Clock)."""

    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer: ...


class InFlight:
    """How many pieces of work are under way; :meth:`idle` waits until none is."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def begin(self) -> None:
        self.count += 1
        self._idle.clear()

    def end(self) -> None:
        assert self.count > 0, "work ended that never began"
        self.count -= 1
        if self.count == 0:
            self._idle.set()

    async def idle(self) -> None:
        """Until no work is in flight."""
        while self.count:
            await self._idle.wait()


_BY_LOOP: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, InFlight] = (
    weakref.WeakKeyDictionary()
)


def in_flight(loop: asyncio.AbstractEventLoop | None = None) -> InFlight:
    """The work in flight on ``loop`` (the running loop by default)."""
    loop = loop or asyncio.get_running_loop()
    found = _BY_LOOP.get(loop)
    if found is None:
        found = _BY_LOOP[loop] = InFlight()
    return found


def counted(task: asyncio.Future[Any]) -> None:
    """``task`` is work in flight until it is done (begun now, by whoever made it)."""
    work = in_flight()
    work.begin()
    task.add_done_callback(lambda _: work.end())


class Wakeup:
    """What a background task sleeps on between its passes: a time on the server's clock, or a
    ring (something changed: look now), whichever comes first. A ring while the task is awake
    is kept: its next sleep returns at once. The task's pass is in flight from :meth:`awake`
    (where the task is started) or from the ring or the alarm that wakes it, until it sleeps
    again or is :meth:`stopped` (where it is stopped: a task cancelled before its first step
    runs no ``finally``)."""

    def __init__(self, clock: AlarmClock) -> None:
        self._clock = clock
        self._rung = False
        self._held: InFlight | None = None  # the pass under way, while the task is awake
        self._sleeping: asyncio.Future[None] | None = None

    def awake(self) -> None:
        self._hold()

    def ring(self) -> None:
        self._rung = True
        self._wake()

    async def sleep(self, until: float | None = None) -> None:
        """Until the clock reaches ``until`` (None: until a ring), or a ring."""
        if self._rung or (until is not None and until <= self._clock.now()):
            self._rung = False
            await asyncio.sleep(0)  # the pass goes on: still in flight
            return
        self._release()
        self._sleeping = asyncio.get_running_loop().create_future()
        timer = self._clock.call_at(until, self._wake) if until is not None else None
        try:
            await self._sleeping
        finally:
            self._sleeping = None
            if timer is not None:
                timer.cancel()
        self._rung = False

    def stopped(self) -> None:
        self._release()

    def _wake(self) -> None:
        """Wake the task if it sleeps; awake, it finds the ring when it next sleeps."""
        if self._sleeping is not None and not self._sleeping.done():
            self._hold()
            self._sleeping.set_result(None)

    def _hold(self) -> None:
        if self._held is None:
            self._held = in_flight()
            self._held.begin()

    def _release(self) -> None:
        if self._held is not None:
            self._held.end()
            self._held = None


async def rest_until(clock: AlarmClock, when: float) -> None:
    """Sleep until ``when`` on ``clock`` inside work that is in flight: the work is put down
    while it waits (waiting for the clock is not in flight), and the clock's alarm picks it up
    again."""
    if when <= clock.now():
        await asyncio.sleep(0)
        return
    work = in_flight()
    woken = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not woken.done():
            work.begin()
            woken.set_result(None)

    timer = clock.call_at(when, wake)
    work.end()
    try:
        await woken
    finally:
        timer.cancel()
        if not woken.done():  # cancelled while waiting: hand the caller back its work
            woken.cancel()
            work.begin()
