"""Settling a finished match: its players' histories and, at a rated table, their ratings.

A match is settled in one transaction that first claims the match in the ledger
(``settled_matches``, keyed by table and match), then moves the ratings and writes a history row
per seat. So a match is settled exactly once: a second try (the sweep, another worker, a
restart) finds the ledger row and changes nothing, and a worker dying half-way commits nothing,
leaving the match to the sweep (:mod:`pegboard.server.ratings.sweep`). Concurrent settlements
touching the same player (a bot plays at many tables) lock their rating rows in one order (by
player id), so they wait for each other rather than overwrite each other or deadlock.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from sqlalchemy import Table, and_, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from pegboard.core.matchplay import MatchScore
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.match.phases import hand_points
from pegboard.server.metrics import SETTLEMENTS
from pegboard.server.ratings.rating import (
    MU,
    PROVISIONAL_GAMES,
    SIGMA,
    group_of,
    plays_in_teams,
    rate,
    shown,
    sides_of,
)
from pegboard.server.store.schema import (
    match_players_table,
    players_table,
    ratings_table,
    records_table,
    settled_table,
)
from pegboard.server.store.sql_store import TableRow
from pegboard.server.tables.slot import Slot, slots_of

log = logging.getLogger(__name__)

TRIES = 3  # a transaction the database gave up on (a deadlock, a busy SQLite) runs again


@dataclass(frozen=True)
class SeatOf:
    """Who sat in a game seat: their slot, name and kind, and their player id (``bot:LEVEL``
    for a bot; None for a person who was not signed in)."""

    slot: int
    name: str
    kind: str
    player: str | None

    @property
    def bot(self) -> bool:
        return self.kind.startswith("bot:")


@dataclass(frozen=True)
class FinishedMatch:
    """Everything settling a match needs, from a room that just finished it or from the store."""

    table_id: str
    match: int
    game: str
    players: int
    teams: bool
    rated: bool  # the table's setting (the match may still go unrated: see :func:`_unrated`)
    seats: tuple[SeatOf, ...]  # per game seat
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    events: Sequence[dict[str, Any]]
    finished: float
    games_won: int = 1
    """How many won games the result counts as (the game's spec says: a skunk in Cribbage is
    not Enough counts as two); a rated result is rated that many times over."""
    # Per game seat: whether it did anything itself (a move, or leaving: not the clock's moves,
    # nor the table giving up the seat of someone away). None:
    # not known (a match made up for the ratings alone).
    moved: tuple[bool, ...] | None = None
    # The match's ranks per seat when this game decided a match of several games: the ratings
    # move on them, once a match (None: a game that is its own match).
    match_ranks: tuple[int, ...] | None = None
    standard: bool = True  # of the game's standard length, the one rated (GameSpec.rated_options)

    @property
    def group(self) -> str | None:
        return group_of(self.game, self.players, self.teams)

    @property
    def signed_in(self) -> bool:
        return any(s.player is not None and not s.bot for s in self.seats)


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating before and after a rated match, as shown."""

    before: int
    after: int
    games: int  # rated matches in the group, this one included
    provisional: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "before": self.before,
            "after": self.after,
            "change": self.after - self.before,
            "games": self.games,
            "provisional": self.provisional,
        }


