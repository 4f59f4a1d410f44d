"""The schema before migrations: tables, their slots, every accepted action, finished records.

A database made before pegboard used Alembic has these tables already, perhaps without the
columns added later (all nullable): this revision creates what is missing and keeps the rows.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None

LATER_COLUMNS: dict[str, sa.types.TypeEngine[Any]] = {  # added before Alembic, all nullable
    "hints": sa.Boolean(),
    "gone": sa.Text(),
    "idle_since": sa.Float(),
    "broken": sa.Text(),
    "started": sa.Float(),
}


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    if "tables" in present:
        _add_later_columns()
    else:
        op.create_table(
            "tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("seed", sa.Integer, nullable=False),
            sa.Column("match", sa.Integer, nullable=False),
            sa.Column("seating", sa.Text, nullable=False),
            sa.Column("deadline", sa.Float, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
            *(sa.Column(name, kind, nullable=True) for name, kind in LATER_COLUMNS.items()),
        )
    if "slots" not in present:
        op.create_table(
            "slots",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("slot", sa.Integer, primary_key=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("kind", sa.String(32), nullable=False),
            sa.Column("token", sa.String(64), nullable=False),
        )
    if "actions" not in present:
        op.create_table(
            "actions",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("match", sa.Integer, primary_key=True),
            sa.Column("n", sa.Integer, primary_key=True),
            sa.Column("entry", sa.Text, nullable=False),
        )
    if "records" not in present:
        op.create_table(
            "records",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("match", sa.Integer, primary_key=True),
            sa.Column("record", sa.Text, nullable=False),
        )


def _add_later_columns() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("tables")}
    missing = [(name, kind) for name, kind in LATER_COLUMNS.items() if name not in columns]
    if missing:
        with op.batch_alter_table("tables") as table:
            for name, kind in missing:
                table.add_column(sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    for name in ("records", "actions", "slots", "tables"):
        op.drop_table(name)
