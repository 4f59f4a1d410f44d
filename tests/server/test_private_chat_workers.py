"""Private tables and table chat with several workers (docs/protocol.md, "Several workers"):
any worker checks a table's link from the store; a relayed socket's chat reaches the owner,
which stores it and tells every socket at the table, relayed or not."""

from __future__ import annotations

import json
from typing import Any

import httpx
from harness import Server
from test_workers import GONE, make_bus, workers  # noqa: F401 - the fixtures
from websockets.sync.client import connect

from pegboard.server.players.privacy import NO_WATCHING, PRIVATE


def first_words(server: Server, path: str) -> dict[str, Any]:
    """What a socket without a seat or a link is told first at ``path``."""
    with connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=5) as socket:
        told: dict[str, Any] = json.loads(socket.recv(timeout=5))
    return told


def test_a_private_table_and_its_chat_across_two_workers(
    workers: tuple[Server, Server],  # noqa: F811
) -> None:
    one, two = workers
    made = one.post("/api/tables", {"game": "cribbage", "players": 2, "listed": False}).json()
    table, key = made["id"], made["invite"]
    for server in (one, two):
        assert table not in {t["id"] for t in server.get("/api/tables").json()}
        stranger = httpx.get(f"{server.url}/api/tables/{table}", timeout=10)
        assert (stranger.status_code, stranger.json()) == (403, {"detail": PRIVATE})
        join = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Eve"})
        assert join.status_code == 403
        assert first_words(server, f"/ws/{table}")["code"] == "private"
    with_link = httpx.get(f"{two.url}/api/tables/{table}?invite={key}", timeout=10)
    assert with_link.status_code == 200 and with_link.json()["slots"] == [None, None]

    ann, bob = one.join(table, "Ann"), two.join(table, "Bob")  # Bob's join is the owner's
    assert table in one.open_tables() and table not in two.open_tables()
    with (
        one.player(table, ann) as a,
        two.player(table, bob) as b,  # relayed
        two.player(table, None) as w,  # a watcher with the link, relayed
    ):
        for client in (a, b, w):
            client.receive()
            client.drain()
        b.send({"type": "chat", "text": "hello from the other worker"})
        b.drain()
        a.send({"type": "chat", "phrase": "good-luck"})
        w.send({"type": "chat", "text": "may I?"})
        # Read until told (a quiet spell is no sign that a relayed message will not come).
        for client in (a, b, w):
            client.until(lambda c: len(c.chat) >= 2)
            assert [(m["name"], m["text"]) for m in client.chat] == [
                ("Bob", "hello from the other worker"),
                ("Ann", "Good luck"),
            ]
        w.until(lambda c: bool(c.errors))  # the owner answers its chat after Ann's
        assert [e["code"] for e in w.errors] == ["chat"], "the watcher reads only"
        for n in range(5):
            b.send({"type": "chat", "text": f"{n}"})
        b.until(lambda c: bool(c.errors))
        assert [e["code"] for e in b.errors] == ["chat"], "the owner counts the relayed seat"
    with two.player(table, bob) as b:  # back, through the relay: the chat so far
        b.receive()
        assert [m["n"] for m in b.chat] == [1, 2, 3, 4, 5, 6]


def test_a_table_without_watchers_turns_relayed_visitors_away(
    workers: tuple[Server, Server],  # noqa: F811
) -> None:
    one, two = workers
    made = one.post("/api/tables", {"game": "cribbage", "players": 2, "watching": False})
    table = made.json()["id"]
    with two.player(table, None) as visitor:  # the waiting room, relayed
        assert visitor.receive()["type"] == "welcome"
        one.join(table, "Ann")
        two.join(table, "Bob")
        assert visitor.closed_with() == GONE
        assert visitor.errors == [{"type": "error", "code": "no-watching", "message": NO_WATCHING}]
    assert first_words(two, f"/ws/{table}") == {
        "type": "error",
        "code": "no-watching",
        "message": NO_WATCHING,
    }
