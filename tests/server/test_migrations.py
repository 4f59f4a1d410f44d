"""The store's schema upgrades in place: a database made by the version before migrations keeps
every row, and its tables play on (docs/architecture.md, "Store"). The same checks run on
PostgreSQL, as ``store`` tests (conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harness import Server
from sqlalchemy import create_engine
from store_before_migrations import DUMP, make_old_store
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.server.store import migrate
from pegboard.server.store.schema import metadata
from pegboard.server.store.sql_store import Store


def schema_differences(url: str) -> list[object]:
    """What the migrated database and the queries' tables disagree on (nothing, if in step)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        engine.dispose()
    return [d for d in differences if not _is_alembic_own(d)]


def _is_alembic_own(difference: object) -> bool:
    return isinstance(difference, tuple) and "alembic_version" in repr(difference)


def an_old_store_upgrades_and_plays_on(url: str) -> None:
    make_old_store(url)
    engine = create_engine(url)
    assert migrate.current(engine) is None
    server = Server(url)
    server.start()  # serve upgrades on start
    try:
        assert migrate.current(engine) == migrate.head()
        finished, playing = DUMP["finished_table"], DUMP["playing_table"]
        assert server.get(f"/api/tables/{finished}/records").json() == [1]
        kept = server.get(f"/api/tables/{finished}/records/1").json()
        stored = json.loads(DUMP["rows"]["records"][0]["record"])
        sides = [[seat] for seat in range(stored["players"])]
        assert kept == {**stored, "sides": sides, "you": None}  # asked by nobody who played
        with server.player(playing, DUMP["token"]) as bea:
            bea.receive()
            bea.drain()
            assert bea.events == DUMP["events"], "every action kept, in order"
            assert bea.view["hand"] == DUMP["hand"]
            outcome = bea.play_to_end()
        assert len(outcome["scores"]) == 2
    finally:
        server.stop()
        engine.dispose()
    assert schema_differences(url) == []


@pytest.mark.store
def test_a_store_made_before_migrations_upgrades_and_plays_on(store_url: str) -> None:
    an_old_store_upgrades_and_plays_on(store_url)


@pytest.mark.store
def test_a_new_store_has_exactly_the_schema_the_queries_use(store_url: str) -> None:
    Store(store_url).close()
    assert schema_differences(store_url) == []


def test_pegboard_db_upgrade_says_what_it_did_and_is_idempotent(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    make_old_store(url)
    runner = CliRunner()
    before = runner.invoke(app, ["db", "current", "--db", url])
    assert "before migrations (behind" in before.output
    first = runner.invoke(app, ["db", "upgrade", "--db", url])
    assert first.exit_code == 0, first.output
    assert f"upgraded from before migrations to {migrate.head()}" in first.output
    second = runner.invoke(app, ["db", "upgrade", "--db", url])
    assert "up to date" in second.output
    rows = Store(url)
    try:
        assert {row.id for row in rows.tables()} == {
            DUMP["finished_table"],
            DUMP["playing_table"],
        }
        assert len(rows.actions(DUMP["playing_table"], 1)) == sum(
            1 for a in DUMP["rows"]["actions"] if a["table_id"] == DUMP["playing_table"]
        )
    finally:
        rows.close()
