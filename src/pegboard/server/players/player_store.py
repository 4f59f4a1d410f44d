"""Players and their sessions in the store: a guest is made on a first visit, a session is a
random id whose hash is stored (so a leaked database holds no usable cookie), and logging out
revokes it for every worker. A guest claims an account by adding a username and a password hash
to the same row: the player, their seats and their history stay what they were."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from pegboard.server.store.schema import players_table, sessions_table, settings_table

SIGNING_KEY = "cookie-key"


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    kind: str  # guest, account, bot
    username: str | None = None

    def public(self) -> dict[str, str | None]:
        """What anyone may see of a player (never the password hash)."""
        return {"id": self.id, "name": self.name, "kind": self.kind, "username": self.username}


def _hash(session: str) -> str:
    return hashlib.sha256(session.encode()).hexdigest()


def signing_key(engine: Engine) -> str:
    """The key that signs cookies, made by the first worker that asks and shared by all."""
    with engine.begin() as db:
        found = db.execute(
            select(settings_table.c.value).where(settings_table.c.key == SIGNING_KEY)
        ).scalar()
        if found is not None:
            return str(found)
    made = secrets.token_urlsafe(32)
    try:
        with engine.begin() as db:
            db.execute(insert(settings_table).values(key=SIGNING_KEY, value=made))
    except IntegrityError:  # another worker made it first: use theirs
        return signing_key(engine)
    return made


def new_guest(engine: Engine, name: str, now: float) -> Player:
    player = guest(name)
    with engine.begin() as db:
        add_guest(db, player, now)
    return player


def guest(name: str) -> Player:
    """A new guest, not stored yet (:func:`add_guest`)."""
    return Player(id=secrets.token_hex(8), name=name, kind="guest")


def add_guest(db: Connection, player: Player, now: float) -> None:
    db.execute(
        insert(players_table).values(id=player.id, name=player.name, kind="guest", created=now)
    )


class UsernameTaken(Exception):
    """Another account has this username, or one that looks the same."""


@dataclass(frozen=True)
class Account:
    player: Player
    password: str  # the argon2 hash


def new_account(
    engine: Engine, name: str, username: str, key: str, password: str, now: float
) -> Player:
    """An account made at once, for someone who was not playing as a guest yet."""
    player = Player(id=secrets.token_hex(8), name=name, kind="account", username=username)
    values = {"username": username, "username_key": key, "password": password}
    try:
        with engine.begin() as db:
            db.execute(
                insert(players_table).values(
                    id=player.id, name=name, kind="account", created=now, **values
                )
            )
    except IntegrityError:
        raise UsernameTaken(username) from None
    return player


def claim(engine: Engine, player_id: str, username: str, key: str, password: str) -> bool:
    """Make a guest an account; False if the player is not a guest (any more). UsernameTaken
    if the username is another's."""
    try:
        with engine.begin() as db:
            done = db.execute(
                update(players_table)
                .where(players_table.c.id == player_id, players_table.c.kind == "guest")
                .values(kind="account", username=username, username_key=key, password=password)
            )
    except IntegrityError:
        raise UsernameTaken(username) from None
    return done.rowcount == 1


def account(engine: Engine, key: str) -> Account | None:
    """The account whose username has this key, with its password hash."""
    with engine.connect() as db:
        row = db.execute(
            select(players_table).where(
                players_table.c.username_key == key, players_table.c.kind == "account"
            )
        ).first()
    if row is None or row.password is None:
        return None
    return Account(Player(row.id, row.name, row.kind, row.username), row.password)


def password_of(engine: Engine, player_id: str) -> str | None:
    with engine.connect() as db:
        found = db.execute(
            select(players_table.c.password).where(players_table.c.id == player_id)
        ).scalar()
    return str(found) if found is not None else None


def set_password(engine: Engine, player_id: str, password: str) -> None:
    with engine.begin() as db:
        db.execute(
            update(players_table).where(players_table.c.id == player_id).values(password=password)
        )


def find(engine: Engine, player_id: str) -> Player | None:
    with engine.connect() as db:
        row = db.execute(select(players_table).where(players_table.c.id == player_id)).first()
    return Player(row.id, row.name, row.kind, row.username) if row is not None else None


def rename(engine: Engine, player_id: str, name: str) -> None:
    with engine.begin() as db:
        db.execute(update(players_table).where(players_table.c.id == player_id).values(name=name))


def new_session(engine: Engine, player_id: str, now: float) -> str:
    """A new session for the player; the id returned goes in the cookie, only its hash here."""
    session = session_id()
    with engine.begin() as db:
        add_session(db, session, player_id, now)
    return session


def session_id() -> str:
    """A new session's id (the cookie's; :func:`add_session` stores its hash)."""
    return secrets.token_urlsafe(32)


def add_session(db: Connection, session: str, player_id: str, now: float) -> None:
    """Store a session (``session``: a new random id, whose hash alone is kept)."""
    db.execute(
        insert(sessions_table).values(
            id_hash=_hash(session), player_id=player_id, created=now, seen=now
        )
    )


def session_player(engine: Engine, session: str) -> Player | None:
    """The player of a live (not revoked) session, else None."""
    query = (
        select(players_table)
        .join(sessions_table, sessions_table.c.player_id == players_table.c.id)
        .where(sessions_table.c.id_hash == _hash(session), sessions_table.c.revoked.is_(None))
    )
    with engine.connect() as db:
        row = db.execute(query).first()
    return Player(row.id, row.name, row.kind, row.username) if row is not None else None


def revoke(engine: Engine, session: str, now: float) -> None:
    with engine.begin() as db:
        db.execute(
            update(sessions_table)
            .where(sessions_table.c.id_hash == _hash(session), sessions_table.c.revoked.is_(None))
            .values(revoked=now)
        )


def revoke_others(engine: Engine, player_id: str, session: str, now: float) -> None:
    """Every live session of the player but ``session`` ends (a new password was set)."""
    with engine.begin() as db:
        db.execute(
            update(sessions_table)
            .where(
                sessions_table.c.player_id == player_id,
                sessions_table.c.id_hash != _hash(session),
                sessions_table.c.revoked.is_(None),
            )
            .values(revoked=now)
        )
