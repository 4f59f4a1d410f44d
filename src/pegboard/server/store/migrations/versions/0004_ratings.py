"""Ratings and histories: the table setting ``rated``; when each record's match ended and who
sat where; each player's rating per group; the ledger of settled matches; and every seat of
every settled match with a signed-in person or a rating in it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_ratings"
down_revision = "0003_accounts"


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean, nullable=True))
    with op.batch_alter_table("records") as records:
        records.add_column(sa.Column("finished", sa.Float, nullable=True))
        records.add_column(sa.Column("seating", sa.Text, nullable=True))
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("rating_group", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_rating_group", "ratings", ["rating_group"])
    op.create_table(
        "settled_matches",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rating_group", sa.String(32), nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("note", sa.String(200), nullable=True),
        sa.Column("settled", sa.Float, nullable=False),
    )
    op.create_table(
        "match_players",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String(40), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating_group", sa.String(32), nullable=True),
        sa.Column("finished", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
        sa.Column("games_after", sa.Integer, nullable=True),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("points", sa.Text, nullable=False),
    )
    op.create_index("ix_match_players_player", "match_players", ["player_id", "finished"])


def downgrade() -> None:
    op.drop_index("ix_match_players_player", "match_players")
    op.drop_table("match_players")
    op.drop_table("settled_matches")
    op.drop_index("ix_ratings_rating_group", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("records") as records:
        records.drop_column("seating")
        records.drop_column("finished")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rated")
