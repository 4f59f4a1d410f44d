"""A table's chat part: each message numbered, stored before anyone hears it, kept to the last
few, limited per slot, and read back from the store after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from room_parts import stored_table, table_row

from pegboard.server.http.limits import CHAT_BURST, CHAT_KEPT
from pegboard.server.http.protocol import ProtocolError
from pegboard.server.tables.room_chat import TableChat, reads_chat


def test_messages_are_numbered_stored_and_read_back(tmp_path: Path) -> None:
    store = stored_table(tmp_path, table_row())
    chat = TableChat(store, "t1")
    first = chat.say(0, "Ann", "p-ann", "on", "good luck", None, match=0, now=10.0, version=3)
    second = chat.say(1, "Bob", None, "on", None, "good-luck", match=0, now=11.0, version=3)
    assert (first["n"], first["name"], first["text"]) == (1, "Ann", "good luck")
    assert (first["player"], second["player"]) == ("p-ann", None)  # whom mutes hide
    assert second["n"] == 2 and second["phrase"] == "good-luck"
    again = TableChat(store, "t1")
    again.restore()
    assert again.said == [first, second]
    assert again.said_count == 2


def test_a_slot_past_its_burst_is_refused_and_nothing_is_kept(tmp_path: Path) -> None:
    chat = TableChat(stored_table(tmp_path, table_row()), "t1")
    for i in range(CHAT_BURST):
        chat.say(0, "Ann", None, "on", f"line {i}", None, match=0, now=10.0, version=1)
    with pytest.raises(ProtocolError, match="at most"):
        chat.say(0, "Ann", None, "on", "one more", None, match=0, now=10.0, version=1)
    chat.say(1, "Bob", None, "on", "my turn", None, match=0, now=10.0, version=1)  # another slot
    assert chat.said_count == CHAT_BURST + 1


def test_only_the_last_messages_are_kept_in_memory(tmp_path: Path) -> None:
    chat = TableChat(stored_table(tmp_path, table_row(players=4)), "t1")
    for i in range(CHAT_KEPT + 3):
        chat.say(i % 4, "P", None, "on", f"line {i}", None, match=0, now=1000.0 * i, version=1)
    assert len(chat.said) == CHAT_KEPT
    assert chat.said[-1]["n"] == CHAT_KEPT + 3


def test_phrases_only_tables_refuse_free_text(tmp_path: Path) -> None:
    chat = TableChat(stored_table(tmp_path, table_row()), "t1")
    with pytest.raises(ProtocolError):
        chat.say(0, "Ann", None, "phrases", "hello there", None, match=0, now=1.0, version=0)
    assert chat.said == []


def test_players_read_the_chat_and_watchers_only_where_the_host_lets_them_watch() -> None:
    assert reads_chat(0, watching=False)
    assert reads_chat(None, watching=True)
    assert not reads_chat(None, watching=False)
