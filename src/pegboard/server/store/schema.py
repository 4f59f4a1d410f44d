"""The store's tables as the queries see them. Their history is in
:mod:`pegboard.server.store.migrations` (one Alembic revision a change); a test holds the two
equal, so a new column or table goes in both places."""

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
    # A rated table: its finished matches change the players' ratings. NULL in older rows: no.
    Column("rated", Boolean, nullable=True),
    # Private tables and chat (docs/protocol.md, "Private tables", "Table chat"). NULL in rows
    # stored before these columns: listed, watchers welcome, no key (none is needed), chat on.
    Column("listed", Boolean, nullable=True),  # shown in the lobby; else only its link opens it
    Column("watching", Boolean, nullable=True),  # the host lets people without a seat watch
    Column("invite", String(32), nullable=True),  # the secret of the table's link
    Column("chat", String(16), nullable=True),  # "on", or "phrases" (quick phrases only)
    # The game seats that asked for the rematch at the results (a JSON list), kept like a move:
    # a restart during the results still starts it. NULL in older rows: nobody has asked.
    Column("rematch", Text, nullable=True),
    # The table's matches (docs/rules.md, "Matches"): a MatchFormat as JSON. NULL in rows
    # stored before this column: one game a match.
    Column("match_format", Text, nullable=True),
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
    # When the match ended, and the slot in each game seat (the table's seating changes with
    # each rematch): what a sweep needs to settle a match later. NULL in older rows.
    Column("finished", Float, nullable=True),
    Column("seating", Text, nullable=True),
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

# Failed logins in the last window (server/players/logins.py): one row per failure and subject
# (``account:<username key>`` or ``address:<address>``), counted by every worker alike.
login_failures_table = Table(
    "login_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("subject", String(200), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_login_failures_subject_at", "subject", "at"),
)

# Quick play: the people waiting for a table of their choice (game, players, rated), one entry
# each. It lives in the store, not in a worker, so that with several workers a player's socket
# may wait on one worker while another makes the match. The socket's worker renews
# ``heartbeat``; an entry whose worker died stops being renewed and expires. A match writes the
# table, the seat and its token into each entry of its people in the transaction that stores
# the table, and fails if any entry is gone (its player left) or taken (by another matcher).
queue_table = Table(
    "queue",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(40), nullable=False, unique=True),  # one entry per player
    Column("name", String(64), nullable=False),  # the name the table shows
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("wait", Float, nullable=False),  # seconds before bots fill the empty seats
    Column("rating", Integer, nullable=False),  # in the choice's rating group, on entering
    Column("since", Float, nullable=False),
    Column("heartbeat", Float, nullable=False),
    Column("worker", String(32), nullable=False),  # whose socket waits on this entry
    Column("table_id", String(32), nullable=True),  # set once seated ...
    Column("slot", Integer, nullable=True),
    Column("token", String(64), nullable=True),  # ... with the seat's token
)

