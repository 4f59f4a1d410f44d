"""A table's seats: joining, the seat behind a token, connecting and going away (with the
grace period), and leaving."""

from __future__ import annotations

import secrets

from pegboard.bots import bot_names
from pegboard.core.matchplay import NO_SHOW
from pegboard.server.http.inputs import DEFAULT_NAME, BadInput, impersonates
from pegboard.server.tables.deadlines import Deadlines
from pegboard.server.tables.slot import Slot, bot_slot
from pegboard.server.tables.writer import SeatError, Watcher

Seed = tuple[str, str]
"""A joining person's seed for hand 1: (the commitment they saw, the seed)."""


class Seats(Deadlines):
    def slots_set_bot(self, index: int, bot: str) -> None:
        """Put a bot in a slot (before the game starts)."""
        slot = bot_slot(bot, index)
        self.store.set_slot(self.id, index, slot.name, slot.kind, slot.token)
        self.slots[index] = slot

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
            free = [i for i, s in enumerate(self.slots) if s is None]
            if not free:
                raise SeatError("every seat at this table is taken")
            if self.row.rated:  # a result is rated only with everyone known, once
                if player is None:
                    raise SeatError("a rated table needs a name first: choose one in the lobby")
                if any(s is not None and s.player == player for s in self.slots):
                    raise SeatError("you have a seat at this table already")
            seated = [s.name for s in self.slots if s is not None]
            why = impersonates(name, seated, [*bot_names(), DEFAULT_NAME]) if name else None
            if why is not None:
                raise BadInput(f"choose another name: {why}")
            clean = name or f"{DEFAULT_NAME} {free[0] + 1}"
            token = secrets.token_urlsafe(24)
            self.store.set_slot(self.id, free[0], clean, "human", token, player)
            self.slots[free[0]] = Slot(clean, "human", token, player)
            upcoming = self.upcoming
            if seed is not None and upcoming is not None and upcoming.commits_hand_1(seed[0]):
                upcoming.give_seed(free[0], 1, seed[1])
            if not self.watchers:  # a join is a visit too: the idle time starts again
                self._set_idle(self.clock.now())
            if all(s is not None for s in self.slots):
                await self._start_match()
            else:
                await self._broadcast_table()
            return free[0], token

        return await self.call(run)

    def seat_of_player(self, player: str) -> tuple[int, str] | None:
        """The slot a person holds here, with its token (for another device of theirs); not one
        they have left after a match."""
        for i, slot in enumerate(self.slots):
            if slot is None or i in self.gone:
                continue
            if slot.kind == "human" and slot.player == player:
                return i, slot.token
        return None

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
            self._check_watching(watcher)
            self._set_idle(None)  # someone is here: a waiting table is not abandoned
            slot = self._slot(watcher.slot)
            if slot is not None:
                back = slot.connections == 0
                slot.connections += 1
                slot.away_since = None
                self._wake.set()
                if self._waiting_for_people():  # the first one back: the results again
                    self.results_since = None
                    self._set_deadline()
                    self.store.update_table(self.id, deadline=self.row.deadline)
                    await self._broadcast_table()
                elif back:  # the others stop showing this seat as away
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
                if slot.connections == 0:
                    if self.game is not None:  # playing, or the results: the grace starts
                        slot.away_since = self.clock.now()
                        self._wake.set()
                    await self._broadcast_table()  # the others show this seat as away

        await self.call(run)

    async def leave(self, watcher: Watcher) -> None:
        async def run() -> None:
            game, seat = self._playing(watcher)
            playing = game.outcome is None and game.rules.in_game(seat)
            if self.row.seating[seat] in self.gone and not playing:
                return  # left already: nothing changes, nothing is written
            before = game.version
            self.gone.add(self.row.seating[seat])
            if playing:
                game.leave(seat)
            await self._changed(before)

        await self.call(run)

    async def _no_show(self, slot_index: int, no_show: tuple[float, float]) -> None:
        """A person away past a no-show's grace forfeits the game being played (they leave it,
        marked as a no-show: :meth:`Matches._end_of_game` scores the forfeit) and keeps the
        seat; the next game goes the same way after the next grace while they stay away."""
        game, slot = self.game, self.slots[slot_index]
        assert game is not None and slot is not None
        slot.away_since = self.clock.now() - no_show[0] + no_show[1]
        self._wake.set()
        seat = self.row.seating.index(slot_index)
        if self.row.status == "playing" and game.outcome is None and game.rules.in_game(seat):
            before = game.version
            game.leave(seat, auto=NO_SHOW)
            await self._changed(before)

    async def _abandon(self, slot_index: int) -> None:
        """A player stayed away past the grace period: their seat is given up (they leave the
        match with the worst free rank, and the leave says they were away)."""
        game = self.game
        slot = self.slots[slot_index]
        if game is None or slot is None or slot.connections:
            return
        no_show = self.row.match_format.no_show
        if no_show is not None:  # a game forfeited now, the next after the next grace
            await self._no_show(slot_index, no_show)
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
            game.leave(seat, auto="away")
            await self._changed(before)
