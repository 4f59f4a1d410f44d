"""What a table tells its clients: the table info (docs/protocol.md), and the game part of a
``welcome`` or an ``update``: the events a seat may see since a version, and its view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.server.ratings.settle import RatingChange
from pegboard.server.store.sql_store import TableRow
from pegboard.server.tables.hints import offers_hints
from pegboard.server.tables.slot import Slot


def describe(
    row: TableRow,
    slots: Sequence[Slot | None],
    game: Game | None,
    now: float,
    deadlines: Mapping[int, float] | None = None,
    ends: float | None = None,
    ratings: Mapping[int, RatingChange] | None = None,
    match_play: Mapping[str, Any] | None = None,
    rematch: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Table info (docs/protocol.md), for a room in memory or a closed table in the store:
    ``deadlines`` of the seats to act, when the agreed time of the game ``ends``, the
    ``ratings`` change of each rated slot in the match just finished, ``match_play``, the
    match of several games so far (:meth:`Matches.info`), and the game seats that asked for
    the ``rematch`` (the row's, unless given)."""
    spec = get_spec(row.game)
    return {
        "id": row.id,
        "game": spec.name,
        "title": spec.title,
        "players": row.players,
        "hints": row.hints and offers_hints(spec.name),  # older rows say yes to any game
        "rated": row.rated,
        "listed": row.listed,
        "watching": row.watching,
        "chat": row.chat,
        "options": dict(row.options) | (dict(game.options) if game else {}),
        "status": row.status,
        "match": row.match,
        "slots": [
            {"slot": i, "name": s.name, "kind": s.kind, "connected": s.connections > 0}
            if s is not None
            else None
            for i, s in enumerate(slots)
        ],
        "seating": list(row.seating) if game else None,
        "deadline": row.deadline,
        "deadlines": [(deadlines or {}).get(seat) for seat in range(row.players)] if game else None,
        "ends": ends,
        "ratings": [ratings[i].to_json() if i in ratings else None for i in range(row.players)]
        if ratings
        else None,
        "match_format": row.match_format.to_json() | {"title": row.match_format.title},
        "match_play": dict(match_play) if match_play else None,
        "rematch": sorted(row.rematch if rematch is None else rematch),
        "now": now,
    }


def game_ends(game: Game | None, started: float | None) -> float | None:
    """When the agreed time of a game against the clock is over (None: not such a game, or its
    time is up already)."""
    if game is None or not game.timed or started is None:
        return None
    if any(entry["action"] == {"type": "time-up"} for entry in game.actions):
        return None  # told already: the hand in progress is the last
    return started + 60 * float(game.options.get("minutes", 0))


def game_since(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """The game as ``seat`` (None: a spectator) sees it: its events from version ``since``, its
    view, and the version."""
    return {
        "from": since,
        "events": game.events_for(seat, since),
        "view": game.view(seat),
        "version": game.version,
    }