def finished_match(
    row: TableRow,
    slots: Sequence[Slot | None],
    match: int,
    seating: Sequence[int],
    record: Mapping[str, Any],
    finished: float,
) -> FinishedMatch:
    """A match as a room (or the store) knows it: ``seating`` is the slot in each game seat."""
    seats = []
    for slot_index in seating:
        slot = slots[slot_index]
        if slot is None:  # pragma: no cover - a match starts with every seat taken
            raise ValueError(f"slot {slot_index} of table {row.id} is empty")
        player = slot.kind if slot.bot is not None else slot.player
        seats.append(SeatOf(slot_index, slot.name, slot.kind, player))
    outcome = record["outcome"]
    rated, match_ranks = row.rated, None
    options = record.get("options", row.options)
    # A skunk that counts as two won games is rated twice in a single game; in a match of
    # several games it already counted inside the match, so the match's result counts once.
    games_won = get_spec(row.game).games_won(Outcome.from_json(outcome), row.players, options)
    block = record.get("match")
    if block:  # a game of a match of several: rated once, on the match's result
        games_won = 1
        score = MatchScore.from_json(block["score"])
        rated = row.rated and score.decided
        by_side = score.ranks()
        match_ranks = tuple(
            by_side[i]
            for seat in range(row.players)
            for i, s in enumerate(score.sides)
            if seat in s
        )
    return FinishedMatch(
        table_id=row.id,
        match=match,
        game=row.game,
        players=row.players,
        teams=plays_in_teams(row.game, row.players, options),
        rated=rated,
        seats=tuple(seats),
        ranks=tuple(int(r) for r in outcome["ranks"]),
        scores=tuple(int(s) for s in outcome["scores"]),
        events=record.get("events", []),
        finished=finished,
        games_won=games_won,
        moved=_moved(record, row.players),
        match_ranks=match_ranks,
        standard=get_spec(row.game).rated_length(options),
    )


def _moved(record: Mapping[str, Any], players: int) -> tuple[bool, ...]:
    """Per game seat, whether the record has an action it made itself."""
    moved = [False] * players
    for entry in record.get("actions", []):
        if not entry.get("auto") and 0 <= int(entry.get("seat", -1)) < players:
            moved[int(entry["seat"])] = True
    return tuple(moved)


def stored_match(engine: Engine, row: TableRow, match: int, now: float) -> FinishedMatch | None:
    """A finished match as the store has it (None: no record). Which slot sat where comes
    with the record; a record stored before that did not keep it is matched to the table's
    current seating when it is the current match, else to the slots by name."""
    with engine.connect() as db:
        found = db.execute(
            select(records_table.c.record, records_table.c.finished, records_table.c.seating).where(
                and_(records_table.c.table_id == row.id, records_table.c.match == match)
            )
        ).first()
    if found is None:
        return None
    record = json.loads(found.record)
    slots = slots_of(row)
    if found.seating is not None:
        seating = [int(s) for s in json.loads(found.seating)]
    elif match == row.match and len(row.seating) == row.players:
        seating = list(row.seating)
    else:
        seating = _seating_by_name(record, slots)
    return finished_match(row, slots, match, seating, record, found.finished or now)


def _seating_by_name(record: Mapping[str, Any], slots: Sequence[Slot | None]) -> list[int]:
    """The slot in each seat of an old record, by name (names are unique at a table)."""
    by_name = {slot.name: i for i, slot in enumerate(slots) if slot is not None}
    return [by_name[str(seat["name"])] for seat in record["seats"]]


def settle(engine: Engine, match: FinishedMatch, now: float) -> dict[int, RatingChange]:
    """Settle ``match`` once (a match settled already is left as it is); each rated slot's
    rating change, read back from the store if the match was settled before."""
    for attempt in range(1, TRIES + 1):
        try:
            changes = _settle_once(engine, match, now)
        except IntegrityError:  # the ledger has it: settled by someone else, just now or before
            break
        except OperationalError:
            if attempt == TRIES:
                raise
            log.warning("settling %s/%s: the database gave up; again", match.table_id, match.match)
            continue
        SETTLEMENTS.inc()
        return changes
    return rating_changes(engine, match.table_id, match.match)


