"""The rematch asked for at the results, kept with the table (``tables.rematch``): a restart
during the results no longer forgets who asked."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_rematch"
down_revision = "0006_private_chat"


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rematch", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rematch")
