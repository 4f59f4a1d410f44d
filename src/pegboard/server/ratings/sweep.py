"""The sweep: every finished match that has a record but is not settled yet gets settled.

A room settles its match right after committing the record (:mod:`pegboard.server.ratings.settle`);
if the worker died in between, or the settlement failed, the record stays unsettled until a sweep
finds it: at start-up and then every SWEEP_EVERY seconds, in a thread of its own (a backlog never
stalls the tables). Only records older than SWEEP_AFTER seconds are swept, so a sweep rarely races a
room settling its own match; when it does, the ledger lets only one of them in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy import and_, or_, select
from sqlalchemy.engine import Engine

from pegboard.server.clock import Clock
from pegboard.server.in_flight import Wakeup
from pegboard.server.ratings.settle import settle, stored_match
from pegboard.server.store.schema import records_table, settled_table
from pegboard.server.store.sql_store import Store

log = logging.getLogger(__name__)

SWEEP_EVERY = 300.0  # seconds between sweeps
SWEEP_AFTER = 30.0  # seconds a record is left to its room before a sweep settles it
BATCH = 200  # records looked up at a time


def unsettled(engine: Engine, finished_before: float, limit: int = BATCH) -> list[tuple[str, int]]:
    """Records (table, match) with no ledger row, that ended before ``finished_before`` (or
    whose end is not known), oldest first."""
    ledger = settled_table
    query = (
        select(records_table.c.table_id, records_table.c.match)
        .outerjoin(
            ledger,
            and_(
                ledger.c.table_id == records_table.c.table_id,
                ledger.c.match == records_table.c.match,
            ),
        )
        .where(ledger.c.table_id.is_(None))
        .where(or_(records_table.c.finished.is_(None), records_table.c.finished < finished_before))
        .order_by(records_table.c.finished, records_table.c.table_id, records_table.c.match)
        .limit(limit)
    )
    with engine.connect() as db:
        return [(str(r.table_id), int(r.match)) for r in db.execute(query)]


def sweep(store: Store, now: float, after: float = SWEEP_AFTER) -> int:
    """Settle every unsettled record older than ``after`` seconds; how many were settled.
    One that cannot be settled (its game is gone, say) is logged and tried again next time."""
    settled = 0
    failed: set[tuple[str, int]] = set()
    while True:
        found = unsettled(store.engine, now - after, BATCH + len(failed))
        batch = [m for m in found if m not in failed]
        if not batch:
            return settled
        for table_id, match in batch:  # each one is settled, or failed: the loop ends
            try:
                row = store.table(table_id)
                finished = stored_match(store.engine, row, match, now) if row else None
                if finished is None:
                    raise LookupError("no table row for this record")
                settle(store.engine, finished, now)
                settled += 1
            except Exception:
                log.exception("could not settle match %s of table %s", match, table_id)
                failed.add((table_id, match))


class Sweeper:
    """The sweep at start-up, then every ``every`` seconds on ``clock``, until stopped."""

    def __init__(self, store: Store, clock: Clock, every: float = SWEEP_EVERY) -> None:
        self.store = store
        self.clock = clock
        self.every = every
        self._task: asyncio.Task[None] | None = None
        self._wakeup = Wakeup(clock)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())
        self._wakeup.awake()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._wakeup.stopped()

    async def sweep_now(self) -> int:
        return await asyncio.to_thread(sweep, self.store, self.clock.now())

    async def _run(self) -> None:
        try:
            while True:
                try:
                    done = await self.sweep_now()
                    if done:
                        log.info("the sweep settled %d finished matches", done)
                except Exception:
                    log.exception("the sweep failed; trying again later")
                await self._wakeup.sleep(self.clock.now() + self.every)
        finally:
            self._wakeup.stopped()
