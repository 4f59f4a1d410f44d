"""Accounts: a guest claims one and stays the same player (seats and all), logs in from another
device, logs out for good; usernames are one regardless of case and look-alike letters; failed
logins are limited per account and address, per account and per address; a refusal changes
nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server

from pegboard.server.players.identity import COOKIE
from pegboard.server.players.logins import LoginGuard, LoginLimits, TooManyFailures
from pegboard.server.store.sql_store import Store
from pegboard.server.workers.bus import Bus, MemoryBus
from pegboard.server.workers.redis_bus import RedisBus
from pegboard.server.workers.worker import WorkerSettings

PASSWORD = "correct horse battery"
LIMITS = LoginLimits()


def device(server: Server, cookie: str | None = None) -> httpx.Client:
    """A browser: keeps its cookies between requests."""
    cookies = {COOKIE: cookie} if cookie is not None else None
    return httpx.Client(base_url=server.url, timeout=20, cookies=cookies)


def guest(browser: httpx.Client, name: str) -> dict[str, Any]:
    made = browser.post("/api/me", json={"name": name})
    assert made.status_code == 200, made.text
    player: dict[str, Any] = made.json()["player"]
    return player


def me(browser: httpx.Client) -> dict[str, Any] | None:
    found: dict[str, Any] | None = browser.get("/api/me").json()["player"]
    return found


def claim(browser: httpx.Client, username: str, password: str = PASSWORD) -> httpx.Response:
    return browser.post("/api/account", json={"username": username, "password": password})


def login(browser: httpx.Client, username: str, password: str = PASSWORD) -> httpx.Response:
    return browser.post("/api/login", json={"username": username, "password": password})


def slot_players(server: Server, table: str) -> list[str | None]:
    """Who the store says holds each seat (read beside the running server)."""
    store = Store(server.db if isinstance(server.db, str) else f"sqlite:///{server.db}")
    try:
        row = store.table(table)
        assert row is not None
        return [s.get("player") for s in sorted(row.slots, key=lambda s: int(s["slot"]))]
    finally:
        store.close()


@pytest.mark.store
def test_a_guest_who_claims_an_account_keeps_their_player_and_their_seat(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], listed=True, score_target=31)
    with device(server) as phone:
        ann = guest(phone, "Ann")
        joined = phone.post(f"/api/tables/{table}/join", json={"name": "Ann"}).json()
        guest_cookie = phone.cookies.get(COOKIE)
        claimed = claim(phone, "ann.k")
        assert claimed.status_code == 200, claimed.text
        assert claimed.json()["player"] == ann | {"kind": "account", "username": "ann.k"}
        assert "HttpOnly" in claimed.headers["set-cookie"]
        assert phone.cookies.get(COOKIE) != guest_cookie, "a new session for the account"
        assert me(phone) == claimed.json()["player"]
        assert claim(phone, "ann.again").status_code == 409, "one account per player"
    with device(server, guest_cookie) as old:
        assert me(old) is None, "the guest's session ended with the claim"
    assert slot_players(server, table)[joined["slot"]] == ann["id"], "the seat is still hers"


@pytest.mark.store
def test_a_login_from_another_device_is_the_same_player_and_logout_ends_it(
    server: Server,
) -> None:
    with device(server) as phone, device(server) as laptop:
        ann = guest(phone, "Ann")
        assert claim(phone, "Ann").status_code == 200
        bystander = guest(laptop, "Someone")  # the laptop was a guest of its own before
        bystander_cookie = laptop.cookies.get(COOKIE)
        logged = login(laptop, "ann")  # usernames are one, whatever the case
        assert logged.status_code == 200, logged.text
        assert logged.json()["player"]["id"] == ann["id"] != bystander["id"]
        assert me(laptop) == me(phone)
        laptop_cookie = laptop.cookies.get(COOKIE)
        assert laptop_cookie != bystander_cookie

        out = laptop.post("/api/logout", json={})
        assert out.status_code == 200 and out.json() == {"player": None}
        assert 'pegboard_session=""' in out.headers["set-cookie"], "the cookie is deleted"
        assert me(laptop) is None
        assert me(phone) is not None, "only that device's session ended"
    for cookie in (laptop_cookie, bystander_cookie):
        with device(server, cookie) as replayed:
            assert me(replayed) is None, "a revoked session is nobody, for good"
            assert replayed.get(f"/api/tables/{server.table()}/seat").status_code == 401


# Each row: a username that is taken once "Ann" is, and why it looks the same.
SAME_AS_ANN = [
    ("ann", "case"),
    ("ANN", "case"),
    ("\u0391nn", "a Greek capital alpha"),
    ("\u0430nn", "a Cyrillic small a"),
    ("\u0410NN", "a Cyrillic capital A, in capitals"),
    ("\uff21nn", "a fullwidth A (NFKC)"),
]


@pytest.mark.store
def test_usernames_that_look_the_same_are_one_username(server: Server) -> None:
    with device(server) as first:
        assert claim(first, "Ann").status_code == 200
    for username, why in SAME_AS_ANN:
        with device(server) as other:
            before = guest(other, "Other")
            refused = claim(other, username)
            assert refused.status_code == 409, why
            assert "taken" in refused.json()["detail"]
            assert me(other) == before, "nothing changed"
    with device(server) as other:
        assert claim(other, "Anne").status_code == 200, "a different name is free"
    with device(server) as laptop:  # any look-alike spelling finds the one account
        assert login(laptop, "\u0430nn").json()["player"]["username"] == "Ann"


BAD_USERNAMES = [
    ("an", "3 to 24 characters"),
    ("a" * 25, "3 to 24 characters"),
    ("ann smith", "only letters, digits"),
    ("<img src=x>", "only letters, digits"),
    ("ann\u200b", "only letters, digits"),  # a zero-width space
    ("_ann", "starts with a letter or a digit"),
]
GOOD_USERNAMES = ["Zoë", "nguyễn-văn", "張三李四", "ann_k.2"]


@pytest.mark.parametrize(("username", "why"), BAD_USERNAMES)
def test_a_bad_username_or_password_is_refused_and_changes_nothing(
    server: Server, username: str, why: str
) -> None:
    with device(server) as browser:
        ann = guest(browser, "Ann")
        refused = claim(browser, username)
        assert refused.status_code == 400 and why in refused.json()["error"]
        for password, said in (("short", "at least 8"), ("Ann.Smith", "cannot be the username")):
            refused = claim(browser, "ann.smith", password)
            assert refused.status_code == 400 and said in refused.json()["error"]
        assert claim(browser, "ann", "x" * 129).status_code == 422
        sent = browser.post("/api/account", json={"username": "ann", "password": PASSWORD, "x": 1})
        assert sent.status_code == 422
        assert me(browser) == ann, "still the guest"
        assert "set-cookie" not in refused.headers


@pytest.mark.parametrize("username", GOOD_USERNAMES)
def test_usernames_of_any_script_are_taken(server: Server, username: str) -> None:
    with device(server) as browser:
        made = claim(browser, username)  # no guest first: the account is made at once
        assert made.status_code == 200, made.text
        assert made.json()["player"]["username"] == username
        assert made.json()["player"]["name"] == username


def test_a_wrong_login_says_the_same_whether_or_not_the_username_exists(server: Server) -> None:
    with device(server) as browser:
        assert claim(browser, "Ann").status_code == 200
    answers = []
    with device(server) as stranger:
        for username, password in (("Ann", "wrong password"), ("Nobody", PASSWORD)):
            refused = login(stranger, username, password)
            answers.append((refused.status_code, refused.json()))
            assert "set-cookie" not in refused.headers
        assert me(stranger) is None
    assert answers == [(401, {"detail": "wrong username or password"})] * 2


def guess_wrong_at_anns_account(server: Server, attacker: httpx.Client) -> None:
    """Ann makes an account; ``attacker`` guesses wrong at it as often as one address may."""
    with device(server) as browser:
        assert claim(browser, "Ann").status_code == 200
    for _ in range(LIMITS.per_account_address):
        assert login(attacker, "ann", "guess guess").status_code == 401


@pytest.mark.store
def test_failed_logins_are_limited_per_account(server: Server) -> None:
    with device(server) as attacker:
        guess_wrong_at_anns_account(server, attacker)
        server.advance(60)
        refused = login(attacker, "\u0430nn")  # the right password, a look-alike spelling
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == str(int(LIMITS.window) - 60)
        assert "set-cookie" not in refused.headers and me(attacker) is None
        server.advance(LIMITS.window - 61)
        assert login(attacker, "Ann").status_code == 429, "a second early: still refused"
        server.advance(1)
        assert login(attacker, "Ann").status_code == 200, "the failures have left the window"


def test_guessing_from_one_address_does_not_lock_the_owner_out_elsewhere(server: Server) -> None:
    with device(server) as attacker:
        guess_wrong_at_anns_account(server, attacker)
        assert login(attacker, "Ann").status_code == 429
    # Ann at home (another address) logs in as ever.
    home = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(base_url=server.url, timeout=20, transport=home) as ann:
        assert login(ann, "Ann").status_code == 200
        assert me(ann) is not None


def test_guessing_spread_over_addresses_meets_the_accounts_own_limit(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'logins.sqlite'}")
    guard = LoginGuard(store.engine)
    try:
        addresses = [f"10.0.0.{n}" for n in range(LIMITS.per_account // 5)]
        for address in addresses:  # 5 guesses from each: each address stays under its limits
            for _ in range(5):
                guard.attempt("ann", address, 100.0)  # counted, and never a success
        with pytest.raises(TooManyFailures):
            guard.attempt("ann", "10.0.1.1", 101.0)  # a new address: the account is limited
        guard.attempt("bob", "10.0.1.1", 101.0)  # other accounts are not
        guard.attempt("ann", "10.0.1.1", 100.0 + LIMITS.window + 1)  # and not for long
    finally:
        store.close()


def test_failed_logins_are_limited_per_address(server: Server) -> None:
    with device(server) as browser:
        assert claim(browser, "Ann").status_code == 200
    with device(server) as attacker:
        for n in range(LIMITS.per_address):  # a different username each time
            assert login(attacker, f"user{n}", "guess guess").status_code == 401
        refused = login(attacker, "Ann")
        assert refused.status_code == 429 and "retry-after" in refused.headers
        assert me(attacker) is None
    with device(server) as browser:  # only logins are limited
        assert claim(browser, "Bob").status_code == 200


@pytest.mark.store
def test_a_signed_in_player_gets_their_seat_back_on_another_device(server: Server) -> None:
    table = server.table(score_target=31)
    with device(server) as phone, device(server) as laptop:
        guest(phone, "Ann")
        seat = phone.post(f"/api/tables/{table}/join", json={"name": "Ann"}).json()
        assert claim(phone, "ann").status_code == 200
        assert laptop.get(f"/api/tables/{table}/seat").status_code == 401, "nobody yet"
        guest(laptop, "Bob")
        assert laptop.get(f"/api/tables/{table}/seat").status_code == 404, "Bob has no seat"
        assert login(laptop, "ann").status_code == 200
        back = laptop.get(f"/api/tables/{table}/seat")
        assert back.status_code == 200
        assert (back.json()["slot"], back.json()["token"]) == (seat["slot"], seat["token"])
        assert back.json()["table"]["id"] == table
    with server.player(table, back.json()["token"]) as socket:
        welcome = socket.receive()
        assert welcome["slot"] == seat["slot"], "the laptop sits in Ann's seat"
        assert welcome["table"]["slots"][seat["slot"]]["connected"]


@pytest.mark.store
def test_a_forged_cookie_is_nobody_to_the_account_routes(server: Server) -> None:
    table = server.table(score_target=31)
    with device(server) as phone:
        guest(phone, "Ann")
        phone.post(f"/api/tables/{table}/join", json={"name": "Ann"})
        assert claim(phone, "ann").status_code == 200
        good = phone.cookies.get(COOKIE) or ""
    session, signature = good.rsplit(".", 1)
    for forged in (session + "." + signature[::-1], session, "x" + good):
        with device(server, forged) as other:
            assert other.get(f"/api/tables/{table}/seat").status_code == 401
            change = {"current": PASSWORD, "password": "a new password"}
            assert other.post("/api/password", json=change).status_code == 401
    with device(server, good) as phone:
        assert me(phone) is not None, "the real cookie still works"


def test_a_new_password_ends_the_other_sessions_and_the_old_password(server: Server) -> None:
    with device(server) as phone, device(server) as laptop:
        assert claim(phone, "ann").status_code == 200
        assert login(laptop, "ann").status_code == 200
        wrong = phone.post("/api/password", json={"current": "nope nope", "password": "new one!"})
        assert wrong.status_code == 401 and me(laptop) is not None, "nothing changed"
        changed = phone.post("/api/password", json={"current": PASSWORD, "password": "new one!"})
        assert changed.status_code == 200
        assert me(phone) is not None and me(laptop) is None
        assert login(laptop, "ann").status_code == 401
        assert login(laptop, "ann", "new one!").status_code == 200
    with device(server) as newcomer:
        guest(newcomer, "Guest")
        sent = newcomer.post("/api/password", json={"current": "x", "password": "new one!"})
        assert sent.status_code == 409, "a guest has no password"


def test_account_routes_take_json_only(server: Server) -> None:
    """A page elsewhere can post a form (no JSON without this server's leave): refused."""
    with device(server) as browser:
        assert claim(browser, "ann").status_code == 200
    with device(server) as other:
        body = '{"username": "ann", "password": "' + PASSWORD + '"}'
        for kind in ("text/plain", "application/x-www-form-urlencoded"):
            sent = other.post("/api/login", content=body, headers={"content-type": kind})
            assert sent.status_code == 415 and me(other) is None


@pytest.fixture(params=["memory", "redis"])
def two_workers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    make_bus: Callable[[], Bus]
    if request.param == "memory":
        shared = MemoryBus(shared=True)
        make_bus = lambda: shared  # noqa: E731
    else:
        url: str = request.getfixturevalue("redis_url")
        make_bus = lambda: RedisBus(url)  # noqa: E731
    settings = WorkerSettings(ask_timeout=5)  # the server's lease: nobody dies here
    db = tmp_path / "pegboard.sqlite"
    servers = Server(db, bus=make_bus, workers=settings), Server(db, bus=make_bus, workers=settings)
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def test_the_seat_comes_back_through_the_worker_that_does_not_own_the_table(
    two_workers: tuple[Server, Server],
) -> None:
    one, two = two_workers
    table = one.table(score_target=31)
    with device(one) as phone, device(two) as laptop:
        guest(phone, "Ann")
        seat = phone.post(f"/api/tables/{table}/join", json={"name": "Ann"}).json()
        assert claim(phone, "ann").status_code == 200
        assert login(laptop, "ann").status_code == 200  # on the other worker
        assert table not in two.open_tables(), "the other worker does not own the table"
        back = laptop.get(f"/api/tables/{table}/seat")
        assert back.status_code == 200, back.text
        assert back.json()["token"] == seat["token"]
        guest_there = device(two)
        guest(guest_there, "Bob")
        assert guest_there.get(f"/api/tables/{table}/seat").status_code == 404
        guest_there.close()
