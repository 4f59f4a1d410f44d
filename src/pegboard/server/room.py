"""A table: its seats, its game, its clocks and its watchers, with exactly one writer.

Every change goes through :meth:`Room.call`, which runs it inside the room's single writer task,
one after another. A change is persisted (``Store.commit_change``) before anyone hears of it,
then each watcher gets the numbered events it may see and its own view.

A table's life: ``waiting`` for people, ``playing`` a match, showing the ``results`` (the rematch
window), then ``playing`` the rematch or, when no rematch can come (someone left, or nobody is
seated but bots), ``finished``: the room closes for good (:meth:`Room._finish`) and its records
stay in the store. A table left ``waiting`` with nobody connected for long is abandoned: it
finishes too, with no records.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

from pegboard.bots import Bot, make
from pegboard.core.chance import ChanceSource
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.errors import IllegalAction, PegboardError
from pegboard.records.replay import apply_entry
from pegboard.server.clock import Clock
from pegboard.server.hints import hint_message, hint_query, offers_hints
from pegboard.server.protocol import GONE, RESTART, ProtocolError
from pegboard.server.store import Store, TableRow
from pegboard.server.thinking import BotPool

INTERMISSION = 30.0  # seconds: pause points and the results, ending early when all are ready
ABANDON_WAITING = 30 * 60.0  # seconds a waiting table may go with nobody connected and no join
READY = {"type": "ready"}

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
class Slot:
    name: str
    kind: str  # "human" or "bot:<name>"
    token: str
    connections: int = 0
    away_since: float | None = None

    @property
    def bot(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("bot:") else None


@dataclass
class RoomSettings:
    bot_delay: float = 0.6  # seconds a bot waits before acting, so people can follow
    grace: float = 60.0  # seconds a disconnected player keeps the seat during a game
    intermission: float = INTERMISSION
    results_pause: float = 3.0  # the results stay up at least this long, even if all are ready
    abandon_waiting: float = ABANDON_WAITING  # then a table nobody finished joining is closed
    # Makes each new game's chance source: tests stack the deck. None: the table's seed.
    chance: Callable[[], ChanceSource] | None = None
    # Makes a seat's bot from its name and seed: tests slow one down. None: pegboard.bots.make.
    make_bot: Callable[[str, int], Bot] | None = None


@dataclass
class _Command:
    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


def slots_of(row: TableRow) -> list[Slot | None]:
    slots: list[Slot | None] = [None] * row.players
    for s in row.slots:
        slots[int(s["slot"])] = Slot(str(s["name"]), str(s["kind"]), str(s["token"]))
    return slots


def describe(
    row: TableRow, slots: Sequence[Slot | None], game: Game | None, now: float
) -> dict[str, Any]:
    """Table info (docs/protocol.md), for a room in memory or a closed table in the store."""
    spec = get_spec(row.game)
    return {
        "id": row.id,
        "game": spec.name,
        "title": spec.title,
        "players": row.players,
        "hints": row.hints and offers_hints(spec.name),  # older rows say yes to any game
        "options": dict(row.options) | (dict(game.options) if game else {}),
        "status": row.status,
        "match": row.match,
        "slots": [
            {"slot": i, "name": s.name, "kind": s.kind, "connected": s.connections > 0}
            if s is not None
            else None
            for i, s in enumerate(slots)
        ],
        "seating": list(row.seating) if game else None,
        "deadline": row.deadline,
        "now": now,
    }


class Room:
    def __init__(
        self,
        row: TableRow,
        store: Store,
        clock: Clock,
        settings: RoomSettings,
        pool: BotPool,
        on_close: Callable[[Room], None] | None = None,
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
        # With several workers: told, from the writer, when the store refused a change (another
        # worker wrote this table meanwhile). The room has let its watchers go by then.
        self.on_store_error: Callable[[Room], None] | None = None
        self.slots = slots_of(row)
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        self.persisted = 0
        self.rematch: set[int] = set()
        self.gone: set[int] = set(row.gone)  # slots that left this match: no rematch with them
        self.watchers: set[Watcher] = set()
        self.closed = False  # finished or stopped: no more commands
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._deadline_version = -1
        self._bot_tasks: set[asyncio.Future[None]] = set()
        self._thinking = asyncio.Lock()  # one bot of this table thinks at a time
        # Per seat: its legal actions, and the version since which they have been the same.
        # A command is stale only if it was made before the seat's choices last changed, so
        # simultaneous decisions (discards, readies) never make each other stale.
        self._choices: dict[int, tuple[list[dict[str, Any]], int]] = {}

    # -- life cycle ------------------------------------------------------------------------

    def start_tasks(self) -> None:
        self._tasks = [asyncio.create_task(self._writer()), asyncio.create_task(self._timer())]
        self._schedule_bots()  # a restored game may be waiting for a bot

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

    def restore(self) -> None:
        """Rebuild the current match from the store: the same seed, the same actions."""
        if self.row.status == "waiting":
            self._set_idle(self._idle_after_restart())
        if self.row.status not in ("playing", "results"):
            return
        game = self._new_game()
        for entry in self.store.actions(self.id, self.row.match):
            apply_entry(game, entry)
        self.game = game
        self.persisted = len(game.actions)
        self._track_choices(game)
        now = self.clock.now()
        for slot in self.slots:  # nobody is connected after a restart: the grace starts now
            if slot is not None and slot.bot is None:
                slot.away_since = now
        self._wake.set()

    def slots_set_bot(self, index: int, bot: str) -> None:
        """Put a bot in a slot (before the game starts)."""
        slot = Slot(f"{bot.capitalize()} {index + 1}", f"bot:{bot}", secrets.token_urlsafe(24))
        self.slots[index] = slot
        self.store.set_slot(self.id, index, slot.name, slot.kind, slot.token)

    async def begin(self) -> None:
        """Start the first match (every seat is filled)."""
        if self.row.status == "waiting":
            await self._start_match()

    # -- what people do --------------------------------------------------------------------

    async def join(self, name: str) -> tuple[int, str]:
        """Take the first free seat; the game starts when every seat is taken."""

        async def run() -> tuple[int, str]:
            if self.row.status != "waiting":
                raise SeatError("this table has already started")
            free = [i for i, s in enumerate(self.slots) if s is None]
            if not free:
                raise SeatError("every seat at this table is taken")
            clean = " ".join(name.split())[:32] or f"Player {free[0] + 1}"
            token = secrets.token_urlsafe(24)
            self.slots[free[0]] = Slot(clean, "human", token)
            self.store.set_slot(self.id, free[0], clean, "human", token)
            if not self.watchers:  # a join is a visit too: the idle time starts again
                self._set_idle(self.clock.now())
            if all(s is not None for s in self.slots):
                await self._start_match()
            else:
                await self._broadcast_table()
            return free[0], token

        return await self.call(run)

    def slot_of(self, token: str | None) -> int | None:
        """The slot a token holds; None for a spectator; SeatError for a forged token."""
        if token is None or token == "":
            return None
        for i, slot in enumerate(self.slots):
            if (
                slot is not None
                and slot.kind == "human"
                and secrets.compare_digest(slot.token, token)
            ):
                return i
        raise SeatError("that seat token is not valid at this table")

    async def connect(self, watcher: Watcher, since: int) -> None:
        async def run() -> None:
            self._set_idle(None)  # someone is here: a waiting table is not abandoned
            slot = self._slot(watcher.slot)
            if slot is not None:
                slot.connections += 1
                slot.away_since = None
                self._wake.set()
                if self._waiting_for_people():  # the first one back: the results again
                    self._set_deadline()
                    self.store.update_table(self.id, deadline=self.row.deadline)
                    await self._broadcast_table()
            self.watchers.add(watcher)
            await watcher.send(self._welcome(watcher, since))

        await self.call(run)

    async def disconnect(self, watcher: Watcher) -> None:
        async def run() -> None:
            self.watchers.discard(watcher)
            if not self.watchers:
                self._set_idle(self.clock.now())
            slot = self._slot(watcher.slot)
            if slot is not None:
                slot.connections -= 1
                if slot.connections == 0 and self.game is not None:  # playing, or the results
                    slot.away_since = self.clock.now()
                    self._wake.set()

        await self.call(run)

    async def act(self, watcher: Watcher, action: dict[str, Any], version: int) -> None:
        """A player's action, made on ``version`` of the game."""

        async def run() -> None:
            game, seat = self._playing(watcher)
            if not self._choices_since(seat) <= version <= game.version:
                raise StaleCommand(
                    f"the game has moved on since version {version} (it is at {game.version})"
                )
            before = game.version
            if action.get("type") == "rematch":
                self._want_rematch(seat)
                await self._changed(before)
                return
            game.apply(seat, action)
            await self._changed(before)

        await self.call(run)

    async def hint(self, watcher: Watcher) -> None:
        """Answer only this watcher with every discard of its own hand, valued."""
        if not self.hints:
            raise ProtocolError("no-hints", "this table does not allow hints")

        async def run() -> dict[str, Any]:
            if watcher.slot is None:
                raise SeatError("spectators cannot ask for hints")
            seat = self.seat_of(watcher)
            if self.game is None or seat is None:
                raise ProtocolError("not-now", "the game has not started yet")
            return self.game.view(seat)

        query = hint_query(await self.call(run))  # the seat's view, as the writer has it now
        await watcher.send(await asyncio.to_thread(hint_message, query))  # off the event loop

    async def leave(self, watcher: Watcher) -> None:
        async def run() -> None:
            game, seat = self._playing(watcher)
            before = game.version
            self.gone.add(self.row.seating[seat])
            if game.outcome is None and game.rules.in_game(seat):
                game.leave(seat)
            await self._changed(before)

        await self.call(run)

    # -- the match -------------------------------------------------------------------------

    def _make_bot(self, name: str, seed: int) -> Bot:
        if self.settings.make_bot is not None:
            return self.settings.make_bot(name, seed)
        return make(name, seed=seed)

    def _new_game(self) -> Game:
        chance = self.settings.chance() if self.settings.chance is not None else None
        game = Game(
            self.spec,
            self.row.players,
            self.row.seed * 1000 + self.row.match,
            self.row.options,
            chance=chance,
        )
        self.bots = {}
        for seat, slot_index in enumerate(self.row.seating):
            slot = self.slots[slot_index]
            assert slot is not None
            game.set_seat(seat, name=slot.name, kind=slot.kind)
            if slot.bot is not None:
                self.bots[seat] = self._make_bot(
                    slot.bot, self.row.seed * 1000 + self.row.match * 8 + seat
                )
        return game

    async def _start_match(self) -> None:
        """Seat everyone in a shuffled order (the game draws the first dealer itself)."""
        order = list(range(self.row.players))
        random.Random(f"{self.row.seed}/{self.row.match}/seating").shuffle(order)
        self.row.seating = order
        self.row.status = "playing"
        self.store.update_table(
            self.id, status="playing", seating=order, match=self.row.match, gone=[]
        )
        self.game = self._new_game()
        self.persisted = 0
        self.rematch = set()
        self.gone = set()
        self._choices = {}
        now = self.clock.now()
        for slot in self.slots:
            # A person who is not here at the start is away from now on (or since they went).
            if slot is not None and slot.bot is None and slot.connections == 0:
                slot.away_since = now if slot.away_since is None else slot.away_since
        await self._changed(0)

    def _want_rematch(self, seat: int) -> None:
        if self.row.status != "results":
            raise IllegalAction("a rematch can be asked for once the game is over")
        self.rematch.add(seat)

    async def _results_over(self) -> None:
        """The results intermission ran out: the table finishes if someone left this match, or
        if nobody but bots sits at it (nobody would ever stop their rematches); if every person
        is away, it waits for the first one back (the results start again) or for their grace
        to run out (they have left); otherwise the rematch starts."""
        people = [i for i, s in enumerate(self.slots) if s is not None and s.bot is None]
        if self._left() or not people:
            await self._finish()
        elif all(self._away(i) for i in people):
            self.row.deadline = None  # see _waiting_for_people
            self.store.update_table(self.id, deadline=None)
            await self._broadcast_table()
        else:
            self.row.match += 1
            await self._start_match()

    def _left(self) -> set[int]:
        """Slots that left this match: by leaving, or by staying away past the grace period."""
        game = self.game
        assert game is not None
        seats = {a["seat"] for a in game.actions if a["action"].get("type") == "leave"}
        return self.gone | {self.row.seating[s] for s in seats}

    def _away(self, slot_index: int) -> bool:
        slot = self.slots[slot_index]
        return slot is not None and slot.connections == 0

    def _waiting_for_people(self) -> bool:
        """The results intermission ran out while every person was away (it has no deadline)."""
        return self.row.status == "results" and self.row.deadline is None

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
        return max(since, now - max(0.0, self.settings.abandon_waiting - self.settings.grace))

    async def _abandon_waiting(self) -> None:
        """Nobody connected to this waiting table, nor joined it, for ``abandon_waiting``: it
        closes like a finished table (it has no records). Anyone connected has set idle_since
        to None, so such a table is never closed under someone's eyes."""
        since = self.row.idle_since
        if self.row.status != "waiting" or since is None:
            return
        if self.clock.now() >= since + self.settings.abandon_waiting:
            await self._finish()

    async def _finish(self) -> None:
        """No rematch can come (or, for a table still waiting, no game): the table closes for
        good. Its watchers hear it and are let go, then the lobby forgets the room; the records
        stay in the store."""
        self.row.status = "finished"
        self.row.deadline = None
        self.store.update_table(self.id, status="finished", deadline=None)
        await self._broadcast_table()
        for watcher in list(self.watchers):
            await watcher.end()
        self.watchers.clear()
        self.closed = True  # the writer stops after this command
        if self.on_close is not None:
            self.on_close(self)

    async def hand_over(self) -> None:
        """This worker no longer serves the table (it is stopping, or another worker holds the
        table's lease): its watchers are asked to come back, and no command runs after this one.
        Nothing is lost: every accepted action is in the store already."""
        for watcher in list(self.watchers):
            await watcher.end(RESTART)
        self.watchers.clear()
        self.closed = True  # the writer stops after this command

    def _choices_since(self, seat: int) -> int:
        return self._choices.get(seat, ([], 0))[1]

    def _track_choices(self, game: Game) -> None:
        for seat in range(game.players):
            legal = game.legal_actions(seat)
            known = self._choices.get(seat)
            if known is None or known[0] != legal:
                self._choices[seat] = (legal, game.version)

    async def _changed(self, before: int) -> None:
        """Persist, then tell everyone, then set the clock and wake the bots."""
        game = self.game
        assert game is not None
        self._track_choices(game)
        record = None
        if game.outcome is not None and self.row.status == "playing":
            self.row.status = "results"
            record = game.record()
        self._set_deadline()
        # One transaction per change: its actions, the table's clock and status, the record.
        try:
            self.store.commit_change(
                self.id,
                self.row.match,
                self.persisted,
                game.actions[self.persisted :],
                table={
                    "deadline": self.row.deadline,
                    "status": self.row.status,
                    "gone": sorted(self.gone),
                },
                record=record,
            )
        except Exception:
            if self.on_store_error is None:
                raise
            # This memory is now ahead of the store, which is the truth: nobody hears of the
            # change, the room goes, and the table is rebuilt from the store (where it is owned).
            await self.hand_over()
            self.on_store_error(self)
            raise TableClosed("this table is moving to another server: reconnect") from None
        self.persisted = len(game.actions)
        for watcher in list(self.watchers):
            await self._send_update(watcher, before)
        self._schedule_bots()

    def _set_deadline(self) -> None:
        game = self.game
        assert game is not None
        now = self.clock.now()
        if self.row.status == "results":
            waiting = [s for s in range(game.players) if self._human(s) and s not in self.rematch]
            deadline = now + (
                self.settings.intermission if waiting else self.settings.results_pause
            )
        elif not game.to_act:
            deadline = None
        elif all(game.legal_actions(s) == [READY] for s in game.to_act):
            deadline = now + self.settings.intermission
        else:
            deadline = now + float(game.options.get("turn_time", 20))
        if game.version != self._deadline_version or self.row.status == "results":
            self.row.deadline = deadline
            self._deadline_version = game.version
        self._wake.set()

    async def _expire(self, version: int, match: int) -> None:
        """The clock ran out on ``version``: the game's own arbitrary move(s)."""
        game = self.game
        if game is None or match != self.row.match or game.version != version:
            return
        if self.row.status == "results":
            await self._results_over()
            return
        before = game.version
        game.timeout()
        await self._changed(before)

    async def _abandon(self, slot_index: int) -> None:
        """A player stayed away past the grace period: they leave the match."""
        game = self.game
        slot = self.slots[slot_index]
        if game is None or slot is None or slot.connections:
            return
        slot.away_since = None  # this alarm has rung: it must not ring again and again
        if self.row.status == "results":
            self.gone.add(slot_index)
            if self._waiting_for_people():
                await self._finish()
            else:  # the intermission ends as planned, without a rematch
                self.store.update_table(self.id, gone=sorted(self.gone))
            return
        seat = self.row.seating.index(slot_index)
        if game.rules.in_game(seat):
            before = game.version
            game.leave(seat)
            await self._changed(before)

    async def _timer(self) -> None:
        """Sleep until the next deadline (turn, intermission, or a player's grace), then act."""
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
        if self.row.status == "waiting" and self.row.idle_since is not None:
            alarms.append(
                (self.row.idle_since + self.settings.abandon_waiting, self._abandon_waiting)
            )
        for index, slot in enumerate(self.slots):
            if slot is not None and slot.away_since is not None:
                alarms.append(
                    (slot.away_since + self.settings.grace, partial(self._abandon, index))
                )
        if not alarms:
            return None, None
        when, what = min(alarms, key=lambda a: a[0])
        return when, what

    def _schedule_bots(self) -> None:
        """A turn for every bot to act: each change asks again, and older turns stand down."""
        game = self.game
        if game is None or self.closed:
            return
        if self.row.status == "results":
            for seat in self.bots:
                self.rematch.add(seat)
            return
        for seat in game.to_act:
            if seat in self.bots:
                task = asyncio.ensure_future(self._bot_turn(seat, game.version, self.row.match))
                self._bot_tasks.add(task)
                task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, seat: int, version: int, match: int) -> None:
        """A bot's move: its view is copied in the writer, thought over in a worker thread (the
        event loop serves every other table meanwhile), then applied by the writer like a
        person's command made on ``version``."""
        await self.clock.sleep_until(self.clock.now() + self.settings.bot_delay)
        with contextlib.suppress(TableClosed):
            # One bot of this table at a time, in the order of their turns: a bot is asked only
            # about the latest version, as when bots thought in the writer, so the same seeds
            # make the same moves.
            async with self._thinking:
                asked = await self.call(partial(self._bot_question, seat, version, match))
                if asked is not None:
                    action = await self.pool.act(*asked)
                    await self.call(partial(self._bot_answer, seat, version, match, action))

    async def _bot_question(
        self, seat: int, version: int, match: int
    ) -> tuple[Bot, dict[str, Any]] | None:
        """The bot and a snapshot of its view, unless the game has moved on since ``version``
        (the change that moved it scheduled a newer turn)."""
        game = self.game
        if game is None or match != self.row.match or game.version != version:
            return None
        if seat not in game.to_act or game.outcome is not None:
            return None
        return self.bots[seat], copy.deepcopy(game.view(seat))  # the thread's own copy

    async def _bot_answer(
        self, seat: int, version: int, match: int, action: dict[str, Any]
    ) -> None:
        """Apply a bot's action, made on ``version``, as a person's command would be. A stale
        one (the seat's choices changed meanwhile: a timeout, a leave) is dropped: the change
        that made it stale asked the bot again, about the game as it is now."""
        game = self.game
        if game is None or match != self.row.match or seat not in game.to_act:
            return
        if self._choices_since(seat) > version:
            return
        before = game.version
        game.apply(seat, action)
        await self._changed(before)

    # -- what watchers see -----------------------------------------------------------------

    def _slot(self, index: int | None) -> Slot | None:
        return self.slots[index] if index is not None else None

    def _human(self, seat: int) -> bool:
        slot = self.slots[self.row.seating[seat]]
        return slot is not None and slot.bot is None

    def seat_of(self, watcher: Watcher) -> int | None:
        if watcher.slot is None or self.game is None:
            return None
        return self.row.seating.index(watcher.slot)

    def _playing(self, watcher: Watcher) -> tuple[Game, int]:
        seat = self.seat_of(watcher)
        if self.game is None:
            raise IllegalAction("the game has not started yet")
        if seat is None:
            raise SeatError("spectators cannot act")
        return self.game, seat

    def table_info(self) -> dict[str, Any]:
        return describe(self.row, self.slots, self.game, self.clock.now())

    def _welcome(self, watcher: Watcher, since: int) -> dict[str, Any]:
        seat = self.seat_of(watcher)
        message: dict[str, Any] = {
            "type": "welcome",
            "table": self.table_info(),
            "seat": seat,
            "slot": watcher.slot,
        }
        if self.game is not None:
            since = max(0, min(since, self.game.version))
            message |= {
                "from": since,
                "events": self.game.events_for(seat, since),
                "view": self.game.view(seat),
                "version": self.game.version,
            }
        return message

    async def _send_update(self, watcher: Watcher, before: int) -> None:
        game = self.game
        assert game is not None
        seat = self.seat_of(watcher)
        await watcher.send(
            {
                "type": "update",
                "from": before,
                "events": game.events_for(seat, before),
                "view": game.view(seat),
                "version": game.version,
                "table": self.table_info(),
            }
        )

    async def resync(self, watcher: Watcher, since: int) -> None:
        async def run() -> None:
            await watcher.send(self._welcome(watcher, since) | {"type": "resync"})

        await self.call(run)

    async def _broadcast_table(self) -> None:
        for watcher in list(self.watchers):
            await watcher.send({"type": "table", "table": self.table_info()})
