"""A throwaway PostgreSQL server on a free loopback port, its data in a temporary folder.

Debian's ``postgresql`` package provides ``initdb`` and ``postgres``
(``/usr/lib/postgresql/<version>/bin``). PostgreSQL refuses to run as root, so as root its
data belong to the package's ``postgres`` user. Without the binaries the PostgreSQL tests
are skipped on a developer's machine and fail in CI (CI=true): ``make test`` installs the
package, so a missing one is a broken setup.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from redis_server import LOOPBACK, free_port
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from throwaway import stop, wait_until_answering

SERVICE_USER = "postgres"


def postgres_bin() -> str:
    """The folder of ``initdb`` and ``postgres``, or the test stops: skipped, or failed in CI."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        message = "PostgreSQL is not installed (make test installs Debian's postgresql)"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return os.path.dirname(found[-1])


def _as_service_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", SERVICE_USER, "--", *command] if os.geteuid() == 0 else command


def _answers(url: str) -> bool:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            connection.execute(text("select 1"))
        return True
    except OperationalError:
        return False
    finally:
        engine.dispose()


@contextmanager
def postgres_server(timeout: float = 30) -> Iterator[str]:
    """The SQLAlchemy URL of a new, empty PostgreSQL database that is gone when the block ends."""
    binaries = postgres_bin()
    folder = tempfile.mkdtemp(prefix="pegboard-postgres-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        account = pwd.getpwnam(SERVICE_USER)
        os.chown(folder, account.pw_uid, account.pw_gid)
    port = free_port()
    url = f"postgresql+psycopg://postgres@{LOOPBACK}:{port}/postgres"
    process: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run(
            _as_service_user(
                [f"{binaries}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]
            ),
            check=True,
            capture_output=True,
        )
        # Durability off: a test database is thrown away, and fsyncs only slow the tests.
        process = subprocess.Popen(
            _as_service_user(
                [
                    f"{binaries}/postgres", "-D", data, "-h", LOOPBACK, "-p", str(port),
                    "-k", folder, "-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off",
                ]
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_until_answering(process, lambda: _answers(url), "postgres", timeout)
        yield url
    finally:
        if process is not None:
            stop(process, signal.SIGINT)  # a fast shutdown
        shutil.rmtree(folder, ignore_errors=True)
