"""The daily challenge in the store: each UTC day's secret, each player's one attempt a day at
each game, and what the records of the attempts say (the day's results, a player's streak)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, select, true
from sqlalchemy.exc import IntegrityError

from pegboard.core.fair import FairChance, HandDraw, commitment
from pegboard.core.wire import Record
from pegboard.server.store.schema import (
    daily_attempts_table,
    daily_days_table,
    records_table,
    tables_table,
)

DAY = 86_400.0


def day_of(now: float) -> str:
    """The UTC day of a time, as YYYY-MM-DD."""
    return datetime.fromtimestamp(now, UTC).date().isoformat()


def day_ends(day: str) -> float:
    start = datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC)
    return (start + timedelta(days=1)).timestamp()


def previous_day(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def day_secret(engine: Engine, day: str, now: float) -> bytes:
    """The day's secret, drawn from the operating system the first time the day is asked for."""
    with engine.begin() as db:
        found = db.execute(
            select(daily_days_table.c.secret).where(daily_days_table.c.day == day)
        ).scalar()
        if found is None:
            fresh = secrets.token_bytes(32)
            try:
                with db.begin_nested():
                    db.execute(
                        daily_days_table.insert().values(day=day, secret=fresh.hex(), created=now)
                    )
                found = fresh.hex()
            except IntegrityError:  # another worker drew it first: theirs stands
                found = db.execute(
                    select(daily_days_table.c.secret).where(daily_days_table.c.day == day)
                ).scalar_one()
    return bytes.fromhex(str(found))


def daily_chance(secret: bytes) -> FairChance:
    """Every hand of a daily game from the day's secret alone (no seeds): each chance step from
    the secret, its hand and its number in the hand, the same for every player."""
    return FairChance(every_hand=HandDraw(0, commitment(secret), (), secret))


@dataclass(frozen=True)
class DailyTable:
    day: str
    secret: bytes


def table_day(engine: Engine, table_id: str) -> DailyTable | None:
    """The day whose challenge ``table_id`` plays, with its secret (None: not a daily table)."""
    with engine.connect() as db:
        row = db.execute(
            select(daily_attempts_table.c.day, daily_days_table.c.secret)
            .join(daily_days_table, daily_days_table.c.day == daily_attempts_table.c.day)
            .where(daily_attempts_table.c.table_id == table_id)
        ).first()
    return DailyTable(row[0], bytes.fromhex(row[1])) if row else None


class AlreadyPlayed(Exception):
    """The player has an attempt at this game today already."""


def add_attempt(
    db: Connection, day: str, game: str, player_id: str, name: str, table_id: str, now: float
) -> None:
    """Record the attempt in the transaction that makes its table (nothing is made if the
    player has one already: the key is the day, the game and the player)."""
    try:
        with db.begin_nested():
            db.execute(
                daily_attempts_table.insert().values(
                    day=day,
                    game=game,
                    player_id=player_id,
                    name=name,
                    table_id=table_id,
                    started=now,
                )
            )
    except IntegrityError:
        raise AlreadyPlayed(f"you have had today's {game} attempt already") from None


def _result(record_text: str | None) -> dict[str, Any] | None:
    """The person's result (seat 0 at a daily table): won, the margin over the best other
    seat, the scores; None while the game is being played."""
    if record_text is None:
        return None
    outcome = json.loads(record_text).get("outcome") or {}
    scores = [int(s) for s in outcome.get("scores", [])]
    ranks = outcome.get("ranks", [])
    if not scores:
        return None
    return {
        "won": bool(ranks) and ranks[0] == 1,
        "margin": scores[0] - max(scores[1:], default=0),
        "scores": scores,
    }


def attempts(
    engine: Engine, day: str, game: str, player_id: str | None = None
) -> list[dict[str, Any]]:
    """Every attempt of the day at ``game`` (or only ``player_id``'s): the finished ones ranked
    (won, then the margin, then who finished first), then those still being played."""
    only = daily_attempts_table.c.player_id == player_id if player_id is not None else true()
    with engine.connect() as db:
        rows = db.execute(
            select(
                daily_attempts_table.c.player_id,
                daily_attempts_table.c.name,
                daily_attempts_table.c.table_id,
                daily_attempts_table.c.started,
                records_table.c.record,
                records_table.c.finished,
                tables_table.c.invite,
            )
            .join(
                records_table,
                and_(
                    records_table.c.table_id == daily_attempts_table.c.table_id,
                    records_table.c.match == 1,
                ),
                isouter=True,
            )
            .join(tables_table, tables_table.c.id == daily_attempts_table.c.table_id)
            .where(daily_attempts_table.c.day == day, daily_attempts_table.c.game == game, only)
        ).all()
    found = []
    for player_id, name, table_id, started, record, finished, invite in rows:
        found.append(
            {
                "player_id": player_id,
                "name": name,
                "table": table_id,
                "invite": invite,
                "started": started,
                "finished": finished,
                "result": _result(record),
            }
        )

    def order(entry: dict[str, Any]) -> tuple[int, int, float]:
        result = entry["result"]
        if result is None:
            return (2, 0, entry["started"])
        return (0 if result["won"] else 1, -result["margin"], entry["finished"] or 0.0)

    return sorted(found, key=order)


def streak(engine: Engine, player_id: str, today: str) -> int:
    """Days in a row, up to today (or up to yesterday, while today is not played yet), with a
    daily game finished."""
    with engine.connect() as db:
        days = {
            str(r[0])
            for r in db.execute(
                select(daily_attempts_table.c.day)
                .join(
                    records_table,
                    and_(
                        records_table.c.table_id == daily_attempts_table.c.table_id,
                        records_table.c.match == 1,
                    ),
                )
                .where(daily_attempts_table.c.player_id == player_id)
            )
        }
    day = today if today in days else previous_day(today)
    count = 0
    while day in days:
        count += 1
        day = previous_day(day)
    return count


def reveal_in_record(engine: Engine, table_id: str, record: Record, now: float) -> None:
    """A daily record's hands carry the day's secret once the day is over (before, nobody may
    learn the day's deals from a finished game's record)."""
    daily = table_day(engine, table_id)
    if daily is None or now < day_ends(daily.day) or "fair" not in record:
        return
    for hand in record["fair"]["hands"]:
        hand["secret"] = daily.secret.hex()


def revealed_day(engine: Engine, day: str) -> dict[str, Any] | None:
    """A day's secret and commitment, for a day that is over (None: nobody asked for it)."""
    with engine.connect() as db:
        secret = db.execute(
            select(daily_days_table.c.secret).where(daily_days_table.c.day == day)
        ).scalar()
    if secret is None:
        return None
    return {"day": day, "secret": secret, "commitment": commitment(bytes.fromhex(secret))}
