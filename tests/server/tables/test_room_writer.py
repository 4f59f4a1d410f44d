"""The writer: a table's commands run one after another, in the order they came, each error
goes back to its own caller, and a closed table refuses whatever is still queued."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from pegboard.server.tables.errors import TableClosed
from pegboard.server.tables.writer import Writer


def test_commands_run_one_after_another_in_the_order_they_came() -> None:
    steps: list[str] = []

    def command(name: str, pauses: int) -> Callable[[], Awaitable[str]]:
        async def run() -> str:
            steps.append(f"{name} starts")
            for _ in range(pauses):  # other tasks run meanwhile, but no other command
                await asyncio.sleep(0)
            steps.append(f"{name} ends")
            return name

        return run

    async def main() -> list[str]:
        writer = Writer()
        writer.start()
        results = await asyncio.gather(
            writer.call(command("first", 5)),
            writer.call(command("second", 0)),
            writer.call(command("third", 2)),
        )
        await writer.stop()
        return list(results)

    assert asyncio.run(main()) == ["first", "second", "third"]
    assert steps == [
        "first starts",
        "first ends",
        "second starts",
        "second ends",
        "third starts",
        "third ends",
    ]


def test_an_error_goes_to_its_caller_and_the_writer_goes_on() -> None:
    async def fails() -> None:
        raise ValueError("no such card")

    async def answers() -> int:
        return 42

    async def main() -> int:
        writer = Writer()
        writer.start()
        with pytest.raises(ValueError, match="no such card"):
            await writer.call(fails)
        answer = await writer.call(answers)
        await writer.stop()
        return answer

    assert asyncio.run(main()) == 42


def test_closing_in_a_command_refuses_the_commands_queued_behind_it() -> None:
    ran: list[str] = []

    async def main() -> list[BaseException | str]:
        writer = Writer()

        async def last() -> str:
            writer.close()
            ran.append("last")
            return "closed"

        async def too_late() -> str:
            ran.append("too late")
            return "ran"

        writer.start()
        results = await asyncio.gather(
            writer.call(last), writer.call(too_late), return_exceptions=True
        )
        with pytest.raises(TableClosed):
            await writer.call(too_late)
        await writer.stop()
        return list(results)

    results = asyncio.run(main())
    assert results[0] == "closed"
    assert isinstance(results[1], TableClosed)
    assert ran == ["last"]


def test_stopping_refuses_a_command_never_started() -> None:
    async def never() -> None:
        raise AssertionError("a stopped writer ran a command")

    async def main() -> list[BaseException | None]:
        writer = Writer()  # never started: nothing drains the inbox
        queued = asyncio.ensure_future(writer.call(never))
        await asyncio.sleep(0)
        await writer.stop()
        return list(await asyncio.gather(queued, return_exceptions=True))

    (answer,) = asyncio.run(main())
    assert isinstance(answer, TableClosed)
