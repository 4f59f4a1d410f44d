"""A hostile client is refused, and it changes nothing for anyone: text the store cannot hold,
bodies and URLs too large, floods of messages, too many sockets or tables
(docs/protocol.md, "Limits")."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import time
from collections.abc import Iterator
from http.client import HTTPConnection, RemoteDisconnected
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import connect

from pegboard.server.http.admission import Limits
from pegboard.server.http.limits import (
    BOT_TABLES_PER_ADDRESS,
    INBOUND_BURST,
    MAX_BODY_BYTES,
    MAX_FRAME_BYTES,
    MAX_HEADER_BYTES,
    MAX_URL_BYTES,
    SOCKETS_PER_ADDRESS,
    STRIKES,
    TABLES_PER_ADDRESS,
)
from pegboard.server.http.protocol import GONE, POLICY, RESTART, TRY_LATER
from pegboard.server.lobby.one_process import Lobby
from pegboard.server.tables.sockets import encoded

POLICY_VIOLATION, TOO_BIG = POLICY, 1009


def raw_post(server: Server, path: str, body: bytes) -> httpx.Response:
    """A body sent exactly as written (JSON that json.dumps would never make)."""
    headers = {"content-type": "application/json"}
    return httpx.post(server.url + path, content=body, headers=headers, timeout=10)


def waiting_table(server: Server) -> str:
    """A two-seat table: one person still to come, and a greedy bot (in the lobby)."""
    return server.table(bots=[None, "greedy"], listed=True)


# -- text the store cannot hold (issue 16 item 1, issue 10 item 12) ---------------------------

BAD_NAMES = [
    ("Eve\\u0000", "control character"),  # NUL: PostgreSQL cannot store it
    ("Eve\\u0007", "control character"),
    ("Eve\\ud800", "surrogate"),  # a lone surrogate: no character at all
]


@pytest.mark.store
@pytest.mark.parametrize(("escaped", "why"), BAD_NAMES)
def test_a_name_the_store_cannot_hold_is_refused_and_the_seat_stays_free(
    server: Server, escaped: str, why: str
) -> None:
    table = waiting_table(server)
    response = raw_post(server, f"/api/tables/{table}/join", f'{{"name": "{escaped}"}}'.encode())
    assert response.status_code == 400 and why in response.json()["error"]
    assert server.get(f"/api/tables/{table}").json()["slots"][0] is None, "nothing changed"
    joined = server.post(f"/api/tables/{table}/join", {"name": "Eve"})
    assert joined.status_code == 200 and joined.json()["table"]["status"] == "playing"


BAD_BODIES = [
    (b'{"game": "cribbage", "players": 2, "options": {"score_target": NaN}}', "finite"),
    (b'{"game": "cribbage", "players": Infinity}', "finite"),
    (b'{"game": "cribbage", "players": 2, "options": {"\\ud800": 1}}', "surrogate"),
    (b'{"game": "crib\\u0000bage", "players": 2}', "control character"),
    (b'{"game": "cribbage", "players": 2, "options": ' + b"[" * 40 + b"]" * 40 + b"}", "nested"),
    (
        b'{"game": "cribbage", "players": 2, "options": ' + b"[" * 3000 + b"]" * 3000 + b"}",
        "nested",
    ),
    (b"\xff\xfe not utf-8", "not JSON"),
]


@pytest.mark.store
@pytest.mark.parametrize(("body", "why"), BAD_BODIES)
def test_bodies_that_are_not_finite_storable_json_get_400(
    server: Server, body: bytes, why: str
) -> None:
    before = server.get("/api/tables").json()
    response = raw_post(server, "/api/tables", body)
    assert response.status_code == 400 and why in response.json()["error"]
    assert server.get("/api/tables").json() == before, "no table was made"


BAD_PATHS = [
    "/api/tables/x%00y",
    "/api/tables/x%00y/records",
    "/api/tables/x%00y/records/1",
    "/api/tables/%ED%A0%80",  # the UTF-8 of a lone surrogate
    "/api/tables/" + "a" * 200,
    "/api/tables/abc/records/99999999999999999999999",
    "/api/tables/abc/records/-1",
    "/api/tables/abc/records/%00",
]


@pytest.mark.store
@pytest.mark.parametrize("path", BAD_PATHS)
def test_a_path_value_the_store_cannot_hold_is_no_table(server: Server, path: str) -> None:
    assert server.get(path).status_code == 404


@pytest.mark.store
def test_a_join_or_socket_to_an_impossible_table_id_is_no_table(server: Server) -> None:
    assert server.post("/api/tables/x%00y/join", {"name": "Eve"}).status_code == 404
    assert server.get("/api/tables?limit=5%00").status_code == 400
    with server.player("x%00y", None) as nobody:
        assert nobody.receive()["code"] == "seat"
        assert nobody.closed_with() == GONE
    table = waiting_table(server)
    with server.player(table, "tok%00en", since=10**30) as forger:
        assert forger.receive()["code"] == "seat"


def test_a_change_the_store_refuses_is_forgotten_and_the_table_rebuilt(server: Server) -> None:
    """Memory is never ahead of the store: a change whose write fails is told to nobody, the
    socket comes back (1012), and the table is as the store has it."""
    table = waiting_table(server)
    token = server.join(table, "Ann")

    def fail_once(lobby: Lobby) -> None:
        store = lobby.store
        write = store.commit_writes

        def refused(*args: Any, **kwargs: Any) -> None:
            store.commit_writes = write  # type: ignore[method-assign]
            raise OSError("the disk is full")

        store.commit_writes = refused  # type: ignore[method-assign]

    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        version, hand = ann.version, list(ann.view["hand"])
        server.on_loop(fail_once)
        ann.act(ann.view["legal"][0])
        assert ann.closed_with() == RESTART
    server.wait_for(lambda: table in server.open_tables(), "the table to be rebuilt")
    with server.player(table, token) as again:
        again.receive()
        again.drain()
        assert again.version == version and again.view["hand"] == hand, "as the store has it"
        again.act(again.view["legal"][0])
        again.drain()
        assert len(again.view["hand"]) == 4, "and it goes on"


# -- names (issue 16 item 9) -------------------------------------------------------------------

IMPERSONATIONS = [
    ("Greedy 2", "bot"),  # the bot's own name at this table
    ("greedy 7", "bot"),  # any bot's kind of name
    ("Ｇｒｅｅｄｙ 2", "bot"),  # fullwidth letters: NFKC makes them plain
    ("Gre\u200bedy 2", "bot"),  # a zero-width space inside
    ("Player 1", "bot"),  # the name given to someone who gives none
    ("ANN", "has that name"),
    ("\u202eAnn", "has that name"),  # a bidirectional override in front
    ("A\u200dnn\u2066", "has that name"),
]


@pytest.mark.parametrize(("name", "why"), IMPERSONATIONS)
def test_nobody_can_appear_as_a_bot_or_as_a_seated_player(
    server: Server, name: str, why: str
) -> None:
    table = server.table(players=3, bots=[None, "greedy", None])
    server.join(table, "Ann")
    response = server.post(f"/api/tables/{table}/join", {"name": name})
    assert response.status_code == 400 and why in response.json()["error"]
    assert server.get(f"/api/tables/{table}").json()["slots"][2] is None


def test_names_are_shown_normalized_without_invisible_characters(server: Server) -> None:
    table = waiting_table(server)
    joined = server.post(f"/api/tables/{table}/join", {"name": "  \u202eＢｏｂ\u200b  by\ufeff "})
    assert joined.json()["table"]["slots"][0]["name"] == "Bob by"


# -- bodies, URLs, headers, silent connections (item 5) ----------------------------------------


def test_a_body_past_the_limit_gets_413_and_is_never_parsed(server: Server) -> None:
    big = b'{"game": "cribbage", "players": 2, "x": "' + b"A" * MAX_BODY_BYTES + b'"}'
    response = raw_post(server, "/api/tables", big)
    assert response.status_code == 413 and b"AAAA" not in response.content

    def chunks() -> Iterator[bytes]:  # no length given: counted as it comes
        yield b'{"game": "cribbage", "players": 2, "x": "'
        for _ in range(64):
            yield b"A" * 1024
        yield b'"}'

    chunked = httpx.post(server.url + "/api/tables", content=chunks(), timeout=10)
    assert chunked.status_code == 413
    assert server.get("/api/tables").json() == []


def test_unknown_fields_are_refused_and_errors_never_repeat_the_input(server: Server) -> None:
    secret = "Z" * 5000
    response = server.post("/api/tables", {"game": "cribbage", "players": 2, "evil": secret})
    assert response.status_code == 422 and "unknown field" in response.text
    assert "ZZZZ" not in response.text and "evil" not in response.text
    response = server.post("/api/tables", {"game": "cribbage", "players": [secret]})
    assert response.status_code == 422 and "ZZZZ" not in response.text
    table = waiting_table(server)
    response = server.post(f"/api/tables/{table}/join", {"name": "Eve", "seat": 1})
    assert response.status_code == 422
    assert server.get(f"/api/tables/{table}").json()["slots"][0] is None


def http_exchange(server: Server, request: bytes, *, wait: float = 5) -> bytes:
    """Send raw bytes; everything the server answers until it closes the connection."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
        return answer


