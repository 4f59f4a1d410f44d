"""One worker among several, over the ``Bus``: its name, its leases, and its mail.

Each worker has a name, a lease on that name (it is alive while the lease is renewed) and one
channel: everything for it arrives there, in order. On top of plain messages (``send``) it can
``ask`` another worker something and wait for the answer (a join, a table's info, a socket's
seat), with a time limit: a worker that does not answer may have died.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.errors import PegboardError
from pegboard.server.workers.bus import Bus, Unsubscribe

log = logging.getLogger(__name__)

PREFIX = "pegboard:"
ROUTE = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A route: the name a load balancer knows a worker by (``pegboard serve --route``)."""


def worker_name(route: str | None) -> str:
    """A new worker's name on the bus: ``ROUTE.random`` with a route, so that every worker
    reads an owner's route from its table's lease (:func:`route_of`); else just random."""
    if route is not None and not ROUTE.fullmatch(route):
        raise ValueError(f"a route is 1 to 32 letters, digits, '-' or '_', not {route!r}")
    mark = secrets.token_hex(6)
    return f"{route}.{mark}" if route else mark


def route_of(worker: str) -> str | None:
    """The route of the worker of this name, if it was given one (names without a dot, of
    workers without a route or of older versions, have none)."""
    route, dot, _ = worker.rpartition(".")
    return route if dot and ROUTE.fullmatch(route) else None


def table_key(table_id: str) -> str:
    return f"{PREFIX}lease:table:{table_id}"


def worker_key(worker: str) -> str:
    return f"{PREFIX}lease:worker:{worker}"


def worker_channel(worker: str) -> str:
    return f"{PREFIX}worker:{worker}"


@dataclass
class WorkerSettings:
    lease: float = 10.0  # seconds a dead worker's tables wait before another takes them over
    ask_timeout: float = 5.0  # seconds to wait for another worker's answer
    route: str | None = None  # the name the load balancer knows this worker by, if any

    @property
    def renew_every(self) -> float:
        return self.lease / 3  # two renewals may fail before the lease runs out


class Moved(Exception):
    """The worker asked does not own that table (any more): look for its owner again."""


class NoAnswer(Exception):
    """The worker asked did not answer in time (it may have died: its lease will run out)."""


class Refused(PegboardError):
    """The owner refused the request, as it would have refused a local one."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


Answer = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
Route = Callable[[dict[str, Any]], None]


class Workers:
    def __init__(self, bus: Bus, settings: WorkerSettings) -> None:
        self.bus = bus
        self.settings = settings
        self.me = worker_name(settings.route)
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._answering: set[asyncio.Task[None]] = set()
        self._answer: Answer | None = None
        self._route: Route | None = None
        self._unsubscribe: Unsubscribe | None = None

    async def start(self, answer: Answer, route: Route) -> None:
        """Join: ``answer`` serves other workers' questions, ``route`` gets their messages."""
        self._answer, self._route = answer, route
        await self.bus.start()
        await self.bus.claim(worker_key(self.me), self.me, self.settings.lease)
        self._unsubscribe = await self.bus.subscribe(worker_channel(self.me), self._receive)

    async def close(self) -> None:
        if self._unsubscribe is not None:
            await self._unsubscribe()
        for task in list(self._answering):
            task.cancel()
        await asyncio.gather(*self._answering, return_exceptions=True)
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(NoAnswer("this worker is stopping"))
        await self.bus.release([worker_key(self.me)], self.me)
        await self.bus.close()

    # -- leases ----------------------------------------------------------------------------

    async def claim(self, table_id: str) -> str:
        """The table's owner after trying to take it: ``self.me`` when this worker has it."""
        return await self.bus.claim(table_key(table_id), self.me, self.settings.lease)

    async def renew(self, tables: Sequence[str]) -> set[str]:
        """Renew this worker's own lease and those of its tables; the tables it has lost."""
        kept = await self.bus.renew(
            [worker_key(self.me), *map(table_key, tables)], self.me, self.settings.lease
        )
        return {t for t, k in zip(tables, kept[1:], strict=True) if not k}

    async def release(self, tables: Sequence[str]) -> None:
        await self.bus.release([table_key(t) for t in tables], self.me)

    async def owners(self, tables: Sequence[str]) -> dict[str, str | None]:
        found = await self.bus.holders([table_key(t) for t in tables])
        return dict(zip(tables, found, strict=True))

    async def alive(self, workers: Iterable[str]) -> dict[str, bool]:
        names = list(workers)
        found = await self.bus.holders([worker_key(w) for w in names])
        return {w: h == w for w, h in zip(names, found, strict=True)}

    # -- mail ------------------------------------------------------------------------------

    async def send(self, worker: str, message: dict[str, Any]) -> None:
        await self.bus.publish(worker_channel(worker), message | {"from": self.me})

    def post(self, worker: str, message: dict[str, Any]) -> None:
        """``send`` without waiting for Redis (in order with everything sent): what is lost
        when the bus is down is logged, not raised."""
        self.bus.post(worker_channel(worker), message | {"from": self.me})

    async def ask(self, worker: str, body: dict[str, Any]) -> dict[str, Any]:
        """``body`` answered by ``worker``: Moved, Refused, NoAnswer when it was not."""
        ask_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ask_id] = future
        try:
            await self.send(worker, {"kind": "ask", "id": ask_id, "body": body})
            reply = await asyncio.wait_for(future, self.settings.ask_timeout)
        except TimeoutError:
            raise NoAnswer(f"worker {worker} did not answer") from None
        finally:
            self._waiting.pop(ask_id, None)
        error = reply.get("error")
        if error is not None:
            if error.get("code") == "moved":
                raise Moved(worker)
            raise Refused(str(error["code"]), str(error["message"]), int(error["status"]))
        ok: dict[str, Any] = reply["ok"]
        return ok

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "ask":
            task = asyncio.create_task(self._reply(message))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)
        elif kind == "reply":
            future = self._waiting.get(str(message.get("id")))
            if future is not None and not future.done():
                future.set_result(message)
        elif self._route is not None:
            self._route(message)

    async def _reply(self, message: dict[str, Any]) -> None:
        assert self._answer is not None
        reply: dict[str, Any]
        try:
            reply = {"ok": await self._answer(message["body"] | {"from": message["from"]})}
        except Moved:
            reply = {"error": {"code": "moved"}}
        except Refused as refused:
            reply = {
                "error": {"code": refused.code, "message": str(refused), "status": refused.status}
            }
        except Exception as error:
            log.exception("answering another worker failed")
            reply = {"error": {"code": "failed", "message": str(error), "status": 500}}
        await self.send(str(message["from"]), {"kind": "reply", "id": message["id"], **reply})
