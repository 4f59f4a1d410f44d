"""Real time for a live server, plus jumps a browser test makes: the page and the bots run on
the wall clock, and a test skips a 30-second intermission in one call instead of waiting."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable


class JumpClock:
    """The system clock, ``offset`` seconds ahead; a jump wakes the sleepers it passes."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._jumped: asyncio.Event | None = None  # made on the server's loop, when first used

    def now(self) -> float:
        return time.time() + self.offset

    async def sleep_until(self, when: float) -> None:
        while (delay := when - self.now()) > 0:
            jumped = self._event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(jumped.wait(), delay)
        await asyncio.sleep(0)

    def call_at(self, when: float, callback: Callable[[], None]) -> asyncio.Task[None]:
        async def ring() -> None:
            await self.sleep_until(when)
            callback()

        return asyncio.ensure_future(ring())

    async def jump(self, seconds: float) -> None:
        """Move on ``seconds`` at once (in the server's loop): sleepers look at the time again."""
        self.offset += seconds
        jumped, self._jumped = self._event(), asyncio.Event()
        jumped.set()

    def _event(self) -> asyncio.Event:
        if self._jumped is None:
            self._jumped = asyncio.Event()
        return self._jumped
