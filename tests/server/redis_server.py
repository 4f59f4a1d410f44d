"""A throwaway redis-server on a free loopback port, in a tmp dir, persistence off.

Without ``/usr/bin/redis-server`` the Redis tests are skipped on a developer's machine, and fail
in CI (CI=true): ``make test`` installs Debian's redis-server, so a missing one is a broken setup.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from throwaway import stop, wait_until_answering

LOOPBACK = "127.0.0.1"


def redis_server_path() -> str:
    """The redis-server to run, or the test stops: skipped, or failed in CI."""
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.access("/usr/bin/redis-server", os.X_OK) else None
    )
    if found is None:
        message = "redis-server is not installed (make test installs Debian's redis-server)"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return found


def free_port() -> int:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(port: int) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server(directory: Path, timeout: float = 10) -> Iterator[str]:
    """``redis://…`` of a new redis-server that stops when the block ends."""
    port = free_port()
    process = subprocess.Popen(
        [
            redis_server_path(),
            "--bind", LOOPBACK,
            "--port", str(port),
            "--save", "",
            "--appendonly", "no",
            "--dir", str(directory),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        wait_until_answering(process, lambda: _answers(port), "redis-server", timeout)
        yield f"redis://{LOOPBACK}:{port}/0"
    finally:
        stop(process)
