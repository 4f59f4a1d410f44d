"""The chat of each table in the store: every message, numbered, with the match and the moment
(the match's event count) it was said, so that a replay shows it in its place. Read here;
written in the group of the tables' changes (``sql_store.Said``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from pegboard.server.store.schema import chat_table

FIELDS = ("n", "match", "slot", "name", "text", "phrase", "at", "version", "player")


def said(
    engine: Engine, table_id: str, *, match: int | None = None, last: int | None = None
) -> list[dict[str, Any]]:
    """The table's messages in order: of one ``match`` only, or only the ``last`` few."""
    query = select(*(chat_table.c[f] for f in FIELDS)).where(chat_table.c.table_id == table_id)
    if match is not None:
        query = query.where(chat_table.c.match == match)
    if last is not None:
        query = query.order_by(chat_table.c.n.desc()).limit(last)
    with engine.connect() as db:
        rows = [dict(row._mapping) for row in db.execute(query.order_by(chat_table.c.n))]
    return sorted(rows, key=lambda row: int(row["n"]))


def count(engine: Engine, table_id: str) -> int:
    """How many messages the table has (the number of the last)."""
    with engine.connect() as db:
        found = db.execute(
            select(func.max(chat_table.c.n)).where(chat_table.c.table_id == table_id)
        ).scalar()
    return int(found or 0)
