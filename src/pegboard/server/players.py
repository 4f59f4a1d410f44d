"""Players and their sessions in the store: a guest is made on a first visit, a session is a
random id whose hash is stored (so a leaked database holds no usable cookie), and logging out
revokes it for every worker."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pegboard.server.schema import players_table, sessions_table, settings_table

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
    player = Player(id=secrets.token_hex(8), name=name, kind="guest")
    with engine.begin() as db:
        db.execute(insert(players_table).values(id=player.id, name=name, kind="guest", created=now))
    return player


def find(engine: Engine, player_id: str) -> Player | None:
    with engine.connect() as db:
        row = db.execute(select(players_table).where(players_table.c.id == player_id)).first()
    return Player(row.id, row.name, row.kind, row.username) if row is not None else None


def rename(engine: Engine, player_id: str, name: str) -> None:
    with engine.begin() as db:
        db.execute(update(players_table).where(players_table.c.id == player_id).values(name=name))


def new_session(engine: Engine, player_id: str, now: float) -> str:
    """A new session for the player; the id returned goes in the cookie, only its hash here."""
    session = secrets.token_urlsafe(32)
    with engine.begin() as db:
        db.execute(
            insert(sessions_table).values(
                id_hash=_hash(session), player_id=player_id, created=now, seen=now
            )
        )
    return session


def session_player(engine: Engine, session: str) -> Player | None:
    """The player of a live (not revoked) session, else None."""
    query = (
        select(players_table)
        .join(sessions_table, sessions_table.c.player_id == players_table.c.id)
        .where((sessions_table.c.id_hash == _hash(session)) & sessions_table.c.revoked.is_(None))
    )
    with engine.connect() as db:
        row = db.execute(query).first()
    return Player(row.id, row.name, row.kind, row.username) if row is not None else None


def revoke(engine: Engine, session: str, now: float) -> None:
    with engine.begin() as db:
        db.execute(
            update(sessions_table)
            .where(sessions_table.c.id_hash == _hash(session))
            .values(revoked=now)
        )
