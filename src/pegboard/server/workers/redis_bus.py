"""The ``Bus`` on Redis, for several workers (``pegboard serve --redis redis://…``).

Channels are Redis pub/sub channels; a lease is a key holding its owner's name with an expiry,
taken and extended by small Lua scripts so that checking the holder and setting the key are one
step (SET NX alone cannot extend one's own lease without a race). What is published while a
publication is under way goes next, together, in one pipeline: one connection taken from the
pool and one round trip for many messages (a command each cost more than the message itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from pegboard.server.workers.bus import Handler, Unsubscribe, from_text, to_text

log = logging.getLogger(__name__)

CLAIM = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
return holder
"""

RENEW = """
local kept = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if not holder or holder == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    kept[i] = 1
  else
    kept[i] = 0
  end
end
return kept
"""

RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


POSTED_LIMIT = 10_000  # messages posted and not yet sent: past it Redis is not keeping up


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


class RedisBus:
    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._client: Redis | None = None
        self._pubsub: PubSub | None = None
        self._handlers: dict[str, list[Handler]] = {}
        self._reader: asyncio.Task[None] | None = None
        # Messages waiting for the publisher (channel, JSON, the sender's future or None for a
        # message posted), in order.
        self._outgoing: list[tuple[str, str, asyncio.Future[None] | None]] = []
        self._publisher: asyncio.Task[None] | None = None

    @property
    def client(self) -> Redis:
        if self._client is None:
            raise RuntimeError("the Redis bus is not started")
        return self._client

    async def start(self) -> None:
        self._client = Redis.from_url(self.url, decode_responses=True)
        try:
            await self._client.ping()  # a wrong URL fails at start, where the operator sees it
        except (RedisConnectionError, RedisTimeoutError) as error:
            raise RuntimeError(f"cannot reach Redis at {self.url}: {error}") from None
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)

    async def close(self) -> None:
        if self._publisher is not None:  # what was handed over goes out first
            with contextlib.suppress(Exception):
                await self._publisher
            self._publisher = None
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
            self._pubsub = None
        if self._client is not None:
            await self._client.aclose()
            self._client = None
        self._handlers.clear()

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue(channel, to_text(message), sent)
        await sent

    def post(self, channel: str, message: dict[str, Any]) -> None:
        if len(self._outgoing) >= POSTED_LIMIT:
            log.warning("the Redis bus is not keeping up: a message to %s was dropped", channel)
            return
        self._queue(channel, to_text(message), None)

    def _queue(self, channel: str, text: str, sent: asyncio.Future[None] | None) -> None:
        self._outgoing.append((channel, text, sent))
        if self._publisher is None or self._publisher.done():
            self._publisher = asyncio.create_task(self._publish_waiting())

    async def _publish_waiting(self) -> None:
        """Publish what is waiting, in order, one pipeline a round; until nothing waits."""
        while self._outgoing:
            batch, self._outgoing = self._outgoing, []
            try:
                if len(batch) == 1:
                    await self.client.publish(batch[0][0], batch[0][1])
                else:
                    async with self.client.pipeline(transaction=False) as pipe:
                        for channel, text, _ in batch:
                            pipe.publish(channel, text)
                        await pipe.execute()
            except Exception as error:  # the bus is down: each sender hears it
                posted = sum(sent is None for _, _, sent in batch)
                if posted:
                    log.warning("the Redis bus is down: %d posted messages lost: %s", posted, error)
                for _, _, sent in batch:
                    if sent is not None and not sent.done():
                        sent.set_exception(error)
            else:
                for _, _, sent in batch:
                    if sent is not None and not sent.done():
                        sent.set_result(None)

    async def subscribe(self, channel: str, handler: Handler) -> Unsubscribe:
        assert self._pubsub is not None, "the Redis bus is not started"
        pubsub = self._pubsub
        handlers = self._handlers.setdefault(channel, [])
        handlers.append(handler)
        if len(handlers) == 1:
            await pubsub.subscribe(channel)
        if self._reader is None:
            self._reader = asyncio.create_task(self._read(pubsub))

        async def unsubscribe() -> None:
            if handler in handlers:
                handlers.remove(handler)
            if not handlers and self._pubsub is pubsub:
                self._handlers.pop(channel, None)
                with contextlib.suppress(Exception):
                    await pubsub.unsubscribe(channel)

        return unsubscribe

    async def _read(self, pubsub: PubSub) -> None:
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except (RedisConnectionError, RedisTimeoutError):
                # redis-py reconnects and subscribes again; what was published meanwhile is lost
                # (pub/sub is at most once): relayed sockets notice and reconnect.
                log.warning("the Redis bus lost its connection; reconnecting")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = str(message["channel"])
            try:
                data = from_text(message["data"])
            except (TypeError, ValueError):
                log.warning("a message on %s is not JSON; dropped", channel)
                continue
            for handler in list(self._handlers.get(channel, ())):
                try:
                    handler(data)
                except Exception:  # one bad message must not stop the channel
                    log.exception("a bus handler failed on %s", channel)

    async def claim(self, key: str, owner: str, ttl: float) -> str:
        holder = await self.client.eval(CLAIM, 1, key, owner, _ms(ttl))
        return str(holder)

    async def renew(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        if not keys:
            return []
        kept = await self.client.eval(RENEW, len(keys), *keys, owner, _ms(ttl))
        return [bool(k) for k in kept]

    async def release(self, keys: Sequence[str], owner: str) -> None:
        if keys:
            await self.client.eval(RELEASE, len(keys), *keys, owner)

    async def holders(self, keys: Sequence[str]) -> list[str | None]:
        if not keys:
            return []
        found = await self.client.mget(list(keys))
        return [None if h is None else str(h) for h in found]
