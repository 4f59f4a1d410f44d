"""Quick play's queue: who waits for a table of which choice, renewed by their socket's worker,
and the seat a match gave them."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_queue"
down_revision = "0004_ratings"


def upgrade() -> None:
    op.create_table(
        "queue",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(40), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("wait", sa.Float, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.Column("worker", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("slot", sa.Integer, nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("queue")
