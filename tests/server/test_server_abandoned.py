"""A table still waiting for people that nobody visits (no one connected, no join) for
``abandon_waiting`` (30 minutes) is abandoned: it closes like a finished table, with no records.
Anyone connected, seated or watching, keeps it; the idle time survives a restart."""

from __future__ import annotations

from harness import Server
from sqlalchemy import create_engine, text

from pegboard.server.tables.room import ABANDON_WAITING

GONE = 4403


def listed(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/tables").json()}


def nobody_here(server: Server, table: str) -> bool:
    return server.in_room(table, lambda room: not room.watchers)


def assert_waiting(server: Server, table: str) -> None:
    assert table in server.open_tables() and table in listed(server)
    assert server.get(f"/api/tables/{table}").json()["status"] == "waiting"


def assert_abandoned(server: Server, table: str, token: str) -> None:
    assert table not in server.open_tables(), "the room left memory"
    assert table not in listed(server), "and the lobby"
    info = server.get(f"/api/tables/{table}").json()
    assert (info["status"], info["match"], info["seating"]) == ("finished", 1, None)
    assert server.get(f"/api/tables/{table}/records").json() == [], "it never played"
    assert server.get(f"/api/tables/{table}/records/1").status_code == 404
    assert server.post(f"/api/tables/{table}/join", {"name": "Late"}).status_code == 409
    with server.player(table, token) as late:
        assert late.receive()["type"] == "table"
        assert late.table["status"] == "finished"
        assert late.closed_with() == GONE


def test_a_table_nobody_finishes_joining_is_abandoned(server: Server) -> None:
    table = server.table(players=3)
    ann = server.join(table, "Ann")
    with server.player(table, ann) as socket:
        socket.receive()
        server.advance(ABANDON_WAITING + 60)  # Ann is here: the table waits with her
        assert_waiting(server, table)
    server.wait_for(lambda: nobody_here(server, table), "Ann's socket to close")
    server.advance(1000)
    server.join(table, "Bob")  # a join starts the idle time again (Bob never connects)
    server.advance(ABANDON_WAITING - 1)
    assert_waiting(server, table)
    server.advance(2)
    assert_abandoned(server, table, ann)
    server.stop()
    server.start()
    assert table not in server.open_tables(), "a restart does not bring it back"
    assert_abandoned(server, table, ann)


def test_someone_watching_a_waiting_table_keeps_it(server: Server) -> None:
    table = server.table(players=2)
    ann = server.join(table, "Ann")
    with server.player(table, None) as visitor:  # the shared link, before "Take a seat"
        visitor.receive()
        server.advance(2 * ABANDON_WAITING)
        assert_waiting(server, table)
        visitor.send({"type": "ping"})
        assert visitor.receive()["type"] == "pong", "the socket is still served"
    server.wait_for(lambda: nobody_here(server, table), "the visitor's socket to close")
    server.advance(ABANDON_WAITING - 1)  # counted from when the visitor went
    assert_waiting(server, table)
    server.advance(2)
    assert_abandoned(server, table, ann)


def test_the_idle_time_goes_on_across_a_restart(server: Server) -> None:
    table = server.table(players=2)
    ann = server.join(table, "Ann")  # and never connects
    server.advance(ABANDON_WAITING - 100)
    server.stop()
    server.start()
    assert_waiting(server, table)
    server.advance(101)
    assert_abandoned(server, table, ann)


def test_after_a_restart_people_have_the_grace_period_to_come_back(server: Server) -> None:
    kept = server.table(players=2)
    ann = server.join(kept, "Ann")
    left = server.table(players=2)
    bob = server.join(left, "Bob")  # and never connects
    with server.player(kept, ann) as socket:
        socket.receive()
        server.advance(ABANDON_WAITING - 100)
        server.restart_after(2 * ABANDON_WAITING)  # down for an hour: Ann's socket is closed
    assert_waiting(server, kept)
    assert_waiting(server, left)
    server.advance(server.settings.grace - 1)
    with server.player(kept, ann) as socket:  # Ann's page reconnects
        socket.receive()
        server.advance(2)
        assert left not in server.open_tables(), "nobody came back to Bob's table"
        assert_waiting(server, kept)
    assert_abandoned(server, left, bob)
    server.wait_for(lambda: nobody_here(server, kept), "Ann's socket to close")
    server.advance(ABANDON_WAITING - 1)
    assert_waiting(server, kept)
    server.advance(2)
    assert_abandoned(server, kept, ann)


def test_a_waiting_table_with_no_idle_time_stored_gets_the_whole_time(server: Server) -> None:
    """A row stored before the column existed, or by a server that died with someone here."""
    table = server.table(players=2)
    ann = server.join(table, "Ann")
    server.advance(ABANDON_WAITING - 100)
    server.stop()
    engine = create_engine(f"sqlite:///{server.db}")
    with engine.begin() as db:
        db.execute(text("update tables set idle_since = null where id = :id"), {"id": table})
    engine.dispose()
    server.start()
    server.advance(ABANDON_WAITING - 1)  # counted from the restart
    assert_waiting(server, table)
    server.advance(2)
    assert_abandoned(server, table, ann)
