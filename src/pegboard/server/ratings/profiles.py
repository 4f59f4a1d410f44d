"""What the store tells of players: leaderboards, profiles and match lists, read from the ratings
and the history rows that settling matches writes (:mod:`pegboard.server.ratings.settle`)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from sqlalchemy import and_, func, or_, select, tuple_
from sqlalchemy.engine import Connection, Engine

from pegboard.core.spec import get_spec
from pegboard.errors import PegboardError
from pegboard.match.phases import phases_for
from pegboard.server.players.display import tag_of, with_tags
from pegboard.server.ratings.rating import NEW, PROVISIONAL_GAMES, Standing, rating_groups, shown
from pegboard.server.store.schema import (
    match_players_table,
    players_table,
    ratings_table,
    tables_table,
)

LEADERBOARD_SIZE = 100
CHART_POINTS = 500  # the latest rated matches drawn per group
MATCHES_PAGE_MAX = 100

# A place is for a player past their provisional games, by the rating shown (docs/protocol.md,
# "Ratings and profiles"); the provisional follow, by rating too, without a place.
_ranked = ratings_table.c.games >= PROVISIONAL_GAMES
# Tables only their link opens (docs/protocol.md, "Private tables"): their matches are in the
# histories their own players read, and no one else's.
_UNLISTED = select(tables_table.c.id).where(tables_table.c.listed.is_(False))


def _title(game: str) -> str:
    try:
        return get_spec(game).title
    except PegboardError:  # a game this version no longer has: its name will do
        return game


def _player(row: Any) -> dict[str, Any]:
    """A player as lists show them: the name and the tag that tells same-named people apart."""
    return {
        "id": row.id,
        "name": row.name,
        "kind": row.kind,
        "tag": tag_of(row.id, row.kind, row.username),
    }


def leaderboard(engine: Engine, group: str, size: int = LEADERBOARD_SIZE) -> list[dict[str, Any]]:
    """The best ``size`` of ``group``: the ranked by rating, with their places, then the
    provisional by rating, with none."""
    query = (
        select(
            players_table.c.id,
            players_table.c.name,
            players_table.c.kind,
            players_table.c.username,
            ratings_table.c.mu,
            ratings_table.c.sigma,
            ratings_table.c.games,
        )
        .join(players_table, players_table.c.id == ratings_table.c.player_id)
        .where(ratings_table.c.rating_group == group)
        .order_by(_ranked.desc(), ratings_table.c.mu.desc(), ratings_table.c.player_id)
        .limit(size)
    )
    with engine.connect() as db:
        rows = db.execute(query).all()
    shown_rows = []
    for place, r in enumerate(rows, start=1):
        standing = Standing.of(r.mu, r.sigma, r.games)
        who = {"id": r.id, "name": r.name, "kind": r.kind, "username": r.username}
        ranked = None if standing.provisional else place  # the ranked come first
        shown_rows.append({"place": ranked} | who | standing.to_json())
    return with_tags(shown_rows)


def place_of(engine: Engine, group: str, player_id: str) -> dict[str, Any] | None:
    """A player's row of the leaderboard wherever they stand (place None: not rated yet, or
    still provisional)."""
    with engine.connect() as db:
        player = db.execute(select(players_table).where(players_table.c.id == player_id)).first()
        if player is None:
            return None
        mine = db.execute(
            select(ratings_table.c.mu, ratings_table.c.sigma, ratings_table.c.games).where(
                ratings_table.c.player_id == player_id, ratings_table.c.rating_group == group
            )
        ).first()
        if mine is None:
            return {"place": None, **_player(player), **NEW.to_json()}
        standing = Standing.of(mine.mu, mine.sigma, mine.games)
        if standing.provisional:
            return {"place": None, **_player(player), **standing.to_json()}
        mu = ratings_table.c.mu
        ahead = db.execute(
            select(func.count()).where(
                ratings_table.c.rating_group == group,
                _ranked,
                or_(mu > mine.mu, and_(mu == mine.mu, ratings_table.c.player_id < player_id)),
            )
        ).scalar_one()
    return {"place": int(ahead) + 1, **_player(player), **standing.to_json()}


def profile_exists(engine: Engine, player_id: str) -> bool:
    with engine.connect() as db:
        found = db.execute(
            select(players_table.c.id).where(players_table.c.id == player_id)
        ).first()
    return found is not None


def profile(engine: Engine, player_id: str, viewer: str | None = None) -> dict[str, Any] | None:
    """A player's page: ratings per group (with their places), each group's rating over time,
    matches played and won per group, and points per deal by phase per game. A rating point
    of a match at an unlisted table names its table only to the player (``viewer``)."""
    with engine.connect() as db:
        player = db.execute(select(players_table).where(players_table.c.id == player_id)).first()
        if player is None:
            return None
        ratings = db.execute(
            select(ratings_table).where(ratings_table.c.player_id == player_id)
        ).all()
        rows = db.execute(
            select(
                match_players_table.c.game,
                match_players_table.c.rating_group,
                match_players_table.c.rank,
                match_players_table.c.rated,
                match_players_table.c.finished,
                match_players_table.c.mu_before,
                match_players_table.c.mu_after,
                match_players_table.c.table_id,
                match_players_table.c.match,
                match_players_table.c.deals,
                match_players_table.c.points,
                match_players_table.c.table_id.in_(_UNLISTED).label("unlisted"),
            )
            .where(match_players_table.c.player_id == player_id)
            .order_by(match_players_table.c.finished)
        ).all()
    own = viewer == player_id
    groups = rating_groups()
    standings = []
    for r in sorted(ratings, key=lambda r: list(groups).index(r.rating_group)):
        place = place_of(engine, r.rating_group, player_id)
        standings.append(
            {"group": r.rating_group, "title": groups[r.rating_group]}
            | Standing.of(r.mu, r.sigma, r.games).to_json()
            | {"place": place["place"] if place else None}
        )
    chart: dict[str, list[dict[str, Any]]] = defaultdict(list)
    stats: dict[str, dict[str, Any]] = {}
    phases: dict[str, dict[str, Any]] = {}
    for r in rows:
        group = r.rating_group or r.game
        if r.rated and r.mu_before is not None and r.mu_after is not None:
            point = {"at": r.finished, "before": shown(r.mu_before), "rating": shown(r.mu_after)}
            if own or not r.unlisted:
                point |= {"table": r.table_id, "match": r.match}
            chart[group].append(point)
        stat = stats.setdefault(
            group,
            {"group": group, "title": groups.get(group, _title(r.game))}
            | {"played": 0, "won": 0, "rated": 0},
        )
        stat["played"] += 1
        stat["won"] += r.rank == 1
        stat["rated"] += bool(r.rated)
        game = phases.setdefault(
            r.game,
            {"game": r.game, "title": _title(r.game), "deals": 0}
            | {"points": dict.fromkeys(phases_for(r.game), 0)},
        )
        game["deals"] += r.deals
        for phase, points in json.loads(r.points).items():
            game["points"][phase] = game["points"].get(phase, 0) + points
    for game in phases.values():
        deals = game.pop("deals")
        totals = game.pop("points")
        game["deals"] = deals
        game["per_deal"] = {p: round(v / deals, 2) if deals else 0.0 for p, v in totals.items()}
        game["per_deal"]["total"] = round(sum(totals.values()) / deals, 2) if deals else 0.0
    return {
        "player": _player(player),
        "ratings": standings,
        "chart": {g: points[-CHART_POINTS:] for g, points in chart.items()},
        "stats": sorted(stats.values(), key=lambda s: -s["played"]),
        "phases": list(phases.values()),
        "provisional_games": PROVISIONAL_GAMES,
    }


def matches(
    engine: Engine, player_id: str, offset: int, limit: int, viewer: str | None = None
) -> dict[str, Any]:
    """One page of a player's finished matches, newest first: each with the other seats, the
    result and the rating change. Matches at unlisted tables are for the player alone (the
    ``viewer`` signed in as them)."""
    groups = rating_groups()
    mine = match_players_table
    shown_rows = mine.c.player_id == player_id
    if viewer != player_id:
        shown_rows &= mine.c.table_id.not_in(_UNLISTED)
    with engine.connect() as db:
        total = db.execute(select(func.count()).select_from(mine).where(shown_rows)).scalar_one()
        page = db.execute(
            select(mine)
            .where(shown_rows)
            .order_by(mine.c.finished.desc(), mine.c.table_id, mine.c.match)
            .offset(offset)
            .limit(limit)
        ).all()
        keys = sorted({(r.table_id, r.match) for r in page})
        others = (
            db.execute(select(mine).where(tuple_(mine.c.table_id, mine.c.match).in_(keys))).all()
            if keys
            else []
        )
        tags = _tags(db, {o.player_id for o in others if o.player_id is not None})
    seats: dict[tuple[str, int], list[Any]] = defaultdict(list)
    for r in sorted(others, key=lambda o: o.seat):
        seats[(r.table_id, r.match)].append(r)
    listed = []
    for r in page:
        everyone = seats[(r.table_id, r.match)]
        sides = {o.side for o in everyone}
        change = None
        if r.rated and r.mu_before is not None and r.mu_after is not None:
            before, after = shown(r.mu_before), shown(r.mu_after)
            change = {"before": before, "after": after, "change": after - before}
        listed.append(
            {
                "table": r.table_id,
                "match": r.match,
                "finished": r.finished,
                "game": r.game,
                "title": _title(r.game),
                "group": r.rating_group,
                "group_title": groups.get(r.rating_group or "", None),
                "players": r.players,
                "seat": r.seat,
                "rank": r.rank,
                "places": len(sides),
                "score": r.score,
                "partners": [
                    _seat(o, tags) for o in everyone if o.side == r.side and o.seat != r.seat
                ],
                "opponents": [_seat(o, tags) for o in everyone if o.side != r.side],
                "rated": bool(r.rated),
                "rating": change,
                "replay": f"#/replay/{r.table_id}/{r.match}",
            }
        )
    return {"total": int(total), "offset": offset, "matches": listed}


def _seat(row: Any, tags: dict[str, str | None]) -> dict[str, Any]:
    return {
        "name": row.name,
        "player": row.player_id,
        "tag": tags.get(row.player_id) if row.player_id is not None else None,
        "rank": row.rank,
        "score": row.score,
    }


def _tags(db: Connection, player_ids: set[str]) -> dict[str, str | None]:
    """Each player's tag (:mod:`pegboard.server.players.display`), for the names in a list."""
    if not player_ids:
        return {}
    query = select(players_table.c.id, players_table.c.kind, players_table.c.username).where(
        players_table.c.id.in_(sorted(player_ids))
    )
    return {r.id: tag_of(r.id, r.kind, r.username) for r in db.execute(query)}
