"""A table: its seats, its game, its clocks and its watchers, with exactly one writer.

Every change goes through :meth:`Room.call`, which runs it inside the room's single writer task,
one after another. A change is persisted (``Store.commit_change``) before anyone hears of it,
then each watcher gets the numbered events it may see and its own view.

A table's life: ``waiting`` for people, ``playing`` a match, showing the ``results`` (the rematch
window), then ``playing`` the rematch or, when no rematch can come (someone left, or nobody is
seated but bots), ``finished``: the room closes for good (:meth:`Room._finish`) and its records
stay in the store. A table left ``waiting`` with nobody connected for long is abandoned: it
finishes too, with no records.

The room is built in layers, one module each (see ``room_core``): the writer and the state
(``room_core``), what watchers see (``watchers``), bot turns (``bot_turns``), the matches and
rematches (``matches``), the clocks (``deadlines``), the seats (``seats``) and the chat
(``room_chat``). This module adds what a player does to the game and how each change is
persisted and told.
"""

from __future__ import annotations

import asyncio
import logging
from time import perf_counter
from typing import Any

from pegboard.core.game import Game
from pegboard.records.replay import apply_entry
from pegboard.server.http.protocol import RESTART, ProtocolError
from pegboard.server.logs import about
from pegboard.server.metrics import ACTIONS, MOVE_SECONDS
from pegboard.server.ratings.settle import finished_match, rating_changes, settle
from pegboard.server.tables.deals import TableDeals
from pegboard.server.tables.hints import hint_message, hint_query
from pegboard.server.tables.matches import first_dealer_of
from pegboard.server.tables.room_chat import TableChat
from pegboard.server.tables.settings import ABANDON_WAITING, INTERMISSION, RoomSettings
from pegboard.server.tables.slot import Slot, slots_of
from pegboard.server.tables.watchers import describe
from pegboard.server.tables.writer import SeatError, StaleCommand, TableClosed, Watcher

log = logging.getLogger(__name__)

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


