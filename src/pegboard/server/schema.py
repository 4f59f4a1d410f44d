"""The store's tables as the queries see them. Their history is in
:mod:`pegboard.server.migrations` (one Alembic revision a change); a test holds the two equal, so
a new column or table goes in both places."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables_table = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("seed", Integer, nullable=False),
    Column("match", Integer, nullable=False),
    Column("seating", Text, nullable=False),  # game seat -> slot, for the current match
    Column("deadline", Float, nullable=True),
    Column("created", Float, nullable=False),
    # Players may ask for discard hints. NULL in rows stored before this column existed: yes.
    Column("hints", Boolean, nullable=True),
    # Slots that left the current match after it ended (a JSON list): no rematch with them.
    # Leaving during the game is in the actions already. NULL in older rows: nobody.
    Column("gone", Text, nullable=True),
    # A table waiting for people: since when nobody has been connected to it nor joined it (it
    # is abandoned after a while). NULL: someone is connected, or a row older than this column.
    Column("idle_since", Float, nullable=True),
    # Why a table with status "broken" could not be rebuilt (set aside at start-up).
    Column("broken", Text, nullable=True),
    # When the current match started: a game against the clock (end=minutes) ends from it.
    Column("started", Float, nullable=True),
    # Private tables and chat (docs/protocol.md, "Private tables", "Table chat"). NULL in rows
    # stored before these columns: listed, watchers welcome, no key (none is needed), chat on.
    Column("listed", Boolean, nullable=True),  # shown in the lobby; else only its link opens it
    Column("watching", Boolean, nullable=True),  # the host lets people without a seat watch
    Column("invite", String(32), nullable=True),  # the secret of the table's link
    Column("chat", String(16), nullable=True),  # "on", or "phrases" (quick phrases only)
)

slots_table = Table(
    "slots",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("slot", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("token", String(64), nullable=False),
    # The person (players.id) holding the seat, if known: their seat follows them to another
    # device, and their results go to their history. NULL: a bot, or a seat from before.
    Column("player", String(40), nullable=True, index=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("entry", Text, nullable=False),
)

records_table = Table(
    "records",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("record", Text, nullable=False),
)


# People and bots. A guest has a name only; an account adds a username (unique, compared by
# ``username_key``: case-folded and with confusable characters mapped to one form) and an argon2
# password hash. Bots are players too (id ``bot:LEVEL``) so that they can be rated.
players_table = Table(
    "players",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(16), nullable=False),  # guest, account, bot
    Column("username", String(64), nullable=True),
    Column("username_key", String(128), nullable=True, unique=True),
    Column("password", Text, nullable=True),  # argon2 hash
    Column("created", Float, nullable=False),
)

# Server-wide values every worker shares: the key that signs session cookies.
settings_table = Table(
    "settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

# Signed-in browsers: the cookie carries a session id; only its hash is stored, and logging
# out revokes it here, for every worker.
sessions_table = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("player_id", String(40), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("revoked", Float, nullable=True),
)


# What the people seated at a table said, in order (``n`` counts from 1 for the whole table).
# ``version`` is the number of the match's events when it was said: the replay shows it there.
chat_table = Table(
    "chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("match", Integer, nullable=False),
    Column("slot", Integer, nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),  # as shown (a phrase's words, or the cleaned text)
    Column("phrase", String(32), nullable=True),  # the quick phrase's key, if it was one
    Column("at", Float, nullable=False),
    Column("version", Integer, nullable=False),
    Index("ix_chat_match", "table_id", "match"),
)
