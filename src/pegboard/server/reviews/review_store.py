"""Reviews in the store: a finished match's review, and each seat's accuracy by player."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pegboard.core.spec import get_spec
from pegboard.errors import PegboardError
from pegboard.server.store.schema import records_table, review_seats_table, reviews_table

ACCURACY_POINTS = 500
"""The latest reviewed matches shown per game on a profile."""


def stored_review(engine: Engine, table_id: str, match: int) -> dict[str, Any] | None:
    with engine.connect() as db:
        row = db.execute(
            select(reviews_table.c.review).where(
                reviews_table.c.table_id == table_id, reviews_table.c.match == match
            )
        ).first()
    return json.loads(row[0]) if row else None


def unreviewed(engine: Engine, limit: int) -> list[tuple[str, int]]:
    """Stored matches with no review (the process that was to make it stopped first), the
    earliest finished first, at most ``limit``. A review is stored in one transaction, so a
    review cut off half-way left nothing and is among them."""
    missing = (
        select(records_table.c.table_id, records_table.c.match)
        .outerjoin(
            reviews_table,
            and_(
                reviews_table.c.table_id == records_table.c.table_id,
                reviews_table.c.match == records_table.c.match,
            ),
        )
        .where(reviews_table.c.table_id.is_(None))
        .order_by(records_table.c.finished, records_table.c.table_id, records_table.c.match)
        .limit(limit)
    )
    with engine.connect() as db:
        return [(str(row.table_id), int(row.match)) for row in db.execute(missing)]


def save_review(
    engine: Engine,
    table_id: str,
    match: int,
    review: dict[str, Any],
    players: Sequence[str | None],
    finished: float,
    now: float,
) -> bool:
    """Store a match's review and its seats' accuracy (``players``: each seat's player id, or
    None), once: False when it was stored already (by another worker, say)."""
    game = str(review["game"])
    try:
        with engine.begin() as db:
            db.execute(
                insert(reviews_table).values(
                    table_id=table_id,
                    match=match,
                    game=game,
                    review=json.dumps(review, separators=(",", ":")),
                    made=now,
                )
            )
            for seat in review["seats"]:
                number = int(seat["seat"])
                db.execute(
                    insert(review_seats_table).values(
                        table_id=table_id,
                        match=match,
                        seat=number,
                        player_id=players[number] if number < len(players) else None,
                        game=game,
                        accuracy=float(seat["accuracy"]),
                        decisions=int(seat["decisions"]),
                        finished=finished,
                    )
                )
    except IntegrityError:
        return False
    return True


def accuracy_by_game(
    engine: Engine, player_id: str, size: int = ACCURACY_POINTS
) -> list[dict[str, Any]]:
    """Per game (``game``, ``title``), the player's reviewed matches oldest first (``points``):
    ``at`` (when the match ended), ``accuracy``, ``decisions``, ``table``, ``match`` (the
    latest ``size`` of each game)."""
    query = (
        select(review_seats_table)
        .where(review_seats_table.c.player_id == player_id)
        .order_by(review_seats_table.c.finished, review_seats_table.c.table_id)
    )
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    with engine.connect() as db:
        for row in db.execute(query):
            by_game[row.game].append(
                {
                    "at": row.finished,
                    "accuracy": row.accuracy,
                    "decisions": row.decisions,
                    "table": row.table_id,
                    "match": row.match,
                }
            )
    return [
        {"game": game, "title": _title(game), "points": points[-size:]}
        for game, points in sorted(by_game.items())
    ]


def _title(game: str) -> str:
    try:
        return get_spec(game).title
    except PegboardError:  # a game this version no longer has: its name will do
        return game
