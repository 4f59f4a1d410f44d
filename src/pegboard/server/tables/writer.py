"""The core of a table: its state and its single writer.

Every change goes through :meth:`RoomCore.call`, which runs it inside the room's writer task,
one after another. The room is built in layers, each in its own module and each building on the
one before: what watchers see (``watchers``), bot turns (``bot_turns``), the match and its
rematch (``matches``), the clocks (``deadlines``), the seats (``seats``), and the room itself
(``room``), which persists each change and tells everyone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pegboard.bots import Bot
from pegboard.core.game import Game
from pegboard.core.matchplay import MatchScore
from pegboard.core.spec import get_spec
from pegboard.errors import PegboardError
from pegboard.server.clock import Clock
from pegboard.server.daily.store import table_day
from pegboard.server.http.protocol import GONE
from pegboard.server.ratings.settle import RatingChange
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.deals import TableDeals
from pegboard.server.tables.hints import offers_hints
from pegboard.server.tables.settings import RoomSettings
from pegboard.server.tables.slot import slots_of
from pegboard.server.tables.thinking import BotPool

T = TypeVar("T")


class Watcher(Protocol):
    """A connected client: a player in a slot, or a spectator (slot None)."""

    slot: int | None

    async def send(self, message: dict[str, Any]) -> None: ...

    async def end(self, code: int = GONE) -> None:
        """Close the connection once what was sent has gone out: the table is closed (GONE), or
        this worker no longer serves it (RESTART: the client comes back, maybe elsewhere)."""


class StaleCommand(PegboardError):
    """A command made on an older version of the game than the current one."""


class SeatError(PegboardError):
    """A missing, wrong or forged seat token."""


class TableClosed(PegboardError):
    """The table is closed (it has finished, or the server is stopping): nothing more to do."""


@dataclass
class _Command:
    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class RoomCore:
    def __init__(
        self,
        row: TableRow,
        store: Store,
        clock: Clock,
        settings: RoomSettings,
        pool: BotPool,
        on_close: Callable[[Any], None] | None = None,
    ) -> None:
        self.row = row
        self.id = row.id
        self.spec = get_spec(row.game)
        self.hints = row.hints and offers_hints(self.spec.name)  # older rows say yes to any game
        self.store = store
        self.clock = clock
        self.settings = settings
        self.pool = pool
        self.on_close = on_close  # told once the table has finished, from the writer
        # Told, from the writer, when the store refused a change (it failed, or with several
        # workers another worker wrote this table meanwhile). The room has let its watchers go
        # by then; the lobby rebuilds the table from the store.
        self.on_store_error: Callable[[Any], None] | None = None
        # Told (table id, match) when a match's record is stored: the lobby queues its review.
        self.on_record: Callable[[str, int], None] | None = None
        self.slots = slots_of(row)
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        self.persisted = 0  # the game's actions in the store
        self.persisted_chance = 0  # and its chance outcomes, stored beside them
        self.persisted_fair = 0  # and what rebuilds its verifiable deals
        # The match's verifiable deals, and the next match's (its hand 1 committed to while
        # the table waits or shows the results). None when the settings make the chance.
        self.deals: TableDeals | None = None
        self.upcoming: TableDeals | None = None
        # A daily challenge's table deals every hand from the day's secret alone.
        self.daily = table_day(store.engine, row.id) if settings.chance is None else None
        if self.daily is None and settings.chance is None and row.status in ("waiting", "results"):
            self.upcoming = TableDeals(row.players)
            self.upcoming.take_outbox()  # nobody is connected yet: welcomes carry it
        self.rematch: set[int] = set()
        self.gone: set[int] = set(row.gone)  # slots that left this match: no rematch with them
        self.watchers: set[Watcher] = set()
        self.closed = False  # finished or stopped: no more commands
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        # Per seat to act: the version since which its choices have been the same (its turn
        # began then), and its deadline.
        self.seat_deadlines: dict[int, tuple[int, float]] = {}
        self.results_since: float | None = None  # when the results intermission began
        # The rating change of each rated slot in the match just finished (shown on its
        # results); empty while playing, and for a casual match.
        self.rating_changes: dict[int, RatingChange] = {}
        self._bot_tasks: set[asyncio.Future[None]] = set()
        self._thinking = asyncio.Lock()  # one bot of this table thinks at a time
        # Per seat: its legal actions, and the version since which they have been the same.
        # A command is stale only if it was made before the seat's choices last changed, so
        # simultaneous decisions (discards, readies) never make each other stale.
        self._choices: dict[int, tuple[list[dict[str, Any]], int]] = {}
        # The match being played (several games at a table whose match_format says so), and
        # the seat that dealt first in its current game (the next goes to the loser).
        self.match_score: MatchScore | None = None
        self.first_dealer: int | None = None

    async def stop(self) -> None:
        """Stop every task of the room; a command still queued is refused with TableClosed."""
        self.closed = True
        tasks = [*self._tasks, *self._bot_tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._refuse_queued()

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the writer task, after every command queued before it."""
        if self.closed:
            raise TableClosed("this table is closed")
        command = _Command(run)
        self._inbox.put_nowait(command)  # no await between the check and the queue
        result: T = await command.done
        return result

    async def _writer(self) -> None:
        while not self.closed:
            command = await self._inbox.get()
            try:
                command.done.set_result(await command.run())
            except Exception as error:  # the caller gets the error; the room goes on
                if not command.done.done():
                    command.done.set_exception(error)
        self._refuse_queued()

    def _refuse_queued(self) -> None:
        while not self._inbox.empty():
            command = self._inbox.get_nowait()
            if not command.done.done():  # its caller may have given up waiting
                command.done.set_exception(TableClosed("this table is closed"))

    def _choices_since(self, seat: int) -> int:
        return self._choices.get(seat, ([], 0))[1]

    # -- made by the outer layers ----------------------------------------------------------

    async def _changed(self, before: int) -> None:
        """Persist the game's change since ``before``, then tell everyone (``room``)."""
        raise NotImplementedError

    async def _finish(self) -> None:
        """Close the table for good (``room``)."""
        raise NotImplementedError

    async def _abandon(self, slot_index: int) -> None:
        """A player stayed away past the grace period (``seats``)."""
        raise NotImplementedError
