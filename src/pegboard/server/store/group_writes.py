"""The tables' changes written in groups: by one thread of the store (over the network:
PostgreSQL), or on the event loop once a turn of it (SQLite, :class:`LoopGroupWriter`).

Every change pending when the thread wakes goes into one transaction (a group commit): many
tables' moves cost one wake-up of the thread, a few round trips and one commit, and one wake-up
of the event loop with every answer. A table has at most one change pending (its room awaits
each before its next command), so its changes stay in order; each is acknowledged only once
its transaction has committed. A change the database refuses does not sink the others: the
group is written again without it, each change alone, and only the refused one fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")
_Outcome = tuple[asyncio.Future[None], Exception | None]  # a write's waiter, and its refusal


@dataclass
class _Pending(Generic[T]):
    item: T
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class GroupWriter(Generic[T]):
    """``commit(items)`` (one transaction for them all) in a thread of its own, for every item
    pending at once; :meth:`write` returns once its item is stored, or raises its refusal."""

    def __init__(self, commit: Callable[[Sequence[T]], None], name: str = "store-write") -> None:
        self._commit = commit
        self._pending: list[_Pending[T]] = []
        self._ready = threading.Condition()
        self._closing = False
        # Started by the first write: a store that only reads (a command line's) has none.
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    async def write(self, item: T) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._ready:
            if self._closing:
                raise RuntimeError("the store is closed")
            if not self._thread.is_alive():
                self._thread.start()
            self._pending.append(_Pending(item, future, loop))
            self._ready.notify()
        await future

    def close(self) -> None:
        """Write what is pending, then stop the thread."""
        with self._ready:
            self._closing = True
            self._ready.notify()
            started = self._thread.is_alive()
        if started:
            self._thread.join()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._pending and not self._closing:
                    self._ready.wait()
                if not self._pending:
                    return
                group, self._pending = self._pending, []
            outcomes = self._write_group([p.item for p in group])
            loops: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
            for pending, outcome in zip(group, outcomes, strict=True):
                loops.setdefault(pending.loop, []).append((pending.future, outcome))
            for loop, answers in loops.items():  # one wake-up of each loop for its answers
                with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                    loop.call_soon_threadsafe(_answer, answers)

    def _write_group(self, items: list[T]) -> list[Exception | None]:
        return _write_group(self._commit, items)


class LoopGroupWriter(Generic[T]):
    """``commit(items)`` on the event loop, once a turn of the loop, for every item handed over
    in that turn (the tables whose commands ran in it): one transaction for them all, and no
    thread. A busy loop runs more commands a turn, so its groups grow with the load."""

    def __init__(self, commit: Callable[[Sequence[T]], None]) -> None:
        self._commit = commit
        self._pending: list[tuple[T, asyncio.Future[None]]] = []

    async def write(self, item: T) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._flush)  # after every step of this turn already queued
        self._pending.append((item, future))
        await future

    def close(self) -> None:
        self._flush()

    def _flush(self) -> None:
        group, self._pending = self._pending, []
        if not group:
            return
        outcomes = _write_group(self._commit, [item for item, _ in group])
        _answer([(future, outcome) for (_, future), outcome in zip(group, outcomes, strict=True)])


def _write_group(commit: Callable[[Sequence[T]], None], items: list[T]) -> list[Exception | None]:
    try:
        commit(items)
    except Exception as error:
        if len(items) == 1:
            return [error]
    else:
        return [None] * len(items)
    # Which change the database refused is not known: each alone, in its own transaction.
    outcomes: list[Exception | None] = []
    for item in items:
        try:
            commit([item])
        except Exception as error:
            outcomes.append(error)
        else:
            outcomes.append(None)
    return outcomes


def _answer(answers: list[_Outcome]) -> None:
    for future, outcome in answers:
        if future.done():  # its waiter was cancelled
            continue
        if outcome is None:
            future.set_result(None)
        else:
            future.set_exception(outcome)
