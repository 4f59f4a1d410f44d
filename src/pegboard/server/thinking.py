"""Where server bots think: a few worker threads, so that a slow move never stalls the event loop
(and with it every other table's sockets).

A bot is handed a snapshot of its seat's view and answers an action; the room's writer then
checks that action and applies it like a person's command. A room asks one bot at a time, so a
bot object is never used by two threads at once.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from pegboard.bots import Bot

WORKERS = 2  # bots are mostly pure Python: more threads than cores buy no speed under the GIL


class BotPool:
    def __init__(self, workers: int = WORKERS) -> None:
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pegboard-bot")

    async def act(self, bot: Bot, view: dict[str, Any]) -> dict[str, Any]:
        """``bot.act(view)`` in a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, bot.act, view)

    def close(self) -> None:
        """Drop the questions not yet started; a move already being thought over runs out."""
        self._executor.shutdown(wait=False, cancel_futures=True)
