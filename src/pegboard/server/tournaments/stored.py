"""The store's side of tournaments: rows in, rows out, and the state written only over the
version it was read at (:class:`Stale` otherwise)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine

from pegboard.server.store.schema import (
    records_table,
    tournament_entries_table,
    tournament_tables_table,
    tournaments_table,
)
from pegboard.tournament import Tournament

UPCOMING, RUNNING, FINISHED = "upcoming", "running", "finished"


class Stale(Exception):
    """The tournament changed since it was read: another director wrote first."""


@dataclass
class TournamentRow:
    id: str
    name: str
    owner: str
    game: str
    settings: dict[str, Any]
    status: str
    state: Tournament | None
    version: int
    created: float
    started: float | None
    finished: float | None


@dataclass(frozen=True)
class Entry:
    entry: str
    """A person's ``players.id``, or ``bot:LEVEL:N``."""
    name: str
    entered: float
    withdrawn: float | None
    place: int | None

    @property
    def bot(self) -> str | None:
        """The bot's level, for a bot's entry."""
        return self.entry.split(":")[1] if self.entry.startswith("bot:") else None


@dataclass(frozen=True)
class GameTable:
    round: int
    board: int
    game: int
    table_id: str
    made: float


def _row(r: Any) -> TournamentRow:
    return TournamentRow(
        id=r.id,
        name=r.name,
        owner=r.owner,
        game=r.game,
        settings=json.loads(r.settings),
        status=r.status,
        state=Tournament.from_json(json.loads(r.state)) if r.state else None,
        version=r.version,
        created=r.created,
        started=r.started,
        finished=r.finished,
    )


def create(engine: Engine, row: TournamentRow) -> None:
    with engine.begin() as db:
        db.execute(
            insert(tournaments_table).values(
                id=row.id,
                name=row.name,
                owner=row.owner,
                game=row.game,
                settings=json.dumps(row.settings),
                status=row.status,
                state=None,
                version=0,
                created=row.created,
            )
        )


def get(engine: Engine, tournament_id: str) -> TournamentRow | None:
    with engine.connect() as db:
        found = db.execute(
            select(tournaments_table).where(tournaments_table.c.id == tournament_id)
        ).first()
    return _row(found) if found else None


def listing(engine: Engine, statuses: Sequence[str], limit: int = 100) -> list[TournamentRow]:
    with engine.connect() as db:
        rows = db.execute(
            select(tournaments_table)
            .where(tournaments_table.c.status.in_(list(statuses)))
            .order_by(tournaments_table.c.created.desc())
            .limit(limit)
        )
        return [_row(r) for r in rows]


def save(
    engine: Engine,
    row: TournamentRow,
    state: Tournament,
    *,
    status: str,
    now: float,
    also: Any = None,
) -> None:
    """Write ``state`` over the version ``row`` was read at (Stale if another wrote first);
    ``also(db)`` in the same transaction."""
    values: dict[str, Any] = {
        "state": json.dumps(state.to_json()),
        "status": status,
        "version": row.version + 1,
    }
    if status == RUNNING and row.started is None:
        values["started"] = now
    if status == FINISHED:
        values["finished"] = now
    with engine.begin() as db:
        done = db.execute(
            update(tournaments_table)
            .where(tournaments_table.c.id == row.id, tournaments_table.c.version == row.version)
            .values(**values)
        )
        if done.rowcount != 1:
            raise Stale(row.id)
        if also is not None:
            also(db)
    row.version += 1
    row.state = state
    row.status = status


def entries(engine: Engine, tournament_id: str) -> list[Entry]:
    with engine.connect() as db:
        rows = db.execute(
            select(tournament_entries_table)
            .where(tournament_entries_table.c.tournament_id == tournament_id)
            .order_by(tournament_entries_table.c.entered, tournament_entries_table.c.entry)
        )
        return [Entry(r.entry, r.name, r.entered, r.withdrawn, r.place) for r in rows]


def enter(db: Connection, tournament_id: str, entry: str, name: str, now: float) -> None:
    """A new entry, or a withdrawn one back again."""
    found = db.execute(
        select(tournament_entries_table.c.entry).where(
            tournament_entries_table.c.tournament_id == tournament_id,
            tournament_entries_table.c.entry == entry,
        )
    ).first()
    if found:
        db.execute(
            update(tournament_entries_table)
            .where(
                tournament_entries_table.c.tournament_id == tournament_id,
                tournament_entries_table.c.entry == entry,
            )
            .values(withdrawn=None, entered=now, name=name)
        )
    else:
        db.execute(
            insert(tournament_entries_table).values(
                tournament_id=tournament_id, entry=entry, name=name, entered=now
            )
        )


