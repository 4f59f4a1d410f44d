"""A finished table leaves memory and the lobby; its records stay; the rematch window is kept."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from harness import Client, Server

GONE = 4403  # the close code after which the web client does not reconnect


def listed(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/tables").json()}


def connected(server: Server, table: str) -> bool:
    slots = server.get(f"/api/tables/{table}").json()["slots"]
    return any(s is not None and s["connected"] for s in slots)


def assert_closed(server: Server, table: str) -> None:
    assert table not in server.open_tables(), "the room left memory"
    assert table not in listed(server), "and the lobby"
    assert server.get(f"/api/tables/{table}").json()["status"] == "finished"
    assert server.get(f"/api/tables/{table}/records").json() == [1], "no rematch was played"
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["format"] == "pegboard-record/1" and record["outcome"] is not None


@contextmanager
def ann_at_the_results(server: Server) -> Iterator[tuple[str, str, Client]]:
    """Ann against a greedy bot, first to 31, played to the results: the table, Ann's token and
    her socket (closed when the block ends)."""
    table = server.table(bots=[None, "greedy"], listed=True, score_target=31)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_to_end()
        yield table, token, ann


def test_a_table_someone_left_closes_when_the_results_are_over(server: Server) -> None:
    with ann_at_the_results(server) as (table, token, ann):
        ann.drain()
        ann.send({"type": "leave"})  # no rematch for Ann; the results stay up meanwhile
        ann.drain()
        server.advance(29)
        ann.drain()
        # Still open for its results, but nobody is left to play: the lobby lists it no more.
        assert table in server.open_tables() and table not in listed(server)
        assert ann.table["status"] == "results"
        server.advance(2)
        assert ann.closed_with() == GONE, "told, then let go"
        assert ann.table["status"] == "finished"
    assert_closed(server, table)
    assert server.post(f"/api/tables/{table}/join", {"name": "Late"}).status_code == 409
    assert server.get("/api/tables/nope/records").status_code == 404

    server.stop()
    server.start()
    assert table not in server.open_tables(), "a restart does not bring it back"
    assert_closed(server, table)
    with server.player(table, token) as again:
        assert again.receive()["type"] == "table"
        assert again.table["status"] == "finished"
        assert again.closed_with() == GONE


def test_the_rematch_window_is_kept_in_full(server: Server) -> None:
    with ann_at_the_results(server) as (table, _, ann):
        ann.drain()
        server.advance(29)
        ann.drain()
        assert ann.table["status"] == "results" and table in listed(server)
        ann.act({"type": "rematch"})  # at the last moment
        ann.drain()
        server.advance(1.5)
        ann.drain()
        assert ann.table["status"] == "playing" and ann.table["match"] == 2, "the rematch"
    assert table in server.open_tables() and table in listed(server)


def test_no_match_starts_for_a_person_who_did_not_ask(server: Server) -> None:
    """Ann stays at the results but never asks for the rematch: when they are over she gives
    her seat up, nobody else is seated, and the table finishes (before, the rematch started
    and the clock played her cards)."""
    with ann_at_the_results(server) as (table, _, ann):
        ann.drain()
        server.advance(29)
        ann.drain()
        assert ann.table["status"] == "results"
        server.advance(1.5)
        assert ann.closed_with() == GONE
        assert ann.table["status"] == "finished" and ann.table["match"] == 1
    assert_closed(server, table)
    assert server.get(f"/api/tables/{table}/records").json() == [1], "no rematch was played"


def test_everyone_away_keeps_the_table_for_the_grace_period(server: Server) -> None:
    with ann_at_the_results(server) as (table, token, ann):
        ann.act({"type": "rematch"})  # Ann asks, then her socket closes
        ann.drain()
    server.wait_for(lambda: not connected(server, table), "Ann's socket to close")
    server.advance(31)  # the results are over, but nobody is here for the rematch: it waits
    info = server.get(f"/api/tables/{table}").json()
    assert (info["status"], info["match"], info["deadline"]) == ("results", 1, None)
    assert table in server.open_tables() and table in listed(server)
    with server.player(table, token) as ann:  # back within the grace period
        ann.receive()
        assert ann.table["deadline"] - ann.table["now"] == 3, "the results again, briefly"
        server.advance(3.5)
        ann.drain()
        assert ann.table["status"] == "playing" and ann.table["match"] == 2


def test_a_table_everyone_walked_away_from_closes_after_the_grace_period(server: Server) -> None:
    with ann_at_the_results(server) as (table, _, ann):
        ann.act({"type": "rematch"})  # Ann asks, then her socket closes
        ann.drain()
    server.wait_for(lambda: not connected(server, table), "Ann's socket to close")
    server.advance(31)
    assert table in server.open_tables()
    server.advance(30)  # 61 s away: Ann has left, and no rematch can come
    assert_closed(server, table)


def test_leaving_after_the_game_survives_a_restart(server: Server) -> None:
    with ann_at_the_results(server) as (table, _, ann):
        ann.send({"type": "leave"})
        ann.drain()
    server.stop()
    server.start()
    assert table in server.open_tables(), "the results are still on"
    server.advance(31)
    assert_closed(server, table)


def test_a_table_of_bots_only_plays_one_match_then_closes(server: Server) -> None:
    table = server.table(bots=["greedy", "random"], score_target=31)
    server.wait_for(
        lambda: server.get(f"/api/tables/{table}").json()["status"] == "results", "the game", 30
    )
    with server.player(table, None) as watcher:  # a spectator is not seated: no rematch for it
        watcher.receive()
        server.advance(3.5)  # the results stay up this long when nobody has to say rematch
        assert watcher.closed_with() == GONE
        assert watcher.table["status"] == "finished"
    assert_closed(server, table)
    server.stop()
    server.start()
    assert table not in server.open_tables(), "a restart does not bring it back"
    assert_closed(server, table)
