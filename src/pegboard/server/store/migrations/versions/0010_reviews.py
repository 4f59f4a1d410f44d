"""Game reviews: each finished match's review (``reviews``) and each seat's accuracy, by
player, for the profile (``review_seats``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_reviews"
down_revision = "0009_tournaments"


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("made", sa.Float, nullable=False),
    )
    op.create_table(
        "review_seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(40), nullable=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("accuracy", sa.Float, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("ix_review_seats_player", "review_seats", ["player_id", "finished"])


def downgrade() -> None:
    op.drop_index("ix_review_seats_player", table_name="review_seats")
    op.drop_table("review_seats")
    op.drop_table("reviews")
