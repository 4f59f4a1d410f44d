"""A store as pegboard made it before its schema had migrations (main at a1f2fde): that
version's four tables, frozen here, filled with the rows that version wrote while a person
finished a short match against a bot and started a second one (data/store_before_migrations.json,
made by running that version's server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
)

DUMP: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "store_before_migrations.json").read_text()
)

metadata = MetaData()
Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("seed", Integer, nullable=False),
    Column("match", Integer, nullable=False),
    Column("seating", Text, nullable=False),
    Column("deadline", Float, nullable=True),
    Column("created", Float, nullable=False),
    Column("hints", Boolean, nullable=True),
    Column("gone", Text, nullable=True),
    Column("idle_since", Float, nullable=True),
    Column("broken", Text, nullable=True),
    Column("started", Float, nullable=True),
)
Table(
    "slots",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("slot", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("token", String(64), nullable=False),
)
Table(
    "actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("entry", Text, nullable=False),
)
Table(
    "records",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("record", Text, nullable=False),
)


def make_old_store(url: str) -> None:
    """An empty database at ``url`` becomes that version's store, rows and all."""
    engine = create_engine(url)
    try:
        metadata.create_all(engine)
        with engine.begin() as db:
            for name, rows in DUMP["rows"].items():
                if rows:
                    db.execute(insert(metadata.tables[name]), rows)
    finally:
        engine.dispose()
