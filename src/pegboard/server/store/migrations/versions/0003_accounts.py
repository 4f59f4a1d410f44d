"""Failed logins, counted per account and per address by every worker (server/players/logins.py)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_accounts"
down_revision = "0002_players"


def upgrade() -> None:
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_login_failures_subject_at", "login_failures", ["subject", "at"])


def downgrade() -> None:
    op.drop_index("ix_login_failures_subject_at", "login_failures")
    op.drop_table("login_failures")
