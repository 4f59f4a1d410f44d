"""A guest plays at once: a name makes a player and a signed, HttpOnly, SameSite cookie that
brings the same player back on the next visit; the seat they take is theirs in the store."""

from __future__ import annotations

import httpx
from harness import INVITES, Server

from pegboard.server.players.identity import COOKIE
from pegboard.server.store.sql_store import Store


def visitor(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=10)


def test_a_first_visit_makes_a_guest_that_the_next_visit_finds_again(server: Server) -> None:
    with visitor(server) as browser:
        assert browser.get("/api/me").json() == {"player": None}
        made = browser.post("/api/me", json={"name": "Ann"})
        assert made.status_code == 200
        cookie = made.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=" in cookie
        ann = made.json()["player"]
        assert ann["name"] == "Ann" and ann["kind"] == "guest"
        assert browser.get("/api/me").json()["player"] == ann
        renamed = browser.post("/api/me", json={"name": "Annie"}).json()["player"]
        assert renamed == ann | {"name": "Annie"}, "the same player, a new name"
        kept = browser.cookies.get(COOKIE)
    with httpx.Client(base_url=server.url, cookies={COOKIE: kept or ""}) as later:
        assert later.get("/api/me").json()["player"]["id"] == ann["id"]


def test_a_forged_or_damaged_cookie_is_nobody(server: Server) -> None:
    with visitor(server) as browser:
        browser.post("/api/me", json={"name": "Ann"})
        good = browser.cookies.get(COOKIE) or ""
    session = good.rsplit(".", 1)[0]
    for forged in (session + ".AAAA", "x" + good, "a" * 300, session):
        with httpx.Client(base_url=server.url, cookies={COOKIE: forged}) as other:
            assert other.get("/api/me").json() == {"player": None}, forged


BAD_NAMES = [
    ("", "choose a name"),
    ("Greedy 2", "choose another name"),  # a bot's kind of name
    ("\u202e", "choose a name"),  # nothing left once invisible characters go
]


def test_a_bad_name_is_refused_and_makes_no_player(server: Server) -> None:
    with visitor(server) as browser:
        for name, why in BAD_NAMES:
            refused = browser.post("/api/me", json={"name": name})
            assert refused.status_code == 400 and why in refused.json()["error"], name
            assert "set-cookie" not in refused.headers
        assert browser.post("/api/me", json={"name": "x" * 65}).status_code == 422
        assert browser.get("/api/me").json() == {"player": None}


def test_the_seat_a_guest_takes_is_theirs_in_the_store(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    with visitor(server) as browser:
        ann = browser.post("/api/me", json={"name": "Ann"}).json()["player"]
        invite = INVITES[table]  # she has the table's link (a table of a bot and one person)
        joined = browser.post(f"/api/tables/{table}/join", json={"name": "Ann", "invite": invite})
        assert joined.status_code == 200
    server.stop()
    store = Store(f"sqlite:///{server.db}")
    try:
        row = store.table(table)
        assert row is not None
        assert [s["player"] for s in row.slots] == [ann["id"], None]
    finally:
        store.close()
