"""Two ``pegboard serve`` workers behind nginx, with the very configuration an operator deploys
(deploy/nginx/pegboard.conf), sharing Redis and PostgreSQL: a game is played through nginx while
the worker that owns its table is killed (SIGKILL) or stopped (SIGTERM), and it goes on from
where it was."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import redis
from harness import Server, play_together
from postgres_server import postgres_server
from redis_server import free_port
from sqlalchemy import create_engine, text
from test_workers import RESTART, assert_only_own_cards, discard_once, reconnect

from pegboard.server.workers.worker import table_key

ROOT = Path(__file__).resolve().parents[2]
DEPLOYED = ROOT / "deploy" / "nginx" / "pegboard.conf"
LEASE = 2.0  # seconds: short, so that a dead worker's tables are taken over quickly


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
        for _ in range(2):
            port = free_port()
            command = [str(Path(sys.executable).parent / "pegboard"), "serve", "--port", str(port)]
            command += ["--db", db, "--redis", redis_url, "--lease", str(LEASE)]
            command += ["--trusted-proxy", "127.0.0.1"]
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


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_a_game_through_nginx_goes_on_when_its_owner_goes(
    tmp_path: Path, redis_url: str, postgres_url: str, how: signal.Signals
) -> None:
    with behind_nginx(tmp_path, redis_url, postgres_url) as (front, workers):
        assert front.get("/healthz").json()["healthy"] is True
        table = front.table(score_target=31)
        ann, bob = front.join(table, "Ann"), front.join(table, "Bob")
        owner = owner_of(table, redis_url, workers)
        with front.player(table, ann) as a, front.player(table, bob) as b:
            discard_once(a, b)
            seen_a, seen_b, view_a, view_b = list(a.events), list(b.events), a.view, b.view
            owner.process.send_signal(how)
            owner.process.wait(15)
            # Each socket is asked to come back or cut (None): never left hanging.
            assert a.closed_with(timeout=5 * LEASE) in (RESTART, None)
            assert b.closed_with(timeout=5 * LEASE) in (RESTART, None)
        front.wait_for(lambda: answers(front.port, "/healthz"), "the other worker", timeout=20)
        with reconnect(front, table, ann, seen_a) as a, reconnect(front, table, bob, seen_b) as b:
            assert (a.view, b.view) == (view_a, view_b), "exactly where it was"
            play_together(a, b)
            assert_only_own_cards(a)
            assert_only_own_cards(b)
        record = front.get(f"/api/tables/{table}/records/1").json()
        assert record["outcome"] == b.view["outcome"]
        discards = [e for e in record["actions"] if e["action"]["type"] == "discard"]
        assert len(discards) >= 2, "the discards made on the first owner are kept"