def test_a_url_too_long_gets_414_and_headers_too_large_get_431(server: Server) -> None:
    long_url = b"GET /ws/" + b"a" * (MAX_URL_BYTES + 10) + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    assert http_exchange(server, long_url).startswith(b"HTTP/1.1 414")
    padding = b"X-Pad: " + b"b" * 1000 + b"\r\n"
    heavy = b"GET / HTTP/1.1\r\nHost: x\r\n" + padding * (MAX_HEADER_BYTES // 1000 + 2) + b"\r\n"
    assert http_exchange(server, heavy).startswith(b"HTTP/1.1 431")
    assert server.get("/api/games").status_code == 200


@pytest.mark.parametrize(
    ("sent", "answer"),
    [(b"", b""), (b"GET /api/games HTTP/1.1\r\nHost: x\r\n", b"HTTP/1.1 408")],
)
def test_a_connection_that_never_finishes_its_header_is_closed(
    tmp_path: Path, sent: bytes, answer: bytes
) -> None:
    """Silent: closed without a word (nothing was asked). Stuck half-way through the header:
    answered 408, then closed (this test's server waits half a second, ``pegboard serve``
    ten)."""
    server = Server(tmp_path / "pegboard.sqlite", header_timeout=0.5)
    server.start()
    try:
        got = http_exchange(server, sent)
        assert got.startswith(answer) if answer else got == b""
    finally:
        server.stop()


def browser_get(server: Server, connection: HTTPConnection, path: str) -> int:
    """GET ``path`` on a connection opened earlier, as a browser does: a connection closed
    under the request before any byte of an answer is one the server had let go, and the
    request goes again on a new connection. The answer's status."""
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
    except (RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        connection.close()
        connection = HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request("GET", path)
        answer = connection.getresponse()
    answer.read()
    return answer.status


def test_a_connection_used_just_as_the_server_lets_it_go_is_answered(tmp_path: Path) -> None:
    """A browser opens connections before it needs them and keeps them between requests, and
    may send on one just as its header timer or keep-alive runs out: whichever comes first,
    the request is answered (on that connection, or on the browser's next), never with 408.
    The waits fall before, around and well after both timers."""
    server = Server(tmp_path / "pegboard.sqlite", header_timeout=0.5, keep_alive=0.5)
    server.start()
    try:
        for wait in (0.3, 0.45, 0.5, 0.55, 1.0):
            opened_ahead = HTTPConnection("127.0.0.1", server.port, timeout=5)
            opened_ahead.connect()
            time.sleep(wait)
            assert browser_get(server, opened_ahead, "/api/games") == 200, wait
            opened_ahead.close()
            kept = HTTPConnection("127.0.0.1", server.port, timeout=5)
            assert browser_get(server, kept, "/api/games") == 200
            time.sleep(wait)
            assert browser_get(server, kept, "/api/games") == 200, wait
            kept.close()
    finally:
        server.stop()


# -- sockets (item 3) ---------------------------------------------------------------------------


def test_a_frame_past_64_kib_closes_only_that_socket(server: Server) -> None:
    table = waiting_table(server)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann, server.player(table, None) as hostile:
        ann.drain()
        hostile.drain()
        hostile.send("x" * (MAX_FRAME_BYTES + 1))
        assert hostile.closed_with() == TOO_BIG
        ann.send({"type": "ping"})
        assert ann.receive()["type"] == "pong"


def test_binary_frames_and_deep_json_get_clean_errors(server: Server) -> None:
    table = waiting_table(server)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.drain()
        version, hand = ann.version, list(ann.view["hand"])
        ann.socket.send(b"\x00\x01binary")
        assert ann.receive()["code"] == "binary"
        for depth in (20, 2000):  # past the limit; past Python's own recursion limit
            deep = "[" * depth + "]" * depth
            ann.send(f'{{"type": "act", "version": {version}, "action": {deep}}}')
            reply = ann.receive()
            assert reply["code"] == "bad-json" and "nested" in reply["message"]
        ann.send('{"type": "act", "version": 1, "action": {"type": "play", "card": "5\\u0000"}}')
        assert ann.receive()["code"] == "bad-json"
        ann.send({"type": "ping"})
        assert ann.receive()["type"] == "pong"
        assert ann.version == version and ann.view["hand"] == hand


def test_a_socket_that_keeps_breaking_the_rules_is_closed(server: Server) -> None:
    table = waiting_table(server)
    with server.player(table, None) as flooder:
        flooder.drain()
        for _ in range(STRIKES + 5):
            flooder.send("not json")
        assert flooder.closed_with() == POLICY_VIOLATION
        codes = {e["code"] for e in flooder.errors}
        assert codes <= {"bad-json", "rate"} and len(flooder.errors) == STRIKES
    with server.player(table, None) as again:  # a new socket starts afresh
        again.send({"type": "ping"})
        again.drain()
        assert not again.errors


def test_one_address_may_hold_a_bounded_number_of_sockets(server: Server) -> None:
    table = waiting_table(server)
    uri = f"ws://127.0.0.1:{server.port}/ws/{table}"
    with contextlib.ExitStack() as held:
        sockets = [held.enter_context(connect(uri)) for _ in range(SOCKETS_PER_ADDRESS)]
        for open_one in sockets:
            assert json.loads(open_one.recv(timeout=5))["type"] == "welcome"
        with server.player(table, None) as one_too_many:
            assert one_too_many.receive()["code"] == "too-many-sockets"
            assert one_too_many.closed_with() == POLICY_VIOLATION
        sockets.pop().close()
        server.wait_for(lambda: watchers(server, table) == SOCKETS_PER_ADDRESS - 1, "a close")
        with server.player(table, None) as room_again:
            assert room_again.receive()["type"] == "welcome"


@pytest.fixture
def guarded_server(tmp_path: Path) -> Iterator[Server]:
    """A server that counts the bytes each address sends on its sockets, as pegboard serve, but
    gives them back at a byte a second: at the server's rate a spent credit came back before a
    loaded machine opened the next socket."""
    running = Server(tmp_path / "pegboard.sqlite", inbound_limit=True, inbound_rate=1.0)
    running.start()
    yield running
    running.stop()


def test_an_address_that_floods_its_sockets_is_cut_off_unread(guarded_server: Server) -> None:
    """Far more bytes than any client sends: the socket is cut at once (no close handshake),
    and the address's next socket too while its credit is spent."""
    server = guarded_server
    table = waiting_table(server)
    noise = random.Random(16)
    with server.player(table, None) as flooder:
        flooder.receive()
        with pytest.raises(ConnectionClosed) as cut:
            for _ in range(25 * INBOUND_BURST // 16384):  # 16 KiB that do not compress, each
                flooder.socket.send(noise.randbytes(8192).hex())
            while True:  # the refusals of the noise read before the cut (a slow loop), then it
                assert flooder.receive()["type"] == "error"
        assert cut.value.rcvd is None, "cut, not closed"
    with pytest.raises(WebSocketException), server.player(table, None) as right_after:
        right_after.receive()
    assert server.get(f"/api/tables/{table}").status_code == 200, "the server goes on"


def watchers(server: Server, table: str) -> int:
    return server.in_room(table, lambda room: len(room.watchers))


@pytest.fixture
def two_spectators_server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "pegboard.sqlite", limits=Limits(spectators_per_table=2))
    running.start()
    yield running
    running.stop()


def test_a_table_takes_a_bounded_number_of_spectators_but_always_its_players(
    two_spectators_server: Server,
) -> None:
    server = two_spectators_server
    table = waiting_table(server)
    token = server.join(table, "Ann")
    with server.player(table, None) as one, server.player(table, None) as two:
        one.receive()
        two.receive()
        with server.player(table, None) as third:
            assert third.receive()["code"] == "full"
            assert third.closed_with() == TRY_LATER
        with server.player(table, token) as ann:
            assert ann.receive()["type"] == "welcome"


# -- tables (item 4) ----------------------------------------------------------------------------


def test_one_address_makes_tables_at_a_bounded_rate(server: Server) -> None:
    for _ in range(TABLES_PER_ADDRESS):
        waiting_table(server)
    response = server.post("/api/tables", {"game": "cribbage", "players": 2})
    assert response.status_code == 429 and int(response.headers["retry-after"]) > 0
    assert len(server.get("/api/tables").json()) == TABLES_PER_ADDRESS


def test_one_address_holds_a_bounded_number_of_tables_of_bots_only(server: Server) -> None:
    body = {"game": "cribbage", "players": 2, "bots": ["greedy", "greedy"]}
    made = [server.post("/api/tables", body) for _ in range(BOT_TABLES_PER_ADDRESS + 1)]
    assert [r.status_code for r in made] == [200] * BOT_TABLES_PER_ADDRESS + [429]
    assert "bots only" in made[-1].json()["detail"]
    assert server.post("/api/tables", {"game": "cribbage", "players": 2}).status_code == 200


def test_the_lobby_answer_is_paged_with_tables_waiting_for_people_first(server: Server) -> None:
    playing = server.table(bots=["greedy", "greedy"])
    waiting = [waiting_table(server) for _ in range(3)]
    assert [t["id"] for t in server.get("/api/tables").json()] == [*waiting, playing]
    assert [t["id"] for t in server.get("/api/tables?limit=2").json()] == waiting[:2]
    assert [t["id"] for t in server.get("/api/tables?offset=2&limit=2").json()] == [
        waiting[2],
        playing,
    ]
    assert server.get("/api/tables?limit=100000").status_code == 400


@pytest.mark.parametrize(
    "message",
    [
        {"type": "update", "seats": {0: "Ann", 1: "Bob"}, "now": 1.5},
        {"type": "chat", "text": "é ✓ 🂡", "big": 2**70},
    ],
)
def test_every_message_is_encoded_as_json_would(message: dict[str, object]) -> None:
    """orjson where it can, json where it cannot (an integer past 64 bits): the same data."""
    assert json.loads(encoded(message)) == json.loads(json.dumps(message))


def test_the_server_declines_permessage_deflate(server: Server) -> None:
    """A client that asks for compressed messages (as browsers and websockets do) gets plain
    ones: compressing every update cost the event loop a sixth of a move's CPU at 2,000 tables
    (docs/benchmarks.md, "One process"), and each socket's zlib state about 40 KB."""
    table = server.table(score_target=121)
    token = server.join(table, "Ann")
    server.join(table, "Bob")
    with server.player(table, token) as ann:
        request, response = ann.socket.request, ann.socket.response
        assert request is not None and response is not None
        assert "permessage-deflate" in request.headers.get("Sec-WebSocket-Extensions", "")
        assert "Sec-WebSocket-Extensions" not in response.headers, "no extension agreed"
        ann.until(lambda c: bool(c.view))  # and the messages still come
