"""A copy of the store while the server runs, and the store put back from one.

SQLite: the library's online backup (``sqlite3.Connection.backup``), page by page, consistent
even while the server writes (other writers wait a moment). PostgreSQL: the operator's own
tools, ``pg_dump`` in its custom format and ``pg_restore``, as PostgreSQL documents them.
Restoring replaces the store: stop the server (every worker) first.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy.engine import URL, make_url


class BackupError(Exception):
    """A backup or restore that could not be made, with why."""


def _sqlite_file(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory store has nothing to back up")
    return Path(url.database)


def _libpq(url: URL) -> str:
    """The URL as libpq (pg_dump, pg_restore) reads it: no SQLAlchemy driver name."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip()}")


def back_up(db: str, to: Path) -> None:
    """A consistent copy of the store at ``db`` in the file ``to`` (made anew)."""
    url = make_url(db)
    if url.get_backend_name() == "sqlite":
        source = _sqlite_file(url)
        if not source.exists():
            raise BackupError(f"no store at {source}")
        to.unlink(missing_ok=True)
        with sqlite3.connect(source) as live, sqlite3.connect(to) as copy:
            live.backup(copy)
    elif url.get_backend_name() == "postgresql":
        _run([_tool("pg_dump"), "--format=custom", "--file", str(to), _libpq(url)])
    else:
        raise BackupError(f"backing up a {url.get_backend_name()} store is not supported")


def restore(backup: Path, db: str) -> None:
    """The store at ``db`` as it was in ``backup`` (every table of pegboard's replaced)."""
    if not backup.is_file():
        raise BackupError(f"no backup at {backup}")
    url = make_url(db)
    if url.get_backend_name() == "sqlite":
        target = _sqlite_file(url)
        with sqlite3.connect(backup) as copy, sqlite3.connect(target) as live:
            copy.backup(live)
    elif url.get_backend_name() == "postgresql":
        command = [_tool("pg_restore"), "--clean", "--if-exists", "--no-owner"]
        _run([*command, "--dbname", _libpq(url), str(backup)])
    else:
        raise BackupError(f"restoring a {url.get_backend_name()} store is not supported")
