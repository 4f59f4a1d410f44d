"""A rematch asked for is kept with the table, like a move: a server stopped during the results
(a deploy's SIGTERM, or kill -9) still starts the rematch for everyone who asked."""

from __future__ import annotations

from harness import Client, Server

from pegboard.server.store.sql_store import Store


def ann_asks_for_the_rematch(server: Server) -> tuple[str, str, int]:
    """Ann against a greedy bot, first to 31, played to the results; she asks for the rematch.
    The table, her token and her game seat."""
    table = server.table(bots=[None, "greedy"], listed=True, score_target=31)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_to_end()
        ann.drain()
        assert ann.table["status"] == "results"
        ann.act({"type": "rematch"})
        ann.drain()
        assert ann.seat is not None
        return table, token, ann.seat


def rematch_starts(server: Server, table: str, token: str) -> Client:
    with server.player(table, token) as ann:
        ann.drain()
        assert ann.table["status"] == "results" and ann.table["match"] == 1
        server.advance(31)  # past the results intermission
        ann.drain()
        assert (ann.table["status"], ann.table["match"]) == ("playing", 2), "the rematch"
        return ann


def test_a_rematch_asked_for_is_in_the_store_when_it_is_acknowledged(server: Server) -> None:
    """What a kill -9 right after the answer would leave: the store already holds it."""
    table, _, seat = ann_asks_for_the_rematch(server)
    store = Store(f"sqlite:///{server.db}")
    try:
        row = store.table(table)
        assert row is not None and seat in row.rematch, "hers (the bot's too: bots always ask)"
    finally:
        store.close()


def test_a_rematch_asked_for_survives_a_restart(server: Server) -> None:
    table, token, _ = ann_asks_for_the_rematch(server)
    server.restart_after(1)
    rematch_starts(server, table, token)


def test_a_new_match_starts_with_nobody_having_asked(server: Server) -> None:
    table, token, _ = ann_asks_for_the_rematch(server)
    rematch_starts(server, table, token)
    store = Store(f"sqlite:///{server.db}")
    try:
        row = store.table(table)
        assert row is not None and row.rematch == []
    finally:
        store.close()


def test_who_asked_for_the_rematch_is_in_the_table_info_everyone_gets(server: Server) -> None:
    """So the others see "Ann asks for a rematch" (and a new match starts with nobody asking)."""
    table, token, seat = ann_asks_for_the_rematch(server)
    with server.player(table, token) as ann:
        ann.drain()
        assert seat in ann.table["rematch"]
    ann = rematch_starts(server, table, token)
    assert ann.table["rematch"] == []
