"""Repeated commands are free: a second ``leave`` or ``rematch`` changes nothing, and nothing is
written or sent for it. A table nobody ever joined is abandoned after minutes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness import Server
from test_server_closing import ann_at_the_results

from pegboard.server.lobby.one_process import Lobby
from pegboard.server.store.sql_store import Store
from pegboard.server.tables.settings import ABANDON_UNJOINED

WRITES = ("commit_writes", "commit_set_ups", "update_table", "set_slot", "create_table")


def count_writes(server: Server) -> list[str]:
    """Every write the server makes to its store from now on, by name."""
    writes: list[str] = []

    def counting(name: str, write: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            writes.append(name)
            return write(*args, **kwargs)

        return counted

    def install(lobby: Lobby) -> None:
        store: Store = lobby.store
        for name in WRITES:
            setattr(store, name, counting(name, getattr(store, name)))

    server.on_loop(install)
    return writes


def test_a_second_leave_on_the_results_is_neither_written_nor_sent(server: Server) -> None:
    with ann_at_the_results(server) as (_, _, ann):
        ann.drain()
        writes = count_writes(server)
        ann.send({"type": "leave"})
        assert ann.receive()["type"] == "update", "the first leave is told"
        ann.drain()
        assert writes == ["commit_writes"], "the first leave is stored"
        seen = len(ann.events), ann.version, dict(ann.table), len(ann.errors)
        for _ in range(5):
            ann.send({"type": "leave"})
        ann.send({"type": "ping"})
        assert ann.receive()["type"] == "pong", "nothing was sent for the repeats"
        assert writes == ["commit_writes"]
        assert (len(ann.events), ann.version, ann.table, len(ann.errors)) == seen


def test_a_repeated_rematch_is_neither_written_nor_sent(server: Server) -> None:
    with ann_at_the_results(server) as (_, _, ann):
        ann.drain()
        writes = count_writes(server)
        ann.act({"type": "rematch"})
        assert ann.receive()["type"] == "update", "the first ask is told"
        ann.drain()
        assert writes == ["commit_writes"], "the first ask is stored"
        errors = len(ann.errors)
        for _ in range(5):
            ann.act({"type": "rematch"})
        ann.send({"type": "ping"})
        assert ann.receive()["type"] == "pong", "nothing was sent for the repeats"
        assert writes == ["commit_writes"] and len(ann.errors) == errors


def test_a_table_nobody_ever_joined_is_abandoned_after_minutes(server: Server) -> None:
    forgotten = server.table(bots=[None, "greedy"])
    joined = server.table(bots=[None, "greedy", None], players=3)
    server.join(joined, "Ann")  # joined, then gone: she has the longer wait to come back
    server.advance(ABANDON_UNJOINED - 1)
    assert {forgotten, joined} <= server.open_tables()
    server.advance(2)
    server.wait_for(lambda: forgotten not in server.open_tables(), "the forgotten table to close")
    assert server.get(f"/api/tables/{forgotten}").json()["status"] == "finished"
    assert joined in server.open_tables()
