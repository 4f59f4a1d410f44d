"""Bot turns: after its delay, a bot is asked about a copy of its view as the writer has it,
thinks in a worker thread, and its move is played through the room's pipeline on the version it
was asked about; a turn the game has moved past asks nothing, and a stale answer is dropped. A
bot sees what the room's view of its seat adds (the match it plays for)."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from room_parts import Pipeline

from pegboard.bots import Bot
from pegboard.bots.base import View
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import cribbage_view
from pegboard.server.clock import FakeClock
from pegboard.server.tables.bot_turns import BotTurns
from pegboard.server.tables.thinking import BotPool

DELAY = 0.6


class FirstChoice:
    """A bot that plays its first legal action and remembers the views it was shown."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.views: list[View] = []

    def act(self, view: View) -> dict[str, Any]:
        self.views.append(view)
        return dict(view["legal"][0])


def make_bot(name: str, seed: int) -> Bot:
    assert name == "first"
    return FirstChoice(seed)


async def settle(turns: BotTurns) -> None:
    """Let every bot turn under way finish (its thread, and its answer through the writer)."""
    while turns._tasks:
        await asyncio.gather(*list(turns._tasks))


def with_match(game: Game, seat: int) -> View:
    """A room's view of a bot's seat: the game's, and the match it plays for."""
    match = {"side": seat}  # only what the test reads of a match
    return cast(View, {**game.view(seat), "match": match})


def run_turns(
    stale: bool = False, move_first: bool = False, view: Any = None
) -> tuple[Pipeline, FirstChoice, Game]:
    async def main() -> tuple[Pipeline, FirstChoice, Game]:
        clock, pipeline, pool = FakeClock(), Pipeline(), BotPool(1)
        if stale:
            pipeline.stale.add(1)
        turns = BotTurns(pipeline, pool, clock, DELAY, make_bot, view)
        game = Game(get_spec("cribbage"), 2, 7, {})  # both seats discard; seat 1 is a bot
        turns.seat(game, {1: ("first", 99)})
        pipeline.writer.start()
        turns.schedule(game.to_act, game.version)
        await clock.advance(DELAY / 2)
        bot = turns.bots[1]
        assert isinstance(bot, FirstChoice)
        assert bot.views == []  # not before its delay
        if move_first:  # the person discards meanwhile: the turn asked about is gone
            game.apply(0, game.legal_actions(0)[0])
        await clock.advance(DELAY)
        await settle(turns)
        await pipeline.writer.stop()
        pool.close()
        return pipeline, bot, game

    return asyncio.run(main())


def test_a_bot_plays_its_move_through_the_pipeline_on_the_version_it_saw() -> None:
    pipeline, bot, game = run_turns()
    assert bot.seed == 99
    assert len(bot.views) == 1
    assert bot.views[0] == cribbage_view(game.view(1))
    assert bot.views[0] is not cribbage_view(game.view(1))
    assert pipeline.played == [(1, game.legal_actions(1)[0], game.version)]


def test_a_bot_sees_the_view_the_room_gives_its_seat() -> None:
    pipeline, bot, game = run_turns(view=with_match)
    assert bot.views == [with_match(game, 1)]
    assert pipeline.played == [(1, game.legal_actions(1)[0], game.version)]


def test_a_turn_the_game_moved_past_asks_nothing() -> None:
    pipeline, bot, _ = run_turns(move_first=True)
    assert bot.views == []
    assert pipeline.played == []


def test_a_stale_answer_is_dropped_quietly() -> None:
    pipeline, bot, _ = run_turns(stale=True)
    assert len(bot.views) == 1
    assert pipeline.played == []


def test_only_bot_seats_get_turns() -> None:
    async def main() -> int:
        turns = BotTurns(Pipeline(), BotPool(1), FakeClock(), DELAY, make_bot)
        game = Game(get_spec("cribbage"), 2, 7, {})
        turns.seat(game, {})
        turns.schedule(game.to_act, game.version)
        return len(turns._tasks)

    assert asyncio.run(main()) == 0
