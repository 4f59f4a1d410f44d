"""Persistence behind a small port: tables, their seats, every accepted action, finished records.

SQLAlchemy Core, so one implementation serves SQLite (the default: one file, created on first
start) and PostgreSQL (``--db postgresql+psycopg://…``).
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, and_, bindparam, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql import Executable

from pegboard.core.matchplay import MatchFormat
from pegboard.core.wire import Record
from pegboard.server.metrics import STORE_WRITE_SECONDS
from pegboard.server.store import migrate
from pegboard.server.store.group_writes import GroupWriter, LoopGroupWriter
from pegboard.server.store.schema import (
    actions_table,
    chat_table,
    records_table,
    slots_table,
    tables_table,
)

SYNC_MODES = ("normal", "full")
"""SQLite's ``synchronous``: ``normal`` (the default) syncs the log only at checkpoints: an
acknowledged action survives a crash of the server (kill -9), but the last ones may be lost when
the power goes; ``full`` syncs at every commit, so they survive a power loss too, at the cost of
an fsync per commit on the event loop (a group of changes; docs/benchmarks.md, "SQLite's
synchronous mode")."""

CLOSED = ("finished", "broken")  # statuses of tables no longer served


def _sqlite_pragmas(sync: str) -> Any:
    def on_connect(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sync.upper()}")
        # Checkpoints run in a background thread (Store._checkpoints), never inside a commit
        # on the event loop, where they would stall every table for a few hundred milliseconds.
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    return on_connect


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: str  # waiting, playing, results, finished (closed for good: no longer in memory)
    seed: int
    match: int
    seating: list[int]
    deadline: float | None
    created: float
    slots: list[dict[str, Any]] = field(default_factory=list)  # slot, name, kind, token, player
    hints: bool = True  # a table setting: players may ask for discard hints
    gone: list[int] = field(default_factory=list)  # slots that left the match once it ended
    idle_since: float | None = None  # waiting, and nobody here since then (None: someone is)
    started: float | None = None  # when the current match started
    rated: bool = False  # a table setting: its finished matches change the players' ratings
    # Table settings of docs/protocol.md, "Private tables" and "Table chat".
    listed: bool = True  # in the lobby; else only the table's link (its ``invite``) opens it
    watching: bool = True  # the host lets people without a seat watch (and read the chat)
    invite: str | None = None  # the secret of the table's link (None: a row from before)
    chat: str = "on"  # "on", or "phrases": quick phrases only
    rematch: list[int] = field(default_factory=list)  # game seats that asked, at the results
    match_format: MatchFormat = field(default_factory=MatchFormat)  # one game, best of N…


@dataclass(frozen=True)
class Change:
    """One change of a table: its new actions (numbered from ``first``), its clock and status,
    who gave up their seat (``gone``) and who asked for the rematch, and the record of a game
    that just ended (``finished`` then, with the slot in each seat: ``seating``)."""

    table_id: str
    match: int
    first: int
    entries: Sequence[Mapping[str, Any]]
    status: str
    deadline: float | None = None
    gone: Sequence[int] = ()
    rematch: Sequence[int] = ()
    record: Record | None = None
    finished: float | None = None
    seating: list[int] | None = None


@dataclass(frozen=True)
class Said:
    """One chat message of a table (numbered ``n`` in ``message``: a second with the same
    number is refused), written in the same group as the tables' changes."""

    table_id: str
    message: Mapping[str, Any]


Write = Change | Said

SetUp = Callable[[Connection], None]
"""A set-up write: a new table, a seat taken, a guest and its session (statements run on the
connection of the transaction it shares with the other set-up writes pending then)."""


class Store:
    def __init__(self, url: str, *, sync: str = "normal", write_thread: bool | None = None) -> None:
        """``write_thread``: the tables' changes are written in groups by a thread of the
        store's own (:meth:`write_change`); else in groups on the event loop, one a turn of
        the loop. By default the thread on a database over the network (PostgreSQL), the loop
        on SQLite."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.engine: Engine = create_engine(url)
        if write_thread is None:
            write_thread = self.engine.dialect.name != "sqlite"
        self._group: GroupWriter[Write] | LoopGroupWriter[Write] = (
            GroupWriter(self._commit_group) if write_thread else LoopGroupWriter(self._commit_group)
        )
        # Set-ups in a thread on either store (:meth:`write_set_up`): a burst of new tables
        # never stalls the moves of the tables in play.
        self._set_ups: GroupWriter[SetUp] = GroupWriter(self._commit_set_ups, "store-set-up")
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            # WAL: readers never block the writer, and a commit needs no full fsync.
            event.listen(self.engine, "connect", _sqlite_pragmas(sync))
            self._checkpointer = threading.Thread(target=self._checkpoints, daemon=True)
            self._checkpointer.start()
        # The schema comes from the migrations (a database of an older version upgrades in
        # place); ``metadata`` here is what the queries use, and a test holds the two equal.
        migrate.upgrade(self.engine)

    def _checkpoints(self, every: float = 0.5) -> None:
        while not self._stop.wait(every):
            with contextlib.suppress(Exception):
                self.checkpoint()

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database, waiting for nobody (PASSIVE)."""
        with self.engine.connect() as db:
            # Closed at once: left open (for as long as anything keeps its cursor) the
            # statement counts as a write in progress, and SQLite refuses any commit on this
            # pooled connection (tests/server/tables/test_store_statements.py).
            db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").close()

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(2)
        self._group.close()  # every change handed over is written before the engine goes
        self._set_ups.close()
        self.engine.dispose()

    @property
    def writes_in_thread(self) -> bool:
        return isinstance(self._group, GroupWriter)

    async def write_change(self, change: Change) -> None:
        """Store ``change`` and return once it is stored (or raise the store's refusal), in one
        transaction with every other table's change pending then
        (:mod:`pegboard.server.store.group_writes`). Over the network (PostgreSQL) the store's
        writing thread takes it: the event loop serves every other table during the round
        trips. On SQLite (a local file, a write of about 150 µs) it is written on the loop at
        the end of the turn, with the changes of every table whose command ran in that turn: a
        thread cost more CPU a move than it saved (docs/benchmarks.md, "One process"). A room
        awaits it in its writer, before anyone hears of the change and before its next command,
        so a table's changes stay in order and only what is stored is acknowledged."""
        await self._group.write(change)

    async def write_said(self, said: Said) -> None:
        """Store a chat message as :meth:`write_change` stores a change: in the group of
        writes pending then, off the event loop over the network."""
        await self._group.write(said)

    def _commit_group(self, writes: Sequence[Write]) -> None:
        self.commit_writes(writes)  # looked up at each call: a test may watch it

    async def write_set_up(self, write: SetUp) -> None:
        """Run ``write`` (a table's or a player's set-up) in a transaction of the store's
        set-up thread and return once it is committed (or raise its refusal: it changed
        nothing). Every set-up pending when the thread wakes shares one transaction; one that
        raises fails alone (:mod:`pegboard.server.store.group_writes`). Off the event loop on
        SQLite too: its statements cost milliseconds a table, and a burst of new tables (quick
        play, a tournament's round) stalled every move meanwhile (docs/benchmarks.md, "Set-ups
        off the event loop"). The caller awaits it before anyone hears of what it stores, and
        before the table's next write, so a table's writes keep their order."""
        await self._set_ups.write(write)

    def _commit_set_ups(self, writes: Sequence[SetUp]) -> None:
        self.commit_set_ups(writes)  # looked up at each call: a test may watch or hold it

    def commit_set_ups(self, writes: Sequence[SetUp]) -> None:
        """Set-up writes in one transaction (the set-up thread's)."""
        with self.engine.begin() as db:
            for write in writes:
                write(db)

    def answers(self) -> bool:
        """Whether the database answers a trivial query (the health check)."""
        try:
            with self.engine.connect() as db:
                db.execute(select(1)).close()
        except Exception:  # any failure of the database is an unhealthy worker
            return False
        return True

    def create_table(self, row: TableRow, *, also: SetUp | None = None) -> None:
        """Store a new table with the slots ``row`` has already (none, unless its people are
        seated before anyone can join), and ``also`` in the same transaction: if it raises,
        nothing is stored. The server's own go through :meth:`add_table`."""
        with self.engine.begin() as db:
            insert_table(db, row, also)

    async def add_table(self, row: TableRow, *, also: SetUp | None = None) -> None:
        """:meth:`create_table` in the set-up thread (:meth:`write_set_up`)."""
        await self.write_set_up(lambda db: insert_table(db, row, also))

    def update_table(self, table_id: str, **fields: Any) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(tables_table).where(tables_table.c.id == table_id).values(**_encoded(fields))
            )

    async def change_table(self, table_id: str, **fields: Any) -> None:
        """:meth:`update_table` in the set-up thread (:meth:`write_set_up`): a new table's
        start, and the idle time of a table still waiting for people."""
        statement = update(tables_table).where(tables_table.c.id == table_id)
        await self.write_set_up(lambda db: _run(db, statement.values(**_encoded(fields))))

    def set_slot(
        self,
        table_id: str,
        slot: int,
        name: str,
        kind: str,
        token: str,
        player: str | None = None,
    ) -> None:
        with self.engine.begin() as db:
            put_slot(db, table_id, slot, name, kind, token, player)

    async def take_slot(
        self,
        table_id: str,
        slot: int,
        name: str,
        kind: str,
        token: str,
        player: str | None = None,
    ) -> None:
        """:meth:`set_slot` in the set-up thread (:meth:`write_set_up`)."""
        await self.write_set_up(lambda db: put_slot(db, table_id, slot, name, kind, token, player))

    def commit_writes(self, writes: Sequence[Write]) -> None:
        """Tables' changes (at most one of each table) and chat messages in one transaction.
        The hot path of every move: its statements are built once (building them anew cost as
        much as running them), and a group's rows go in one statement of each kind."""
        if not writes:
            return
        changes = [w for w in writes if isinstance(w, Change)]
        said = [{"table_id": w.table_id, **w.message} for w in writes if isinstance(w, Said)]
        with STORE_WRITE_SECONDS.time(), self.engine.begin() as db:
            if said:
                db.execute(_ADD_SAID, said)
            if not changes:
                return
            actions = [
                {
                    "table_id": c.table_id,
                    "match": c.match,
                    "n": c.first + i,
                    "entry": json.dumps(e),
                }
                for c in changes
                for i, e in enumerate(c.entries)
            ]
            if actions:
                db.execute(_ADD_ACTIONS, actions)
            clocks = [
                {
                    "the_id": c.table_id,
                    "deadline": c.deadline,
                    "status": c.status,
                    "gone": json.dumps(list(c.gone)),
                    "rematch": json.dumps(list(c.rematch)),
                }
                for c in changes
            ]
            db.execute(_SET_CLOCK, clocks[0] if len(clocks) == 1 else clocks)
            records = [
                {
                    "table_id": c.table_id,
                    "match": c.match,
                    "record": json.dumps(c.record),
                    "finished": c.finished,
                    "seating": json.dumps(c.seating) if c.seating is not None else None,
                }
                for c in changes
                if c.record is not None
            ]
            if records:
                db.execute(_ADD_RECORD, records)

    def set_broken(self, table_id: str, reason: str) -> None:
        """Set a table that cannot be rebuilt aside: no worker serves it any more."""
        self.update_table(table_id, status="broken", broken=reason, deadline=None)

    def broken_tables(self) -> list[tuple[TableRow, str]]:
        """Every table set aside as broken, with the reason."""
        with self.engine.connect() as db:
            reasons = {
                str(r.id): str(r.broken or "")
                for r in db.execute(
                    select(tables_table.c.id, tables_table.c.broken).where(
                        tables_table.c.status == "broken"
                    )
                )
            }
        query = select(tables_table).where(tables_table.c.id.in_(list(reasons)))
        slots = select(slots_table).where(slots_table.c.table_id.in_(list(reasons)))
        return [(row, reasons[row.id]) for row in self._rows(query.order_by("created"), slots)]

    def close_table(self, table_id: str) -> bool:
        """An operator closes a table for good (it keeps its records); False if there is no
        such table, or it is closed already."""
        with self.engine.begin() as db:
            done = db.execute(
                update(tables_table)
                .where(and_(tables_table.c.id == table_id, tables_table.c.status != "finished"))
                .values(status="finished", deadline=None)
            )
        return bool(done.rowcount)

    def actions(self, table_id: str, match: int) -> list[dict[str, Any]]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(actions_table.c.entry)
                .where(and_(actions_table.c.table_id == table_id, actions_table.c.match == match))
                .order_by(actions_table.c.n)
            )
            return [json.loads(r[0]) for r in rows]

    def record(self, table_id: str, match: int) -> Record | None:
        with self.engine.connect() as db:
            row = db.execute(
                select(records_table.c.record).where(
                    and_(records_table.c.table_id == table_id, records_table.c.match == match)
                )
            ).first()
        return json.loads(row[0]) if row else None

    def records(self, table_id: str) -> list[int]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(records_table.c.match)
                .where(records_table.c.table_id == table_id)
                .order_by(records_table.c.match)
            )
            return [int(r[0]) for r in rows]

    def tables(self, *, unfinished_only: bool = False) -> list[TableRow]:
        query = select(tables_table)
        slots = select(slots_table)
        if unfinished_only:  # finished tables pile up with uptime: leave their rows alone
            query = query.where(tables_table.c.status.not_in(CLOSED))
            slots = slots.where(
                slots_table.c.table_id.in_(query.with_only_columns(tables_table.c.id))
            )
        return self._rows(query.order_by(tables_table.c.created), slots)

    def open_tables(self, among: Sequence[str] | None = None) -> list[str]:
        """The ids of the tables that have not finished (of ``among`` only, if given)."""
        query = select(tables_table.c.id).where(tables_table.c.status.not_in(CLOSED))
        if among is not None:
            query = query.where(tables_table.c.id.in_(list(among)))
        with self.engine.connect() as db:
            return [str(r[0]) for r in db.execute(query.order_by(tables_table.c.created))]

    def table(self, table_id: str) -> TableRow | None:
        """One table, whatever its status (a finished one is no longer in memory)."""
        rows = self._rows(
            select(tables_table).where(tables_table.c.id == table_id),
            select(slots_table).where(slots_table.c.table_id == table_id),
        )
        return rows[0] if rows else None

    def _rows(self, tables: Select[Any], slots_query: Select[Any]) -> list[TableRow]:
        with self.engine.connect() as db:
            rows = list(db.execute(tables))
            slots = list(db.execute(slots_query.order_by(slots_table.c.slot)))
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in slots:
            by_table.setdefault(s.table_id, []).append(
                {
                    "slot": s.slot,
                    "name": s.name,
                    "kind": s.kind,
                    "token": s.token,
                    "player": s.player,
                }
            )
        return [
            TableRow(
                id=r.id,
                game=r.game,
                players=r.players,
                options=json.loads(r.options),
                status=r.status,
                seed=r.seed,
                match=r.match,
                seating=json.loads(r.seating),
                deadline=r.deadline,
                created=r.created,
                slots=by_table.get(r.id, []),
                hints=r.hints is None or bool(r.hints),
                gone=json.loads(r.gone) if r.gone else [],
                idle_since=r.idle_since,
                started=r.started,
                rated=bool(r.rated),
                listed=r.listed is None or bool(r.listed),
                watching=r.watching is None or bool(r.watching),
                invite=r.invite,
                chat=r.chat or "on",
                rematch=json.loads(r.rematch) if r.rematch else [],
                match_format=MatchFormat.from_json(json.loads(r.match_format))
                if r.match_format
                else MatchFormat(),
            )
            for r in rows
        ]