def _settle_once(engine: Engine, match: FinishedMatch, now: float) -> dict[int, RatingChange]:
    group = match.group
    note = _unrated(match) if match.rated else None
    rated = match.rated and note is None
    with engine.begin() as db:
        # The claim first: a second settlement of this match waits here, then fails.
        db.execute(
            insert(settled_table).values(
                table_id=match.table_id,
                match=match.match,
                game=match.game,
                rating_group=group,
                rated=rated,
                note=note,
                settled=now,
            )
        )
        if not rated and not match.signed_in:
            return {}  # nobody to keep a history for
        _add_bot_players(db, [s.player for s in match.seats if s.bot and s.player], now)
        ratings = _update_ratings(db, match, now) if rated and group else {}
        _write_history(db, match, ratings)
    return {
        match.seats[seat].slot: RatingChange(
            shown(before[0]), shown(after[0]), games, games < PROVISIONAL_GAMES
        )
        for seat, (before, after, games) in ratings.items()
    }


def _unrated(match: FinishedMatch) -> str | None:
    """Why a match at a rated table cannot be rated (None: it can)."""
    people = [s for s in match.seats if not s.bot]
    if match.group is None:
        return f"{match.game} for {match.players} has no rating group"
    if not people:
        return "bots only"
    if not match.standard:
        return "only games of the standard length are rated"
    if any(s.player is None for s in people):
        return "a person was not signed in"
    if len({s.player for s in people}) < len(people):
        return "one person held two seats"
    if match.moved is not None and not all(
        match.moved[seat] for seat, s in enumerate(match.seats) if not s.bot
    ):  # a rating won by waiting out the clock of someone not there is worth nothing
        return "a person never moved"
    return None


Rated = dict[int, tuple[tuple[float, float], tuple[float, float], int]]
"""Per game seat: (mu, sigma) before, (mu, sigma) after, rated games after."""


def _update_ratings(db: Connection, match: FinishedMatch, now: float) -> Rated:
    """Move the ratings of everyone in ``match`` by its placement, under row locks."""
    group = match.group
    assert group is not None
    ids = sorted({s.player for s in match.seats if s.player is not None})
    _insert_missing(
        db,
        ratings_table,
        [
            {"player_id": p, "rating_group": group, "mu": MU, "sigma": SIGMA, "games": 0}
            | {"updated": now}
            for p in ids
        ],
    )
    rows = db.execute(
        select(
            ratings_table.c.player_id,
            ratings_table.c.mu,
            ratings_table.c.sigma,
            ratings_table.c.games,
        )
        .where(ratings_table.c.rating_group == group, ratings_table.c.player_id.in_(ids))
        .order_by(ratings_table.c.player_id)
        .with_for_update()  # PostgreSQL: one settlement at a time per player (SQLite: one writer)
    ).all()
    prior = {str(r.player_id): (float(r.mu), float(r.sigma), int(r.games)) for r in rows}
    sides = sides_of(match.players, match.teams)
    player = [str(s.player) for s in match.seats]
    ranks = match.match_ranks or match.ranks  # a match of several games: its result
    new = [[prior[player[seat]][:2] for seat in side] for side in sides]
    # A result that counts as two won games (a skunk in Cribbage is not Enough) moves the
    # ratings as two wins in a row would: the same placement rated again from the first.
    for _ in range(match.games_won):
        new = rate(new, [ranks[side[0]] for side in sides])
    # A bot may fill several seats of one match: it moves by the mean of its seats' changes.
    moves: dict[str, list[tuple[float, float]]] = {}
    for side, values in zip(sides, new, strict=True):
        for seat, value in zip(side, values, strict=True):
            moves.setdefault(player[seat], []).append(value)
    after = {p: (fmean(m for m, _ in v), fmean(s for _, s in v)) for p, v in moves.items()}
    for p in ids:
        db.execute(
            update(ratings_table)
            .where(and_(ratings_table.c.player_id == p, ratings_table.c.rating_group == group))
            .values(mu=after[p][0], sigma=after[p][1], games=prior[p][2] + 1, updated=now)
        )
    return {
        seat: (prior[player[seat]][:2], after[player[seat]], prior[player[seat]][2] + 1)
        for seat in range(match.players)
    }


