"""Mutes and blocks kept per player (docs/protocol.md, "Mutes and blocks"): a player's lists
live in the store, so an account finds them on another device; each chat message names its
writer's player, so a mute follows a person from table to table; a block keeps quick play from
seating the two together."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from harness import Server
from test_quickplay import play_now, seated

from pegboard.server.quickplay.matching import Waiting, tables

PASSWORD = "correct horse battery"


@contextmanager
def device(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=20) as browser:
        yield browser


def guest(browser: httpx.Client, name: str) -> str:
    made = browser.post("/api/me", json={"name": name})
    assert made.status_code == 200, made.text
    return str(made.json()["player"]["id"])


def test_a_mute_and_a_block_are_kept_for_the_player_on_every_device(server: Server) -> None:
    with device(server) as phone, device(server) as laptop, device(server) as other:
        guest(phone, "Ann")
        bob = guest(other, "Bob")
        assert phone.request("PUT", f"/api/me/mute/{bob}", json={}).json() == {
            "mute": [{"id": bob, "name": "Bob"}],
            "block": [],
        }
        assert phone.request("PUT", f"/api/me/mute/{bob}", json={}).status_code == 200, (
            "twice: no change"
        )
        claimed = phone.post("/api/account", json={"username": "ann.k", "password": PASSWORD})
        assert claimed.status_code == 200, claimed.text
        guest(laptop, "Someone")
        logged = laptop.post("/api/login", json={"username": "ann.k", "password": PASSWORD})
        assert logged.status_code == 200, logged.text
        on_laptop = laptop.get("/api/me/social").json()
        assert on_laptop == {"mute": [{"id": bob, "name": "Bob"}], "block": []}, "the same lists"

        laptop.request("PUT", f"/api/me/block/{bob}", json={}).raise_for_status()
        assert phone.get("/api/me/social").json()["block"] == [{"id": bob, "name": "Bob"}]
        assert phone.request("DELETE", f"/api/me/mute/{bob}", json={}).json()["mute"] == []
        assert other.get("/api/me/social").json() == {"mute": [], "block": []}, "never told"


def test_bad_mutes_are_refused_and_change_nothing(server: Server) -> None:
    with device(server) as ann, device(server) as nobody:
        me = guest(ann, "Ann")
        for who, status in [(me, 400), ("bot:greedy", 404), ("feedface00000000", 404)]:
            refused = ann.request("PUT", f"/api/me/block/{who}", json={})
            assert refused.status_code == status, (who, refused.text)
        assert nobody.request("PUT", f"/api/me/mute/{me}", json={}).status_code == 401, (
            "nobody is signed in"
        )
        assert nobody.get("/api/me/social").status_code == 401
        assert ann.get("/api/me/social").json() == {"mute": [], "block": []}


def test_each_chat_message_names_its_writer_at_every_table(server: Server) -> None:
    """What lets a mute set at one table hide the same person at the next."""
    with device(server) as ann, device(server) as bob:
        ids = {"Ann": guest(ann, "Ann"), "Bob": guest(bob, "Bob")}
        for _ in range(2):
            body = {"game": "cribbage", "players": 2, "options": {"score_target": 31}}
            table = ann.post("/api/tables", json=body).json()["id"]
            tokens = [
                b.post(f"/api/tables/{table}/join", json={"name": n}).json()["token"]
                for b, n in ((ann, "Ann"), (bob, "Bob"))
            ]
            with server.player(table, tokens[0]) as a, server.player(table, tokens[1]) as b:
                a.receive()
                b.receive()
                b.send({"type": "chat", "text": "hello again"})
                a.until(lambda c: len(c.chat) == 1)
                (message,) = a.chat
                assert (message["name"], message["player"]) == ("Bob", ids["Bob"])


def test_the_matching_never_seats_two_apart() -> None:
    ann, bob, cy = (Waiting(n, 1500, 0.0, 20.0) for n in ("ann", "bob", "cy"))
    assert [[p.id for p in t] for t in tables([ann, bob], 2, 1.0)] == [["ann", "bob"]]
    apart = {frozenset(("ann", "bob"))}
    assert tables([ann, bob], 2, 1.0, apart) == [], "they wait on, for someone else"
    made = [[p.id for p in t] for t in tables([ann, bob, cy], 2, 1.0, apart)]
    assert made == [["ann", "cy"]], "the first who may sit with Ann"
    with_bots = [[p.id for p in t] for t in tables([ann, bob], 2, 30.0, apart)]
    assert with_bots == [["ann"], ["bob"]], "after the wait, each with a bot"


def test_quick_play_never_seats_a_blocked_player_with_the_one_who_blocked(
    server: Server,
) -> None:
    with device(server) as ann, device(server) as bob:
        guest(ann, "Ann")
        bob_id = guest(bob, "Bob")
        ann.request("PUT", f"/api/me/block/{bob_id}", json={}).raise_for_status()
        with play_now(server, ann, wait=0) as a:
            with play_now(server, bob, wait=0) as b:
                seat_b = seated(b)
            seat_a = seated(a)
        assert seat_a["table"] != seat_b["table"], "each at a table of their own, with a bot"
        for seat in (seat_a, seat_b):
            info = server.get(f"/api/tables/{seat['table']}?token={seat['token']}").json()
            bot, person = sorted(s["kind"] for s in info["slots"])
            assert bot.startswith("bot:") and person == "human"
