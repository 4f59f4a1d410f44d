"""A table: its seats, its game, its clocks and its watchers, with exactly one writer.

Every change goes through :meth:`Room.call`, which runs it inside the room's single writer task,
one after another. A change is persisted (``Store.commit_change``) before anyone hears of it,
then each watcher gets the numbered events it may see and its own view.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Awaitable, Callable
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
from pegboard.server.protocol import ProtocolError
from pegboard.server.store import Store, TableRow

INTERMISSION = 30.0  # seconds: pause points and the results, ending early when all are ready
READY = {"type": "ready"}

T = TypeVar("T")


class Watcher(Protocol):
    """A connected client: a player in a slot, or a spectator (slot None)."""

    slot: int | None

    async def send(self, message: dict[str, Any]) -> None: ...


class StaleCommand(PegboardError):
    """A command made on an older version of the game than the current one."""


class SeatError(PegboardError):
    """A missing, wrong or forged seat token."""


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
    # Makes each new game's chance source: tests stack the deck. None: the table's seed.
    chance: Callable[[], ChanceSource] | None = None


@dataclass
class _Command:
    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class Room:
    def __init__(self, row: TableRow, store: Store, clock: Clock, settings: RoomSettings) -> None:
        self.row = row
        self.id = row.id
        self.spec = get_spec(row.game)
        self.hints = row.hints and offers_hints(self.spec.name)  # older rows say yes to any game
        self.store = store
        self.clock = clock
        self.settings = settings
        self.slots: list[Slot | None] = [None] * row.players
        for s in row.slots:
            self.slots[int(s["slot"])] = Slot(str(s["name"]), str(s["kind"]), str(s["token"]))
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        self.persisted = 0
        self.rematch: set[int] = set()
        self.gone: set[int] = set()  # slots that left this match: no rematch with them
        self.watchers: set[Watcher] = set()
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._deadline_version = -1
        self._bot_tasks: set[asyncio.Future[None]] = set()
        # Per seat: its legal actions, and the version since which they have been the same.
        # A command is stale only if it was made before the seat's choices last changed, so
        # simultaneous decisions (discards, readies) never make each other stale.
        self._choices: dict[int, tuple[list[dict[str, Any]], int]] = {}

    # -- life cycle ------------------------------------------------------------------------

    def start_tasks(self) -> None:
        self._tasks = [asyncio.create_task(self._writer()), asyncio.create_task(self._timer())]
        self._schedule_bots()  # a restored game may be waiting for a bot

    async def stop(self) -> None:
        tasks = [*self._tasks, *self._bot_tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the writer task, after every command queued before it."""
        command = _Command(run)
        await self._inbox.put(command)
        result: T = await command.done
        return result

    async def _writer(self) -> None:
        while True:
            command = await self._inbox.get()
            try:
                command.done.set_result(await command.run())
            except Exception as error:  # the caller gets the error; the room goes on
                if not command.done.done():
                    command.done.set_exception(error)

    def restore(self) -> None:
        """Rebuild the current match from the store: the same seed, the same actions."""
        if self.row.status not in ("playing", "results"):
            return
        game = self._new_game()
        for entry in self.store.actions(self.id, self.row.match):
            apply_entry(game, entry)
        self.game = game
        self.persisted = len(game.actions)
        self._track_choices(game)
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
            self.watchers.add(watcher)
            slot = self._slot(watcher.slot)
            if slot is not None:
                slot.connections += 1
                slot.away_since = None
            await watcher.send(self._welcome(watcher, since))

        await self.call(run)

    async def disconnect(self, watcher: Watcher) -> None:
        async def run() -> None:
            self.watchers.discard(watcher)
            slot = self._slot(watcher.slot)
            if slot is not None:
                slot.connections -= 1
                if slot.connections == 0 and self.game is not None and self.game.outcome is None:
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
                self.bots[seat] = make(
                    slot.bot, seed=self.row.seed * 1000 + self.row.match * 8 + seat
                )
        return game

    async def _start_match(self) -> None:
        """Seat everyone in a shuffled order (the game draws the first dealer itself)."""
        order = list(range(self.row.players))
        random.Random(f"{self.row.seed}/{self.row.match}/seating").shuffle(order)
        self.row.seating = order
        self.row.status = "playing"
        self.store.update_table(self.id, status="playing", seating=order, match=self.row.match)
        self.game = self._new_game()
        self.persisted = 0
        self.rematch = set()
        self.gone = set()
        self._choices = {}
        now = self.clock.now()
        for slot in self.slots:  # a person who is not here at the start is away from now on
            if slot is not None and slot.bot is None and slot.connections == 0:
                slot.away_since = now
        await self._changed(0)

    def _want_rematch(self, seat: int) -> None:
        if self.row.status != "results":
            raise IllegalAction("a rematch can be asked for once the game is over")
        self.rematch.add(seat)

    async def _results_over(self) -> None:
        """After the results intermission: a new match if everyone is still here."""
        game = self.game
        assert game is not None
        left = self.gone or any(e["type"] == "leave" for e in game.events)
        if not left:
            self.row.match += 1
            await self._start_match()
        else:
            self.row.status = "finished"
            self.row.deadline = None
            self.store.update_table(self.id, status="finished", deadline=None)
            await self._broadcast_table()

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
        self.store.commit_change(
            self.id,
            self.row.match,
            self.persisted,
            game.actions[self.persisted :],
            table={"deadline": self.row.deadline, "status": self.row.status},
            record=record,
        )
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
        """A player stayed away past the grace period: they leave the game."""
        game = self.game
        slot = self.slots[slot_index]
        if game is None or slot is None or slot.connections or game.outcome is not None:
            return
        seat = self.row.seating.index(slot_index)
        if game.rules.in_game(seat):
            before = game.version
            game.leave(seat)
            await self._changed(before)

    async def _timer(self) -> None:
        """Sleep until the next deadline (turn, intermission, or a player's grace), then act."""
        while True:
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
                await self.call(what)

    def _next_alarm(self) -> tuple[float | None, Callable[[], Awaitable[None]] | None]:
        alarms: list[tuple[float, Callable[[], Awaitable[None]]]] = []
        game = self.game
        if game is not None and self.row.deadline is not None:
            version, match = game.version, self.row.match
            alarms.append((self.row.deadline, lambda: self._expire(version, match)))
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
        game = self.game
        if game is None:
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
        await self.clock.sleep_until(self.clock.now() + self.settings.bot_delay)

        async def run() -> None:
            game = self.game
            if game is None or match != self.row.match or game.version != version:
                return
            if seat not in game.to_act or game.outcome is not None:
                return
            action = self.bots[seat].act(game.view(seat))
            before = game.version
            game.apply(seat, action)
            await self._changed(before)

        await self.call(run)

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
        return {
            "id": self.id,
            "game": self.spec.name,
            "title": self.spec.title,
            "players": self.row.players,
            "hints": self.hints,
            "options": dict(self.row.options) | (dict(self.game.options) if self.game else {}),
            "status": self.row.status,
            "match": self.row.match,
            "slots": [
                {"slot": i, "name": s.name, "kind": s.kind, "connected": s.connections > 0}
                if s is not None
                else None
                for i, s in enumerate(self.slots)
            ],
            "seating": list(self.row.seating) if self.game else None,
            "deadline": self.row.deadline,
            "now": self.clock.now(),
        }

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
