"""A table's chat: what its seated players say, kept in the store, then told to everyone at the
table who may read it (docs/protocol.md, "Table chat").

Seated players read and write; people watching read only, and only at a table whose host lets
people watch. A message is persisted before anyone hears it, like every change of a table, and a
(re)connecting client gets the last ones in its ``welcome``.
"""

from __future__ import annotations

import logging
from typing import Any

from pegboard.server.http.limits import CHAT_BURST, CHAT_KEPT, CHAT_WINDOW
from pegboard.server.store import chat_log
from pegboard.server.tables.chat import ChatRate, chat_words, refused
from pegboard.server.tables.seats import Seats
from pegboard.server.tables.writer import Watcher

log = logging.getLogger(__name__)


class TableChat(Seats):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.said: list[dict[str, Any]] = []  # the last CHAT_KEPT messages, oldest first
        self.said_count = 0  # the number of the table's last message
        self._chat_rate = ChatRate()

    def restore_chat(self) -> None:
        """The chat so far, from the store (a restart, or another worker's table taken over)."""
        self.said = chat_log.said(self.store.engine, self.id, last=CHAT_KEPT)
        self.said_count = int(self.said[-1]["n"]) if self.said else 0

    def reads_chat(self, watcher: Watcher) -> bool:
        return watcher.slot is not None or self.row.watching

    def _welcome(self, watcher: Watcher, since: int) -> dict[str, Any]:
        message = super()._welcome(watcher, since)
        if self.reads_chat(watcher):
            message["chat"] = list(self.said)
        return message

    async def say(self, watcher: Watcher, text: str | None, phrase: str | None) -> None:
        """A seated player's message (free ``text`` or a quick ``phrase``): refused with error
        ``chat`` past its limits; else stored, then sent to everyone who reads the chat."""

        async def run() -> None:
            index = watcher.slot
            slot = self._slot(index)
            if index is None or slot is None:
                raise refused("people watching read the chat; only the players write in it")
            talk = self.game.table_talk if self.game is not None else "free"
            words, key = chat_words(self.row.chat, text, phrase, talk=talk)
            now = self.clock.now()
            if not self._chat_rate.allow(index, now):
                raise refused(f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds: wait")
            message = {
                "n": self.said_count + 1,
                "match": self.row.match,
                "slot": index,
                "name": slot.name,
                "player": slot.player,  # whom a reader's mutes hide (players.social)
                "text": words,
                "phrase": key,
                "at": now,
                "version": self.game.version if self.game is not None else 0,
            }
            try:
                chat_log.add(self.store.engine, self.id, message)
            except Exception:  # nobody has heard it: the sender may say it again
                log.exception("a chat message of table %s could not be stored", self.id)
                raise refused("the message could not be kept: say it again") from None
            self.said_count += 1
            self.said.append(message)
            del self.said[:-CHAT_KEPT]
            for reader in [w for w in self.watchers if self.reads_chat(w)]:
                await reader.send({"type": "chat", "message": message})

        await self.call(run)
