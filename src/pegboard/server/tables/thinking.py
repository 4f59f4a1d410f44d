"""Where server bots think: a few worker threads, so that a slow move never stalls the event loop
(and with it every other table's sockets).

A bot is handed a snapshot of its seat's view and answers an action; the room's writer then
checks that action and applies it like a person's command. A room asks one bot at a time, so a
bot object is never used by two threads at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from pegboard.bots import Bot
from pegboard.core.wire import Action, BotView
from pegboard.server.metrics import BOT_THINK_SECONDS

WORKERS = 2  # bots are mostly pure Python: more threads than cores buy no speed under the GIL


BACKGROUND_NICE = 10  # how much lower the bots-only process runs than the server


class BotPool:
    def __init__(self, workers: int = WORKERS) -> None:
        self._executor: Executor = ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="pegboard-bot"
        )

    async def act(self, bot: Bot, view: BotView) -> Action:
        """``bot.act(view)`` in a worker thread."""
        loop = asyncio.get_running_loop()
        with BOT_THINK_SECONDS.time():
            return await loop.run_in_executor(self._executor, bot.act, view)

    def close(self) -> None:
        """Drop the questions not yet started; a move already being thought over runs out."""
        self._executor.shutdown(wait=False, cancel_futures=True)


def _background() -> None:
    """A bots-only worker process gives way to the server on a busy machine."""
    with contextlib.suppress(OSError):
        os.nice(BACKGROUND_NICE)


def _think(bot: Bot, view: BotView) -> tuple[Action, Bot]:
    """In the worker process: the action, and the bot as thinking left it (its generator)."""
    return bot.act(view), bot


class BotProcesses(BotPool):
    """The bots of tables without people think in worker processes of their own, at a lower
    priority: however many such tables there are, they never hold the server's interpreter
    lock nor its core, so people's tables and their bots go on at their pace. A bot travels to
    the process and back with its state, so it moves exactly as it would have here."""

    def __init__(self, workers: int) -> None:
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_background,
        )

    async def act(self, bot: Bot, view: BotView) -> Action:
        loop = asyncio.get_running_loop()
        with BOT_THINK_SECONDS.time():
            action, moved = await loop.run_in_executor(self._executor, _think, bot, view)
        vars(bot).update(vars(moved))  # the same bot object, its state moved on
        return action
