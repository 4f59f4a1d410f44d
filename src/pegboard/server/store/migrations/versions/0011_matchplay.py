"""Match play: each table's match setting (``match_format``: a ``MatchFormat`` as JSON; NULL in
older rows: one game a match)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_matchplay"
down_revision = "0010_reviews"


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("match_format", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("match_format")