_ADD_ACTIONS = insert(actions_table)
_ADD_RECORD = insert(records_table)
_ADD_SAID = insert(chat_table)
_SET_CLOCK = (
    update(tables_table)
    .where(tables_table.c.id == bindparam("the_id"))
    .values(
        deadline=bindparam("deadline"),
        status=bindparam("status"),
        gone=bindparam("gone"),
        rematch=bindparam("rematch"),
    )
)


def insert_table(db: Connection, row: TableRow, also: SetUp | None = None) -> None:
    """A new table's row and the slots it has already, then ``also`` (on the same connection)."""
    db.execute(
        insert(tables_table).values(
            id=row.id,
            game=row.game,
            players=row.players,
            options=json.dumps(row.options),
            status=row.status,
            seed=row.seed,
            match=row.match,
            seating=json.dumps(row.seating),
            deadline=row.deadline,
            created=row.created,
            hints=row.hints,
            idle_since=row.idle_since,
            rated=row.rated,
            listed=row.listed,
            watching=row.watching,
            invite=row.invite,
            chat=row.chat,
            match_format=json.dumps(row.match_format.to_json()),
        )
    )
    if row.slots:
        db.execute(insert(slots_table), [{"table_id": row.id, **s} for s in row.slots])
    if also is not None:
        also(db)


def put_slot(
    db: Connection,
    table_id: str,
    slot: int,
    name: str,
    kind: str,
    token: str,
    player: str | None = None,
) -> None:
    """Who holds a table's slot now (any holder before is replaced)."""
    # and_(), never ``a & b``: SQLAlchemy's ``&`` of two comparisons leaves a reference cycle
    # a call (tests/server/test_garbage_cycles.py), kept frozen for an hour.
    db.execute(
        delete(slots_table).where(
            and_(slots_table.c.table_id == table_id, slots_table.c.slot == slot)
        )
    )
    db.execute(
        insert(slots_table).values(
            table_id=table_id, slot=slot, name=name, kind=kind, token=token, player=player
        )
    )


def _run(db: Connection, statement: Executable) -> None:
    db.execute(statement)


def _encoded(fields: dict[str, Any]) -> dict[str, Any]:
    """The JSON columns' values as text; the others as they are."""
    return {
        k: json.dumps(v) if k in ("options", "seating", "gone", "rematch") else v
        for k, v in fields.items()
    }
