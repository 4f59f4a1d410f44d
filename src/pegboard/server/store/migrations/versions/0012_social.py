"""Social: mutes and blocks kept per player (``social``), challenges between players
(``challenges``), and the writer of each chat message (``chat.player``), so a mute follows a
person from table to table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_social"
down_revision = "0011_matchplay"


def upgrade() -> None:
    op.create_table(
        "social",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("other_id", sa.String(40), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_social_other", "social", ["other_id", "kind"])
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("from_id", sa.String(40), nullable=False),
        sa.Column("to_id", sa.String(40), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("answered", sa.Float, nullable=True),
    )
    op.create_index("ix_challenges_to", "challenges", ["to_id", "status"])
    op.create_index("ix_challenges_from", "challenges", ["from_id", "status"])
    with op.batch_alter_table("chat") as chat:
        chat.add_column(sa.Column("player", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat") as chat:
        chat.drop_column("player")
    op.drop_index("ix_challenges_from", table_name="challenges")
    op.drop_index("ix_challenges_to", table_name="challenges")
    op.drop_table("challenges")
    op.drop_index("ix_social_other", table_name="social")
    op.drop_table("social")
