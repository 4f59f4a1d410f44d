"""Alembic's entry: runs the revisions on the connection
:func:`pegboard.server.store.migrate.upgrade` hands over (pegboard never runs Alembic from an
ini file)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
# Batch mode: SQLite cannot alter a column in place, so Alembic copies the table instead.
context.configure(connection=connection, render_as_batch=True, transaction_per_migration=True)
with context.begin_transaction():
    context.run_migrations()
