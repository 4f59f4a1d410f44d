from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server
from redis_server import redis_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "pegboard.sqlite")
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