def withdraw(db: Connection, tournament_id: str, entry: str, now: float) -> bool:
    done = db.execute(
        update(tournament_entries_table)
        .where(
            tournament_entries_table.c.tournament_id == tournament_id,
            tournament_entries_table.c.entry == entry,
            tournament_entries_table.c.withdrawn.is_(None),
        )
        .values(withdrawn=now)
    )
    return bool(done.rowcount)


def set_places(db: Connection, tournament_id: str, places: Sequence[tuple[int, str]]) -> None:
    for place, entry in places:
        db.execute(
            update(tournament_entries_table)
            .where(
                tournament_entries_table.c.tournament_id == tournament_id,
                tournament_entries_table.c.entry == entry,
            )
            .values(place=place)
        )


def game_tables(engine: Engine, tournament_id: str) -> list[GameTable]:
    with engine.connect() as db:
        rows = db.execute(
            select(tournament_tables_table)
            .where(tournament_tables_table.c.tournament_id == tournament_id)
            .order_by(
                tournament_tables_table.c.round,
                tournament_tables_table.c.board,
                tournament_tables_table.c.game,
            )
        )
        return [GameTable(r.round, r.board, r.game, r.table_id, r.made) for r in rows]


def add_game_table(db: Connection, tournament_id: str, table: GameTable) -> None:
    """The table of one game; fails (the key) if that game has a table already."""
    db.execute(
        insert(tournament_tables_table).values(
            tournament_id=tournament_id,
            round=table.round,
            board=table.board,
            game=table.game,
            table_id=table.table_id,
            made=table.made,
        )
    )


def match_records(engine: Engine, table_id: str) -> list[tuple[dict[str, Any], list[int]]]:
    """The records of a table's games in order, each with the slot in each seat."""
    with engine.connect() as db:
        rows = db.execute(
            select(records_table.c.record, records_table.c.seating)
            .where(records_table.c.table_id == table_id)
            .order_by(records_table.c.match)
        ).all()
    out = []
    for found in rows:
        record = json.loads(found.record)
        seating = json.loads(found.seating) if found.seating else list(range(len(record["seats"])))
        out.append((record, seating))
    return out


def places_of(engine: Engine, entry: str) -> list[dict[str, Any]]:
    """The tournaments ``entry`` played, newest first, with the place of each finished one."""
    with engine.connect() as db:
        rows = db.execute(
            select(
                tournaments_table.c.id,
                tournaments_table.c.name,
                tournaments_table.c.status,
                tournaments_table.c.created,
                tournament_entries_table.c.place,
            )
            .join(
                tournament_entries_table,
                tournament_entries_table.c.tournament_id == tournaments_table.c.id,
            )
            .where(
                tournament_entries_table.c.entry == entry,
                tournaments_table.c.status != UPCOMING,
            )
            .order_by(tournaments_table.c.created.desc())
        )
        return [{"id": r.id, "name": r.name, "status": r.status, "place": r.place} for r in rows]


def set_status(engine: Engine, row: TournamentRow, status: str, now: float) -> None:
    """A change of status alone (a tournament nobody came to is cancelled), over the version."""
    with engine.begin() as db:
        done = db.execute(
            update(tournaments_table)
            .where(tournaments_table.c.id == row.id, tournaments_table.c.version == row.version)
            .values(status=status, version=row.version + 1, finished=now)
        )
        if done.rowcount != 1:
            raise Stale(row.id)
    row.version += 1
    row.status = status


def set_settings(engine: Engine, row: TournamentRow, settings: dict[str, Any]) -> None:
    """New settings of a tournament that has not started (its maker starts it now)."""
    with engine.begin() as db:
        done = db.execute(
            update(tournaments_table)
            .where(tournaments_table.c.id == row.id, tournaments_table.c.version == row.version)
            .values(settings=json.dumps(settings), version=row.version + 1)
        )
        if done.rowcount != 1:
            raise Stale(row.id)
    row.version += 1
    row.settings = settings


def finished_tables(engine: Engine, table_ids: Sequence[str]) -> set[str]:
    """Which of these tables have finished their game (in one query, for the pages)."""
    if not table_ids:
        return set()
    with engine.connect() as db:
        rows = db.execute(
            select(records_table.c.table_id).where(
                records_table.c.table_id.in_(list(table_ids)), records_table.c.match == 1
            )
        )
        return {str(r[0]) for r in rows}
