"""A page on another site cannot change anything here: every state-changing request must say
its body is JSON (a form cannot, without this server's leave), and a socket opened by a page
of another origin is refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from harness import INVITES, Server
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from pegboard.server.players.identity import COOKIE

FORM_KINDS = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]


@contextmanager
def browser_with_guest(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        yield browser


@pytest.mark.parametrize("kind", FORM_KINDS)
def test_a_cross_site_form_cannot_replace_or_rename_the_guest(server: Server, kind: str) -> None:
    with browser_with_guest(server) as browser:
        before = browser.get("/api/me").json()["player"]
        cookie = browser.cookies.get(COOKIE)
        posted = browser.post(
            "/api/me", content=b'{"name":"Mallory="}', headers={"content-type": kind}
        )
        assert posted.status_code == 415
        assert "set-cookie" not in posted.headers
        assert browser.cookies.get(COOKIE) == cookie
        assert browser.get("/api/me").json()["player"] == before, "still Ann"


def test_a_cross_site_form_cannot_log_out(server: Server) -> None:
    with browser_with_guest(server) as browser:
        before = browser.get("/api/me").json()["player"]
        out = browser.post("/api/logout", content=b"", headers={"content-type": "text/plain"})
        assert out.status_code == 415 and "set-cookie" not in out.headers
        bare = browser.post("/api/logout")  # no body, no content type: as a form could
        assert bare.status_code == 415
        assert browser.get("/api/me").json()["player"] == before
        assert browser.post("/api/logout", json={}).status_code == 200, "the page's own"
        assert browser.get("/api/me").json()["player"] is None


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables", b'{"game": "cribbage", "players": 2}'),
        ("/api/account", b'{"username": "mallory", "password": "long enough pw"}'),
        ("/api/login", b'{"username": "mallory", "password": "long enough pw"}'),
        ("/api/password", b'{"current": "long enough pw", "password": "another pw!"}'),
    ],
)
def test_every_state_changing_route_wants_json(server: Server, path: str, body: bytes) -> None:
    with browser_with_guest(server) as browser:
        sent = browser.post(path, content=body, headers={"content-type": "text/plain"})
        assert sent.status_code == 415, sent.text
    assert server.get("/api/tables").json() == []


def test_joining_a_table_wants_json(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], listed=True)
    body = f'{{"name": "Mallory", "invite": "{INVITES[table]}"}}'.encode()
    sent = httpx.post(
        f"{server.url}/api/tables/{table}/join",
        content=body,
        headers={"content-type": "text/plain"},
        timeout=10,
    )
    assert sent.status_code == 415
    assert server.get(f"/api/tables/{table}").json()["slots"][0] is None, "the seat stays free"


def test_sockets_opened_by_another_site_are_refused(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], listed=True)
    with browser_with_guest(server) as browser:
        cookie = {"Cookie": f"{COOKIE}={browser.cookies.get(COOKIE)}"}
    base = f"ws://127.0.0.1:{server.port}"
    paths = [f"/ws/{table}?invite={INVITES[table]}", "/ws/play?game=cribbage&players=2"]
    for path in paths:
        evil = cookie | {"Origin": "https://evil.example"}
        with pytest.raises(InvalidStatus) as refused:
            connect(base + path, open_timeout=5, additional_headers=evil)
        assert refused.value.response.status_code == 403, path
    ours = cookie | {"Origin": f"http://127.0.0.1:{server.port}"}
    with connect(base + paths[0], open_timeout=5, additional_headers=ours) as socket:
        assert '"welcome"' in str(socket.recv(timeout=5))
    with connect(base + paths[1], open_timeout=5, additional_headers=ours) as socket:
        assert '"queued"' in str(socket.recv(timeout=5))


def test_every_route_that_changes_anything_wants_json(server: Server) -> None:
    """Every route that may change something, found in the app's own OpenAPI paths (no list
    to keep): a body not said to be JSON is refused before the route runs."""
    paths: dict[str, dict[str, object]] = server.app.openapi()["paths"]
    changing = sorted(
        path for path, methods in paths.items() if {"post", "put", "patch", "delete"} & set(methods)
    )
    assert {"/api/tables", "/api/daily/{game}", "/api/tournaments/{tournament_id}/start"} <= set(
        changing
    )
    with browser_with_guest(server) as browser:
        for path in changing:
            filled = re.sub(r"\{[^}]+\}", "cribbage", path)
            sent = browser.post(filled, content=b"{}", headers={"content-type": "text/plain"})
            assert sent.status_code == 415, f"{path}: {sent.status_code} {sent.text}"
    assert server.get("/api/tables").json() == []
