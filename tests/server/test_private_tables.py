"""Private tables (docs/protocol.md, "Private tables"): a table that is not listed is opened by
its link only. Without the link's key nobody sees it, joins it or watches it; a seat token
always works; the replay is for people with the link or seated there. A host may also keep
people from watching at all. Listed tables are as they always were.

Strangers here are plain httpx calls and sockets; the harness's ``Server`` helpers act as the
table's maker, who holds the link (``harness.INVITES``)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from harness import INVITES, Client, Server
from websockets.sync.client import connect

from pegboard.server.players.privacy import NO_WATCHING, PRIVATE

GONE = 4403


def stranger_get(server: Server, path: str) -> httpx.Response:
    return httpx.get(server.url + path, timeout=10)


def stranger_join(server: Server, table: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Eve", **body})


def stranger_socket(
    server: Server, table: str, query: str = ""
) -> tuple[list[dict[str, Any]], int]:
    """What a socket opened with ``query`` is told, and the close code."""
    uri = f"ws://127.0.0.1:{server.port}/ws/{table}?since=0{query}"
    told: list[dict[str, Any]] = []
    with connect(uri, open_timeout=5) as socket:
        client = Client(socket, server.client_idle)
        told.append(client.receive())
        code = client.closed_with()
    assert code is not None
    return told, code


def make(server: Server, bots: list[str | None], **settings: Any) -> dict[str, Any]:
    body = {"game": "cribbage", "players": len(bots), "bots": bots, **settings}
    response = server.post("/api/tables", body)
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


@pytest.mark.parametrize(
    ("bots", "asked", "listed"),
    [
        ([None, "greedy"], None, False),  # a bot and one person: nobody else could sit there
        ([None, "greedy", "greedy", "greedy"], None, False),
        ([None, None], None, True),  # a free seat for somebody else
        ([None, "greedy", None], None, True),
        (["greedy", "greedy"], None, True),  # bots only: people may come to watch
        ([None, "greedy"], True, True),  # the host says
        ([None, None], False, False),
    ],
)
def test_a_table_of_bots_and_one_person_is_unlisted_unless_its_host_says(
    server: Server, bots: list[str | None], asked: bool | None, listed: bool
) -> None:
    made = make(server, bots, **({} if asked is None else {"listed": asked}))
    assert made["listed"] is listed and made["watching"] is True and made["chat"] == "on"
    lobby = {t["id"] for t in stranger_get(server, "/api/tables").json()}
    assert (made["id"] in lobby) is listed


@pytest.mark.store
def test_an_unlisted_table_is_seen_only_with_its_link(server: Server) -> None:
    made = make(server, [None, None], listed=False)
    table, key = made["id"], made["invite"]
    assert isinstance(key, str) and len(key) >= 20, "the maker gets the link's key"
    for path in (f"/api/tables/{table}", f"/api/tables/{table}/records"):
        for query in ("", "?invite=wrong", f"?invite={key[:-1]}", "?token=forged"):
            refused = stranger_get(server, path + query)
            assert (refused.status_code, refused.json()) == (403, {"detail": PRIVATE}), query
    assert stranger_get(server, f"/api/tables/{table}?invite={key}").json()["id"] == table
    assert stranger_get(server, f"/api/tables/{table}/records?invite={key}").json() == []

    # A join needs the link too; a refused one leaves the seat free.
    for body in ({}, {"invite": "wrong"}, {"invite": None}):
        refused = stranger_join(server, table, **body)
        assert (refused.status_code, refused.json()) == (403, {"detail": PRIVATE}), body
    info = stranger_get(server, f"/api/tables/{table}?invite={key}").json()
    assert info["slots"] == [None, None], "nobody took a seat"
    joined = stranger_join(server, table, invite=key)
    assert joined.status_code == 200 and joined.json()["invite"] == key
    token = joined.json()["token"]
    # A seat token opens its own table, without the link.
    assert stranger_get(server, f"/api/tables/{table}?token={token}").status_code == 200


@pytest.mark.store
def test_a_watcher_needs_the_link_and_a_seat_token_always_works(server: Server) -> None:
    made = make(server, [None, None], listed=False)
    table, key = made["id"], made["invite"]
    for query in ("", "&invite=wrong", f"&invite={key.upper()}", "&token="):
        told, code = stranger_socket(server, table, query)
        assert told == [{"type": "error", "code": "private", "message": PRIVATE}], query
        assert code == GONE
    with server.player(table, None) as watcher:  # with the link
        welcome = watcher.receive()
        assert welcome["type"] == "welcome" and welcome["slot"] is None
        assert "invite" not in welcome, "the key is for those seated"
    ann = server.join(table, "Ann")
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={ann}", open_timeout=5) as s:
        welcome = Client(s, server.client_idle).receive()
    assert (welcome["type"], welcome["slot"], welcome["invite"]) == ("welcome", 0, key)


def test_listed_tables_are_as_before_and_never_show_the_key(server: Server) -> None:
    made = make(server, [None, None])
    table, key = made["id"], made["invite"]
    info = stranger_get(server, f"/api/tables/{table}")
    assert info.status_code == 200 and info.json()["listed"] is True
    assert key not in info.text and key not in stranger_get(server, "/api/tables").text
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=5) as socket:
        welcome = Client(socket, server.client_idle).receive()
    assert welcome["type"] == "welcome" and key not in json.dumps(welcome)
    assert stranger_join(server, table).status_code == 200
    assert stranger_get(server, f"/api/tables/{table}/records").json() == []


def test_a_host_may_keep_people_from_watching(server: Server) -> None:
    """Without watchers, a visitor may look at the waiting room (and take a seat) only: when
    the game starts it is let go, and later visitors are turned away; seats always work."""
    made = make(server, [None, None], watching=False)
    table = made["id"]
    assert made["listed"] is True and made["watching"] is False
    with server.player(table, None) as visitor:
        assert visitor.receive()["type"] == "welcome", "the waiting room, to take a seat"
        ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
        assert visitor.closed_with() == GONE, "the game started: the visitor is let go"
        assert visitor.errors == [{"type": "error", "code": "no-watching", "message": NO_WATCHING}]
        assert "hand" not in visitor.view, "it never saw a card"
    told, code = stranger_socket(server, table)
    assert (told, code) == (
        [{"type": "error", "code": "no-watching", "message": NO_WATCHING}],
        GONE,
    )
    with server.player(table, ann) as a, server.player(table, bob) as b:
        assert a.receive()["type"] == b.receive()["type"] == "welcome"
        a.drain()
        assert a.view["hand"], "the players play"


@pytest.mark.store
def test_the_replay_of_an_unlisted_table_is_for_people_with_the_link_or_seated_there(
    server: Server,
) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    key = INVITES[table]
    with httpx.Client(base_url=server.url, timeout=10) as ann_browser:
        ann_browser.post("/api/me", json={"name": "Ann"})
        token = ann_browser.post(
            f"/api/tables/{table}/join", json={"name": "Ann", "invite": key}
        ).json()["token"]
        with server.player(table, token) as ann:
            ann.receive()
            ann.play_to_end()
        record = f"/api/tables/{table}/records/1"
        seen = ann_browser.get(record)
        assert seen.status_code == 200, "Ann, signed in, sat there"
        # The record says which seat was hers (the replay's review follows her chance).
        ann_seat = next(s["seat"] for s in seen.json()["seats"] if s["name"] == "Ann")
        assert seen.json()["you"] == ann_seat
    with httpx.Client(base_url=server.url, timeout=10) as someone_else:
        someone_else.post("/api/me", json={"name": "Cat"})
        assert someone_else.get(record).status_code == 403
    assert stranger_get(server, record).status_code == 403
    assert stranger_get(server, f"{record}?invite=wrong").status_code == 403
    for query, you in ((f"?invite={key}", None), (f"?token={token}", ann_seat)):
        kept = stranger_get(server, record + query)
        assert kept.status_code == 200 and kept.json()["format"] == "pegboard-record/1"
        assert kept.json()["you"] == you, query  # the link alone: a watcher, no seat
    assert stranger_get(server, f"/api/tables/{table}/records/2?invite={key}").status_code == 404


def test_the_settings_and_the_link_survive_a_restart(server: Server) -> None:
    made = make(server, [None, None], listed=False, watching=False, chat="phrases")
    table, key = made["id"], made["invite"]
    server.stop()
    server.start()
    info = stranger_get(server, f"/api/tables/{table}?invite={key}").json()
    assert (info["listed"], info["watching"], info["chat"]) == (False, False, "phrases")
    assert stranger_get(server, f"/api/tables/{table}").status_code == 403
    assert stranger_join(server, table, invite=key).status_code == 200


@pytest.mark.parametrize(
    "body",
    [{"listed": "maybe"}, {"watching": [True]}, {"chat": "off"}, {"chat": "<b>"}],
)
def test_table_settings_of_the_wrong_kind_are_refused(server: Server, body: dict[str, Any]) -> None:
    response = server.post("/api/tables", {"game": "cribbage", "players": 2} | body)
    assert response.status_code == 422
    assert stranger_get(server, "/api/tables").json() == [], "no table was made"
