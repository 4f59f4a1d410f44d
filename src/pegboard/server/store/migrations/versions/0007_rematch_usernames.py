"""The rematch asked for at the results, kept with the table (``tables.rematch``): a restart
during the results no longer forgets who asked. And every account's ``username_key`` made
again, now that punctuation is no part of it (``Ann.`` is ``Ann``): an account whose new key
another account holds already keeps its old one (its owner logs in as before only while no
look-alike is found first; the log names it)."""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

from pegboard.server.players.usernames import username_key

revision = "0007_rematch_usernames"
down_revision = "0006_private_chat"

log = logging.getLogger(__name__)


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rematch", sa.Text, nullable=True))
    db = op.get_bind()
    accounts = db.execute(
        sa.text("select id, username, username_key from players where username is not null")
    ).all()
    taken = {str(a.username_key) for a in accounts}
    for account in accounts:
        new = username_key(str(account.username))
        if new == account.username_key:
            continue
        if new in taken:
            log.warning("account %s keeps its username key: a look-alike holds it", account.id)
            continue
        taken.discard(str(account.username_key))
        taken.add(new)
        db.execute(
            sa.text("update players set username_key = :k where id = :i"),
            {"k": new, "i": account.id},
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rematch")
