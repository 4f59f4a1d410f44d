"""Two ``pegboard serve`` workers behind nginx, with the very configuration an operator deploys
(deploy/nginx/pegboard.conf), sharing Redis and PostgreSQL: a socket that lands on the worker
that does not own its table is sent to the owner (close 4307 and its route) and served there,
not relayed; a game is played through nginx while the worker that owns its table is killed
(SIGKILL) or stopped (SIGTERM), and it goes on from where it was."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from harness import Client, Server, play_together
from postgres_server import postgres_server
from prometheus_client.parser import text_string_to_metric_families
from redis_server import free_port
from sqlalchemy import create_engine, text
from test_workers import RESTART, assert_only_own_cards, discard_once
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Origin

from pegboard.server.http.protocol import MOVED
from pegboard.server.workers.worker import route_of, table_key

ROOT = Path(__file__).resolve().parents[2]
DEPLOYED = ROOT / "deploy" / "nginx" / "pegboard.conf"
LEASE = 2.0  # seconds: short, so that a dead worker's tables are taken over quickly
ROUTES = ("8001", "8002")  # the deployed site's routes: the workers, in the order it lists them


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@dataclass
class Worker:
    port: int
    process: subprocess.Popen[bytes]

    def name(self) -> str:
        answer: str = httpx.get(f"http://127.0.0.1:{self.port}/api/health").json()["worker"]
        return answer

    def counted(self, metric: str) -> float:
        """A counter of the worker's ``/metrics`` (its ``_total`` sample)."""
        answer = httpx.get(f"http://127.0.0.1:{self.port}/metrics").text
        for family in text_string_to_metric_families(answer):
            for sample in family.samples:
                if sample.name == f"{metric}_total":
                    return sample.value
        raise AssertionError(f"{metric} is not scraped")


def nginx_binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(found).exists(), "Debian's nginx is needed (make nginx installs it)"
    return found


def nginx_config(folder: Path, listen: int, workers: list[int]) -> Path:
    """deploy/nginx/pegboard.conf as deployed, on this test's ports, in a minimal nginx.conf."""
    site = DEPLOYED.read_text()
    assert "server 127.0.0.1:8001" in site and "server 127.0.0.1:8002" in site
    site = site.replace("127.0.0.1:8001", f"127.0.0.1:{workers[0]}")
    site = site.replace("127.0.0.1:8002", f"127.0.0.1:{workers[1]}")
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    (folder / "pegboard.conf").write_text(site)
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;" if os.geteuid() == 0 else ""
    main = folder / "nginx.conf"
    main.write_text(
        f"{user} daemon off; worker_processes 1; pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        f"http {{ access_log off; {temp} include {folder / 'pegboard.conf'}; }}\n"
    )
    return main


Front = tuple[Server, list[Worker]]
"""A harness ``Server`` that speaks to nginx only, and the workers behind it."""


@contextmanager
def behind_nginx(tmp_path: Path, redis_url: str, postgres_url: str) -> Iterator[Front]:
    """Two workers and nginx in front: a harness ``Server`` that speaks to nginx only."""
    db = f"{postgres_url.rsplit('/', 1)[0]}/nginx_{os.getpid()}_{free_port()}"
    create_database(postgres_url, db.rsplit("/", 1)[1])
    workers: list[Worker] = []
    proxy: subprocess.Popen[bytes] | None = None
    log = (tmp_path / "workers.log").open("w")
    try:
        for route in ROUTES:
            port = free_port()
            command = [str(Path(sys.executable).parent / "pegboard"), "serve", "--port", str(port)]
            command += ["--db", db, "--redis", redis_url, "--lease", str(LEASE)]
            command += ["--trusted-proxy", "127.0.0.1", "--route", route]
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
            workers.append(Worker(port, process))
        listen = free_port()
        config = nginx_config(tmp_path, listen, [w.port for w in workers])
        proxy = subprocess.Popen([nginx_binary(), "-c", str(config), "-p", str(tmp_path)])
        front = Server(db)
        front.port = listen
        ports = [w.port for w in workers]
        front.wait_for(lambda: all(answers(p) for p in ports), "the workers to serve", timeout=60)
        front.wait_for(lambda: answers(listen, "/healthz"), "nginx to serve", timeout=20)
        yield front, workers
    finally:
        for process in [w.process for w in workers] + ([proxy] if proxy else []):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
        log.close()


def create_database(url: str, name: str) -> None:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'create database "{name}"'))
    engine.dispose()


def answers(port: int, path: str = "/api/health") -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}{path}", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def owner_of(table: str, redis_url: str, workers: list[Worker]) -> Worker:
    holder = redis.Redis.from_url(redis_url, decode_responses=True).get(table_key(table))
    assert isinstance(holder, str), "the table has an owner"
    (owner,) = [w for w in workers if w.name() == holder]
    return owner


@contextmanager
def seated(
    front: Server, table: str, token: str, since: int = 0, route: str = ""
) -> Iterator[Client]:
    """A player's socket through nginx that does what the web client does (web/js/socket.js)
    until it is welcomed: sent on (4307), it comes back at once by the route it was given; asked
    to come back (1012) or cut, it comes back after a pause, by the route it had."""
    deadline = time.monotonic() + 60  # a give-up bound: a dead owner's tables move in LEASE
    while True:
        with front.player(table, token, since, route) as client:
            try:
                client.peek(timeout=10)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                assert code in (MOVED, RESTART, None), f"closed with {code}"
                assert time.monotonic() < deadline, "never served"
                if code == MOVED:
                    assert closed.rcvd is not None and closed.rcvd.reason != route, "no loop"
                    route = closed.rcvd.reason
                else:
                    time.sleep(0.5)
                continue
            yield client
            return