class Room(TableChat):
    # -- life cycle ------------------------------------------------------------------------

    def start_tasks(self) -> None:
        with about(table=self.id):  # every line the table's tasks log names it
            self._tasks = [asyncio.create_task(self._writer()), asyncio.create_task(self._timer())]
        self._schedule_bots()  # a restored game may be waiting for a bot

    def restore(self) -> None:
        """Rebuild the current match from the store: the same chance outcomes, the same
        actions; and the chat so far."""
        self.restore_chat()
        if self.row.status == "waiting":
            self._set_idle(self._idle_after_restart())
        if self.row.status not in ("playing", "results"):
            return
        entries = self.store.actions(self.id, self.row.match)
        fair = [e for e in entries if "fair" in e]
        actions = [e for e in entries if "chance" not in e and "fair" not in e]
        outcomes = [e["chance"] for e in entries if "chance" in e]
        unstored = 0  # outcomes the store does not hold yet: stored with the next change
        if actions and not outcomes and not fair:  # a match stored before outcomes were kept
            outcomes = self._dealt_from_seed(actions)
            unstored = len(outcomes)
        first = self._restore_match()  # a match's next game dealt afresh: the loser deals
        game = self._new_game(outcomes, fair, first_dealer=first)
        for entry in actions:
            apply_entry(game, entry)
        self.game = game
        self.first_dealer = first_dealer_of(game)
        self.persisted = len(game.actions)
        self.persisted_chance = len(game.chance_log) - unstored
        self.persisted_fair = len(fair)
        if self.deals is not None and game.outcome is not None:
            self.deals.finish()
            self.deals.take_outbox()
        self._track_choices(game)
        now = self.clock.now()
        # The deadlines stored are the earliest of each change: each seat to act gets it.
        if self.row.deadline is not None:
            if self.row.status == "results":
                self.results_since = self.row.deadline - self.settings.intermission
            self.seat_deadlines = {
                s: (self._choices_since(s), self.row.deadline) for s in game.to_act
            }
        if self.row.started is None:  # a row from before the column: its time runs from now
            self.row.started = now
        if self.row.status == "results":  # its results show the rating changes again
            self.rating_changes = rating_changes(self.store.engine, self.id, self.row.match)
            self.rematch = set(self.row.rematch)  # asked before the restart: kept
        for slot in self.slots:  # nobody is connected after a restart: the grace starts now
            if slot is not None and slot.bot is None:
                slot.away_since = now
        self._wake.set()

    async def begin(self) -> None:
        """Start the first match (every seat is filled)."""
        if self.row.status == "waiting":
            await self._start_match()

    # -- what people do --------------------------------------------------------------------

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
                if self._want_rematch(seat):  # a repeat changes nothing: no write
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

    # -- each change -----------------------------------------------------------------------

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
        started = perf_counter()
        ACTIONS.inc(len(game.actions) - self.persisted)
        self._track_choices(game)
        record = None
        now = self.clock.now()
        deals = self.deals
        if game.outcome is not None and self.row.status == "playing":
            self.row.status = "results"
            self.results_since = None  # it begins now
            if deals is not None:
                deals.finish()  # every hand revealed, in the record too
                if self.settings.chance is None:
                    self.upcoming = TableDeals(self.row.players)  # the rematch's hand 1
            record = game.record()
            match = self._end_of_game()
            if match is not None:  # the match so far: its score after this game
                record["match"] = match
        fair = deals.take_entries() if deals is not None else []
        self._set_deadline()
        # One transaction per change: its actions and the chance outcomes they brought, the
        # table's clock and status, the record.
        try:
            self.store.commit_change(
                self.id,
                self.row.match,
                self.persisted + self.persisted_chance + self.persisted_fair,
                [
                    *game.actions[self.persisted :],
                    *({"chance": c} for c in game.chance_log[self.persisted_chance :]),
                    *fair,
                ],
                status=self.row.status,
                deadline=self.row.deadline,
                gone=sorted(self.gone),
                rematch=sorted(self.rematch),
                record=record,
                finished=now if record is not None else None,
                seating=self.row.seating if record is not None else None,
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
        self.persisted_fair += len(fair)
        if record is not None:  # before the update goes out: its results show the change
            await self._settle(record, now)
            if self.on_record is not None:
                self.on_record(self.id, self.row.match)
        await self._send_fair(deals)
        for watcher in list(self.watchers):
            await self._send_update(watcher, before)
        await self._send_fair(self.upcoming)
        MOVE_SECONDS.observe(perf_counter() - started)
        self._schedule_bots()

    async def _send_fair(self, deals: TableDeals | None) -> None:
        """The commitments and reveals of this change: a hand's commitment before the update
        that deals it, a hand's secret once the hand is over."""
        for message in deals.take_outbox() if deals is not None else []:
            for watcher in list(self.watchers):
                await watcher.send(message)

    async def give_seed(self, watcher: Watcher, hand: int, seed: object) -> None:
        """A seated person's seed for a hand committed to and not dealt yet; told back to
        that person's connections, so each knows the seed its seat gave."""

        async def run() -> None:
            if watcher.slot is None:
                raise SeatError("only a seated player gives a seed")
            deals = self.upcoming if self.row.status != "playing" else self.deals
            if deals is None:
                raise ProtocolError("not-now", "this table's deals take no seeds")
            deals.give_seed(watcher.slot, hand, seed)
            for other in list(self.watchers):
                if other.slot == watcher.slot:
                    await other.send({"type": "seed", "hand": hand, "seed": seed})

        await self.call(run)

    async def _settle(self, record: dict[str, Any], finished: float) -> None:
        """Settle the match just recorded: histories, and ratings at a rated table. In a thread
        (a few milliseconds of queries): the other tables play on meanwhile, and this one's
        commands wait in its inbox. A failure here loses nothing: the record is stored, and the
        sweep settles it later."""
        match = self.row.match
        try:
            done = finished_match(self.row, self.slots, match, self.row.seating, record, finished)
            self.rating_changes = await asyncio.to_thread(settle, self.store.engine, done, finished)
            log.info("match %s finished and settled", match)
        except Exception:
            log.exception("settling table %s match %s failed: left to the sweep", self.id, match)
