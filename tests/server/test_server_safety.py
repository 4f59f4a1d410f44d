"""Reconnects catch up; stale, forged, malformed and oversized messages change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import Server


def started(server: Server, **options: Any) -> tuple[str, str]:
    table = server.table(bots=[None, "greedy"], **options)
    return table, server.join(table, "Ann")


def test_a_reconnect_catches_up_from_its_last_event(server: Server) -> None:
    table, token = started(server)
    with server.player(table, token) as ann:
        ann.receive()
        ann.act(ann.view["legal"][0])
        ann.drain()
        seen = list(ann.events)
    with server.player(table, token, since=3) as again:
        welcome = again.receive()
        assert welcome["from"] == 3
        assert welcome["events"] == seen[3:]
        assert welcome["view"]["hand"] == ann.view["hand"]


def test_a_stale_command_is_refused_with_a_resync(server: Server) -> None:
    table, token = started(server)
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        first = ann.view["legal"][0]
        ann.act(first)
        ann.drain()
        before = ann.version
        ann.send({"type": "act", "version": 0, "action": first})
        error = ann.receive()
        assert error["type"] == "error" and error["code"] == "stale"
        resync = ann.receive()
        assert resync["type"] == "resync" and resync["version"] == before


def test_a_forged_or_missing_token_cannot_act(server: Server) -> None:
    table, _ = started(server)
    with server.player(table, "not-a-token") as forger:
        message = forger.receive()
        assert message["type"] == "error" and message["code"] == "seat"
    with server.player(table, None) as spectator:
        spectator.receive()
        assert spectator.view["hand"] == [] and spectator.view["legal"] == []
        version = spectator.version
        spectator.send({"type": "act", "version": version, "action": {"type": "go"}})
        error = spectator.receive()
        assert error["code"] == "seat"
        spectator.drain()
        assert spectator.version == version


@pytest.mark.store
def test_bad_messages_are_answered_and_change_nothing(server: Server) -> None:
    table, token = started(server)
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        version = ann.version
        hand = list(ann.view["hand"])
        bad: list[tuple[str, str]] = [
            ("not json", "bad-json"),
            (json.dumps([1, 2]), "bad-type"),
            (json.dumps({"type": "shout"}), "bad-type"),
            (json.dumps({"type": "act", "version": version}), "bad-action"),
            (json.dumps({"type": "act", "version": "x", "action": {}}), "bad-version"),
            (
                json.dumps(
                    {
                        "type": "act",
                        "version": version,
                        "action": {"type": "discard", "cards": ["ZZ"]},
                    }
                ),
                "illegal",
            ),
            (
                json.dumps(
                    {"type": "act", "version": version, "action": {"type": "play", "card": hand[0]}}
                ),
                "illegal",
            ),
            (
                json.dumps(
                    {
                        "type": "act",
                        "version": version,
                        "action": {"type": "discard", "cards": ["x" * 5000]},
                    }
                ),
                "too-large",
            ),
        ]
        for text, code in bad:
            ann.send(text)
            reply = ann.receive()
            assert reply["type"] == "error" and reply["code"] == code, (text[:60], reply)
            assert reply["message"]
        ann.send({"type": "ping"})
        assert ann.receive()["type"] == "pong"
        assert ann.version == version and ann.view["hand"] == hand


def test_an_unknown_table_and_bad_requests_get_clear_errors(server: Server) -> None:
    assert server.get("/api/tables/nope").status_code == 404
    response = server.post("/api/tables", {"game": "chess", "players": 2})
    assert response.status_code == 400 and "unknown game" in response.json()["error"]
    response = server.post(
        "/api/tables", {"game": "cribbage", "players": 2, "options": {"score_target": 0}}
    )
    assert response.status_code == 400 and "score_target" in response.json()["error"]
    response = server.post(
        "/api/tables", {"game": "cribbage", "players": 2, "bots": ["greedy", "greedy", "x"]}
    )
    assert response.status_code == 400 and "3 bots" in response.json()["error"]
    response = server.post("/api/tables", {"game": "cribbage", "players": 2, "bots": ["nobody"]})
    assert response.status_code == 400 and "unknown bot" in response.json()["error"]
    response = server.post("/api/tables", {"game": "cribbage", "players": "two"})
    assert response.status_code == 422
    table, _ = started(server)
    assert server.post(f"/api/tables/{table}/join", {"name": "Late"}).status_code == 409


@pytest.mark.store
def test_a_restart_mid_game_resumes_the_table_clock_included(server: Server) -> None:
    table, token = started(server, turn_time=10)
    with server.player(table, token) as ann:
        ann.receive()
        ann.act(ann.view["legal"][0])
        ann.drain()
        events, view = list(ann.events), ann.view
        server.advance(4)
    server.stop()
    server.start()
    with server.player(table, token) as again:
        again.receive()
        assert again.events == events
        assert again.view["hand"] == view["hand"]
        remaining = again.table["deadline"] - again.table["now"]
        assert 5.5 <= remaining <= 6.5, "the turn clock kept its remaining time"
        if again.view["legal"]:
            server.advance(6.5)
            again.drain()
            assert again.version > len(events), "and it still runs out"
