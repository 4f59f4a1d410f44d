"""The clocks: each seat's deadline runs from when its own turn began, a pause point gets the
intermission, the results run from their start, and the timer rings the earliest alarm in the
writer, not a moment before its time."""

from __future__ import annotations

import asyncio

from room_parts import Pipeline

from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.server.clock import FakeClock
from pegboard.server.tables.clocks import Alarm, Clocks, turn_length
from pegboard.server.tables.settings import RoomSettings

SETTINGS = RoomSettings(intermission=30.0, results_pause=3.0)


def clocks_at(clock: FakeClock, alarms: list[Alarm] | None = None) -> Clocks:
    return Clocks(clock, SETTINGS, Pipeline(), lambda: list(alarms or []))


def test_another_seats_move_gives_nobody_more_time() -> None:
    clock = FakeClock(1000.0)
    clocks = clocks_at(clock)
    game = Game(get_spec("cribbage"), 2, 7, {"turn_time": 20})
    assert clocks.set_turns(game, {0: 1, 1: 1}) == 1020.0
    asyncio.run(clock.advance(5))
    game.apply(0, game.legal_actions(0)[0])
    # Seat 1's choices are the same as at version 1: its deadline stays.
    assert clocks.set_turns(game, {1: 1}) == 1020.0
    assert clocks.deadlines() == {1: 1020.0}
    # Had seat 1's turn begun anew (its choices changed), it would get a full turn from now.
    assert clocks.set_turns(game, {1: game.version}) == 1025.0


def test_a_pause_point_gets_the_intermission() -> None:
    game = Game(get_spec("cribbage"), 2, 7, {"turn_time": 20})
    assert turn_length(game, 0, SETTINGS) == 20.0
    for seat in (0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    ready = [s for s in range(2) if game.legal_actions(s) == [{"type": "ready"}]]
    for seat in ready:
        assert turn_length(game, seat, SETTINGS) == 30.0


def test_the_results_run_from_their_start() -> None:
    clock = FakeClock(1000.0)
    clocks = clocks_at(clock)
    assert clocks.set_results(waiting=True) == 1030.0
    asyncio.run(clock.advance(10))
    assert clocks.set_results(waiting=True) == 1030.0  # a later change: the same start
    assert clocks.set_results(waiting=False) == 1010.0  # all asked: the short pause is over
    clocks.results_again()
    assert clocks.set_results(waiting=True) == 1040.0  # started over, now
    assert clocks.deadlines() == {}


def test_the_timer_rings_the_earliest_alarm_in_the_writer_at_its_time() -> None:
    rang: list[str] = []
    pending: dict[str, Alarm] = {}

    def alarm(name: str, when: float) -> None:
        async def ring() -> None:  # like the room's alarms: ringing changes what is due
            rang.append(name)
            del pending[name]

        pending[name] = (when, ring)

    async def main() -> None:
        clock = FakeClock(1000.0)
        pipeline = Pipeline()
        clocks = Clocks(clock, SETTINGS, pipeline, lambda: list(pending.values()))
        alarm("grace", 1060.0)
        alarm("turn", 1010.0)
        pipeline.writer.start()
        clocks.start()
        await clock.advance(9)
        assert rang == []
        await clock.advance(1)
        assert rang == ["turn"]
        alarm("next turn", 1030.0)
        clocks.wake()  # a change: the timer looks again
        await clock.advance(20)
        assert rang == ["turn", "next turn"]
        await clock.advance(30)
        assert rang == ["turn", "next turn", "grace"]
        await clocks.stop()
        await pipeline.writer.stop()

    asyncio.run(main())
