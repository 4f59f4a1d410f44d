"""The lobby of one worker among several (``pegboard serve --redis …``): docs/protocol.md,
"Several workers".

Every table has exactly one writer: the worker holding the table's lease on the bus. A table is made
by the worker that was asked (it takes the new table's lease before storing it); any other worker
that is asked about it forwards: joins and table info are asked of the owner, and a socket is
relayed (:mod:`pegboard.server.workers.relay`, :mod:`pegboard.server.workers.remote`). The owner
renews its leases while it lives; when it stops they are released, when it dies they run out, and
then the first worker to look takes the table over, rebuilding it from the store like a restart
does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import HTTPException

from pegboard.server.clock import Clock
from pegboard.server.http.admission import Limits
from pegboard.server.http.inputs import table_id_ok
from pegboard.server.http.protocol import RESTART
from pegboard.server.lobby.one_process import Elsewhere, Lobby
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.dealing import Seed
from pegboard.server.tables.room import Room, RoomSettings, TableClosed, describe, slots_of
from pegboard.server.workers.relay import Relay, Relays
from pegboard.server.workers.remote import Guests
from pegboard.server.workers.worker import Moved, NoAnswer, Refused, Workers, route_of

log = logging.getLogger(__name__)

TRIES = 3  # a table may change hands while it is being looked for: look again, this often


class SharedLobby(Lobby):
    def __init__(
        self,
        store: Store,
        clock: Clock,
        settings: RoomSettings,
        workers: Workers,
        limits: Limits | None = None,
    ) -> None:
        super().__init__(store, clock, settings, limits)
        self.workers = workers
        self.guests = Guests(workers)  # sockets elsewhere at this worker's tables
        self.relays = Relays()  # sockets here at other workers' tables
        self._keeper: asyncio.Task[None] | None = None

    # -- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.workers.start(self._answer, self._route)
        await self._adopt_orphans()  # a restart: the tables nobody else has taken
        self._keeper = asyncio.create_task(self._keep())

    async def close(self) -> None:
        """Stop serving: rooms stop, their sockets here and elsewhere are asked to come back
        (to another worker), and only then are the leases released."""
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
        rooms = list(self.rooms.values())
        for room in rooms:
            await self._let_go(room)
        self.relays.close_all()
        await self.guests.close()
        with contextlib.suppress(Exception):
            await self.workers.release([room.id for room in rooms])
        self.rooms.clear()
        await super().close()
        with contextlib.suppress(Exception):
            await self.workers.close()

    async def _let_go(self, room: Room) -> None:
        """This worker no longer serves ``room``: its watchers come back elsewhere."""
        self.rooms.pop(room.id, None)
        with contextlib.suppress(TableClosed):
            await room.call(room.hand_over)
        await room.stop()

    def _refused_by_store(self, room: Room) -> None:
        """The store refused a change (another worker wrote the table: the lease was lost while
        this worker was stalled): drop the room. Its lease, no longer renewed, runs out unless
        this worker still holds it, and then the next socket rebuilds the room from the store."""
        log.warning("the store refused a change of table %s: letting it go", room.id)
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        self._later(room.stop())

    def _forget(self, room: Room) -> None:
        super()._forget(room)
        self._later(self.workers.release([room.id]))  # finished: nobody needs to own it

    # -- ownership -------------------------------------------------------------------------

    async def _adopt(self, table_id: str) -> Room | str | None:
        """This worker's room for an open table if it can take the lease; else the owner's
        name; None for a table that has finished (or never was)."""
        owner = await self.workers.claim(table_id)
        if owner != self.workers.me:
            return owner
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        row = self.store.table(table_id)  # read after taking the lease: nobody writes now
        if row is None or row.status == "finished":
            await self.workers.release([table_id])
            return None
        room = self._open(row)
        if room is None:  # broken: set aside, nobody serves it
            await self.workers.release([table_id])
            return None
        self.relays.close_table(table_id)  # relayed sockets come back, to this room
        log.info("worker %s took table %s over", self.workers.me, table_id)
        return room

    async def _adopt_orphans(self) -> None:
        """Take every open table whose lease is free (its owner stopped or died)."""
        open_ids = [t for t in self.store.open_tables() if t not in self.rooms]
        owners = await self.workers.owners(open_ids)
        for table_id, owner in owners.items():
            if owner is None:
                await self._adopt(table_id)

    async def _keep(self) -> None:
        """Renew this worker's leases; take over orphaned tables; let go of what is gone."""
        while True:
            await asyncio.sleep(self.workers.settings.renew_every)
            try:
                await self._keep_once()
            except Exception:
                log.exception("keeping the leases failed; trying again")

    async def _keep_once(self) -> None:
        for table_id in await self.workers.renew(list(self.rooms)):
            room = self.rooms.get(table_id)
            if room is not None:  # another worker has it now: never two writers
                log.warning("worker %s lost table %s", self.workers.me, table_id)
                await self._let_go(room)
        await self._adopt_orphans()
        relayed = self.relays.owners()
        owners = await self.workers.owners(list(relayed))
        for table_id, talked_to in relayed.items():
            if talked_to != {owners[table_id]}:  # its owner has changed: come back to the new one
                self.relays.close_table(table_id)
        alive = await self.workers.alive(self.guests.workers_seen())
        for worker, living in alive.items():
            if not living:
                self.guests.leave_worker(worker)

    # -- what the app asks -----------------------------------------------------------------

    async def _take_new(self, table_id: str) -> None:
        # The lease before the row: no other worker can take a table that is not stored yet.
        if await self.workers.claim(table_id) != self.workers.me:
            raise HTTPException(503, "could not make the table: try again")

    async def _all_tables(self) -> list[dict[str, Any]]:
        """This worker's tables as they are, the others' as the store has them (whether their
        players are connected is known to their owners only: shown as not)."""
        here = await super()._all_tables()
        now = self.clock.now()
        stored = [
            _stored_info(row, now)
            for row in self.store.tables(unfinished_only=True)
            if row.id not in self.rooms and row.listed
        ]
        return here + stored

    async def locate(self, table_id: str) -> Room | Elsewhere | None:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not table_id_ok(table_id) or table_id not in self.store.open_tables([table_id]):
            return None
        found = await self._adopt(table_id)
        if isinstance(found, str):
            return Relay(self.workers, self.relays, table_id, found, self.closed_info)
        return found

    async def join(
        self, table_id: str, name: str, player: str | None = None, seed: Seed | None = None
    ) -> dict[str, Any]:
        body = {"op": "join", "name": name, "player": player, "seed": seed}
        return await self._ask_owner(table_id, body)

    async def info(self, table_id: str) -> dict[str, Any]:
        return await self._ask_owner(table_id, {"op": "info"})

    async def seat_of(self, table_id: str, player: str) -> dict[str, Any]:
        return await self._ask_owner(table_id, {"op": "seat", "player": player})

    async def _ask_owner(self, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """``body`` done by the table's owner: this worker, or asked of the one that is."""
        for _ in range(TRIES):
            found = await self.locate(table_id)
            if found is None:
                if body["op"] == "info":
                    return self._known(table_id)
                self.get(table_id)  # 404 or 409, as with one worker
            if isinstance(found, Room):
                return _with_route(await self._do(found, body), self.workers.me)
            assert isinstance(found, Relay)
            try:
                answer = await self.workers.ask(found.owner, body | {"table": table_id})
                return _with_route(answer, found.owner)
            except Refused as refused:
                raise HTTPException(refused.status, str(refused)) from None
            except Moved:
                continue  # it changed hands just now: look again
            except NoAnswer:
                break
        raise HTTPException(503, "the worker serving this table is not answering: try again")

    async def _do(self, room: Room, body: dict[str, Any]) -> dict[str, Any]:
        if body["op"] == "join":
            player = body.get("player")
            seed = body.get("seed")
            return await self._join(
                room,
                str(body.get("name", "")),
                str(player) if player else None,
                (str(seed[0]), str(seed[1])) if isinstance(seed, list | tuple) else None,
            )
        if body["op"] == "seat":
            return self._seat_of(room, str(body.get("player")))
        return room.table_info()

    # -- what other workers ask ------------------------------------------------------------

    async def _answer(self, body: dict[str, Any]) -> dict[str, Any]:
        room = self.rooms.get(str(body.get("table")))
        if room is None:
            raise Moved(self.workers.me)
        if body.get("op") == "connect":
            return await self.guests.connect(room, str(body["from"]), body)
        try:
            return await self._do(room, body)
        except HTTPException as refused:
            raise Refused("refused", str(refused.detail), refused.status_code) from None

    def _route(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        worker, conn = str(message.get("from")), str(message.get("conn"))
        if kind == "command":
            if not self.guests.take(worker, conn, message["message"]):
                # Not a guest here (any more): this worker restarted, or the table moved.
                self._later(
                    self.workers.send(worker, {"kind": "close", "conn": conn, "code": RESTART})
                )
        elif kind == "bye":
            self.guests.leave(worker, conn)
        elif kind in ("out", "close"):
            self.relays.deliver(message)


def _with_route(answer: dict[str, Any], owner: str) -> dict[str, Any]:
    """A join's, a seat's or a table's answer, with the route of the worker that owns the table
    when it has one: the client's first socket asks the load balancer for it, and lands on the
    owner instead of being sent on (close MOVED) from wherever it landed."""
    route = route_of(owner)
    return answer if route is None else answer | {"route": route}


def _stored_info(row: TableRow, now: float) -> dict[str, Any]:
    """Table info from the store alone (for a table another worker owns)."""
    info = describe(row, slots_of(row), None, now)
    if row.status in ("playing", "results"):
        info["seating"] = list(row.seating)
    return info