@contextmanager
def seated_again(
    front: Server, table: str, token: str, seen: list[dict[str, Any]], route: str
) -> Iterator[Client]:
    """A socket that comes back with ``since`` (by ``route``): it is sent exactly what it
    missed."""
    with seated(front, table, token, since=len(seen), route=route) as client:
        welcome = client.receive()
        assert welcome["type"] == "welcome" and welcome["from"] == len(seen)
        client.events = seen + welcome["events"]
        yield client


def test_a_socket_is_sent_to_its_tables_owner_and_served_there_not_relayed(
    tmp_path: Path, redis_url: str, postgres_url: str
) -> None:
    with behind_nginx(tmp_path, redis_url, postgres_url) as (front, workers):
        table = front.table(score_target=31)
        ann, bob = front.join(table, "Ann"), front.join(table, "Bob")
        owner = owner_of(table, redis_url, workers)
        (other,) = [w for w in workers if w is not owner]
        route = route_of(owner.name())
        assert route == ROUTES[workers.index(owner)], "the route is read from the owner's name"
        # Whichever worker nginx asks, the table's info names the owner (a join's answer too,
        # tests/server/test_worker_routes.py): the web client's first socket asks for it.
        for _ in range(2):
            assert front.get(f"/api/tables/{table}").json()["route"] == route
        at_other = Server(front.db)
        at_other.port = other.port
        with at_other.player(table, ann, route="") as straight:  # not at the owner
            assert straight.closed_with() == MOVED
        assert other.counted("pegboard_sockets_moved") == 1
        # Through nginx, asking for the owner's route: served by the owner each time (round
        # robin would have sent every other one to the other worker, which relays it).
        for _ in range(4):
            with front.player(table, bob, route=route) as b:
                assert b.receive()["type"] == "welcome"
        # As a browser opens it, from a page of this site on nginx's port: its Origin names
        # the host and port the worker is told of.
        page = Origin(f"http://127.0.0.1:{front.port}")
        query = f"?token={bob}&route={route}"
        with connect(f"ws://127.0.0.1:{front.port}/ws/{table}{query}", origin=page) as socket:
            assert json.loads(socket.recv(timeout=10))["type"] == "welcome"
        with seated(front, table, ann) as a, seated(front, table, bob) as b:
            play_together(a, b)
            assert_only_own_cards(a)
            assert_only_own_cards(b)
        assert [w.counted("pegboard_sockets_relayed") for w in workers] == [0, 0]
        assert owner.counted("pegboard_sockets_moved") == 0


def test_a_socket_that_asked_for_the_owner_and_landed_elsewhere_is_relayed(
    tmp_path: Path, redis_url: str, postgres_url: str
) -> None:
    """nginx falls back to another worker when the owner is unreachable: that one relays,
    rather than sending the socket back where it could not go. So it does for a client that
    does not say ``route`` (an older one, that would not follow a 4307)."""
    with behind_nginx(tmp_path, redis_url, postgres_url) as (front, workers):
        table = front.table(score_target=31)
        ann = front.join(table, "Ann")
        owner = owner_of(table, redis_url, workers)
        (other,) = [w for w in workers if w is not owner]
        at_other = Server(front.db)
        at_other.port = other.port
        for route in (route_of(owner.name()), None):
            with at_other.player(table, ann, route=route) as a:
                assert a.receive()["type"] == "welcome", "served, through the owner"
        assert (
            other.counted("pegboard_sockets_relayed"),
            other.counted("pegboard_sockets_moved"),
        ) == (2, 0)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_a_game_through_nginx_goes_on_when_its_owner_goes(
    tmp_path: Path, redis_url: str, postgres_url: str, how: signal.Signals
) -> None:
    with behind_nginx(tmp_path, redis_url, postgres_url) as (front, workers):
        assert front.get("/healthz").json()["healthy"] is True
        table = front.table(score_target=31)
        ann, bob = front.join(table, "Ann"), front.join(table, "Bob")
        owner = owner_of(table, redis_url, workers)
        gone = route_of(owner.name()) or ""
        with seated(front, table, ann) as a, seated(front, table, bob) as b:
            discard_once(a, b)
            seen_a, seen_b, view_a, view_b = list(a.events), list(b.events), a.view, b.view
            owner.process.send_signal(how)
            owner.process.wait(15)
            # Each socket is asked to come back or cut (None): never left hanging.
            assert a.closed_with(timeout=5 * LEASE) in (RESTART, None)
            assert b.closed_with(timeout=5 * LEASE) in (RESTART, None)
        front.wait_for(lambda: answers(front.port, "/healthz"), "the other worker", timeout=20)
        # By the route of the owner that went: nginx falls back to the other worker.
        with (
            seated_again(front, table, ann, seen_a, gone) as a,
            seated_again(front, table, bob, seen_b, gone) as b,
        ):
            # The fields that differ, if any: a kill once left one so under make test's load.
            moved = {
                k
                for v, was in ((a.view, view_a), (b.view, view_b))
                for k in v
                if v[k] != was.get(k)
            }
            assert (a.view, b.view) == (view_a, view_b), f"exactly where it was, not {moved}"
            play_together(a, b)
            assert_only_own_cards(a)
            assert_only_own_cards(b)
        record = front.get(f"/api/tables/{table}/records/1").json()
        assert record["outcome"] == b.view["outcome"]
        discards = [e for e in record["actions"] if e["action"]["type"] == "discard"]
        assert len(discards) >= 2, "the discards made on the first owner are kept"
