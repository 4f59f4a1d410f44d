"""The server tests' fixtures. A test marked ``store`` (``@pytest.mark.store``) runs twice: on
SQLite and on PostgreSQL (Debian's, one throwaway server for the session, a new database for
each test); every other test runs on SQLite only. The mark goes on the tests where the database
makes a difference (whole games and their records, every action kept across a restart, bad input
changing nothing, a second writer refused, accounts, quick play's queue, ratings), so the
PostgreSQL leg adds those and not the whole suite: ``pytest -m store`` runs just them."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server
from postgres_server import postgres_server
from redis_server import redis_server
from sqlalchemy import create_engine, text

STORES = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test marked ``store`` that uses the store (``store_url``, or ``server`` over it),
    once per store."""
    if "store_url" in metafunc.fixturenames and metafunc.definition.get_closest_marker("store"):
        metafunc.parametrize("store_url", STORES, indirect=True)


@pytest.fixture(scope="session")
def session_postgres() -> Iterator[str]:
    """A PostgreSQL server for the whole session (started when a test first asks)."""
    with postgres_server() as url:
        yield url


def a_new_database(server_url: str, name: str) -> str:
    """Another empty database on the PostgreSQL server at ``server_url``, and its URL."""
    engine = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return server_url.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty store of this test's own: SQLite, or (a ``store`` test's second run)
    a new database on the session's PostgreSQL, dropped after the test (the server stays small)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield f"sqlite:///{tmp_path / 'pegboard.sqlite'}"
        return
    postgres: str = request.getfixturevalue("session_postgres")
    name = f"test_{secrets.token_hex(6)}"
    yield a_new_database(postgres, name)
    engine = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:  # FORCE: a connection a test left open goes too
        connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    engine.dispose()


@pytest.fixture
def server(store_url: str, tmp_path: Path) -> Iterator[Server]:
    # On SQLite the server is given the file, as ``pegboard serve`` is.
    sqlite = store_url.startswith("sqlite:")
    running = Server(tmp_path / "pegboard.sqlite" if sqlite else store_url)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A redis-server of this test's own (persistence off, its files in tmp_path)."""
    directory = tmp_path / "redis"
    directory.mkdir()
    with redis_server(directory) as url:
        yield url
