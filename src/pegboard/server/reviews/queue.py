"""The review queue: each finished match reviewed once, one at a time, off the event loop.

A room hands a match over as soon as its record is stored (:meth:`ReviewQueue.submit`, which
only notes it: nothing waits); the queue's one task takes the matches in order and has each
reviewed in a worker of its own, a process at the bots' lower priority by default (the review
is pure Python and C: in a thread it would hold the interpreter lock the tables' event loop
needs), then stores the review. A burst of finished matches waits its turn in the queue; the
tables never wait for a review. A match asked for before its review is ready is submitted
again (nothing happens if it is queued already), so a review lost to a restart is made then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from pegboard.core.wire import Record
from pegboard.review import review_record
from pegboard.review.reviewer import has_review
from pegboard.server.clock import Clock
from pegboard.server.ratings.settle import stored_match
from pegboard.server.reviews.review_store import save_review, stored_review, unreviewed
from pegboard.server.store.sql_store import Store
from pegboard.server.tables.thinking import _background

log = logging.getLogger(__name__)

QUEUE_SIZE = 10_000
"""Matches waiting at most; past it a match is reviewed when first asked for."""


def make_review(record: Record) -> dict[str, Any]:
    """In the worker: the review's JSON, with the position of each marked decision."""
    return review_record(record).to_json(views="marked")


class ReviewQueue:
    def __init__(self, store: Store, clock: Clock, *, in_thread: bool = False) -> None:
        self.store = store
        self.clock = clock
        self.in_thread = in_thread
        self._queue: asyncio.Queue[tuple[str, int]] = asyncio.Queue(QUEUE_SIZE)
        self._waiting: set[tuple[str, int]] = set()
        self._executor: Executor | None = None
        self._task: asyncio.Task[None] | None = None
        self._swept = asyncio.Event()  # the start-up's look for matches without a review
        self.made = 0

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def submit(self, table_id: str, match: int) -> None:
        """Review match ``match`` of ``table_id`` when its turn comes (once: a match already
        waiting is not queued twice, and one reviewed already is skipped)."""
        key = (table_id, match)
        if key in self._waiting:
            return
        try:
            self._queue.put_nowait(key)
        except asyncio.QueueFull:
            log.warning("the review queue is full: %s/%s is reviewed when asked for", *key)
            return
        self._waiting.add(key)

    def waiting(self, table_id: str, match: int) -> bool:
        return (table_id, match) in self._waiting

    @property
    def queued(self) -> int:
        """Matches submitted and not yet reviewed (the one being reviewed too): the
        ``pegboard_reviews_queued`` gauge."""
        return len(self._waiting)

    async def sweep(self) -> int:
        """Submit every stored match that has no review; how many were found."""
        found = await asyncio.to_thread(unreviewed, self.store.engine, QUEUE_SIZE)
        for table_id, match in found:
            self.submit(table_id, match)
        return len(found)

    async def idle(self) -> None:
        """Until every match submitted so far, and every one the start-up found, is reviewed
        (for tests)."""
        await self._swept.wait()
        await self._queue.join()

    def _worker(self) -> Executor:
        if self._executor is None:
            self._executor = (
                ThreadPoolExecutor(max_workers=1, thread_name_prefix="pegboard-review")
                if self.in_thread
                else ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_background,
                )
            )
        return self._executor

    async def _run(self) -> None:
        try:
            swept = await self.sweep()
            if swept:
                log.info("%d stored matches had no review: queued", swept)
        except Exception:
            log.exception("looking for matches without a review failed")
        finally:
            self._swept.set()
        while True:
            key = await self._queue.get()
            try:
                await self._review(*key)
            except Exception:
                log.exception("reviewing match %s of table %s failed", key[1], key[0])
            finally:
                self._waiting.discard(key)
                self._queue.task_done()

    async def _review(self, table_id: str, match: int) -> None:
        engine = self.store.engine
        if await asyncio.to_thread(stored_review, engine, table_id, match) is not None:
            return
        record = await asyncio.to_thread(self.store.record, table_id, match)
        if record is None or record.get("outcome") is None:
            return  # never a match in progress
        if not has_review(str(record["game"])):
            return  # a game without a review (its spec names none)
        loop = asyncio.get_running_loop()
        review = await loop.run_in_executor(self._worker(), make_review, record)
        now = self.clock.now()
        row = await asyncio.to_thread(self.store.table, table_id)
        finished = (
            await asyncio.to_thread(stored_match, engine, row, match, now)
            if row is not None
            else None
        )
        players = [s.player for s in finished.seats] if finished is not None else []
        when = finished.finished if finished is not None else now
        if await asyncio.to_thread(
            save_review, engine, table_id, match, review, players, when, now
        ):
            self.made += 1
