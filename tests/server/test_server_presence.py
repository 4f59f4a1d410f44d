"""Who is at the table: the others see a player go away the moment their last socket closes,
and come back the moment one opens again (not at the next move)."""

from __future__ import annotations

from typing import Any

from harness import Server


def connected(table: dict[str, Any], name: str) -> bool:
    slot = next(s for s in table["slots"] if s is not None and s["name"] == name)
    return bool(slot["connected"])


def test_the_others_see_a_player_go_away_and_come_back_at_once(server: Server) -> None:
    table = server.table(players=2)
    ann_token, bob_token = server.join(table, "Ann"), server.join(table, "Bob")
    with server.player(table, ann_token) as ann:
        with server.player(table, bob_token) as bob:
            bob.drain()
            ann.drain()
            assert ann.view["phase"] == "discard"
            assert connected(ann.table, "Bob")
        ann.drain()
        assert not connected(ann.table, "Bob"), "Bob's socket closed: he is away"
        with server.player(table, bob_token) as bob:
            bob.receive()
            ann.drain()
            assert connected(ann.table, "Bob"), "Bob is back"
            assert ann.view["phase"] == "discard", "nobody moved meanwhile"


def test_a_second_device_closing_leaves_the_player_here(server: Server) -> None:
    table = server.table(players=2)
    ann_token, bob_token = server.join(table, "Ann"), server.join(table, "Bob")
    with server.player(table, ann_token) as ann, server.player(table, bob_token) as bob:
        bob.drain()
        with server.player(table, bob_token) as phone:
            phone.receive()
        ann.drain()
        assert connected(ann.table, "Bob"), "Bob's first socket is still open"
