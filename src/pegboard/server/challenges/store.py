"""Challenges in the store: who challenged whom, to what, and the answer.

A challenge waits for its answer for WAIT_HOURS (a guest offline finds it when they come back);
then it lapses. Accepting it makes the table (see :mod:`pegboard.server.challenges.routes`) in
the same transaction that marks it accepted, so a challenge makes one table at most, however
many devices answer at once.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.engine import Connection, Engine

from pegboard.server.players.display import tag_of
from pegboard.server.store.schema import challenges_table, players_table

WAIT_HOURS = 24
SHOWN_ANSWERED = 3600.0  # seconds an answered challenge stays in its sender's list
MOST_WAITING = 5  # challenges one player may have waiting at once


class ChallengeGone(Exception):
    """The challenge was answered, withdrawn or lapsed already."""


@dataclass(frozen=True)
class Challenge:
    id: str
    from_id: str
    to_id: str
    game: str
    settings: dict[str, Any]  # options, rated, match
    status: str  # waiting, accepted, declined, withdrawn
    table_id: str | None
    created: float
    answered: float | None


def create(
    engine: Engine, from_id: str, to_id: str, game: str, settings: dict[str, Any], now: float
) -> Challenge:
    """A new waiting challenge; ValueError saying why when it may not be made."""
    challenge = Challenge(
        secrets.token_hex(8), from_id, to_id, game, settings, "waiting", None, now, None
    )
    with engine.begin() as db:
        waiting = _waiting(db, now).where(challenges_table.c.from_id == from_id)
        rows = db.execute(waiting).all()
        if any(r.to_id == to_id for r in rows):
            raise ValueError("you have challenged them already: wait for their answer")
        if len(rows) >= MOST_WAITING:
            raise ValueError(f"at most {MOST_WAITING} challenges may wait for an answer at once")
        db.execute(
            challenges_table.insert().values(
                id=challenge.id,
                from_id=from_id,
                to_id=to_id,
                game=game,
                settings=json.dumps(settings),
                status="waiting",
                created=now,
            )
        )
    return challenge


def find(engine: Engine, challenge_id: str) -> Challenge | None:
    with engine.connect() as db:
        row = db.execute(
            select(challenges_table).where(challenges_table.c.id == challenge_id)
        ).first()
    return _challenge(row) if row is not None else None


def answer(db: Connection, challenge_id: str, status: str, now: float, table: str | None) -> None:
    """Mark a waiting challenge answered, within ``db``'s transaction; ChallengeGone if it is
    not waiting (or has lapsed)."""
    done = db.execute(
        update(challenges_table)
        .where(
            challenges_table.c.id == challenge_id,
            challenges_table.c.status == "waiting",
            challenges_table.c.created > now - WAIT_HOURS * 3600,
        )
        .values(status=status, answered=now, table_id=table)
    )
    if done.rowcount != 1:
        raise ChallengeGone(challenge_id)


def listing(engine: Engine, player: str, now: float) -> dict[str, list[dict[str, Any]]]:
    """The player's challenges: ``received``, waiting for their answer, and ``sent``, waiting
    or answered within SHOWN_ANSWERED seconds (with the table, when accepted)."""
    sender = players_table.alias("sender")
    receiver = players_table.alias("receiver")
    query = (
        select(
            challenges_table,
            sender.c.name.label("from_name"),
            sender.c.kind.label("from_kind"),
            sender.c.username.label("from_username"),
            receiver.c.name.label("to_name"),
            receiver.c.kind.label("to_kind"),
            receiver.c.username.label("to_username"),
        )
        .join(sender, sender.c.id == challenges_table.c.from_id)
        .join(receiver, receiver.c.id == challenges_table.c.to_id)
        .where(
            or_(challenges_table.c.from_id == player, challenges_table.c.to_id == player),
            challenges_table.c.created > now - WAIT_HOURS * 3600,
        )
        .order_by(challenges_table.c.created)
    )
    received: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []
    with engine.connect() as db:
        for row in db.execute(query):
            shown = public(_challenge(row)) | {
                "from": _person(row.from_id, row.from_name, row.from_kind, row.from_username),
                "to": _person(row.to_id, row.to_name, row.to_kind, row.to_username),
            }
            if row.to_id == player and row.status == "waiting":
                received.append(shown)
            elif row.from_id == player and (
                row.status == "waiting" or (row.answered or 0) > now - SHOWN_ANSWERED
            ):
                sent.append(shown)
    return {"received": received, "sent": sent}


def new_token() -> str:
    """A seat token for one of the two seated when the challenge is accepted."""
    return secrets.token_urlsafe(24)


def public(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.id,
        "game": challenge.game,
        "options": challenge.settings.get("options", {}),
        "rated": challenge.settings.get("rated", False),
        "match": challenge.settings.get("match", "1"),
        "status": challenge.status,
        "table": challenge.table_id,
        "created": challenge.created,
    }


def _person(player_id: str, name: str, kind: str, username: str | None) -> dict[str, Any]:
    return {"id": player_id, "name": name, "tag": tag_of(player_id, kind, username)}


def _waiting(db: Connection, now: float) -> Any:
    return select(challenges_table).where(
        challenges_table.c.status == "waiting",
        challenges_table.c.created > now - WAIT_HOURS * 3600,
    )


def _challenge(row: Any) -> Challenge:
    return Challenge(
        row.id,
        row.from_id,
        row.to_id,
        row.game,
        json.loads(row.settings),
        row.status,
        row.table_id,
        row.created,
        row.answered,
    )
