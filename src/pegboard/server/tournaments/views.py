"""A tournament as its pages show it: settings, entrants, every round's tables with the table
of each game (to watch or replay), the standings with every tie-break, the bracket, the places."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Engine

from pegboard.server.tournaments import stored
from pegboard.server.tournaments.director import display_names
from pegboard.server.tournaments.stored import GameTable, TournamentRow
from pegboard.tournament import Round, Table, Tournament
from pegboard.tournament.bracket import match_winner

HIDDEN = ("seed", "start_now")
"""Settings no page shows: the draw's secret seed, and the maker's "start now"."""


def summary(row: TournamentRow, entrants: int) -> dict[str, Any]:
    s = row.settings
    state = row.state
    return {
        "id": row.id,
        "name": row.name,
        "game": row.game,
        "status": row.status,
        "format": s["format"],
        "rounds": state.rules.rounds if state else s["rounds"],
        "match": state.rules.match.name if state else s["match"],
        "match_title": state.rules.match.title if state else None,
        "players": s.get("players", 2),
        "playoff": s.get("playoff"),
        "start_at": s.get("start_at"),
        "start_when": s.get("start_when"),
        "rated": s["rated"],
        "bots": s["bots"],
        "entrants": entrants,
        "round": len(state.rounds) if state else 0,
        "created": row.created,
    }


def _round(
    played: Round, tables: list[GameTable], names: dict[str, str], finished: set[str]
) -> dict[str, Any]:
    boards = []
    for board, table in enumerate(played.tables):
        at = [t.table_id for t in tables if (t.round, t.board) == (played.number, board)]
        result = table.result
        boards.append(
            {
                "board": board + 1,
                "players": [{"entry": p, "name": names.get(p, p)} for p in table.players],
                "table": at[0] if at else None,
                "playing": bool(at) and at[0] not in finished,
                "match": _match(table, names) if result else None,
                "winner": match_winner(table) if result else None,
            }
        )
    return {
        "number": played.number,
        "stage": played.stage,
        "finished": played.finished,
        "tables": boards,
        "byes": [{"entry": p, "name": names.get(p, p)} for p in played.byes],
    }


def _match(table: Table, names: dict[str, str]) -> dict[str, Any]:
    """The match as the tables show it (``MatchScore.to_json``), its sides named."""
    score = table.result
    assert score is not None
    sides = [
        [{"entry": p, "name": names.get(p, p)} for p in table.side_players(i)]
        for i in range(len(score.sides))
    ]
    return score.to_json() | {
        "name": score.format.name,
        "title": score.format.title,
        "side_players": sides,
    }


def detail(engine: Engine, row: TournamentRow, me: str | None) -> dict[str, Any]:
    entries = stored.entries(engine, row.id)
    names = display_names(engine, entries)
    active = [e for e in entries if e.withdrawn is None]
    out = summary(row, len(active)) | {
        "settings": {k: v for k, v in row.settings.items() if k not in HIDDEN},
        "owner": row.owner,
        "started": row.started,
        "finished": row.finished,
        "entries": [
            {
                "entry": e.entry,
                "name": names[e.entry],
                "bot": e.bot is not None,
                "withdrawn": e.withdrawn is not None,
                "place": e.place,
            }
            for e in entries
        ],
    }
    state: Tournament | None = row.state
    tables = stored.game_tables(engine, row.id)
    finished = stored.finished_tables(engine, [t.table_id for t in tables])
    if state is not None:
        out["rounds_played"] = [_round(r, tables, names, finished) for r in state.rounds]
        out["standings"] = [s.to_json() | {"name": names[s.player]} for s in state.standings()]
        out["bracket"] = [
            [
                m.to_json() | {"names": [names.get(p, p) if p else None for p in m.players]}
                for m in line
            ]
            for line in state.bracket()
        ]
        out["places"] = (
            [{"place": p, "entry": e, "name": names[e]} for p, e in state.places()]
            if state.over
            else []
        )
    else:
        out |= {"rounds_played": [], "standings": [], "bracket": [], "places": []}
    out["you"] = _you(row, state, entries, tables, finished, me)
    return out


def _you(
    row: TournamentRow,
    state: Tournament | None,
    entries: list[stored.Entry],
    tables: list[GameTable],
    finished: set[str],
    me: str | None,
) -> dict[str, Any] | None:
    """The asker's entry and, while a game of theirs is on, the table to go to."""
    if me is None:
        return None
    mine = next((e for e in entries if e.entry == me), None)
    go_to = None
    current = state.current if state else None
    if current is not None and mine is not None:
        for board, table in enumerate(current.tables):
            if me in table.players and table.result is None:
                playing = [
                    t.table_id
                    for t in tables
                    if (t.round, t.board) == (current.number, board) and t.table_id not in finished
                ]
                go_to = playing[0] if playing else None
    return {
        "entry": me,
        "entered": mine is not None and mine.withdrawn is None,
        "withdrawn": mine is not None and mine.withdrawn is not None,
        "owner": row.owner == me,
        "table": go_to,
    }
