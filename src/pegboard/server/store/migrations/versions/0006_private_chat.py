"""Private tables and table chat: each table's ``listed``, ``watching``, ``invite`` (the secret
of its link) and ``chat`` settings, and the ``chat`` table of what its players said."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_private_chat"
down_revision = "0005_queue"


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("listed", sa.Boolean, nullable=True))
        tables.add_column(sa.Column("watching", sa.Boolean, nullable=True))
        tables.add_column(sa.Column("invite", sa.String(32), nullable=True))
        tables.add_column(sa.Column("chat", sa.String(16), nullable=True))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("match", sa.Integer, nullable=False),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_chat_match", "chat", ["table_id", "match"])


def downgrade() -> None:
    op.drop_index("ix_chat_match", table_name="chat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("chat")
        tables.drop_column("invite")
        tables.drop_column("watching")
        tables.drop_column("listed")
