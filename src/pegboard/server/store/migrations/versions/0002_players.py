"""Players (guests, accounts, bots), their signed-in sessions, the shared settings (the cookie
signing key), and who holds each seat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_players"
down_revision = "0001_baseline"


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("username", sa.String(64), nullable=True),
        sa.Column("username_key", sa.String(128), nullable=True, unique=True),
        sa.Column("password", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(40), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("revoked", sa.Float, nullable=True),
    )
    with op.batch_alter_table("slots") as slots:
        slots.add_column(sa.Column("player", sa.String(40), nullable=True))
        slots.create_index("ix_slots_player", ["player"])


def downgrade() -> None:
    with op.batch_alter_table("slots") as slots:
        slots.drop_index("ix_slots_player")
        slots.drop_column("player")
    op.drop_table("sessions")
    op.drop_table("settings")
    op.drop_table("players")
