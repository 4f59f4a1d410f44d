"""The server's work in flight (pegboard.server.in_flight): counted from when it is set going
until it is done, never zero while anything is pending, and a fake clock's advance returns
once all it set going has finished."""

from __future__ import annotations

import asyncio

from pegboard.server.clock import FakeClock
from pegboard.server.in_flight import Wakeup, counted, in_flight, rest_until
from pegboard.server.tables.errors import TableClosed
from pegboard.server.tables.writer import Writer


def test_a_command_is_in_flight_from_its_queueing_until_it_has_run() -> None:
    async def scenario() -> list[int]:
        seen: list[int] = []
        writer = Writer()

        async def command() -> None:
            await asyncio.sleep(0)
            seen.append(in_flight().count)

        call = asyncio.ensure_future(writer.call(command))
        await asyncio.sleep(0)  # queued; the writer is not even started
        seen.append(in_flight().count)
        writer.start()
        await in_flight().idle()
        assert call.done()
        seen.append(in_flight().count)
        await writer.stop()
        return seen

    assert asyncio.run(scenario()) == [1, 1, 0]


def test_a_refused_command_is_no_longer_in_flight() -> None:
    async def scenario() -> int:
        writer = Writer()

        async def never() -> None:
            raise AssertionError("never run")

        call = asyncio.ensure_future(writer.call(never))
        await asyncio.sleep(0)
        await writer.stop()  # never started: the queued command is refused
        await asyncio.gather(call, return_exceptions=True)
        assert isinstance(call.exception(), TableClosed)
        return in_flight().count

    assert asyncio.run(scenario()) == 0


def test_the_alarm_a_clock_advance_rings_is_done_when_the_advance_returns() -> None:
    """A task that sleeps on a Wakeup until t+10, then hands a chain of work on through
    several steps of the loop: the advance returns after all of it, not before."""

    async def scenario() -> list[str]:
        clock = FakeClock(0.0)
        wakeup = Wakeup(clock)
        done: list[str] = []

        async def chain(left: int) -> None:
            await asyncio.sleep(0)
            if left:
                counted(asyncio.ensure_future(chain(left - 1)))
            else:
                done.append("chain")

        async def worker() -> None:
            while True:
                await wakeup.sleep(clock.now() + 10)
                counted(asyncio.ensure_future(chain(30)))
                await asyncio.to_thread(lambda: None)  # a pass that waits on a thread
                done.append(f"pass at {clock.now():.0f}")

        task = asyncio.create_task(worker())
        wakeup.awake()
        await in_flight().idle()  # asleep until 10
        await clock.advance(5)
        assert done == []
        await clock.advance(5)
        assert sorted(done) == ["chain", "pass at 10"]
        wakeup.ring()  # a ring wakes it at once, and counts as work until it sleeps again
        assert in_flight().count == 1
        await in_flight().idle()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        wakeup.stopped()
        assert in_flight().count == 0
        return done

    assert sorted(asyncio.run(scenario())) == ["chain", "chain", "pass at 10", "pass at 10"]


def test_work_that_waits_for_the_clock_is_put_down_until_its_time() -> None:
    async def scenario() -> list[str]:
        clock = FakeClock(0.0)
        done: list[str] = []

        async def delayed() -> None:
            await rest_until(clock, clock.now() + 3)
            await asyncio.to_thread(lambda: None)
            done.append("moved")

        counted(asyncio.ensure_future(delayed()))
        await in_flight().idle()  # waiting for the clock: not in flight
        assert done == []
        await clock.advance(3)
        assert done == ["moved"]

        stopped = asyncio.ensure_future(delayed())
        counted(stopped)
        await in_flight().idle()
        stopped.cancel()  # cancelled while it waits: its work is handed back, then done
        await asyncio.gather(stopped, return_exceptions=True)
        assert in_flight().count == 0
        return done

    assert asyncio.run(scenario()) == ["moved"]
