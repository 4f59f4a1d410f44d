"""The Bus port, the same tests for both implementations: in memory, and on a real redis-server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from pegboard.server.workers.bus import Bus, MemoryBus
from pegboard.server.workers.redis_bus import RedisBus

Scenario = Callable[[Bus], Awaitable[None]]


@pytest.fixture(params=["memory", "redis"])
def run(request: pytest.FixtureRequest) -> Callable[[Scenario], None]:
    """Runs a scenario against a started bus of each kind, in a fresh event loop."""

    def make() -> Bus:
        if request.param == "memory":
            return MemoryBus(shared=True)
        return RedisBus(request.getfixturevalue("redis_url"))

    def running(scenario: Scenario) -> None:
        async def go() -> None:
            bus = make()
            await bus.start()
            try:
                await asyncio.wait_for(scenario(bus), 20)
            finally:
                await bus.close()

        asyncio.run(go())

    return running


async def until(condition: Callable[[], bool], what: str, timeout: float = 5) -> None:
    """Let the loop run until ``condition()`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


def test_messages_arrive_in_order_on_their_channel_only(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        first: list[dict[str, Any]] = []
        second: list[dict[str, Any]] = []
        other: list[dict[str, Any]] = []
        await bus.subscribe("t:a", first.append)
        await bus.subscribe("t:a", second.append)
        await bus.subscribe("t:b", other.append)
        sent = [{"n": i, "view": {"hand": ["5H", "JD"], "seat": None}} for i in range(200)]
        for message in sent:
            await bus.publish("t:a", message)
        await until(lambda: len(first) == len(second) == len(sent), "every message")
        assert first == sent and second == sent, "in order, as JSON round-trips them"
        assert other == []

    run(scenario)


def test_what_cannot_travel_fails_at_the_sender(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        with pytest.raises(TypeError):
            await bus.publish("t:a", {"cards": {"5H"}})  # a set is not JSON

    run(scenario)


def test_an_unsubscribed_handler_hears_no_more(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        gone: list[dict[str, Any]] = []
        stays: list[dict[str, Any]] = []
        unsubscribe = await bus.subscribe("t:a", gone.append)
        await bus.subscribe("t:a", stays.append)
        await bus.publish("t:a", {"n": 1})
        await until(lambda: len(gone) == len(stays) == 1, "the first message")
        await unsubscribe()
        await bus.publish("t:a", {"n": 2})
        await until(lambda: len(stays) == 2, "the second message")
        assert gone == [{"n": 1}]

    run(scenario)


def test_a_failing_handler_does_not_stop_the_channel(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        heard: list[dict[str, Any]] = []

        def fussy(message: dict[str, Any]) -> None:
            if message["n"] == 1:
                raise ValueError("not that one")
            heard.append(message)

        await bus.subscribe("t:a", fussy)
        for n in range(3):
            await bus.publish("t:a", {"n": n})
        await until(lambda: len(heard) == 2, "the messages after the failure")
        assert heard == [{"n": 0}, {"n": 2}]

    run(scenario)


def test_a_lease_has_one_holder_until_released(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        assert await bus.claim("k:1", "ann", 30) == "ann"
        assert await bus.claim("k:1", "bob", 30) == "ann", "held: Bob is told who holds it"
        assert await bus.claim("k:1", "ann", 30) == "ann", "the holder may claim it again"
        assert await bus.renew(["k:1", "k:2"], "bob", 30) == [False, True], "k:2 was free"
        assert await bus.holders(["k:1", "k:2", "k:3"]) == ["ann", "bob", None]
        await bus.release(["k:1"], "bob")  # not Bob's to release
        assert await bus.holders(["k:1"]) == ["ann"]
        await bus.release(["k:1"], "ann")
        assert await bus.holders(["k:1"]) == [None]
        assert await bus.claim("k:1", "bob", 30) == "bob"
        assert await bus.renew([], "bob", 30) == []
        assert await bus.holders([]) == []

    run(scenario)


def test_a_lease_runs_out_unless_renewed(run: Callable[[Scenario], None]) -> None:
    async def scenario(bus: Bus) -> None:
        assert await bus.claim("k:short", "ann", 0.3) == "ann"
        assert await bus.claim("k:long", "ann", 0.3) == "ann"
        assert await bus.renew(["k:long"], "ann", 30) == [True]
        holder: list[str | None] = ["ann"]

        async def look() -> None:
            holder[:] = await bus.holders(["k:short"])

        deadline = time.monotonic() + 5
        while holder[0] is not None:
            assert time.monotonic() < deadline, "the lease never ran out"
            await look()
            await asyncio.sleep(0.02)
        assert await bus.claim("k:short", "bob", 30) == "bob", "free for the next one"
        assert await bus.holders(["k:long"]) == ["ann"], "renewed: still Ann's"

    run(scenario)


def test_posted_messages_keep_their_place_among_published_ones(
    run: Callable[[Scenario], None],
) -> None:
    async def scenario(bus: Bus) -> None:
        heard: list[dict[str, Any]] = []
        await bus.subscribe("t:a", heard.append)
        for n in range(60):
            if n % 3 == 2:
                await bus.publish("t:a", {"n": n})
            else:
                bus.post("t:a", {"n": n, "seats": {0: "Ann", 1: None}})
        await until(lambda: len(heard) == 60, "every message")
        assert [m["n"] for m in heard] == list(range(60))
        assert heard[0]["seats"] == {"0": "Ann", "1": None}, "keys as JSON writes them"
        with pytest.raises(TypeError):
            bus.post("t:a", {"cards": {"5H"}})  # not JSON: fails at the sender, nothing sent

    run(scenario)


def test_workers_of_the_previous_version_understand_the_bus(redis_url: str) -> None:
    """The text on Redis is plain JSON both ways: the previous version wrote it with
    ``json.dumps`` and read it with ``json.loads``, so during a rolling upgrade an old worker
    and a new one still read each other's messages."""
    from redis.asyncio import Redis

    message = {"kind": "out", "conn": "c1", "message": {"type": "update", "hand": ["5H"]}}

    async def go() -> None:
        bus = RedisBus(redis_url)
        await bus.start()
        old = Redis.from_url(redis_url, decode_responses=True)
        listening = old.pubsub(ignore_subscribe_messages=True)
        try:
            heard: list[dict[str, Any]] = []
            await bus.subscribe("t:new", heard.append)
            await listening.subscribe("t:old")
            await old.publish("t:new", json.dumps(message))  # as an old worker sends
            bus.post("t:old", message)
            await until(lambda: heard == [message], "the old worker's message")
            got = None
            while got is None:
                got = await listening.get_message(timeout=1.0)
            assert json.loads(got["data"]) == message, "read as an old worker reads"
        finally:
            await listening.aclose()  # type: ignore[no-untyped-call]
            await old.aclose()
            await bus.close()

    asyncio.run(asyncio.wait_for(go(), 20))
