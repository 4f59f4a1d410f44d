"""A table's clocks: each seat's deadline for its turn or intermission, the results
intermission, and one timer task that sleeps until the room's next alarm and rings it through
the room's pipeline."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping

from pegboard.core.game import Game
from pegboard.server.clock import Clock
from pegboard.server.in_flight import Wakeup
from pegboard.server.tables.errors import TableClosed
from pegboard.server.tables.pipeline import STOPPED, Pipeline
from pegboard.server.tables.settings import RoomSettings

READY = {"type": "ready"}

Alarm = tuple[float, Callable[[], Awaitable[None]]]


TURN_TIME = 20.0  # seconds a turn lasts in a game with no ``turn_time`` option


def turn_time(options: Mapping[str, object]) -> float:
    """The table's time for a turn: its ``turn_time`` option, if its game has one."""
    given = options.get("turn_time", TURN_TIME)
    return float(given) if isinstance(given, int | float) else TURN_TIME


def turn_length(game: Game, seat: int, settings: RoomSettings) -> float:
    """A seat's time for its turn: an intermission at a pause point, else the table's turn time."""
    if game.legal_actions(seat) == [READY]:
        return settings.intermission
    return turn_time(game.options)


class Clocks:
    """Each seat's deadline (with the version its turn began on), when the results began, and
    the timer. ``alarms`` lists the room's alarms (when, and what to run in the writer)."""

    def __init__(
        self,
        clock: Clock,
        settings: RoomSettings,
        pipeline: Pipeline,
        alarms: Callable[[], list[Alarm]],
    ) -> None:
        self._clock = clock
        self._settings = settings
        self._pipeline = pipeline
        self._alarms = alarms
        self.turns: dict[int, tuple[int, float]] = {}  # seat -> (its turn's version, deadline)
        self.results_since: float | None = None  # when the results intermission began
        self._wakeup = Wakeup(clock)
        self._task: asyncio.Task[None] | None = None

    def lengths(self, options: Mapping[str, object]) -> dict[str, float]:
        """How long a turn and an intermission last at this table: the client's clock bars
        are drawn from these, so it repeats neither."""
        return {"turn": turn_time(options), "intermission": self._settings.intermission}

    def deadlines(self) -> dict[int, float]:
        return {seat: when for seat, (_, when) in self.turns.items()}

    def set_turns(self, game: Game, since: dict[int, int]) -> float | None:
        """Each seat to act (``since``: the version its present choices began on) has its own
        deadline, from when its turn began: another seat's move never moves it, so a discard or
        a ready gives nobody else more time. The earliest, or None."""
        self.wake()
        now = self._clock.now()
        clocks: dict[int, tuple[int, float]] = {}
        for seat in game.to_act:
            known = self.turns.get(seat)
            if known is not None and known[0] == since[seat]:
                clocks[seat] = known
            else:
                clocks[seat] = (since[seat], now + turn_length(game, seat, self._settings))
        self.turns = clocks
        return min((when for _, when in clocks.values()), default=None)

    def set_results(self, waiting: bool) -> float:
        """The results intermission's deadline, from its start: the full intermission while
        someone (``waiting``) has not asked for the rematch, else a short pause."""
        self.wake()
        now = self._clock.now()
        self.turns = {}
        if self.results_since is None:
            self.results_since = now
        start = self.results_since
        if waiting:
            return start + self._settings.intermission
        return max(start + self._settings.results_pause, now)

    def results_again(self) -> None:
        """The results start over (the next deadline set begins them now)."""
        self.results_since = None

    def forget(self) -> None:
        """A new match: no deadlines yet."""
        self.turns = {}
        self.results_since = None

    def restore(self, deadline: float, to_act: dict[int, int], results: bool) -> None:
        """A restored table: the deadline stored is the earliest of its last change, and each
        seat to act (``to_act``: the version its turn began on) gets it."""
        if results:
            self.results_since = deadline - self._settings.intermission
        self.turns = {seat: (since, deadline) for seat, since in to_act.items()}

    def wake(self) -> None:
        """Something changed: the timer looks at the alarms again."""
        self._wakeup.ring()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())
        self._wakeup.awake()

    async def stop(self) -> None:
        """Stop the timer, and let the room go (:data:`STOPPED`): no alarm rings after this."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._wakeup.stopped()
        self._pipeline = STOPPED
        self._alarms = list

    async def _run(self) -> None:
        """Sleep until the next alarm (or a wake), then ring it in the writer."""
        try:
            while not self._pipeline.closed:
                alarms = self._alarms()
                if not alarms:
                    await self._wakeup.sleep()
                    continue
                when, what = min(alarms, key=lambda a: a[0])
                await self._wakeup.sleep(when)
                if self._clock.now() >= when:
                    with contextlib.suppress(TableClosed):
                        await self._pipeline.call(what)
        finally:
            self._wakeup.stopped()
