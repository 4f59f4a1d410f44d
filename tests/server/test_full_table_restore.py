"""A table whose seats are all taken starts its match in the same command, but in two writes:
the last seat (or, for a table made full, as a tournament's, the whole table), then the match's
start. A process that dies in between leaves a full table still waiting in the store; rebuilt
(a restart, or another worker taking it over), it starts its match then, as it would have."""

from __future__ import annotations

import pytest
from harness import Server

from pegboard.server.store.sql_store import Store

TOKEN = "ann-token-that-the-join-stored"


@pytest.mark.store
def test_a_full_table_whose_start_was_not_stored_starts_when_rebuilt(
    server: Server, store_url: str
) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    server.stop()
    store = Store(store_url)
    try:  # what Ann's join stores before the match's start: then the process dies
        store.set_slot(table, 0, "Ann", "human", TOKEN)
        row = store.table(table)
        assert row is not None and row.status == "waiting" and len(row.slots) == 2
    finally:
        store.close()
    server.start()
    server.idle()
    assert server.get(f"/api/tables/{table}").json()["status"] == "playing"
    with server.player(table, TOKEN) as ann:
        ann.receive()
        ann.play_to_end()
    server.wait_for(
        lambda: server.get(f"/api/tables/{table}/records").json() == [1], "the record", 10
    )
