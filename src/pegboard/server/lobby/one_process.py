"""The tables of one server process: created on demand, restored after a restart.

This is the one-process lobby (``pegboard serve`` without ``--redis``): every open table is a
room in this process's memory, and every socket talks to its room directly.
:class:`pegboard.server.lobby.several_workers.SharedLobby` extends it for several workers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol

from fastapi import HTTPException, WebSocket
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Connection

from pegboard.bots import bot_names
from pegboard.bots import make as make_bot
from pegboard.bots.base import plays
from pegboard.core.matchplay import MatchFormat
from pegboard.core.spec import GameSpec, get_spec
from pegboard.errors import PegboardError
from pegboard.server.clock import Clock
from pegboard.server.http.admission import Admission, Limits
from pegboard.server.http.inputs import clean_name, table_id_ok
from pegboard.server.http.limits import BOT_TABLE_WORKERS, LOBBY_FRESH
from pegboard.server.in_flight import counted
from pegboard.server.players.privacy import Gate, listed_by_default, new_invite
from pegboard.server.ratings.settle import rating_changes
from pegboard.server.store.sql_store import CLOSED, Store, TableRow
from pegboard.server.tables.dealing import Seed
from pegboard.server.tables.hints import offers_hints
from pegboard.server.tables.room import (
    Room,
    RoomSettings,
    SeatError,
    TableClosed,
    describe,
    slots_of,
)
from pegboard.server.tables.slot import Slot, bot_slot
from pegboard.server.tables.thinking import BotPool, BotProcesses

log = logging.getLogger(__name__)

Word = Annotated[str, Field(max_length=32)]  # a name or a key: refusals may quote it


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Word
    players: int = Field(ge=1, le=8)
    options: dict[Word, bool | int | Word] = Field(default_factory=dict, max_length=32)
    bots: list[Word | None] = Field(default_factory=list, max_length=8)  # per slot: bot or person
    hints: bool = True  # a table setting: players may ask for discard hints (Cribbage only)
    rated: bool = False  # a table setting: its results change ratings (never a table of bots)
    # Private tables and chat (docs/protocol.md): in the lobby (None: unless it is a table of
    # bots and one person), watchers welcome, and free chat or quick phrases only.
    listed: bool | None = None
    watching: bool = True
    chat: Literal["on", "phrases"] = "on"
    # The table's matches (docs/rules.md, "Matches"): "1" (one game), "best-of-3" (5, 7) or
    # "games-N"; a fixed match scored by game points or by games won.
    match: Word = "1"
    match_scoring: Literal["points", "games"] = "points"

    @property
    def bots_only(self) -> bool:
        return len(self.bots) >= self.players and all(b is not None for b in self.bots)


def match_options(
    spec: GameSpec, given: Mapping[str, object], match_format: MatchFormat
) -> dict[str, object]:
    """The table's options for its match (``GameSpec.match_options``: the deal rotates)."""
    return spec.match_options(given, match_format)


def broken_reason(error: Exception, row: TableRow) -> str:
    """Why a table could not be rebuilt, as stored and listed by ``pegboard tables``: the
    error's kind and the match, never its message (which may name cards)."""
    return f"{type(error).__name__} while rebuilding match {row.match} (the server's log has more)"


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(default="", max_length=64)
    invite: str | None = Field(default=None, max_length=64)  # the key of an unlisted table's link
    # Verifiable deals: a seed for hand 1 of the match the join may start, taken if the
    # table's commitment to it (``next_commitment`` in the table info) is still this one.
    seed: str | None = Field(default=None, min_length=1, max_length=64)
    commitment: str | None = Field(default=None, max_length=64)


@dataclass(frozen=True)
class Seated:
    """A person seated at a new table as it is made (quick play), before anyone can join."""

    name: str
    player: str  # players.id
    token: str


class Elsewhere(Protocol):
    """An open table that another worker owns, as this worker can serve a socket to it (the
    socket came asking for ``route``, a worker's name at the load balancer, or for any)."""

    async def serve(
        self, websocket: WebSocket, token: str | None, since: int, route: str | None = None
    ) -> None: ...


