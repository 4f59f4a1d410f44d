"""A table's set-up is written off the event loop (``Store.write_set_up``: a new guest and its
session, a new table, a seat taken): while the store takes its time over one, a game in play on
the same server still has its moves applied and answered, and the set-up completes, stored,
once the store goes on. Nobody hears of a set-up before it is stored: its answer waits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from harness import Client, Server
from sqlalchemy import event

HELD = 60.0  # seconds a held statement waits at most (a failing test must still end)
ANSWERED = 20.0  # seconds a move may take to be answered on a loaded machine


class Hold:
    """Holds the first statement of the store that starts with ``prefix`` until
    :attr:`release` is set, in whichever thread runs it (``begun`` says it is held)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.begun = threading.Event()
        self.release = threading.Event()

    def __call__(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith(self.prefix) and not self.begun.is_set():
            self.begun.set()
            assert self.release.wait(HELD), "the held set-up was never released"


@contextmanager
def held(server: Server, prefix: str) -> Iterator[Hold]:
    """A :class:`Hold` on the server's store, released at the end. Put on from the event loop
    (which runs most statements) and never taken off: a listener removed while another thread
    runs a statement fails that statement; released, it holds nothing more."""
    hold = Hold(prefix)
    server.on_loop(lambda lobby: event.listen(lobby.store.engine, "before_cursor_execute", hold))
    try:
        yield hold
    finally:
        hold.release.set()


def in_play(server: Server) -> tuple[str, list[str]]:
    table = server.table(score_target=121)
    return table, [server.join(table, "Ann"), server.join(table, "Bob")]


def a_new_guest(server: Server) -> Callable[[], httpx.Response]:
    return lambda: server.post("/api/me", {"name": "Cy"})


def a_new_table(server: Server) -> Callable[[], httpx.Response]:
    return lambda: server.post("/api/tables", {"game": "cribbage", "players": 2})


def a_seat_taken(server: Server) -> Callable[[], httpx.Response]:
    waiting = server.table()
    return lambda: server.post(f"/api/tables/{waiting}/join", {"name": "Cy"})


SET_UPS = {
    # what is set up, and the statement of the store that is held
    "a new guest": (a_new_guest, "INSERT INTO players"),
    "a new table": (a_new_table, "INSERT INTO tables"),
    "a seat taken": (a_seat_taken, "DELETE FROM slots"),
}


@pytest.mark.store
@pytest.mark.parametrize("set_up", SET_UPS)
def test_a_slow_set_up_never_holds_up_a_game_in_play(server: Server, set_up: str) -> None:
    make, statement = SET_UPS[set_up]
    table, tokens = in_play(server)
    request = make(server)
    with (
        server.player(table, tokens[0]) as ann,
        server.player(table, tokens[1]) as bob,
        ThreadPoolExecutor(1) as requests,
        held(server, statement) as hold,
    ):
        for client in (ann, bob):
            client.until(lambda c: bool(c.view.get("legal")))
        answer: Future[httpx.Response] = requests.submit(request)
        assert hold.begun.wait(HELD), f"{set_up} is being stored"
        for client in (ann, bob):  # each discards while the set-up is held
            discarded(client)
        assert not answer.done(), "nobody hears of the set-up before it is stored"
        hold.release.set()
        made = answer.result(HELD)
        assert made.status_code == 200, made.text
    assert_stored(server, set_up, made)


def discarded(client: Client) -> None:
    """``client`` discards, and is told of it (not waiting for the server to be idle: the held
    set-up is work in flight)."""
    version = client.version
    client.act(client.view["legal"][0])
    client.until(lambda c: c.version > version, ANSWERED, then=False)


def assert_stored(server: Server, set_up: str, made: httpx.Response) -> None:
    """What the set-up answered is what the server now holds, and what it stored."""
    server.restart_after(1)
    if set_up == "a new guest":
        cookie = made.headers["set-cookie"].split(";", 1)[0]
        me = httpx.get(f"{server.url}/api/me", headers={"Cookie": cookie}, timeout=10)
        assert me.json()["player"]["name"] == "Cy"
    elif set_up == "a new table":
        assert server.get(f"/api/tables/{made.json()['id']}").json()["status"] == "waiting"
    else:
        table = server.get(f"/api/tables/{made.json()['table']['id']}").json()
        assert [s["name"] for s in table["slots"] if s is not None] == ["Cy"]


@pytest.mark.store
def test_a_browser_is_nobody_until_the_answer_that_makes_its_guest(server: Server) -> None:
    """A read sent while the new guest is being stored is answered at once and names nobody
    (the browser has no cookie yet); the answer gives the cookie, and the next read finds the
    guest. (A browser test once read /api/me before this answer and took it for a race.)"""
    with (
        httpx.Client(base_url=server.url, timeout=ANSWERED) as browser,
        ThreadPoolExecutor(1) as requests,
        held(server, "INSERT INTO players") as hold,
    ):
        answer = requests.submit(browser.post, "/api/me", json={"name": "Cy"})
        assert hold.begun.wait(HELD), "the guest is being stored"
        assert browser.get("/api/me").json() == {"player": None}
        assert not answer.done(), "nobody hears of the guest before it is stored"
        hold.release.set()
        made = answer.result(HELD)
        assert made.status_code == 200, made.text
        assert browser.get("/api/me").json()["player"] == made.json()["player"]


def test_every_guest_is_found_by_the_read_right_after_its_answer(server: Server) -> None:
    """Browsers making guests at once, each reading /api/me as soon as it is answered: the
    set-up thread's commit is seen by the read, on whichever pooled connection it runs."""

    def guests(browser: int) -> list[tuple[str, str | None]]:
        found: list[tuple[str, str | None]] = []
        for _ in range(4):
            with httpx.Client(base_url=server.url, timeout=ANSWERED) as client:
                made = client.post("/api/me", json={"name": f"P{browser}"}).json()["player"]
                me = client.get("/api/me").json()["player"]
                found.append((made["id"], me and me["id"]))
        return found

    with ThreadPoolExecutor(6) as browsers:  # 24 guests: within one address's burst
        made_and_read = [pair for each in browsers.map(guests, range(6)) for pair in each]
    assert len({made for made, _ in made_and_read}) == 24
    assert [made for made, _ in made_and_read] == [read for _, read in made_and_read]
