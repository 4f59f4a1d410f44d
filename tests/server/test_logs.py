"""The server's log, as an operator reads it: ``pegboard serve --log-format json`` writes one JSON
object a line with the worker, and the table and player a line concerns; and no line, at any
level, holds a secret: a session, a seat's token, an invite key, a password."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import INVITES, Server, play_together
from redis_server import free_port
from test_accounts import PASSWORD, claim, device, guest
from throwaway import wait_until_serving

from pegboard.server.logs import (
    FIELDS,
    Concerns,
    JsonLines,
    NoQueryStrings,
    about,
    without_password,
)
from pegboard.server.players.identity import COOKIE


@contextmanager
def served(tmp_path: Path, *options: str) -> Iterator[tuple[Server, Path]]:
    """``pegboard serve`` as an operator runs it, its stderr kept in a file."""
    port, log = free_port(), tmp_path / "server.log"
    command = [str(Path(sys.executable).parent / "pegboard"), "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'store.db'}", *options]
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out)
        try:
            front = Server(f"sqlite:///{tmp_path / 'store.db'}")
            front.port = port
            wait_until_serving(process, port, log)
            yield front, log
        finally:
            process.terminate()
            process.wait(20)


def test_json_lines_name_the_table_and_the_player_and_keep_no_secret(tmp_path: Path) -> None:
    with served(tmp_path, "--log-format", "json", "--log-level", "debug") as (front, log):
        browser = device(front)
        guest(browser, "Ann")
        assert claim(browser, "ann_lee").status_code == 200
        session = browser.cookies[COOKIE]
        made = front.post(
            "/api/tables",
            {"game": "cribbage", "players": 2, "listed": False, "options": {"score_target": 31}},
        )
        table = made.json()["id"]
        ann = httpx.post(
            f"{front.url}/api/tables/{table}/join",
            cookies={COOKIE: session},
            json={"name": "Ann", "invite": INVITES[table]},
            timeout=20,
        )
        ann_token, bob_token = ann.json()["token"], front.join(table, "Bob")
        with front.player(table, ann_token) as a, front.player(table, bob_token) as b:
            a.send({"type": "chat", "text": "good luck"})
            a.send({"type": "chat", "text": "x" * 1000})  # refused: past the limit
            play_together(a, b)
        with front.player(table, "forged-" + bob_token) as forged:
            forged.receive()
        httpx.get(f"{front.url}/api/tables/{table}?invite={INVITES[table]}", timeout=20)
        player = browser.get("/api/me").json()["player"]["id"]
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    text = log.read_text()
    assert lines and all(set(FIELDS) <= set(line) for line in lines)
    assert len(lines) == len([t for t in text.splitlines() if t.strip()]), "every line is JSON"
    assert any(line["table"] == table and "settled" in line["message"] for line in lines)
    assert any("GET /api/tables/" in line["message"] for line in lines), "requests are logged"
    assert {line["worker"] for line in lines} == {"local"}, "one process: no worker's name"
    secrets = {
        "session": session,
        "Ann's token": ann_token,
        "Bob's token": bob_token,
        "the invite": INVITES[table],
        "the password": PASSWORD,
    }
    assert [what for what, secret in secrets.items() if secret in text] == []
    refused = [line for line in lines if line["message"] == "refused the chat message: chat"]
    assert [(line["table"], line["player"]) for line in refused] == [(table, player)]


def record(message: str, *args: Any) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, message, args, None)


def test_a_request_line_loses_its_query_string() -> None:
    line = record(
        '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/ws/abc?token=SEAT&invite=KEY", "1.1", 101
    )
    NoQueryStrings().filter(line)
    assert line.getMessage() == '127.0.0.1:5 - "GET /ws/abc HTTP/1.1" 101'


def test_a_line_logged_about_a_table_and_a_player_says_so() -> None:
    line = record("hello %s", "there")
    with about(table="t1", player="p9"):
        Concerns().filter(line)
    shown = json.loads(JsonLines().format(line))
    assert {k: shown[k] for k in ("message", "table", "player", "level")} == {
        "message": "hello there",
        "table": "t1",
        "player": "p9",
        "level": "info",
    }
    outside = record("later")
    Concerns().filter(outside)
    later = json.loads(JsonLines().format(outside))
    assert (later["table"], later["player"]) == (None, None), "the context ends with the block"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "postgresql+psycopg://peg:s3cret@db.example/pegboard",
            "postgresql+psycopg://peg:***@db.example/pegboard",
        ),
        ("redis://:s3cret@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
        ("sqlite:///pegboard.db", "sqlite:///pegboard.db"),
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
    ],
)
def test_a_store_url_is_shown_without_its_password(url: str, shown: str) -> None:
    assert without_password(url) == shown


def test_text_lines_for_a_person(tmp_path: Path) -> None:
    with served(tmp_path, "--log-level", "info") as (front, log):
        front.table()
    first = next(line for line in log.read_text().splitlines() if "GET /api/health" in line)
    assert not first.startswith("{") and " INFO uvicorn.access [local None None] " in first
