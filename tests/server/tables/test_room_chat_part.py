"""A table's chat part: each message numbered, stored before anyone hears it, kept to the last
few, limited per slot, and read back from the store after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from room_parts import stored_table, table_row

from pegboard.server.http.limits import CHAT_BURST, CHAT_KEPT
from pegboard.server.http.protocol import ProtocolError
from pegboard.server.store.chat_log import said
from pegboard.server.tables.room_chat import TableChat, reads_chat


def test_messages_are_numbered_stored_and_read_back(tmp_path: Path) -> None:
    store = stored_table(tmp_path, table_row())
    chat = TableChat(store, "t1")

    async def say_two() -> tuple[dict[str, Any], dict[str, Any]]:
        ann = await chat.say(0, "Ann", "p-ann", "on", "good luck", None, match=0, now=10, version=3)
        bob = await chat.say(1, "Bob", None, "on", None, "good-luck", match=0, now=11, version=3)
        return ann, bob

    first, second = asyncio.run(say_two())
    assert (first["n"], first["name"], first["text"]) == (1, "Ann", "good luck")
    assert (first["player"], second["player"]) == ("p-ann", None)  # whom mutes hide
    assert second["n"] == 2 and second["phrase"] == "good-luck"
    again = TableChat(store, "t1")
    again.restore()
    assert again.said == [first, second]
    assert again.said_count == 2


def test_a_slot_past_its_burst_is_refused_and_nothing_is_kept(tmp_path: Path) -> None:
    store = stored_table(tmp_path, table_row())
    chat = TableChat(store, "t1")

    async def talk() -> None:
        for i in range(CHAT_BURST):
            await chat.say(0, "Ann", None, "on", f"line {i}", None, match=0, now=10.0, version=1)
        with pytest.raises(ProtocolError, match="at most"):
            await chat.say(0, "Ann", None, "on", "one more", None, match=0, now=10.0, version=1)
        await chat.say(1, "Bob", None, "on", "my turn", None, match=0, now=10.0, version=1)

    asyncio.run(talk())
    assert chat.said_count == CHAT_BURST + 1
    stored = [m["text"] for m in said(store.engine, "t1")]
    assert stored[-2:] == [f"line {CHAT_BURST - 1}", "my turn"]


def test_a_message_the_store_refuses_is_neither_kept_nor_counted(tmp_path: Path) -> None:
    store = stored_table(tmp_path, table_row())
    chat, rival = TableChat(store, "t1"), TableChat(store, "t1")  # two writers of one table

    async def talk() -> None:
        await rival.say(1, "Bob", None, "on", "first", None, match=0, now=1.0, version=0)
        with pytest.raises(ProtocolError, match="say it again"):
            await chat.say(0, "Ann", None, "on", "also first", None, match=0, now=1.0, version=0)

    asyncio.run(talk())
    assert (chat.said, chat.said_count) == ([], 0)
    assert [m["text"] for m in said(store.engine, "t1")] == ["first"]


def test_only_the_last_messages_are_kept_in_memory(tmp_path: Path) -> None:
    chat = TableChat(stored_table(tmp_path, table_row(players=4)), "t1")

    async def talk() -> None:
        for i in range(CHAT_KEPT + 3):
            await chat.say(
                i % 4, "P", None, "on", f"line {i}", None, match=0, now=1000.0 * i, version=1
            )

    asyncio.run(talk())
    assert len(chat.said) == CHAT_KEPT
    assert chat.said[-1]["n"] == CHAT_KEPT + 3


def test_phrases_only_tables_refuse_free_text(tmp_path: Path) -> None:
    chat = TableChat(stored_table(tmp_path, table_row()), "t1")
    with pytest.raises(ProtocolError):
        asyncio.run(
            chat.say(0, "Ann", None, "phrases", "hello there", None, match=0, now=1.0, version=0)
        )
    assert chat.said == []


def test_players_read_the_chat_and_watchers_only_where_the_host_lets_them_watch() -> None:
    assert reads_chat(0, watching=False)
    assert reads_chat(None, watching=True)
    assert not reads_chat(None, watching=False)
