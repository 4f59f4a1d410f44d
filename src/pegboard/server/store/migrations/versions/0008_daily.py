"""The daily challenge: each day's secret (``daily_days``) and each player's attempt a day at
each game (``daily_attempts``, the table it is played at)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_daily"
down_revision = "0007_rematch_usernames"


def upgrade() -> None:
    op.create_table(
        "daily_days",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("started", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_attempts")
    op.drop_table("daily_days")
