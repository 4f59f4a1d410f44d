"""Live tables deal from the operating system's generator: no seed a client could learn says
what comes next, and the store keeps each outcome, so a restart deals nothing anew."""

from __future__ import annotations

from harness import Server

from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.records.replay import replay


def first_shuffle(server: Server, table: str) -> list[str]:
    log = server.in_room(table, lambda room: room.game.chance_log if room.game else [])
    shuffles: list[list[str]] = [step["shuffle"] for step in log if "shuffle" in step]
    return shuffles[0]


def test_two_tables_with_the_same_settings_deal_differently(server: Server) -> None:
    tables = [server.table(bots=["greedy", "greedy"], score_target=121) for _ in range(2)]
    shuffles = [first_shuffle(server, table) for table in tables]
    assert len(shuffles[0]) == 52 and sorted(shuffles[0]) == sorted(shuffles[1])
    assert shuffles[0] != shuffles[1]


def test_no_deal_follows_from_the_tables_seed(server: Server) -> None:
    """Before, match m dealt from ``seed * 1000 + m``: whoever learned the seed (from a record,
    or by trying 2**31 of them against their own hand) knew every card to come."""
    table = server.table(bots=["greedy", "greedy"], score_target=121)
    seed, options = server.in_room(table, lambda room: (room.row.seed, room.row.options))
    seeded = Game(get_spec("cribbage"), 2, seed * 1000 + 1, options)
    assert first_shuffle(server, table) != next(
        step["shuffle"] for step in seeded.chance_log if "shuffle" in step
    )
    assert server.in_room(table, lambda room: room.game.seed if room.game else 0) is None


def test_a_finished_record_names_no_seed_but_replays_from_its_outcomes(server: Server) -> None:
    table = server.table(bots=["greedy", "random"], players=2, score_target=31)
    server.wait_for(
        lambda: server.get(f"/api/tables/{table}/records").json() == [1], "the game", 30
    )
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["seed"] is None
    assert record["chance"], "the record keeps every outcome"
    assert replay(record).outcome is not None


def test_a_restart_resumes_the_same_cards(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], players=2, score_target=121)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        ann.act(ann.view["legal"][0])  # a discard: the starter is cut
        ann.drain()
        before = ann.view
    dealt = server.in_room(table, lambda room: room.game.chance_log if room.game else [])
    server.restart_after(5)
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        assert (ann.view["hand"], ann.view["starter"]) == (before["hand"], before["starter"])
    assert server.in_room(table, lambda room: room.game.chance_log if room.game else []) == dealt
