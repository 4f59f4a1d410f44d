"""The ``Bus`` port (docs/architecture.md, "What holds it together": ports): what the workers of one
server share besides the store. Two things, both small:

* **channels**: publish a JSON object to a channel; every subscriber of that channel gets it,
  in the order it was published (from one publisher), at most once;
* **leases**: a key held by one owner until it lets go or stops renewing it in time. A table is
  written by the worker holding its lease, and only by it.

:class:`MemoryBus` is the default: one process, where every table is this process's and the bus
is never asked anything. :class:`pegboard.server.workers.redis_bus.RedisBus` serves several workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

Handler = Callable[[dict[str, Any]], None]
"""Gets each message of a channel, in order. It must not block: it hands the work on."""

Unsubscribe = Callable[[], Awaitable[None]]

log = logging.getLogger(__name__)

# orjson writes the JSON that ``json`` writes (int keys as strings) and no more: what ``json``
# refuses (a dataclass, a date) falls through to it and fails there, at the sender.
_ORJSON = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def to_text(message: dict[str, Any]) -> str:
    """A message as it travels: JSON. orjson for speed (every relayed update is encoded once
    here and decoded once on the socket's worker); ``json`` for what orjson will not write (an
    integer past 64 bits), or to raise ``TypeError`` for what is not JSON. Either reads the
    other's text, so workers of two versions understand each other during an upgrade."""
    try:
        return orjson.dumps(message, option=_ORJSON).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message)


def from_text(text: str | bytes) -> Any:
    """The message in ``text``; ``ValueError`` when it is not JSON."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # what only ``json`` reads (NaN), or not JSON at all
        return json.loads(text)


class Bus(Protocol):
    # Other processes may share this bus, so a table may be owned by another worker. False: this
    # process is alone and serves every table itself, directly.
    shared: bool

    async def start(self) -> None:
        """Connect (inside the event loop that will use the bus)."""

    async def close(self) -> None: ...

    async def publish(self, channel: str, message: dict[str, Any]) -> None: ...

    def post(self, channel: str, message: dict[str, Any]) -> None:
        """Publish without waiting: in order with every other message of this bus; if it cannot
        be delivered it is lost and logged, as a message is when the bus is down."""

    async def subscribe(self, channel: str, handler: Handler) -> Unsubscribe: ...

    async def claim(self, key: str, owner: str, ttl: float) -> str:
        """Take ``key`` for ``ttl`` seconds if it is free or ``owner``'s already (then it is
        extended); the holder after the call, ``owner`` when it worked."""
        ...

    async def renew(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        """Extend each of ``owner``'s keys by ``ttl`` (a free one is taken again: nobody else
        wrote meanwhile); per key, whether ``owner`` holds it now."""
        ...

    async def release(self, keys: Sequence[str], owner: str) -> None:
        """Let go of the keys ``owner`` holds (others' are left alone)."""

    async def holders(self, keys: Sequence[str]) -> list[str | None]: ...


@dataclass
class _Subscriber:
    channel: str
    handler: Handler
    loop: asyncio.AbstractEventLoop
    active: bool = True

    def deliver(self, text: str) -> None:
        with contextlib.suppress(RuntimeError):  # its loop has closed: nobody is listening
            self.loop.call_soon_threadsafe(self._run, text)

    def _run(self, text: str) -> None:
        if self.active:
            try:
                self.handler(from_text(text))
            except Exception:  # one bad message must not stop the channel
                log.exception("a bus handler failed on %s", self.channel)


class MemoryBus:
    """Channels and leases in this process's memory.

    Alone (the default, ``shared=False``) it is a formality: the server owns every table and
    never publishes. ``shared=True`` lets several servers in one process (tests) work as
    workers of one server; each may run its own event loop in its own thread. Messages go
    through JSON as they would over the network, so what cannot travel fails here too.
    """

    def __init__(self, *, shared: bool = False) -> None:
        self.shared = shared
        self._lock = threading.Lock()
        self._subscribers: dict[str, list[_Subscriber]] = {}
        self._leases: dict[str, tuple[str, float]] = {}  # key -> owner, expiry (monotonic)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None  # others may share it: each unsubscribes what it subscribed

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        self.post(channel, message)

    def post(self, channel: str, message: dict[str, Any]) -> None:
        text = to_text(message)
        with self._lock:
            subscribers = list(self._subscribers.get(channel, ()))
        for subscriber in subscribers:
            subscriber.deliver(text)

    async def subscribe(self, channel: str, handler: Handler) -> Unsubscribe:
        subscriber = _Subscriber(channel, handler, asyncio.get_running_loop())
        with self._lock:
            self._subscribers.setdefault(channel, []).append(subscriber)

        async def unsubscribe() -> None:
            subscriber.active = False
            with self._lock:
                others = self._subscribers.get(channel, [])
                if subscriber in others:
                    others.remove(subscriber)

        return unsubscribe

    def _holder(self, key: str, now: float) -> str | None:
        held = self._leases.get(key)
        if held is None or held[1] <= now:
            return None
        return held[0]

    async def claim(self, key: str, owner: str, ttl: float) -> str:
        now = time.monotonic()
        with self._lock:
            holder = self._holder(key, now)
            if holder is None or holder == owner:
                self._leases[key] = (owner, now + ttl)
                return owner
            return holder

    async def renew(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        now = time.monotonic()
        kept = []
        with self._lock:
            for key in keys:
                holder = self._holder(key, now)
                if holder is None or holder == owner:
                    self._leases[key] = (owner, now + ttl)
                kept.append(holder in (None, owner))
        return kept

    async def release(self, keys: Sequence[str], owner: str) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                if self._holder(key, now) == owner:
                    del self._leases[key]

    async def holders(self, keys: Sequence[str]) -> list[str | None]:
        now = time.monotonic()
        with self._lock:
            return [self._holder(key, now) for key in keys]
