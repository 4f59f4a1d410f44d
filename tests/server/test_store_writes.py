"""On PostgreSQL the tables' changes are written by one thread of the store, in groups
(``Store.write_change``, ``pegboard.server.store.group_writes``): while the database takes its
time over one group, the event loop goes on serving, and every change handed over meanwhile goes
into the next group, one transaction. A table waits for its own write (its next command runs only
after it), nobody hears of a change before it is stored, a restart finds every action that was
acknowledged, and a change the database refuses fails alone: the others of its group are
stored and acknowledged. On SQLite the same groups are written on the event loop, once a turn
of it (the last test, on both stores)."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Iterator, Sequence

import pytest
from conftest import a_new_database
from harness import Client, Server
from sqlalchemy import create_engine, select, text
from sqlalchemy.exc import IntegrityError

from pegboard.server.store.schema import actions_table
from pegboard.server.store.sql_store import Change, Store, TableRow, Write

HELD = 10.0  # seconds a held write waits at most (a failing test must still end)


@pytest.fixture
def postgres_url(session_postgres: str) -> Iterator[str]:
    name = f"test_{secrets.token_hex(6)}"
    yield a_new_database(session_postgres, name)
    engine = create_engine(session_postgres, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    engine.dispose()


class Groups:
    """Each group of changes the store writes from now on (the tables in it), and a hold: a
    group with one of ``held``'s changes waits for ``release`` before it is written."""

    def __init__(self, store: Store, held: str) -> None:
        self.tables: list[list[str]] = []
        self.begun = threading.Event()  # a group with the held table's change is being written
        self.release = threading.Event()
        assert store.writes_in_thread, "PostgreSQL's changes go to the store's thread"
        write = store.commit_writes

        def watched(writes: Sequence[Write]) -> None:
            self.tables.append([c.table_id for c in writes])
            if any(c.table_id == held for c in writes):
                self.begun.set()
                assert self.release.wait(HELD), "the held group was never released"
            write(writes)

        store.commit_writes = watched  # type: ignore[method-assign]


def seated(server: Server) -> tuple[str, list[str]]:
    table = server.table(score_target=121)
    return table, [server.join(table, "Ann"), server.join(table, "Bob")]


def discard(client: Client) -> None:
    client.act(client.view["legal"][0])


def test_changes_handed_over_during_a_slow_write_are_stored_together(
    postgres_url: str,
) -> None:
    server = Server(postgres_url)
    server.start()
    groups: Groups | None = None
    try:
        slow, slow_tokens = seated(server)
        (one, one_tokens), (two, two_tokens) = seated(server), seated(server)
        with (
            server.player(slow, slow_tokens[0]) as ann,
            server.player(slow, slow_tokens[1]) as bob,
            server.player(one, one_tokens[0]) as cat,
            server.player(two, two_tokens[0]) as eve,
        ):
            for client in (ann, bob, cat, eve):
                client.until(lambda c: bool(c.view.get("legal")))
            groups = server.on_loop(lambda lobby: Groups(lobby.store, held=slow))
            versions = {c: c.version for c in (ann, cat, eve)}
            discard(ann)
            assert groups.begun.wait(HELD), "Ann's discard is being written"
            discard(bob)  # queued behind Ann's in the table's writer
            discard(cat)  # other tables: handed to the store while Ann's group is held
            discard(eve)
            lobby = server.get("/api/tables")  # the event loop serves meanwhile
            assert {one, two} <= {t["id"] for t in lobby.json()}
            for client in (ann, cat, eve):
                client.heard()  # what the server sent once it had the discards
                assert client.version == versions[client], "nobody hears before it is stored"
            groups.release.set()
            ann.until(lambda c: c.version >= versions[ann] + 2)  # both discards, in turn
            for client in (cat, eve):
                client.until(lambda c: c.version > versions[c])
            stored = {c: c.version for c in (ann, cat, eve)}
        assert groups.tables[0] == [slow]
        assert sorted(groups.tables[1]) == sorted([one, two]), "one transaction for both"
        assert [slow] in groups.tables[2:], "Bob's discard after Ann's"
        server.restart_after(1)
        for table, token, client in ((slow, slow_tokens[0], ann), (one, one_tokens[0], cat),
                                     (two, two_tokens[0], eve)):  # fmt: skip
            with server.player(table, token) as again:
                again.until(lambda c: bool(c.view))
                assert again.version == stored[client], "every acknowledged action was stored"
    finally:
        if groups is not None:
            groups.release.set()
        if server.running:
            server.stop()


