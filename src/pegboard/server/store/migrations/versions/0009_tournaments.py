"""Tournaments: their settings and state, who entered (and their places), and the table of
each game of each round."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_tournaments"
down_revision = "0008_daily"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("state", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("entry", sa.String(48), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("entered", sa.Float, nullable=False),
        sa.Column("withdrawn", sa.Float, nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
    )
    op.create_index("ix_tournament_entries_entry", "tournament_entries", ["entry"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("made", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournament_entries_entry", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")
