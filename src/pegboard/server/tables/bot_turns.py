"""The bots' turns at a table: each thinks in a worker thread on a copy of its view, one bot
of the table at a time, and its move is checked and applied like a person's."""

from __future__ import annotations

import asyncio
import contextlib
import copy
from functools import partial
from typing import Any

from pegboard.bots import Bot, make
from pegboard.server.tables.watchers import Watchers
from pegboard.server.tables.writer import TableClosed


class BotTurns(Watchers):
    def _make_bot(self, name: str, seed: int) -> Bot:
        if self.settings.make_bot is not None:
            return self.settings.make_bot(name, seed)
        return make(name, seed=seed)

    def _schedule_bots(self) -> None:
        """A turn for every bot to act: each change asks again, and older turns stand down."""
        game = self.game
        if game is None or self.closed:
            return
        if self.row.status == "results":
            for seat in self.bots:
                self.rematch.add(seat)
            return
        for seat in game.to_act:
            if seat in self.bots:
                task = asyncio.ensure_future(self._bot_turn(seat, game.version, self.row.match))
                self._bot_tasks.add(task)
                task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, seat: int, version: int, match: int) -> None:
        """A bot's move: its view is copied in the writer, thought over in a worker thread (the
        event loop serves every other table meanwhile), then applied by the writer like a
        person's command made on ``version``."""
        await self.clock.sleep_until(self.clock.now() + self.settings.bot_delay)
        with contextlib.suppress(TableClosed):
            # One bot of this table at a time, in the order of their turns: a bot is asked only
            # about the latest version, as when bots thought in the writer, so the same seeds
            # make the same moves.
            async with self._thinking:
                asked = await self.call(partial(self._bot_question, seat, version, match))
                if asked is not None:
                    action = await self.pool.act(*asked)
                    await self.call(partial(self._bot_answer, seat, version, match, action))

    async def _bot_question(
        self, seat: int, version: int, match: int
    ) -> tuple[Bot, dict[str, Any]] | None:
        """The bot and a snapshot of its view, unless the game has moved on since ``version``
        (the change that moved it scheduled a newer turn)."""
        game = self.game
        if game is None or match != self.row.match or game.version != version:
            return None
        if seat not in game.to_act or game.outcome is not None:
            return None
        return self.bots[seat], copy.deepcopy(self.seat_view(seat))  # the thread's own copy

    async def _bot_answer(
        self, seat: int, version: int, match: int, action: dict[str, Any]
    ) -> None:
        """Apply a bot's action, made on ``version``, as a person's command would be. A stale
        one (the seat's choices changed meanwhile: a timeout, a leave) is dropped: the change
        that made it stale asked the bot again, about the game as it is now."""
        game = self.game
        if game is None or match != self.row.match or seat not in game.to_act:
            return
        if self._choices_since(seat) > version:
            return
        before = game.version
        game.apply(seat, action)
        await self._changed(before)
