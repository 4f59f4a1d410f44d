"""A table's writer: one task that runs the table's commands one after another, so that a table
changes in one place at a time. Every change of a room, from a socket, a clock or a bot, goes
through :meth:`Writer.call`. A command is work in flight (pegboard.server.in_flight) from when
it is queued until it has run or been refused."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pegboard.server.in_flight import in_flight
from pegboard.server.tables.errors import TableClosed

T = TypeVar("T")


@dataclass
class _Command:
    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class Writer:
    """The inbox of a table and the task draining it. Closed (the table finished, was handed
    over, or the server is stopping), it refuses every command with :class:`TableClosed`."""

    def __init__(self) -> None:
        self.closed = False
        self._inbox: asyncio.Queue[_Command] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    def close(self) -> None:
        """No command runs after the one running now."""
        self.closed = True

    async def call(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the writer task, after every command queued before it."""
        if self.closed:
            raise TableClosed("this table is closed")
        result: T = await self._queue(run)  # no await between the check and the queue
        return result

    def _queue(self, run: Callable[[], Awaitable[Any]]) -> asyncio.Future[Any]:
        """Queue ``run``; the future of its result. Not kept in :meth:`call`'s frame: an error
        it ends with holds that frame in its traceback, and the frame holding the future that
        holds the error would make a reference cycle of every refused command."""
        command = _Command(run)
        self._inbox.put_nowait(command)
        in_flight().begin()
        return command.done

    async def stop(self) -> None:
        """Close, stop the task, and refuse every command still queued."""
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._refuse_queued()

    async def _run(self) -> None:
        while not self.closed:
            command = await self._inbox.get()
            try:
                command.done.set_result(await command.run())
            except Exception as error:  # the caller gets the error; the room goes on
                if not command.done.done():
                    command.done.set_exception(error)
            finally:
                in_flight().end()
        self._refuse_queued()

    def _refuse_queued(self) -> None:
        while not self._inbox.empty():
            command = self._inbox.get_nowait()
            if not command.done.done():  # its caller may have given up waiting
                command.done.set_exception(TableClosed("this table is closed"))
            in_flight().end()
