"""Every limit counts one client address: the connection's own, or, when the connection comes
from a trusted proxy, the address that proxy forwards (docs/operations.md, "Behind a reverse
proxy"). The session cookie is Secure whenever the request came over https."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from harness import INVITES, Server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pegboard.server.http.clients import Proxies
from pegboard.server.http.limits import TABLES_PER_ADDRESS

PROXY = "127.0.0.1"  # the tests connect from here


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    """Behind a trusted proxy, the WebSocket byte budget on (as ``pegboard serve``)."""
    running = Server(
        tmp_path / "pegboard.sqlite", inbound_limit=True, trusted_proxies=frozenset({PROXY})
    )
    running.start()
    yield running
    running.stop()


@pytest.fixture
def direct(tmp_path: Path) -> Iterator[Server]:
    """No proxy is trusted: a forwarded header is anyone's word, and ignored."""
    running = Server(tmp_path / "pegboard.sqlite", inbound_limit=True)
    running.start()
    yield running
    running.stop()


def socket_as(server: Server, table: str, address: str):  # type: ignore[no-untyped-def]
    uri = f"ws://127.0.0.1:{server.port}/ws/{table}?invite={INVITES[table]}"
    return connect(uri, open_timeout=5, additional_headers={"X-Forwarded-For": address})


def make_table(server: Server, address: str) -> httpx.Response:
    body = {"game": "cribbage", "players": 2, "bots": [None, "greedy"], "listed": True}
    headers = {"X-Forwarded-For": address}
    made = httpx.post(f"{server.url}/api/tables", json=body, headers=headers, timeout=10)
    if made.status_code == 200:
        INVITES[made.json()["id"]] = made.json()["invite"]
    return made


def test_one_users_burst_behind_the_proxy_cuts_only_that_user(proxied: Server) -> None:
    """Two people behind one proxy; one sends 4 x 60 KB at once. Only that person's socket is
    cut: the other's stays open, and a third person's new socket is welcomed."""
    table = make_table(proxied, "198.51.100.1").json()["id"]
    noise = random.Random(2)
    with (
        socket_as(proxied, table, "198.51.100.1") as loud,
        socket_as(proxied, table, "198.51.100.2") as quiet,
    ):
        assert loud.recv(timeout=5) and quiet.recv(timeout=5)
        with pytest.raises(ConnectionClosed):
            for _ in range(4):
                loud.send(noise.randbytes(30_000).hex())  # 60 KB that do not compress
            while True:
                loud.recv(timeout=5)
        quiet.send('{"type": "ping"}')
        while '"pong"' not in (message := str(quiet.recv(timeout=5))):
            assert '"error"' not in message
        with socket_as(proxied, table, "198.51.100.3") as third:
            assert '"welcome"' in str(third.recv(timeout=5))


def test_a_forwarded_address_from_a_trusted_proxy_is_the_client(proxied: Server) -> None:
    for _ in range(TABLES_PER_ADDRESS):
        assert make_table(proxied, "198.51.100.4").status_code == 200
    assert make_table(proxied, "198.51.100.4").status_code == 429, "that client's limit"
    assert make_table(proxied, "198.51.100.5").status_code == 200, "another client behind it"


def test_a_forwarded_address_from_anyone_else_is_ignored(direct: Server) -> None:
    """Without a trusted proxy, a client that makes up a new address for each request is
    still one address: its own."""
    statuses = [make_table(direct, f"192.0.2.{n}").status_code for n in range(1, 13)]
    assert statuses.count(200) == TABLES_PER_ADDRESS and statuses[-1] == 429


def cookie_of(server: Server, headers: dict[str, str]) -> str:
    made = httpx.post(f"{server.url}/api/me", json={"name": "Ann"}, headers=headers, timeout=10)
    assert made.status_code == 200, made.text
    return made.headers["set-cookie"]


def attributes(set_cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in set_cookie.split(";")[1:]}


def test_the_session_cookie_is_secure_when_the_request_came_over_https(proxied: Server) -> None:
    over_https = cookie_of(proxied, {"X-Forwarded-Proto": "https"})
    assert {"secure", "httponly", "samesite"} <= attributes(over_https)
    assert "secure" not in attributes(cookie_of(proxied, {})), "plain http: a browser would drop it"


def test_a_forwarded_scheme_from_anyone_else_is_ignored(direct: Server) -> None:
    assert "secure" not in attributes(cookie_of(direct, {"X-Forwarded-Proto": "https"}))


def test_logging_out_over_https_deletes_the_secure_cookie(proxied: Server) -> None:
    https = {"X-Forwarded-Proto": "https"}
    with httpx.Client(base_url=proxied.url, timeout=10, headers=https) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        cookie = browser.cookies.get("pegboard_session")
        # A Secure cookie goes over https only: the proxy's side of it is plain http.
        sent = {"Cookie": f"pegboard_session={cookie}"}
        out = browser.post("/api/logout", json={}, headers=sent)
        assert out.status_code == 200
        assert {"secure", "max-age"} <= attributes(out.headers["set-cookie"])


TRUSTED = Proxies(frozenset({"127.0.0.1", "10.0.0.0/8"}))
WHO = [  # peer, X-Forwarded-For, the client
    ("127.0.0.1", None, "127.0.0.1"),  # the proxy's own request
    ("127.0.0.1", "198.51.100.1", "198.51.100.1"),
    ("10.2.3.4", "198.51.100.1", "198.51.100.1"),  # any proxy of a trusted network
    ("127.0.0.1", "203.0.113.9, 198.51.100.1", "198.51.100.1"),  # what the client wrote: not
    ("127.0.0.1", "198.51.100.1, 10.0.0.7", "198.51.100.1"),  # past a second trusted proxy
    ("192.0.2.8", "198.51.100.1", "192.0.2.8"),  # not a proxy: its header is its own word
    ("127.0.0.1", "not an address, 10.0.0.7", "not an address"),  # whatever the proxy said
]


@pytest.mark.parametrize(("peer", "forwarded", "client"), WHO)
def test_the_client_is_the_address_the_trusted_proxies_forward(
    peer: str, forwarded: str | None, client: str
) -> None:
    assert TRUSTED.client(peer, forwarded) == client


@pytest.mark.parametrize(
    ("peer", "scheme", "proto", "seen"),
    [
        ("127.0.0.1", "http", "https", "https"),
        ("127.0.0.1", "ws", "https", "wss"),
        ("127.0.0.1", "https", "http", "http"),
        ("192.0.2.8", "http", "https", "http"),  # not a proxy
        ("127.0.0.1", "http", None, "http"),
    ],
)
def test_the_scheme_is_the_one_the_trusted_proxy_says(
    peer: str, scheme: str, proto: str | None, seen: str
) -> None:
    assert TRUSTED.scheme(peer, scheme, proto) == seen


def test_a_trusted_proxy_is_an_address_or_a_network() -> None:
    with pytest.raises(ValueError):
        Proxies(frozenset({"proxy.example"}))
