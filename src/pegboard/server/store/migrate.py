"""The store's schema, brought to the newest revision in place (Alembic, in
:mod:`pegboard.server.store.migrations`). ``pegboard serve`` upgrades on start;
``pegboard db upgrade`` does it alone, and ``pegboard db current`` tells where a database stands."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

SCRIPTS = "pegboard.server.store:migrations"
UPGRADE_LOCK = 7_212_001  # a PostgreSQL advisory lock: one worker upgrades, the others wait


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine) -> None:
    """Run every revision the database lacks (none: nothing happens)."""
    with engine.connect() as connection:
        postgres = engine.dialect.name == "postgresql"
        if postgres:  # workers starting together: the first upgrades, the rest find it done
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": UPGRADE_LOCK})
            connection.commit()
        try:
            command.upgrade(_config(connection), "head")
            connection.commit()
        finally:
            if postgres:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": UPGRADE_LOCK})
                connection.commit()


def current(engine: Engine) -> str | None:
    """The database's revision (None: made before migrations, or empty)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str:
    """The newest revision this version of pegboard knows."""
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    newest = ScriptDirectory.from_config(config).get_current_head()
    assert newest is not None  # there is always a baseline
    return newest