def _write_history(db: Connection, match: FinishedMatch, ratings: Rated) -> None:
    """A row per seat: who, where, the result, the rating change, the points by phase."""
    points = _points_by_phase(match)
    sides = sides_of(match.players, match.teams)
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}
    rows = []
    for seat, who in enumerate(match.seats):
        rated = ratings.get(seat)
        rows.append(
            {
                "table_id": match.table_id,
                "match": match.match,
                "seat": seat,
                "slot": who.slot,
                "player_id": who.player,
                "name": who.name,
                "side": side_of[seat],
                "rank": match.ranks[seat],
                "score": match.scores[seat],
                "game": match.game,
                "players": match.players,
                "rating_group": match.group,
                "finished": match.finished,
                "rated": rated is not None,
                "mu_before": rated[0][0] if rated else None,
                "sigma_before": rated[0][1] if rated else None,
                "mu_after": rated[1][0] if rated else None,
                "sigma_after": rated[1][1] if rated else None,
                "games_after": rated[2] if rated else None,
                "deals": points[seat][0],
                "points": json.dumps(points[seat][1]),
            }
        )
    db.execute(insert(match_players_table), rows)


def _points_by_phase(match: FinishedMatch) -> list[tuple[int, dict[str, int]]]:
    """Per seat: the deals it was dealt into, and its points in each phase over them."""
    hands = hand_points(match.game, match.players, match.events)
    deals = [0] * match.players
    for event in match.events:
        if event.get("type") == "deal":
            for seat, hand in enumerate(event.get("hands") or []):
                if seat < match.players and hand:
                    deals[seat] += 1
    totals: list[dict[str, int]] = [{} for _ in range(match.players)]
    for hand in hands:
        for seat, by_phase in enumerate(hand.points):
            for phase, points in by_phase.items():
                totals[seat][phase] = totals[seat].get(phase, 0) + points
    return list(zip(deals, totals, strict=True))


def _add_bot_players(db: Connection, bots: Iterable[str], now: float) -> None:
    """A bot is a player (``bot:LEVEL``, kind bot), made the first time it is settled."""
    _insert_missing(
        db,
        players_table,
        [
            {"id": b, "name": f"{b.removeprefix('bot:').capitalize()} bot", "kind": "bot"}
            | {"created": now}
            for b in sorted(set(bots))
        ],
    )


def _insert_missing(db: Connection, table: Table, rows: list[dict[str, Any]]) -> None:
    """Insert the rows whose key is not there yet, in the order given (rows another
    transaction is inserting are waited for, not inserted twice)."""
    if not rows:
        return
    dialect = db.dialect.name
    for row in rows:
        if dialect == "postgresql":
            db.execute(postgresql.insert(table).values(**row).on_conflict_do_nothing())
        elif dialect == "sqlite":
            db.execute(sqlite.insert(table).values(**row).on_conflict_do_nothing())
        else:  # pragma: no cover - the store runs on SQLite or PostgreSQL
            raise NotImplementedError(f"no insert-if-missing for {dialect}")


def rating_changes(engine: Engine, table_id: str, match: int) -> dict[int, RatingChange]:
    """Each rated slot's change in a settled match (empty: casual, or not settled yet)."""
    query = select(
        match_players_table.c.slot,
        match_players_table.c.mu_before,
        match_players_table.c.mu_after,
        match_players_table.c.games_after,
    ).where(
        match_players_table.c.table_id == table_id,
        match_players_table.c.match == match,
        match_players_table.c.rated,
    )
    with engine.connect() as db:
        rows = db.execute(query).all()
    return {
        int(r.slot): RatingChange(
            shown(r.mu_before), shown(r.mu_after), r.games_after, r.games_after < PROVISIONAL_GAMES
        )
        for r in rows
    }


def is_settled(engine: Engine, table_id: str, match: int) -> bool:
    with engine.connect() as db:
        found = db.execute(
            select(settled_table.c.match).where(
                and_(settled_table.c.table_id == table_id, settled_table.c.match == match)
            )
        ).first()
    return found is not None
