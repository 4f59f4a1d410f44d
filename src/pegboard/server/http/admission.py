"""What one address may hold at once: open sockets, new tables, tables of bots only.

Counted per worker process (with several workers, each counts its own), with the system's
monotonic clock: these are limits on a client's speed, not part of any game.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from fastapi import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from pegboard.server.http import limits
from pegboard.server.http.bodies import refuse


@dataclass(frozen=True)
class Limits:
    """The per-address limits (docs/protocol.md, "Limits"). ``exempt`` addresses have none: a
    trusted proxy's own checks, or a benchmark's load generator."""

    sockets_per_address: int = limits.SOCKETS_PER_ADDRESS
    spectators_per_table: int = limits.SPECTATORS_PER_TABLE
    tables_per_address: int = limits.TABLES_PER_ADDRESS
    table_every: float = limits.TABLE_EVERY
    bot_tables_per_address: int = limits.BOT_TABLES_PER_ADDRESS
    request_rate: float = limits.REQUEST_RATE
    request_burst: float = limits.REQUEST_BURST
    guests_per_address: int = limits.GUESTS_PER_ADDRESS
    guest_every: float = limits.GUEST_EVERY
    exempt: frozenset[str] = field(default_factory=frozenset)


MANY_ADDRESSES = 10_000  # request buckets kept before the full ones are forgotten


def _spend(
    bucket: tuple[float, float] | None, burst: float, rate: float, now: float
) -> tuple[bool, tuple[float, float]]:
    """A token bucket (credit, when last counted): whether one more is allowed, and the bucket
    after it."""
    credit, since = bucket if bucket is not None else (burst, now)
    credit = min(burst, credit + (now - since) * rate)
    if credit < 1:
        return False, (credit, now)
    return True, (credit - 1, now)


class RequestLimit:
    """ASGI middleware: an address past its HTTP request rate gets 429, after REFUSAL_PAUSE (a
    client that asks again at once is slowed to the pause; the wait costs the server nothing)."""

    def __init__(self, app: ASGIApp, admission: Admission) -> None:
        self.app = app
        self.admission = admission

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        address = client[0] if client else ""
        if scope["type"] != "http" or self.admission.allow_request(address):
            await self.app(scope, receive, send)
            return
        await asyncio.sleep(limits.REFUSAL_PAUSE)
        message = "too many requests from one address: slow down"
        await refuse(send, 429, message, (b"retry-after", b"1"))


class Admission:
    def __init__(self, settings: Limits, now: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self._now = now
        self._sockets: Counter[str] = Counter()
        self._credit: dict[str, tuple[float, float]] = {}  # address: (tables it may make, when)
        self._bot_tables: dict[str, set[str]] = {}
        self._requests: dict[str, tuple[float, float]] = {}  # address: (credit, when)
        self._guests: dict[str, tuple[float, float]] = {}  # address: (guests it may make, when)

    def allow_request(self, address: str) -> bool:
        """One HTTP request from ``address``: False if it asks faster than the limit."""
        if address in self.settings.exempt:
            return True
        allowed, self._requests[address] = _spend(
            self._requests.get(address),
            self.settings.request_burst,
            self.settings.request_rate,
            self._now(),
        )
        if len(self._requests) > MANY_ADDRESSES:  # forget the ones whose credit is full again
            now = self._now()
            burst, rate = self.settings.request_burst, self.settings.request_rate
            self._requests = {
                a: (c, t) for a, (c, t) in self._requests.items() if c + (now - t) * rate < burst
            }
        return allowed

    def open_socket(self, address: str) -> bool:
        """Count a new socket from ``address``; False (and not counted) if it has too many."""
        if address in self.settings.exempt:
            return True
        if self._sockets[address] >= self.settings.sockets_per_address:
            return False
        self._sockets[address] += 1
        return True

    def close_socket(self, address: str) -> None:
        if address in self.settings.exempt:
            return
        self._sockets[address] -= 1
        if self._sockets[address] <= 0:
            del self._sockets[address]

    def new_table(self, address: str, bots_only: bool, open_tables: Iterable[str]) -> None:
        """A table is about to be made for ``address``: 429 if it makes them too fast, or
        holds too many open tables of bots only (``open_tables``: every open table's id)."""
        if address in self.settings.exempt:
            return
        if bots_only:
            still_open = self._bot_tables.get(address, set()) & set(open_tables)
            self._bot_tables[address] = still_open
            if len(still_open) >= self.settings.bot_tables_per_address:
                raise HTTPException(
                    429,
                    f"at most {self.settings.bot_tables_per_address} open tables of bots only "
                    "from one address: wait for one to finish",
                )
        burst, every = float(self.settings.tables_per_address), self.settings.table_every
        allowed, self._credit[address] = _spend(
            self._credit.get(address), burst, 1 / every, self._now()
        )
        if not allowed:
            wait = int((1 - self._credit[address][0]) * every) + 1
            raise HTTPException(
                429,
                f"too many new tables from one address: try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )

    def new_guest(self, address: str) -> None:
        """A guest is about to be made for ``address``: 429 if it makes them too fast (a guest
        costs nothing to make, and each may queue, chat and be rated)."""
        if address in self.settings.exempt:
            return
        burst, every = float(self.settings.guests_per_address), self.settings.guest_every
        allowed, self._guests[address] = _spend(
            self._guests.get(address), burst, 1 / every, self._now()
        )
        if len(self._guests) > MANY_ADDRESSES:  # forget the ones whose credit is full again
            now = self._now()
            self._guests = {
                a: (c, t) for a, (c, t) in self._guests.items() if c + (now - t) / every < burst
            }
        if not allowed:
            wait = int((1 - self._guests[address][0]) * every) + 1
            raise HTTPException(
                429,
                f"too many new players from one address: try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )

    def made_bot_table(self, address: str, table_id: str) -> None:
        if address not in self.settings.exempt:
            self._bot_tables.setdefault(address, set()).add(table_id)
