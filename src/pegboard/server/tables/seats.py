"""A table's seats: who holds each slot and with what token, joining, each slot's connections,
and since when a player has been away (their grace period)."""

from __future__ import annotations

import secrets

from pegboard.bots import bot_names
from pegboard.server.http.inputs import DEFAULT_NAME, BadInput, impersonates
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.errors import SeatError
from pegboard.server.tables.slot import Slot, slots_of


class Seats:
    """The slots of one table, stored as they are taken."""

    def __init__(self, row: TableRow, store: Store) -> None:
        self.slots: list[Slot | None] = slots_of(row)
        self._table = row.id
        self._store = store

    def slot(self, index: int | None) -> Slot | None:
        return self.slots[index] if index is not None else None

    async def take(self, name: str, player: str | None, rated: bool) -> tuple[int, str]:
        """Seat ``name`` in the first free slot, stored first (in the store's set-up thread: a
        refused write leaves the seat free); the slot and its new token. ``name`` has been
        cleaned; it may not pass for a bot or for someone seated. ``player``: the signed-in
        person, if known; a ``rated`` table needs one, seated once. Run by the room's writer:
        no other command takes a seat while this one is stored."""
        free = [i for i, s in enumerate(self.slots) if s is None]
        if not free:
            raise SeatError("every seat at this table is taken")
        if rated:  # a result is rated only with everyone known, once
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
        await self._store.take_slot(self._table, free[0], clean, "human", token, player)
        self.slots[free[0]] = Slot(clean, "human", token, player)
        return free[0], token

    def full(self) -> bool:
        return all(s is not None for s in self.slots)

    def people(self) -> list[int]:
        """The slots a person holds."""
        return [i for i, s in enumerate(self.slots) if s is not None and s.bot is None]

    def is_person(self, index: int) -> bool:
        slot = self.slots[index]
        return slot is not None and slot.bot is None

    def away(self, index: int) -> bool:
        """Nobody is connected to slot ``index``."""
        slot = self.slots[index]
        return slot is not None and slot.connections == 0

    def of_player(self, player: str, left: set[int]) -> tuple[int, str] | None:
        """The slot a person holds here, with its token (for another device of theirs); not one
        in ``left`` (they left it after a match)."""
        for i, slot in enumerate(self.slots):
            if slot is None or i in left:
                continue
            if slot.kind == "human" and slot.player == player:
                return i, slot.token
        return None

    def of_token(self, token: str | None) -> int | None:
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

    def connect(self, index: int) -> bool:
        """One more connection to slot ``index``; True if it was away until now."""
        slot = self.slots[index]
        assert slot is not None
        back = slot.connections == 0
        slot.connections += 1
        slot.away_since = None
        return back

    def disconnect(self, index: int, now: float | None) -> bool:
        """One connection fewer; True if that was the last. ``now``: a game is on, so the grace
        of a player who went starts now (None: no game, no grace)."""
        slot = self.slots[index]
        assert slot is not None
        slot.connections -= 1
        if slot.connections:
            return False
        if now is not None:
            slot.away_since = now
        return True

    def away_from(self, now: float) -> None:
        """A game starts (or restarts): each person not connected is away from ``now`` (or
        since they went)."""
        for slot in self.slots:
            if slot is not None and slot.bot is None and slot.connections == 0:
                slot.away_since = now if slot.away_since is None else slot.away_since

    def away_since(self, index: int, since: float) -> None:
        """Slot ``index``'s player counts as away since ``since`` (their grace runs from then)."""
        slot = self.slots[index]
        assert slot is not None
        slot.away_since = since

    def graces(self, grace: float) -> list[tuple[float, int]]:
        """When each away player's grace runs out, with their slot."""
        return [
            (slot.away_since + grace, index)
            for index, slot in enumerate(self.slots)
            if slot is not None and slot.away_since is not None
        ]

    def grace_over(self, index: int) -> bool:
        """A grace alarm rang for slot ``index``: True if its player is still away (the alarm
        then rings no more)."""
        slot = self.slots[index]
        if slot is None or slot.connections:
            return False
        slot.away_since = None
        return True