class Lobby:
    """Every open room of this process, created on demand and restored after a restart.

    A table that has finished (no rematch can come, or nobody came to play) leaves memory at
    once: only the store remembers it, for its records.
    """

    def __init__(
        self, store: Store, clock: Clock, settings: RoomSettings, limits: Limits | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        self.admission = Admission(limits or Limits())
        self.rooms: dict[str, Room] = {}
        self.pool = BotPool()  # where the bots of tables with people think
        # Tables of bots only get a bounded share, in processes of their own: they never hold
        # up a person's bots. Bots a test makes (settings.make_bot) may not travel: a thread.
        self.bot_pool = BotProcesses(BOT_TABLE_WORKERS)
        self.bot_threads = BotPool(BOT_TABLE_WORKERS)
        self._stopping: set[asyncio.Task[None]] = set()
        self._listing: tuple[float, list[dict[str, Any]]] | None = None  # the lobby, cached
        self._storing: set[str] = set()  # new tables being stored: counted as open already
        self._pages: dict[tuple[int, int], tuple[list[dict[str, Any]], bytes]] = {}
        self.gate = Gate(store)  # who may see a table that is not listed
        # Told of each match whose record is stored (the app queues its review).
        self.on_record: Callable[[str, int], None] | None = None

    def _room(self, row: TableRow, bots_only: bool = False) -> Room:
        pool = self.pool
        if bots_only:
            pool = self.bot_pool if self.settings.make_bot is None else self.bot_threads
        room = Room(row, self.store, self.clock, self.settings, pool, self._forget)
        room.on_store_error = self._refused_by_store
        room.on_record = self.on_record
        return room

    def _refused_by_store(self, room: Room) -> None:
        """The store refused a change (it failed): the room's memory is ahead of the store,
        which is the truth. Nobody heard of the change; the room goes (its sockets come back,
        1012) and the table is rebuilt from the store."""
        log.warning("the store refused a change of table %s: rebuilding it", room.id)
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        self._listing = None
        self._later(self._reopen(room))

    async def _reopen(self, room: Room) -> None:
        await room.stop()
        try:
            row = self.store.table(room.id)
        except Exception:
            log.exception("table %s could not be read back: it waits for a restart", room.id)
            return
        if row is not None and row.status not in CLOSED and room.id not in self.rooms:
            self._open(row)

    def _forget(self, room: Room) -> None:
        """A room has finished: drop it, then stop its tasks (from outside its own writer)."""
        self.rooms.pop(room.id, None)
        self._listing = None
        self._later(room.stop())

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task of its own, awaited when the lobby closes."""
        task = asyncio.create_task(work)
        counted(task)
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    def _open(self, row: TableRow) -> Room | None:
        """A stored table's room, rebuilt from its seed and actions, and running. A table that
        cannot be rebuilt (an action that no longer replays, a game, bot or option that no
        longer exists) is set aside as ``broken``, with the reason, and None is returned: one
        bad table never keeps the others from being served."""
        try:
            bots_only = len(row.slots) == row.players and all(
                str(s["kind"]).startswith("bot:") for s in row.slots
            )
            room = self._room(row, bots_only)
            room.restore()
        except Exception as error:
            # The log (the operator's) says what failed; the stored reason only which kind of
            # error and where, since an error's words may hold the match's cards or deck.
            log.error("table %s cannot be rebuilt, set aside as broken: %s: %s", row.id,
                      type(error).__name__, error)  # fmt: skip
            self.store.set_broken(row.id, broken_reason(error, row))
            return None
        self.rooms[row.id] = room
        room.start_tasks()
        if row.status == "waiting" and room.seats.full():
            # Every seat was stored but not the match's start (two writes: a join's seat, or a
            # table made full, then the start): the process stopped in between. It starts now.
            self._later(self._begin(room))
        return room

    async def _begin(self, room: Room) -> None:
        try:
            await room.call(room.begin)
        except TableClosed:
            pass  # stopped meanwhile: the next to rebuild it starts it
        except Exception:
            log.exception("table %s could not start its match: it waits for a restart", room.id)

    async def start(self) -> None:
        for row in self.store.tables(unfinished_only=True):
            self._open(row)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        await asyncio.gather(*self._stopping, return_exceptions=True)
        self.pool.close()
        self.bot_pool.close()
        self.bot_threads.close()

    def _new_row(
        self, request: NewTable, match_format: MatchFormat | None = None
    ) -> tuple[TableRow, list[str | None]]:
        """The row of a new table; ``match_format`` (a tournament's, with its no-show graces)
        stands for the request's ``match`` and ``match_scoring``."""
        spec = get_spec(request.game)
        match_format = match_format or MatchFormat.parse(request.match, request.match_scoring)
        by_name = {o.name: o for o in spec.options}
        for name, value in request.options.items():  # JSON's own types, as the models are
            if name in by_name:
                by_name[name].check_type(value)
        options = spec.resolve(request.players, match_options(spec, request.options, match_format))
        if len(request.bots) > request.players:
            raise PegboardError(f"{request.players} seats, but {len(request.bots)} bots were given")
        bots = list(request.bots) + [None] * (request.players - len(request.bots))
        known = bot_names()
        for bot in bots:
            if bot is not None and bot not in known:
                raise PegboardError(f"unknown bot {bot!r}; bots: {', '.join(known)}")
            if bot is not None and not plays(make_bot(bot), spec.name, request.players):
                raise PegboardError(
                    f"the {bot} bot does not play {spec.title} for {request.players}"
                )
        row = TableRow(
            id=secrets.token_hex(6),
            game=spec.name,
            players=request.players,
            options=dict(options),
            status="waiting",
            seed=random.SystemRandom().randrange(2**31),
            match=1,
            seating=[],
            deadline=None,
            created=self.clock.now(),
            idle_since=self.clock.now(),  # nobody is here yet: the creator joins next
            hints=request.hints and offers_hints(spec.name),  # other games have no analysis
            rated=request.rated and not request.bots_only,
            listed=listed_by_default(bots) if request.listed is None else request.listed,
            watching=request.watching,
            invite=new_invite(),
            chat=request.chat,
            match_format=match_format,
        )
        return row, bots

    def _admit(self, request: NewTable, address: str, table_id: str) -> None:
        """429 if ``address`` makes tables too fast, or has too many of bots only; else
        ``table_id`` counts as one of its tables from now (while it is being stored too)."""
        self.admission.new_table(address, request.bots_only, self.rooms.keys() | self._storing)
        if request.bots_only:
            self.admission.made_bot_table(address, table_id)

    async def create(self, request: NewTable, address: str = "") -> dict[str, Any]:
        row, bots = self._new_row(request)
        self._admit(request, address, row.id)
        await self._take_new(row.id)
        room = await self._seat(row, bots)
        return created(room)

    async def _take_new(self, table_id: str) -> None:
        """Make this process the owner of a table about to be stored (alone, it owns all)."""

    async def create_seated(
        self,
        request: NewTable,
        people: Sequence[Seated],
        also: Callable[[Connection, str], None] | None = None,
        match_format: MatchFormat | None = None,
    ) -> dict[str, Any]:
        """A new table, full from the start: ``people`` in the slots ``request.bots`` leaves to
        people (in order), and it starts at once. Everything, people and bots, is stored in one
        transaction with ``also(db, table_id)`` (which may refuse by raising: then nothing is
        made), so nobody can join it, and no worker sees it half seated. ``match_format`` is a
        tournament's (with its no-show graces: :meth:`_new_row`)."""
        row, bots = self._new_row(request, match_format)
        free = [i for i, bot in enumerate(bots) if bot is None]
        if len(free) != len(people):
            raise PegboardError(f"{len(free)} seats for people, but {len(people)} people")
        slots: dict[int, Slot] = _bot_slots(bots)
        for i, person in zip(free, people, strict=True):
            slots[i] = Slot(person.name, "human", person.token, person.player)
        row.slots = _slot_rows(slots)
        await self._take_new(row.id)
        room = await self._store_new(row, also=(lambda db: also(db, row.id)) if also else None)
        await room.call(room.begin)
        return room.table_info()

    async def _seat(self, row: TableRow, bots: list[str | None]) -> Room:
        """Store a new table with its bots seated, and start it if it is full."""
        row.slots = _slot_rows(_bot_slots(bots))
        room = await self._store_new(row, bots_only=all(bot is not None for bot in bots))
        if room.seats.full():
            await room.call(room.begin)
        return room

    async def _store_new(
        self,
        row: TableRow,
        also: Callable[[Connection], None] | None = None,
        bots_only: bool = False,
    ) -> Room:
        """Store a new table (in the store's set-up thread: the event loop serves the tables
        in play meanwhile), then open its room."""
        self._storing.add(row.id)
        try:
            await self.store.add_table(row, also=also)
        finally:
            self._storing.discard(row.id)
        self._listing = None
        room = self._room(row, bots_only)
        self.rooms[row.id] = room
        room.start_tasks()
        return room

    async def tables(self, offset: int = 0, limit: int = 50) -> list[dict[str, Any]]:
        """One page of the lobby: the open tables (finished ones are gone), those still waiting
        for people first, oldest first."""
        return (await self._listed())[offset : offset + limit]

    async def page(self, offset: int = 0, limit: int = 50) -> bytes:
        """:meth:`tables` as JSON, encoded once for everyone who asks the same page."""
        listing = await self._listed()
        made = self._pages.get((offset, limit))
        if made is not None and made[0] is listing:
            return made[1]
        if len(self._pages) > 64:  # pages asked of an older list, or odd sizes
            self._pages.clear()
        body = json.dumps(listing[offset : offset + limit]).encode()
        self._pages[(offset, limit)] = (listing, body)
        return body

    async def _listed(self) -> list[dict[str, Any]]:
        """Every open table in lobby order, made at most once every LOBBY_FRESH seconds however
        many lobbies ask (a change of this worker's tables makes it again)."""
        made = self._listing
        if made is None or time.monotonic() - made[0] > LOBBY_FRESH:
            listing = await self._all_tables()
            listing.sort(key=lambda t: t["status"] != "waiting")  # stable: oldest first
            made = self._listing = (time.monotonic(), listing)
        return made[1]

    async def _all_tables(self) -> list[dict[str, Any]]:
        return [
            room.table_info()
            for room in self.rooms.values()
            if room.row.listed and not room.deserted()
        ]

    async def locate(self, table_id: str) -> Room | Elsewhere | None:
        """Where an open table is served: here, elsewhere, or nowhere (closed or unknown)."""
        return self.rooms.get(table_id)

    def get(self, table_id: str) -> Room:
        """An open table's room (409 for a table that has closed, 404 for none)."""
        room = self.rooms.get(table_id)
        if room is None:
            self._known(table_id)
            raise HTTPException(409, "this table is closed")
        return room

    async def join(
        self, table_id: str, name: str, player: str | None = None, seed: Seed | None = None
    ) -> dict[str, Any]:
        """Take a seat; ``player``: the signed-in person taking it (players.id), if any;
        ``seed``: their seed for hand 1 and the commitment they saw."""
        return await self._join(self.get(table_id), name, player, seed)

    async def _join(
        self, room: Room, name: str, player: str | None, seed: Seed | None = None
    ) -> dict[str, Any]:
        try:
            slot, token = await room.join(clean_name(name), player, seed)
        except (SeatError, TableClosed) as error:
            raise HTTPException(409, str(error)) from None
        self._listing = None
        return {"slot": slot, "token": token, "table": room.table_info(), "invite": room.row.invite}

    async def seat_of(self, table_id: str, player: str) -> dict[str, Any]:
        """The seat ``player`` holds at an open table, token and all: a signed-in person on
        another device gets their seat back (404 if they hold none)."""
        return self._seat_of(self.get(table_id), player)

    def _seat_of(self, room: Room, player: str) -> dict[str, Any]:
        found = room.seat_of_player(player)
        if found is None:
            raise HTTPException(404, "you have no seat at this table")
        slot, token = found
        return {"slot": slot, "token": token, "table": room.table_info()}

    async def info(self, table_id: str) -> dict[str, Any]:
        """Table info: from the room, or from the store for a table that has closed."""
        return self._known(table_id)

    def _known(self, table_id: str) -> dict[str, Any]:
        if not table_id_ok(table_id):
            raise HTTPException(404, "there is no such table")
        room = self.rooms.get(table_id)
        info = room.table_info() if room is not None else self.closed_info(table_id)
        if info is None:
            raise HTTPException(404, "there is no such table")
        return info

    def closed_info(self, table_id: str) -> dict[str, Any] | None:
        """Table info of a table that has finished (only the store knows it), else None."""
        row = self.store.table(table_id) if table_id_ok(table_id) else None
        if row is None or row.status != "finished":
            return None
        changes = rating_changes(self.store.engine, row.id, row.match) if row.rated else None
        return describe(row, slots_of(row), None, self.clock.now(), ratings=changes)


def _bot_slots(bots: Sequence[str | None]) -> dict[int, Slot]:
    """The slots of a new table's bots, by slot (a person's slot is left out)."""
    return {i: bot_slot(bot, i) for i, bot in enumerate(bots) if bot is not None}


def _slot_rows(slots: Mapping[int, Slot]) -> list[dict[str, Any]]:
    """A new table's slots as its row holds them."""
    return [
        {"slot": i, "name": s.name, "kind": s.kind, "token": s.token, "player": s.player}
        for i, s in sorted(slots.items())
    ]


def created(room: Room) -> dict[str, Any]:
    """The answer to the table's maker: its info, and the key of its link (docs/protocol.md,
    "Private tables"), which the table info never shows."""
    return room.table_info() | {"invite": room.row.invite}
