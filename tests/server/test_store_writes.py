"""On PostgreSQL a table's change is written in a thread of the store (``Store.write``): while the
database takes its time over one table's write, the event loop serves every other table. The
table whose write is pending waits (its next command runs only after it), nobody hears of its
change before it is stored, and a restart then finds every action that was acknowledged."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import a_new_database
from harness import Client, Server
from sqlalchemy import create_engine, text

from pegboard.server.lobby.one_process import Lobby

HELD = 10.0  # seconds a held write waits at most (a failing test must still end)


@pytest.fixture
def postgres_url(session_postgres: str) -> Iterator[str]:
    name = f"test_{secrets.token_hex(6)}"
    yield a_new_database(session_postgres, name)
    engine = create_engine(session_postgres, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    engine.dispose()


def hold_writes_of(server: Server, table: str, release: threading.Event) -> threading.Event:
    """From now on each write of ``table``'s changes waits for ``release`` (a slow database);
    the event returned is set once such a write has begun."""
    begun = threading.Event()

    def install(lobby: Lobby) -> None:
        store = lobby.store
        assert store.writes_in_threads, "PostgreSQL's writes go to the store's threads"
        write = store.commit_change

        def slow(table_id: str, *args: Any, **kwargs: Any) -> None:
            if table_id == table:
                begun.set()
                assert release.wait(HELD), "the held write was never released"
            write(table_id, *args, **kwargs)

        store.commit_change = slow  # type: ignore[method-assign]

    server.on_loop(install)
    return begun


def seated(server: Server) -> tuple[str, list[str]]:
    table = server.table(score_target=121)
    return table, [server.join(table, "Ann"), server.join(table, "Bob")]


def discard(client: Client) -> None:
    client.act(client.view["legal"][0])


def test_a_slow_write_holds_up_its_own_table_and_no_other(postgres_url: str) -> None:
    server = Server(postgres_url)
    server.start()
    release = threading.Event()
    try:
        slow, slow_tokens = seated(server)
        quick, quick_tokens = seated(server)
        with (
            server.player(slow, slow_tokens[0]) as ann,
            server.player(slow, slow_tokens[1]) as bob,
            server.player(quick, quick_tokens[0]) as cat,
            server.player(quick, quick_tokens[1]) as dan,
        ):
            for client in (ann, bob, cat, dan):
                client.until(lambda c: bool(c.view.get("legal")))
            begun = hold_writes_of(server, slow, release)
            version = ann.version
            discard(ann)
            assert begun.wait(HELD), "Ann's discard is being written"
            discard(bob)  # queued behind Ann's in the table's writer
            other = cat.version
            discard(cat)  # another table: the event loop is free to serve it meanwhile
            for client in (cat, dan):
                client.until(lambda c: c.version > other, then=False)  # Ann's write is held
            ann.heard()
            assert ann.version == version, "nobody hears of a change before it is stored"
            release.set()
            for client in (ann, bob):
                client.until(lambda c: c.version >= version + 2)  # both discards, in turn
            stored = ann.version
        server.restart_after(1)
        with server.player(slow, slow_tokens[0]) as ann:
            ann.until(lambda c: bool(c.view))
            assert ann.version == stored, "every acknowledged action was stored"
    finally:
        release.set()
        if server.running:
            server.stop()
