"""Quick play's queue in the store (the ``queue`` table): every worker sees the same one.

An entry is a person waiting for a table of their choice. Their socket's worker renews its
``heartbeat``; a match claims the entries of the people it seats inside the transaction that
stores their table (:func:`claim`), so a table is made only if every one of them is still
waiting, and never twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Row, and_, delete, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from pegboard.errors import PegboardError
from pegboard.server.store.schema import queue_table

_ORDER = (queue_table.c.since, queue_table.c.id)  # longest waiting first


class AlreadyQueued(PegboardError):
    """The player waits in the queue already (one entry each)."""


class QueueChanged(PegboardError):
    """An entry a match would seat has gone (its player left) or was seated by another match."""


@dataclass(frozen=True)
class Entry:
    id: str
    player: str  # players.id
    name: str
    game: str
    players: int
    rated: bool
    wait: float  # seconds before bots fill the seats nobody takes
    rating: int
    since: float
    heartbeat: float
    worker: str
    table_id: str | None = None  # once seated: the table, the slot and its token
    slot: int | None = None
    token: str | None = None

    @property
    def choice(self) -> tuple[str, int, bool]:
        return self.game, self.players, self.rated


@dataclass(frozen=True)
class Claim:
    """A seat a match gives to an entry."""

    entry: str
    slot: int
    token: str


def enter(engine: Engine, entry: Entry, expired_before: float) -> None:
    """Add ``entry``; AlreadyQueued if its player has a live entry. An entry of theirs left by a
    worker that died (not renewed since ``expired_before``) is replaced."""
    values = {name: getattr(entry, name) for name in Entry.__dataclass_fields__}
    values["table_id"] = values["slot"] = values["token"] = None
    try:
        with engine.begin() as db:
            db.execute(
                delete(queue_table).where(
                    and_(
                        queue_table.c.player == entry.player,
                        queue_table.c.heartbeat < expired_before,
                    )
                )
            )
            db.execute(insert(queue_table).values(**values))
    except IntegrityError:
        raise AlreadyQueued("you are in the queue already (on another page?)") from None


def leave(engine: Engine, entry_id: str) -> None:
    with engine.begin() as db:
        db.execute(delete(queue_table).where(queue_table.c.id == entry_id))


def beat(engine: Engine, entry_ids: Sequence[str], now: float) -> None:
    """The entries' sockets are still open (on this worker)."""
    with engine.begin() as db:
        db.execute(
            update(queue_table).where(queue_table.c.id.in_(list(entry_ids))).values(heartbeat=now)
        )


def expire(engine: Engine, before: float) -> list[Entry]:
    """Every entry not seated yet, longest waiting first, once those not renewed since
    ``before`` (their worker died) are dropped. An empty queue costs one read."""
    with engine.connect() as db:
        rows = [_entry(r) for r in db.execute(select(queue_table).order_by(*_ORDER))]
    dead = [e.id for e in rows if e.heartbeat < before]
    if dead:
        with engine.begin() as db:
            db.execute(
                delete(queue_table).where(
                    and_(queue_table.c.id.in_(dead), queue_table.c.heartbeat < before)
                )
            )
    return [e for e in rows if e.heartbeat >= before and e.table_id is None]


def waiting(engine: Engine) -> list[Entry]:
    """Every entry not seated yet, longest waiting first."""
    query = select(queue_table).where(queue_table.c.table_id.is_(None))
    with engine.connect() as db:
        return [_entry(r) for r in db.execute(query.order_by(*_ORDER))]


def entries(engine: Engine, entry_ids: Sequence[str]) -> list[Entry]:
    """These entries as they are now, seated or not (an entry that has gone is missing)."""
    query = select(queue_table).where(queue_table.c.id.in_(list(entry_ids)))
    with engine.connect() as db:
        return [_entry(r) for r in db.execute(query)]


def claim(db: Connection, table_id: str, seats: Sequence[Claim]) -> None:
    """Seat each entry at ``table_id``, in the caller's transaction; QueueChanged (and so the
    transaction rolls back) if any of them has gone or is seated already. In a fixed order, so
    that two matchers claiming at once on PostgreSQL wait for each other, never deadlock."""
    for seat in sorted(seats, key=lambda s: s.entry):
        done = db.execute(
            update(queue_table)
            .where(queue_table.c.id == seat.entry, queue_table.c.table_id.is_(None))
            .values(table_id=table_id, slot=seat.slot, token=seat.token)
        )
        if done.rowcount != 1:
            raise QueueChanged("someone left the queue, or was seated, meanwhile")


def _entry(row: Row[tuple[object, ...]]) -> Entry:
    return Entry(**row._asdict())
