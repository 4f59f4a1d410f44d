"""Input is taken as it is meant or refused: usernames that look like one already taken,
chat drowned in combining marks, values of the wrong JSON type (no "yes" for true, no "2" for
2, no Arabic-Indic digits for a score); and a request refused for its size is answered after
its bytes are read, so that even a raw client reads the answer."""

from __future__ import annotations

import socket
from typing import Any

import httpx
import pytest
from harness import Server
from test_table_chat import at_the_table, table_of_two
from websockets.sync.client import connect

from pegboard.server.http.inputs import BadInput
from pegboard.server.http.limits import MAX_BODY_BYTES, MAX_URL_BYTES
from pegboard.server.players.identity import COOKIE
from pegboard.server.players.usernames import clean_username, username_key

LOOK_ALIKES = ["Ann.", "Ann_", "A.nn", "Ann\u0345", "A\u0274\u0274", "\u1d00nn"]


@pytest.mark.parametrize("other", LOOK_ALIKES)
def test_a_username_that_looks_like_ann_is_refused_or_is_ann(other: str) -> None:
    try:
        cleaned = clean_username(other)
    except BadInput:
        return
    assert username_key(cleaned) == username_key("Ann")


def test_look_alikes_of_a_taken_username_cannot_be_claimed(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as ann:
        ann.post("/api/me", json={"name": "Ann"}).raise_for_status()
        made = ann.post("/api/account", json={"username": "Ann", "password": "long enough pw"})
        assert made.status_code == 200, made.text
    for n, other in enumerate(LOOK_ALIKES):
        with httpx.Client(base_url=server.url, timeout=30) as mallory:
            mallory.post("/api/me", json={"name": f"Mallory {n}"}).raise_for_status()
            body = {"username": other, "password": "long enough pw"}
            assert mallory.post("/api/account", json=body).status_code in (400, 409), other


def test_chat_drowned_in_combining_marks_is_refused(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        ann.send({"type": "chat", "text": "a" + "\u0301" * 199})
        ann.send({"type": "chat", "text": "Z\u0351\u0351\u0351\u0351 fine"})
        ann.send(
            {"type": "chat", "text": "ca\u0300 va, à bientôt, नमस्ते"}
        )  # marks as words use them
        ann.until(lambda c: len(c.errors) >= 2)  # then anything more would follow (drain)
        bob.until(lambda c: bool(c.chat))
        assert [e["code"] for e in ann.errors] == ["chat", "chat"]
        assert [m["text"] for m in bob.chat] == ["cà va, à bientôt, नमस्ते"]


BAD_TABLES: list[dict[str, Any]] = [
    {"game": "cribbage", "players": "2"},
    {"game": "cribbage", "players": True},
    {"game": "cribbage", "players": 2.0},
    {"game": "cribbage", "players": 2, "rated": "on"},
    {"game": "cribbage", "players": 2, "rated": 1},
    {"game": "cribbage", "players": 2, "hints": "yes"},
    {"game": "cribbage", "players": 2, "options": {"score_target": "\u0666\u0661"}},
    {"game": "cribbage", "players": 2, "options": {"score_target": "61"}},
    {"game": "cribbage", "players": 2, "options": {"score_target": True}},
    {"game": "cribbage", "players": 2, "options": {"score_target": 61.0}},
]


@pytest.mark.parametrize("body", BAD_TABLES)
def test_a_value_of_the_wrong_json_type_is_refused(server: Server, body: dict[str, Any]) -> None:
    made = server.post("/api/tables", body)
    assert made.status_code in (400, 422), made.text
    assert server.get("/api/tables").json() == []


def test_the_same_values_of_the_right_type_are_taken(server: Server) -> None:
    body = {"game": "cribbage", "players": 2, "rated": True, "hints": False}
    made = server.post("/api/tables", body | {"options": {"score_target": 61}})
    assert made.status_code == 200, made.text


@pytest.mark.parametrize(
    "query", ["players=2&rated=on", "players=%D9%A2", "players=2&rated=yes", "players=+2"]
)
def test_a_quick_play_query_is_read_strictly(server: Server, query: str) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        cookie = {"Cookie": f"{COOKIE}={browser.cookies.get(COOKIE)}"}
    url = f"ws://127.0.0.1:{server.port}/ws/play?game=cribbage&{query}"
    with connect(url, open_timeout=5, additional_headers=cookie) as socket_:
        assert '"bad-choice"' in str(socket_.recv(timeout=5))


def exchange_sending_all(server: Server, request: bytes) -> bytes:
    """Send every byte of ``request`` (as a client that does not wait), then read the answer
    to the end: a reset instead of the answer raises ConnectionResetError."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
        return answer


def test_a_body_too_large_is_answered_413_after_it_was_sent(server: Server) -> None:
    body = b'{"name": "' + b"A" * (32 * MAX_BODY_BYTES) + b'"}'
    head = b"POST /api/me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    request = head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
    assert exchange_sending_all(server, request).startswith(b"HTTP/1.1 413")


def test_a_url_too_long_is_answered_414_after_it_was_sent(server: Server) -> None:
    request = b"GET /api/" + b"a" * (32 * MAX_URL_BYTES) + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    assert exchange_sending_all(server, request).startswith(b"HTTP/1.1 414")
