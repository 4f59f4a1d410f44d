"""A table's chat: what its seated players say, kept in the store, and the last messages that a
(re)connecting client gets in its ``welcome`` (docs/protocol.md, "Table chat").

Seated players read and write; people watching read only, and only at a table whose host lets
people watch. A message is persisted before anyone hears it, like every change of a table and in
the same group of writes (off the event loop over the network).
"""

from __future__ import annotations

import logging
from typing import Any

from pegboard.server.http.limits import CHAT_BURST, CHAT_KEPT, CHAT_WINDOW
from pegboard.server.store import chat_log
from pegboard.server.store.sql_store import Said, Store
from pegboard.server.tables.chat import ChatRate, chat_words, refused

log = logging.getLogger(__name__)


def reads_chat(slot: int | None, watching: bool) -> bool:
    """Who reads a table's chat: its players, and people watching where the host lets them."""
    return slot is not None or watching


class TableChat:
    """The last CHAT_KEPT messages of one table (oldest first), its message count, and each
    slot's rate."""

    def __init__(self, store: Store, table_id: str) -> None:
        self._store = store
        self._table = table_id
        self.said: list[dict[str, Any]] = []
        self.said_count = 0  # the number of the table's last message
        self._rate = ChatRate()

    def restore(self) -> None:
        """The chat so far, from the store (a restart, or another worker's table taken over)."""
        self.said = chat_log.said(self._store.engine, self._table, last=CHAT_KEPT)
        self.said_count = int(self.said[-1]["n"]) if self.said else 0

    async def say(
        self,
        slot: int,
        name: str,
        player: str | None,
        mode: str,
        text: str | None,
        phrase: str | None,
        *,
        match: int,
        now: float,
        version: int,
        talk: str = "free",
    ) -> dict[str, Any]:
        """Slot ``slot``'s message, by ``name`` (``player``: the signed-in person, whom a
        reader's mutes hide: players.social), free ``text`` or a quick ``phrase`` as the table's
        chat ``mode`` and the game's ``talk`` now allow, said ``now`` in ``match`` at the game's
        ``version``: stored, then kept; refused with error ``chat`` past its limits."""
        words, key = chat_words(mode, text, phrase, talk=talk)
        if not self._rate.allow(slot, now):
            raise refused(f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds: wait")
        message = {
            "n": self.said_count + 1,
            "match": match,
            "slot": slot,
            "name": name,
            "player": player,  # whom a reader's mutes hide (players.social)
            "text": words,
            "phrase": key,
            "at": now,
            "version": version,
        }
        try:
            await self._store.write_said(Said(self._table, message))
        except Exception:  # nobody has heard it: the sender may say it again
            log.exception("a chat message of table %s could not be stored", self._table)
            raise refused("the message could not be kept: say it again") from None
        self.said_count += 1
        self.said.append(message)
        del self.said[:-CHAT_KEPT]
        return message