def a_table(store: Store, table_id: str) -> None:
    store.create_table(
        TableRow(
            id=table_id,
            game="cribbage",
            players=2,
            options={},
            status="playing",
            seed=1,
            match=1,
            seating=[0, 1],
            deadline=None,
            created=time.time(),
        )
    )


def played(table_id: str, first: int, count: int) -> Change:
    entries = [{"n": first + i} for i in range(count)]
    return Change(table_id, 1, first, entries, "playing")


def stored_actions(store: Store, table_id: str) -> list[int]:
    query = select(actions_table.c.n).where(actions_table.c.table_id == table_id)
    with store.engine.connect() as db:
        return sorted(int(r[0]) for r in db.execute(query.order_by(actions_table.c.n)))


def test_a_change_the_database_refuses_fails_alone_and_its_group_is_stored(
    postgres_url: str,
) -> None:
    store = Store(postgres_url)
    for table in ("held", "one", "bad", "two"):
        a_table(store, table)
    store.commit_writes([played("bad", 0, 1)])  # its action 0 is stored already
    groups = Groups(store, held="held")
    try:

        async def write_all() -> list[BaseException | None]:
            held = asyncio.ensure_future(store.write_change(played("held", 0, 2)))
            await asyncio.to_thread(groups.begun.wait, HELD)
            others = [
                asyncio.ensure_future(store.write_change(change))
                for change in (played("one", 0, 3), played("bad", 0, 2), played("two", 0, 1))
            ]
            await asyncio.sleep(0.1)  # all three handed over while the first group is held
            groups.release.set()
            return await asyncio.gather(held, *others, return_exceptions=True)

        held, one, bad, two = asyncio.run(write_all())
        assert (held, one, two) == (None, None, None), "acknowledged: stored"
        assert isinstance(bad, IntegrityError), "action 0 of 'bad' is there already"
        assert groups.tables[:2] == [["held"], ["one", "bad", "two"]], "one group for three"
        assert sorted(groups.tables[2:]) == [["bad"], ["one"], ["two"]], "then each alone"
        assert stored_actions(store, "held") == [0, 1]
        assert stored_actions(store, "one") == [0, 1, 2]
        assert stored_actions(store, "two") == [0]
        assert stored_actions(store, "bad") == [0], "nothing of the refused change"
    finally:
        groups.release.set()
        store.close()
    again = Store(postgres_url)
    try:
        assert [stored_actions(again, t) for t in ("held", "one", "two", "bad")] == [
            [0, 1],
            [0, 1, 2],
            [0],
            [0],
        ], "a restart finds every acknowledged change"
    finally:
        again.close()


@pytest.mark.store
def test_changes_handed_over_in_one_turn_of_the_loop_are_written_together(
    store_url: str,
) -> None:
    """Without the writing thread, the changes handed over in one turn of the event loop (the
    tables whose commands ran in it) are written in one transaction at the end of the turn; a
    change the database refuses fails alone, the others are stored and acknowledged."""
    store = Store(store_url, write_thread=False)
    assert not store.writes_in_thread
    for table in ("one", "bad", "two", "later"):
        a_table(store, table)
    store.commit_writes([played("bad", 0, 1)])  # its action 0 is stored already
    groups: list[list[str]] = []
    write = store.commit_writes

    def watched(writes: Sequence[Write]) -> None:
        groups.append([c.table_id for c in writes])
        write(writes)

    store.commit_writes = watched  # type: ignore[method-assign]
    try:

        async def write_all() -> list[BaseException | None]:
            first = [
                asyncio.ensure_future(store.write_change(change))
                for change in (played("one", 0, 3), played("bad", 0, 2), played("two", 0, 1))
            ]
            await asyncio.sleep(0)  # their steps run in this turn of the loop
            assert groups == [], "written at the end of the turn, not before"
            await asyncio.wait(first)
            later = await asyncio.gather(
                store.write_change(played("later", 0, 1)), return_exceptions=True
            )
            return [*await asyncio.gather(*first, return_exceptions=True), *later]

        one, bad, two, later = asyncio.run(write_all())
        assert (one, two, later) == (None, None, None), "acknowledged: stored"
        assert isinstance(bad, IntegrityError), "action 0 of 'bad' is there already"
        assert groups[0] == ["one", "bad", "two"], "one transaction for the turn's three"
        assert sorted(groups[1:4]) == [["bad"], ["one"], ["two"]], "then each alone"
        assert groups[4:] == [["later"]], "a later turn's change: a group of its own"
        assert stored_actions(store, "one") == [0, 1, 2]
        assert stored_actions(store, "two") == [0]
        assert stored_actions(store, "bad") == [0], "nothing of the refused change"
    finally:
        store.close()