# Ratings: one per player (bots included, ``bot:LEVEL``) and rating group (``cribbage-2``,
# ``cribbage-4-teams``…: pegboard.server.ratings.rating.rating_groups). openskill's Plackett–Luce
# ``mu`` and ``sigma``; ``games``: rated matches played in the group.
ratings_table = Table(
    "ratings",
    metadata,
    Column("player_id", String(40), primary_key=True),
    Column("rating_group", String(32), primary_key=True, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

# The ledger of settled matches: a finished match's row is written in the same transaction as
# its history rows and rating changes, so a match is settled exactly once (a worker dying
# half-way changes nothing; the sweep settles any record without a row here).
settled_table = Table(
    "settled_matches",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rating_group", String(32), nullable=True),  # None: a game or size with no rating
    Column("rated", Boolean, nullable=False),
    Column("note", String(200), nullable=True),  # why a rated table's match was not rated
    Column("settled", Float, nullable=False),
)

# Every seat of every settled match with a signed-in person in it, or rated: the players'
# histories and profiles. ``points``: the seat's points by phase (JSON), over ``deals`` deals.
match_players_table = Table(
    "match_players",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("slot", Integer, nullable=False),
    Column("player_id", String(40), nullable=True),  # None: a person not signed in
    Column("name", String(64), nullable=False),
    Column("side", Integer, nullable=False),  # partners share a side (and a rank)
    Column("rank", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rating_group", String(32), nullable=True),
    Column("finished", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("games_after", Integer, nullable=True),  # rated games in the group, this one included
    Column("deals", Integer, nullable=False),
    Column("points", Text, nullable=False),
    Index("ix_match_players_player", "player_id", "finished"),
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
    Column("player", String(40), nullable=True),  # the writer's players.id (None: older rows)
    Index("ix_chat_match", "table_id", "match"),
)

# Tournaments (docs/protocol.md, "Tournaments"): the settings an account chose, and once it has
# started, the whole state of its rounds as :class:`pegboard.tournament.Tournament` JSON.
# ``version`` goes up with every change of the state, and a change is written only over the
# version it was made from: a director that lost its lease in a stall cannot undo another's.
tournaments_table = Table(
    "tournaments",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("owner", String(40), nullable=False),  # the account that made it (players.id)
    Column("game", String(32), nullable=False),
    Column("settings", Text, nullable=False),  # JSON: format, rounds, match, start, bots, ...
    Column("status", String(16), nullable=False, index=True),  # upcoming, running, finished
    Column("state", Text, nullable=True),  # JSON, from the start on
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("started", Float, nullable=True),
    Column("finished", Float, nullable=True),
)

# Who entered: a person (``players.id``) or a bot filling a place (``bot:LEVEL:N``), with the
# final place once the tournament is over (the profile lists them).
tournament_entries_table = Table(
    "tournament_entries",
    metadata,
    Column("tournament_id", String(32), primary_key=True),
    Column("entry", String(48), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("entered", Float, nullable=False),
    Column("withdrawn", Float, nullable=True),
    Column("place", Integer, nullable=True),
    Index("ix_tournament_entries_entry", "entry"),
)

# The table of each game of each match: one row per (round, board, game), written in the
# transaction that stores the table, so no game is ever seated twice.
tournament_tables_table = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", String(32), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),  # the round's table, from 0
    Column("game", Integer, primary_key=True),  # the game of the match, from 0
    Column("table_id", String(32), nullable=False),
    Column("made", Float, nullable=False),
)

# The daily challenge (docs/fairness.md): each UTC day's secret, drawn at its first request and
# shown only once the day is over, and each player's one attempt a day at each game (the table
# it is played at: its record holds the result).
daily_days_table = Table(
    "daily_days",
    metadata,
    Column("day", String(10), primary_key=True),  # YYYY-MM-DD, UTC
    Column("secret", String(64), nullable=False),  # hex
    Column("created", Float, nullable=False),
)

daily_attempts_table = Table(
    "daily_attempts",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("player_id", String(40), primary_key=True),
    Column("table_id", String(32), nullable=False, unique=True),
    Column("name", String(64), nullable=False),
    Column("started", Float, nullable=False),
)

# Each finished match's game review (docs/review.md), made once, off the event loop, after its
# record is stored (:mod:`pegboard.server.reviews`): the ``pegboard-review/1`` object as JSON.
reviews_table = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("review", Text, nullable=False),
    Column("made", Float, nullable=False),
)

# Each reviewed seat's accuracy, by player, for the profile's accuracy over time.
review_seats_table = Table(
    "review_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(40), nullable=True),  # None: a person not signed in
    Column("game", String(32), nullable=False),
    Column("accuracy", Float, nullable=False),
    Column("decisions", Integer, nullable=False),
    Column("finished", Float, nullable=False),
    Index("ix_review_seats_player", "player_id", "finished"),
)

# Who a player mutes (their chat hidden wherever the muting player reads it) and blocks (muted,
# never seated together by quick play, no challenges between them): one row each, kept per
# player so that an account's list follows it to every device (pegboard.server.players.social).
social_table = Table(
    "social",
    metadata,
    Column("player_id", String(40), primary_key=True),
    Column("other_id", String(40), primary_key=True),
    Column("kind", String(8), primary_key=True),  # mute, block
    Column("created", Float, nullable=False),
    Index("ix_social_other", "other_id", "kind"),
)

# Challenges: one player invites another to a table of chosen options; the table is made, with
# both seated, when the other accepts (:mod:`pegboard.server.challenges`).
challenges_table = Table(
    "challenges",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("from_id", String(40), nullable=False),
    Column("to_id", String(40), nullable=False),
    Column("game", String(32), nullable=False),
    Column("settings", Text, nullable=False),  # JSON: options, rated, match
    Column("status", String(16), nullable=False),  # waiting, accepted, declined, withdrawn
    Column("table_id", String(32), nullable=True),  # the table made when it was accepted
    Column("created", Float, nullable=False),
    Column("answered", Float, nullable=True),
    Index("ix_challenges_to", "to_id", "status"),
    Index("ix_challenges_from", "from_id", "status"),
)
