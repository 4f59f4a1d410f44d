"""The bots' turns at a table: each thinks in a worker thread on a copy of its view, one bot
of the table at a time, and its move goes through the room's pipeline like a person's."""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import Callable, Iterable
from functools import partial

from pegboard.bots import Bot
from pegboard.core.game import Game
from pegboard.core.wire import Action, BotView
from pegboard.server.clock import Clock
from pegboard.server.in_flight import counted, rest_until
from pegboard.server.tables.errors import StaleCommand, TableClosed
from pegboard.server.tables.pipeline import STOPPED, Pipeline
from pegboard.server.tables.thinking import BotPool


class BotTurns:
    """The bots of the match in play (by seat), and their turns under way."""

    def __init__(
        self,
        pipeline: Pipeline,
        pool: BotPool,
        clock: Clock,
        delay: float,
        make_bot: Callable[[str, int], Bot],
        view: Callable[[Game, int], BotView] | None = None,
    ) -> None:
        self._pipeline = pipeline
        self._pool = pool
        self._clock = clock
        self._delay = delay  # seconds a bot waits before acting, so people can follow
        self._make_bot = make_bot
        # What a bot sees of its seat: the game's view, unless the room adds to it (the match).
        self._view = view if view is not None else (lambda game, seat: game.view(seat))
        self.bots: dict[int, Bot] = {}
        self._game: Game | None = None  # the match's game the bots play
        self._tasks: set[asyncio.Future[None]] = set()
        self._thinking = asyncio.Lock()  # one bot of this table thinks at a time

    def seat(self, game: Game, bots: dict[int, tuple[str, int]]) -> None:
        """A new match's game, and its bots: by seat, each one's name and seed."""
        self._game = game
        self.bots = {seat: self._make_bot(name, seed) for seat, (name, seed) in bots.items()}

    def schedule(self, to_act: Iterable[int], version: int) -> None:
        """A turn for every bot to act on ``version``: each change asks again, and older turns
        stand down."""
        for seat in to_act:
            if seat in self.bots:
                task = asyncio.ensure_future(self._turn(seat, self._game, version))
                counted(task)  # in flight from now, but for its wait for the clock
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Stop every turn under way, and let the room go (:data:`STOPPED`)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._pipeline = STOPPED

    async def _turn(self, seat: int, game: Game | None, version: int) -> None:
        """A bot's move: its view is copied in the writer, thought over in a worker thread (the
        event loop serves every other table meanwhile), then played through the writer like a
        person's command made on ``version``."""
        await rest_until(self._clock, self._clock.now() + self._delay)
        with contextlib.suppress(TableClosed):
            # One bot of this table at a time, in the order of their turns: a bot is asked only
            # about the latest version, as when bots thought in the writer, so the same seeds
            # make the same moves.
            async with self._thinking:
                asked = await self._pipeline.call(partial(self._question, seat, game, version))
                if asked is not None:
                    action = await self._pool.act(*asked)
                    await self._pipeline.call(partial(self._answer, seat, game, version, action))

    async def _question(
        self, seat: int, game: Game | None, version: int
    ) -> tuple[Bot, BotView] | None:
        """The bot and a snapshot of its view, unless the game has moved on since ``version``
        (the change that moved it scheduled a newer turn)."""
        if game is None or game is not self._game or game.version != version:
            return None
        if seat not in game.to_act or game.outcome is not None:
            return None
        return self.bots[seat], copy.deepcopy(self._view(game, seat))  # the thread's own copy

    async def _answer(self, seat: int, game: Game | None, version: int, action: Action) -> None:
        """Play a bot's action, made on ``version``. A stale one (the seat's choices changed
        meanwhile: a timeout, a leave) is dropped: the change that made it stale asked the bot
        again, about the game as it is now."""
        if game is None or game is not self._game or seat not in game.to_act:
            return
        with contextlib.suppress(StaleCommand):
            await self._pipeline.play(seat, action, version)
