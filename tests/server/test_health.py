"""The health check a load balancer asks (deploy/nginx/pegboard.conf's ``/healthz``): 200 while
the worker and its store answer, 503 once the store does not."""

from __future__ import annotations

from pathlib import Path

from harness import Server
from redis_server import free_port
from sqlalchemy import create_engine


def test_a_worker_whose_store_answers_is_healthy(tmp_path: Path) -> None:
    server = Server(tmp_path / "pegboard.sqlite")
    server.start()
    try:
        answer = server.get("/api/health")
        assert (answer.status_code, answer.json()) == (200, {"healthy": True, "worker": None})
    finally:
        server.stop()


def test_a_worker_whose_store_fails_is_not(tmp_path: Path) -> None:
    server = Server(tmp_path / "pegboard.sqlite")
    server.start()
    store = server.app.state.lobby.store
    working = store.engine
    try:
        # The database goes away under a running worker: nothing listens at its address.
        store.engine = create_engine(f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/gone")
        answer = server.get("/api/health")
        assert (answer.status_code, answer.json()) == (503, {"healthy": False, "worker": None})
    finally:
        store.engine = working
        server.stop()
