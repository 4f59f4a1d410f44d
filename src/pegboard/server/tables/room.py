"""A table: its seats, its game, its clocks and its watchers, with exactly one writer.

The room owns its parts, each a class with its own state in its own module: the writer and its
inbox (``writer``), the seats (``seats``), the clocks (``clocks``) and the idle time of a waiting
table (``idle``), the matches (``matches``), each seat's choices (``choices``), the bots' turns
(``bot_turns``), the deals (``dealing``), the watchers (``watchers``) and the chat
(``room_chat``); what watchers are told is built in ``room_views``. The room says *when*, a part
says *how*: every command, alarm and bot move runs in the writer, and every change of the game
goes through one pipeline (:meth:`Room.changed`): persisted (``Store.write_change``)
before anyone hears of it (with the entries that rebuild its deals), then each watcher gets the
numbered events it may see and its own view (the deals' commitments and reveals around it),
then the clocks are set and the bots woken.

A table's life: ``waiting`` for people, ``playing`` a match, showing the ``results`` (the rematch
window), then ``playing`` the rematch or, when no rematch can come (someone left, or nobody is
seated but bots), ``finished``: the room closes for good (:meth:`Room.finish`) and its records
stay in the store. A table left ``waiting`` with nobody connected for long is abandoned: it
finishes too, with no records. What the clocks ring is in ``room_alarms``; how a room is
rebuilt from the store, in ``room_restore``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from time import perf_counter
from typing import Any, TypeVar

from pegboard.bots import Bot, make
from pegboard.core.chance import ChanceSource
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import Action, Record, TableView
from pegboard.errors import IllegalAction
from pegboard.server.clock import Clock
from pegboard.server.http.protocol import RESTART, ProtocolError
from pegboard.server.logs import about
from pegboard.server.metrics import ACTIONS, MOVE_SECONDS
from pegboard.server.players.privacy import NO_WATCHING
from pegboard.server.ratings.settle import finished_match, settle
from pegboard.server.store.sql_store import Change, Store, TableRow
from pegboard.server.tables.bot_turns import BotTurns
from pegboard.server.tables.chat import refused
from pegboard.server.tables.choices import Choices
from pegboard.server.tables.clocks import Clocks
from pegboard.server.tables.dealing import Dealing, Seed
from pegboard.server.tables.deals import TableDeals
from pegboard.server.tables.errors import SeatError, StaleCommand, TableClosed
from pegboard.server.tables.hints import hint_message, hint_query, offers_hints
from pegboard.server.tables.idle import Idle
from pegboard.server.tables.info import describe, game_ends
from pegboard.server.tables.matches import Matches
from pegboard.server.tables.room_alarms import alarms
from pegboard.server.tables.room_chat import TableChat, reads_chat
from pegboard.server.tables.room_restore import restore
from pegboard.server.tables.room_views import table_info, update, welcome
from pegboard.server.tables.seats import Seats
from pegboard.server.tables.settings import ABANDON_WAITING, INTERMISSION, RoomSettings
from pegboard.server.tables.slot import Slot, slots_of
from pegboard.server.tables.thinking import BotPool
from pegboard.server.tables.watchers import Watcher, Watchers
from pegboard.server.tables.writer import Writer

log = logging.getLogger(__name__)

T = TypeVar("T")

__all__ = [
    "ABANDON_WAITING",
    "INTERMISSION",
    "Room",
    "RoomSettings",
    "SeatError",
    "Slot",
    "StaleCommand",
    "TableClosed",
    "Watcher",
    "describe",
    "slots_of",
]


class Room:
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
        self.on_close = on_close  # told once the table has finished, from the writer
        # Told, from the writer, when the store refused a change (it failed, or with several
        # workers another worker wrote this table meanwhile). The room has let its watchers go
        # by then; the lobby rebuilds the table from the store.
        self.on_store_error: Callable[[Any], None] | None = None
        # Told (table id, match) when a match's record is stored: the lobby queues its review.
        self.on_record: Callable[[str, int], None] | None = None
        self.game: Game | None = None  # the match in play (None: waiting for people)
        self.persisted = 0  # the game's actions in the store
        self.persisted_chance = 0  # and its chance outcomes, stored beside them
        self.writer = Writer()
        self.seats = Seats(row, store)
        self.watchers = Watchers()
        self.dealing = Dealing(row, store, settings)
        self.matches = Matches(row, self.spec, daily=self.dealing.daily is not None)
        self.choices = Choices()
        self.clocks = Clocks(clock, settings, self, lambda: alarms(self))
        self.idle = Idle(row, store, clock, settings)
        self.bot_turns = BotTurns(
            self,
            pool,
            clock,
            settings.bot_delay,
            settings.make_bot or _made_bot,
            self.matches.seat_view,
        )
        self.chat = TableChat(store, row.id)

    # -- the parts, as the lobby and tests see them ------------------------------------------

    @property
    def slots(self) -> list[Slot | None]:
        return self.seats.slots

    @property
    def bots(self) -> dict[int, Bot]:
        return self.bot_turns.bots

    @property
    def closed(self) -> bool:
        return self.writer.closed

    @property
    def upcoming(self) -> TableDeals | None:
        """The next match's deals (its hand 1 committed to), while the table waits or shows
        the results."""
        return self.dealing.upcoming

    # -- life cycle ------------------------------------------------------------------------

    def start_tasks(self) -> None:
        with about(table=self.id):  # every line the table's tasks log names it
            self.writer.start()
            self.clocks.start()
        self._schedule_bots()  # a restored game may be waiting for a bot

    async def stop(self) -> None:
        """Stop every task of the room; a command still queued is refused with TableClosed."""
        self.writer.close()
        await asyncio.gather(self.bot_turns.stop(), self.clocks.stop(), self.writer.stop())

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the writer task, after every command queued before it."""
        return await self.writer.call(run)

    def restore(self) -> None:
        """Rebuild the current match from the store: the same chance outcomes, the same
        actions, the same deals; and the chat so far."""
        restore(self)

    async def begin(self) -> None:
        """Start the first match (every seat is filled)."""
        if self.row.status == "waiting":
            await self.start_match()

    async def start_match(self) -> None:
        """Seat everyone in a shuffled order (the game draws the first dealer itself); the next
        game of a match goes on keeping the seats, its first dealer the last game's loser."""
        order, first = self.matches.seating()
        started = self.clock.now()
        # Off the event loop, as a table's set-up is; the row says it once it is stored.
        await self.store.change_table(
            self.id, status="playing", seating=order, match=self.row.match, gone=[], started=started
        )
        self.row.seating, self.row.status, self.row.started = order, "playing", started
        self.matches.begin(self.deal(self.dealing.chance(first_dealer=first)))
        self.persisted = self.persisted_chance = self.dealing.persisted = 0
        self.choices.forget()
        self.clocks.forget()
        # A person who is not here at the start is away from now on (or since they went).
        self.seats.away_from(self.clock.now())
        if not self.row.watching:  # whoever has no seat is told so and let go
            await self.watchers.send_spectators_away(
                {"type": "error", "code": "no-watching", "message": NO_WATCHING}
            )
        await self.changed(0)

    def deal(self, chance: ChanceSource) -> Game:
        """The match's game, dealt from ``chance``, with its bots seated."""
        game, bots = self.matches.new_game(self.slots, chance)
        self.game = game
        self.bot_turns.seat(game, bots)
        return game

    async def finish(self) -> None:
        """No rematch can come (or, for a table still waiting, no game): the table closes for
        good. Its watchers hear it and are let go, then the lobby forgets the room; the records
        stay in the store."""
        self.row.status = "finished"
        self.row.deadline = None
        self.store.update_table(self.id, status="finished", deadline=None)
        await self.tell_table()
        await self.watchers.let_go()
        self.writer.close()  # the writer stops after this command
        if self.on_close is not None:
            self.on_close(self)

    async def hand_over(self) -> None:
        """This worker no longer serves the table (it is stopping, or another worker holds the
        table's lease): its watchers are asked to come back, and no command runs after this one.
        Nothing is lost: every accepted action is in the store already."""
        await self.watchers.let_go(RESTART)
        self.writer.close()  # the writer stops after this command

    # -- what people do --------------------------------------------------------------------

    async def join(
        self, name: str, player: str | None = None, seed: Seed | None = None
    ) -> tuple[int, str]:
        """Take the first free seat; the game starts when every seat is taken. ``name`` has
        been cleaned (:func:`pegboard.server.http.inputs.clean_name`); it may not pass for a bot
        or for someone seated. ``player``: the signed-in person (players.id), if known.
        ``seed``: (the commitment they saw, their seed) for hand 1 of the match this join may
        start, taken if that is still the table's commitment (else the seat's seed for hand 1
        is the default). Stored first: a refused write leaves the seat free."""

        async def run() -> tuple[int, str]:
            if self.row.status != "waiting":
                raise SeatError("this table has already started")
            index, token = await self.seats.take(name, player, self.row.rated)
            self.dealing.seed_on_joining(index, seed)
            if not self.watchers:  # a join is a visit too: the idle time starts again
                await self.set_idle(self.clock.now())
            if self.seats.full():
                await self.start_match()
            else:
                await self.tell_table()
            return index, token

        return await self.call(run)

    def seat_of_player(self, player: str) -> tuple[int, str] | None:
        """The slot a person holds here, with its token; not one they have left after a match."""
        return self.seats.of_player(player, self.matches.gone)

    def slot_of(self, token: str | None) -> int | None:
        """The slot a token holds; None for a spectator; SeatError for a forged token."""
        return self.seats.of_token(token)

    def seat_of(self, watcher: Watcher) -> int | None:
        if watcher.slot is None or self.game is None:
            return None
        return self.row.seating.index(watcher.slot)

    async def connect(self, watcher: Watcher, since: int) -> None:
        async def run() -> None:
            # A watcher without a seat at a table whose host does not let people watch may look
            # at the waiting room (and take a seat) only.
            if watcher.slot is None and not self.row.watching and self.row.status != "waiting":
                raise ProtocolError("no-watching", NO_WATCHING)
            await self.set_idle(None)  # someone is here: a waiting table is not abandoned
            if self.seats.slot(watcher.slot) is not None:
                assert watcher.slot is not None
                back = self.seats.connect(watcher.slot)
                self.clocks.wake()
                if self.waiting_for_people():  # the first one back: the results again
                    self.clocks.results_again()
                    self.set_deadline()
                    self.store.update_table(self.id, deadline=self.row.deadline)
                    await self.tell_table()
                elif back:  # the others stop showing this seat as away
                    await self.tell_table()
            self.watchers.add(watcher)
            await watcher.send(welcome(self, watcher, since))

        await self.call(run)

    async def disconnect(self, watcher: Watcher) -> None:
        async def run() -> None:
            self.watchers.discard(watcher)
            if not self.watchers:
                await self.set_idle(self.clock.now())
            if self.seats.slot(watcher.slot) is None:
                return
            assert watcher.slot is not None
            playing = self.game is not None  # playing, or the results: the grace starts
            if self.seats.disconnect(watcher.slot, self.clock.now() if playing else None):
                if playing:
                    self.clocks.wake()
                await self.tell_table()  # the others show this seat as away

        await self.call(run)

    async def resync(self, watcher: Watcher, since: int) -> None:
        async def run() -> None:
            await watcher.send(welcome(self, watcher, since) | {"type": "resync"})

        await self.call(run)

    async def act(self, watcher: Watcher, action: dict[str, Any], version: int) -> None:
        """A player's action, made on ``version`` of the game."""

        async def run() -> None:
            game, seat = self._playing(watcher)
            if action.get("type") == "rematch":
                self._check_fresh(game, seat, version)
                if self.matches.want_rematch(seat):  # a repeat changes nothing: no write
                    await self.changed(game.version)
                return
            await self.play(seat, action, version)

        await self.call(run)

    async def play(self, seat: int, action: Action, version: int) -> None:
        """Apply ``seat``'s ``action``, made on ``version`` (in the writer), then persist and
        tell everyone; StaleCommand if the seat's choices changed since."""
        game = self.game
        if game is None:
            raise IllegalAction("the game has not started yet")
        self._check_fresh(game, seat, version)
        before = game.version
        game.apply(seat, action)
        await self.changed(before)

    def _check_fresh(self, game: Game, seat: int, version: int) -> None:
        if not self.choices.since(seat) <= version <= game.version:
            raise StaleCommand(
                f"the game has moved on since version {version} (it is at {game.version})"
            )

    async def leave(self, watcher: Watcher) -> None:
        async def run() -> None:
            game, seat = self._playing(watcher)
            playing = game.outcome is None and game.rules.in_game(seat)
            gone = self.matches.gone
            if self.row.seating[seat] in gone and not playing:
                return  # left already: nothing changes, nothing is written
            before = game.version
            gone.add(self.row.seating[seat])
            if playing:
                game.leave(seat)
            await self.changed(before)

        await self.call(run)

    async def say(self, watcher: Watcher, text: str | None, phrase: str | None) -> None:
        """A seated player's message (free ``text`` or a quick ``phrase``): refused with error
        ``chat`` past its limits; else stored, then sent to everyone who reads the chat."""

        async def run() -> None:
            index = watcher.slot
            slot = self.seats.slot(index)
            if index is None or slot is None:
                raise refused("people watching read the chat; only the players write in it")
            message = await self.chat.say(
                index,
                slot.name,
                slot.player,
                self.row.chat,
                text,
                phrase,
                match=self.row.match,
                now=self.clock.now(),
                version=self.game.version if self.game is not None else 0,
                talk=self.game.table_talk if self.game is not None else "free",
            )
            told = {"type": "chat", "message": message}
            await self.watchers.send_each(
                lambda w: told if reads_chat(w.slot, self.row.watching) else None
            )

        await self.call(run)

    async def hint(self, watcher: Watcher) -> None:
        """Answer only this watcher with every discard of its own hand, valued."""
        if not self.hints:
            raise ProtocolError("no-hints", "this table does not allow hints")

        async def run() -> TableView:
            if watcher.slot is None:
                raise SeatError("spectators cannot ask for hints")
            seat = self.seat_of(watcher)
            if self.game is None or seat is None:
                raise ProtocolError("not-now", "the game has not started yet")
            return self.game.view(seat)

        query = hint_query(await self.call(run))  # the seat's view, as the writer has it now
        await watcher.send(await asyncio.to_thread(hint_message, query))  # off the event loop

    async def give_seed(self, watcher: Watcher, hand: int, seed: object) -> None:
        """A seated person's seed for a hand committed to and not dealt yet (stored with the
        next change); told back to that person's connections, so each knows the seed its seat
        gave."""

        async def run() -> None:
            if watcher.slot is None:
                raise SeatError("only a seated player gives a seed")
            self.dealing.give_seed(watcher.slot, hand, seed)
            told = {"type": "seed", "hand": hand, "seed": seed}
            await self.watchers.send_each(lambda w: told if w.slot == watcher.slot else None)

        await self.call(run)

    def deserted(self) -> bool:
        """Every person has left this match: only bots play on, to the results and the end
        (the lobby no longer lists such a table)."""
        return self.matches.deserted(self.game, self.seats.people())

    def _playing(self, watcher: Watcher) -> tuple[Game, int]:
        seat = self.seat_of(watcher)
        if self.game is None:
            raise IllegalAction("the game has not started yet")
        if seat is None:
            raise SeatError("spectators cannot act")
        return self.game, seat

    # -- the pipeline: each change ---------------------------------------------------------

    async def changed(self, before: int) -> None:
        """Persist the game's change since version ``before``, then tell everyone, then set
        the clock and wake the bots."""
        game = self.game
        assert game is not None
        started = perf_counter()
        ACTIONS.inc(len(game.actions) - self.persisted)
        self.choices.track(game)
        record = None
        now = self.clock.now()
        if game.outcome is not None and self.row.status == "playing":
            self.row.status = "results"
            self.clocks.results_again()  # it begins now
            self.dealing.game_over()  # every hand revealed, in the record too
            record = game.record()
            match = self.matches.end_of_game(game)
            if match is not None:  # the match so far: its score after this game
                record["match"] = match
        fair = self.dealing.take_entries()
        self.set_deadline()
        # One transaction per change: its actions, the chance outcomes and deals' entries they
        # brought, the table's clock and status, the record.
        try:
            await self.store.write_change(
                Change(
                    self.id,
                    self.row.match,
                    self.persisted + self.persisted_chance + self.dealing.persisted,
                    [
                        *game.actions[self.persisted :],
                        *({"chance": c} for c in game.chance_log[self.persisted_chance :]),
                        *fair,
                    ],
                    status=self.row.status,
                    deadline=self.row.deadline,
                    gone=sorted(self.matches.gone),
                    rematch=sorted(self.matches.rematch),
                    record=record,
                    finished=now if record is not None else None,
                    seating=self.row.seating if record is not None else None,
                )
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
        self.persisted_chance = len(game.chance_log)
        self.dealing.persisted += len(fair)
        if record is not None:  # before the update goes out: its results show the change
            await self._settle(record, now)
            if self.on_record is not None:
                self.on_record(self.id, self.row.match)
        await self.watchers.send_all(self.dealing.before_update())
        await self.watchers.send_each(lambda w: update(self, w, before))
        await self.watchers.send_all(self.dealing.after_update())
        MOVE_SECONDS.observe(perf_counter() - started)
        self._schedule_bots()

    def set_deadline(self) -> None:
        game = self.game
        assert game is not None
        if self.row.status == "results":
            waiting = any(
                self.seats.is_person(self.row.seating[seat]) and seat not in self.matches.rematch
                for seat in range(game.players)
            )
            self.row.deadline = self.clocks.set_results(waiting)
        else:
            since = {seat: self.choices.since(seat) for seat in game.to_act}
            self.row.deadline = self.clocks.set_turns(game, since)

    async def set_idle(self, since: float | None) -> None:
        if await self.idle.set(since):
            self.clocks.wake()

    def waiting_for_people(self) -> bool:
        """The results intermission ran out while every person was away (it has no deadline)."""
        return self.row.status == "results" and self.row.deadline is None

    def _schedule_bots(self) -> None:
        """A turn for every bot to act; on the results, the bots ask for the rematch."""
        game = self.game
        if game is None or self.closed:
            return
        if self.row.status == "results":
            self.matches.bots_want_rematch(self.bots)
            return
        self.bot_turns.schedule(game.to_act, game.version)

    async def _settle(self, record: Record, finished: float) -> None:
        """Settle the match just recorded: histories, and ratings at a rated table. In a thread
        (a few milliseconds of queries): the other tables play on meanwhile, and this one's
        commands wait in its inbox. A failure here loses nothing: the record is stored, and the
        sweep settles it later."""
        match = self.row.match
        try:
            done = finished_match(self.row, self.slots, match, self.row.seating, record, finished)
            changes = await asyncio.to_thread(settle, self.store.engine, done, finished)
            self.matches.rating_changes = changes
            log.info("match %s finished and settled", match)
        except Exception:
            log.exception("settling table %s match %s failed: left to the sweep", self.id, match)

    # -- what watchers see -----------------------------------------------------------------

    def table_info(self) -> dict[str, Any]:
        return table_info(self)

    def game_ends(self) -> float | None:
        return game_ends(self.game, self.row.started)

    async def tell_table(self) -> None:
        """Everyone hears the table info (a seat taken or left, a player away or back)."""
        await self.watchers.send_each(lambda w: {"type": "table", "table": self.table_info()})


def _made_bot(name: str, seed: int) -> Bot:
    """A bot of the registry (not a method of the room: its bots' turns would point back at it)."""
    return make(name, seed=seed)
