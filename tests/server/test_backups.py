"""Backups as an operator makes them (docs/operations.md, "Backups"): ``pegboard db backup`` while
the server plays on, ``pegboard db restore`` into a stopped store, and the server started on it
has every finished game and every account the backup held, and nothing made after it. On SQLite
and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server, play_together
from postgres_server import postgres_server
from redis_server import free_port
from sqlalchemy import create_engine, text
from test_accounts import claim, device, guest, login
from typer.testing import CliRunner

from pegboard.cli.main import app


def pegboard_db(*args: str) -> str:
    result = CliRunner().invoke(app, ["db", *args])
    assert result.exit_code == 0, result.output
    return result.output


def finished_game(server: Server) -> str:
    table = server.table(score_target=31)
    ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
    with server.player(table, ann) as a, server.player(table, bob) as b:
        a.receive()
        b.receive()
        play_together(a, b)
    return table


def backed_up_and_restored(server: Server, db: str, restored_db: str, backup: Path) -> None:
    """Plays a game and makes an account, backs up while the server runs, plays another game,
    then restores the backup into ``restored_db`` and serves it."""
    before = finished_game(server)
    claim_browser = device(server)
    guest(claim_browser, "Ann")
    assert claim(claim_browser, "ann_lee").status_code == 200
    assert "backed up to" in pegboard_db("backup", str(backup), "--db", db)
    after = finished_game(server)
    server.stop()
    assert "restored from" in pegboard_db("restore", str(backup), "--db", restored_db)
    restored = Server(restored_db)
    restored.port = free_port()
    restored.start()
    try:
        assert restored.get(f"/api/tables/{before}/records/1").status_code == 200
        assert restored.get(f"/api/tables/{after}/records/1").status_code == 404, "made after"
        assert login(device(restored), "ann_lee").status_code == 200, "the account came back"
    finally:
        restored.stop()


def test_an_sqlite_store_backed_up_while_serving_comes_back_whole(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'live.db'}"
    server = Server(db)
    server.start()
    backed_up_and_restored(server, db, f"sqlite:///{tmp_path / 'restored.db'}", tmp_path / "b")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_a_postgresql_store_backed_up_while_serving_comes_back_whole(
    tmp_path: Path, postgres_url: str
) -> None:
    restored_db = f"{postgres_url.rsplit('/', 1)[0]}/restored"
    engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text("CREATE DATABASE restored"))
    engine.dispose()
    server = Server(postgres_url)
    server.start()
    backed_up_and_restored(server, postgres_url, restored_db, tmp_path / "pegboard.dump")


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["backup", "x.db", "--db", "sqlite://"], "in-memory store has nothing to back up"),
        (["backup", "x.db", "--db", "sqlite:///nowhere/none.db"], "no store at"),
        (["restore", "missing.dump", "--db", "sqlite:///a.db"], "no backup at"),
        (["backup", "x.db", "--db", "mysql://h/db"], "not supported"),
    ],
)
def test_a_backup_that_cannot_be_made_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], why: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["db", *args])
    assert result.exit_code != 0 and why in " ".join(result.output.split())
    assert not (tmp_path / "a.db").exists(), "a refused restore makes nothing"
