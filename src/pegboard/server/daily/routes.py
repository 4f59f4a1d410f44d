"""REST for the daily challenge (docs/protocol.md, "The daily challenge"): the day's games and
commitment, a player's one attempt a day at each game, the day's results."""

from __future__ import annotations

import re
import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy import Connection

from pegboard.core.fair import commitment
from pegboard.core.spec import GameSpec, game_names, get_spec
from pegboard.errors import OptionError
from pegboard.server.clock import Clock
from pegboard.server.daily import store
from pegboard.server.lobby.one_process import Lobby, NewTable, Seated
from pegboard.server.players.identity import Identity
from pegboard.server.players.player_store import Player

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
OPPONENT = "expert"  # every other seat: the game's expert


def daily_specs() -> list[GameSpec]:
    """The games with a daily challenge (each game's plug-in says whether and how)."""
    return [spec for spec in map(get_spec, game_names()) if spec.daily is not None]


def daily_spec(game: str) -> GameSpec:
    try:
        spec = get_spec(game)
    except OptionError:
        raise HTTPException(404, "that game has no daily challenge") from None
    if spec.daily is None:
        raise HTTPException(404, "that game has no daily challenge")
    return spec


def daily_routes(lobby: Lobby, identity: Identity, clock: Clock) -> APIRouter:
    router = APIRouter()
    engine = lobby.store.engine

    def signed_in(request: Request) -> Player:
        player = identity.player_of(request)
        if player is None:
            raise HTTPException(401, "play the daily challenge signed in (a guest will do)")
        return player

    def mine(entries: list[dict[str, Any]], player: Player | None) -> dict[str, Any] | None:
        return next((e for e in entries if player and e["player_id"] == player.id), None)

    @router.get("/api/daily")
    def today(request: Request) -> dict[str, Any]:
        """Today's games and commitment, your attempts and streak, and yesterday's secret."""
        now = clock.now()
        day = store.day_of(now)
        secret = store.day_secret(engine, day, now)
        me = identity.player_of(request)
        games = []
        for spec in daily_specs():
            assert spec.daily is not None
            found = store.attempts(engine, day, spec.name, me.id) if me else []
            own = found[0] if found else None
            games.append(
                {
                    "game": spec.name,
                    "title": spec.title,
                    "players": spec.daily.players,
                    "options": dict(spec.daily.options),
                    "attempt": _public(own, reveal=True) if own else None,
                }
            )
        before = store.previous_day(day)
        return {
            "day": day,
            "commitment": commitment(secret),
            "ends": store.day_ends(day),
            "games": games,
            "streak": store.streak(engine, me.id, day) if me else None,
            "previous": store.revealed_day(engine, before),
        }

    @router.post("/api/daily/{game}")
    async def attempt(game: str, request: Request) -> dict[str, Any]:
        """Start your attempt at today's ``game`` (or take up the one you are playing): the
        seat's token and table. Once it is over, 409: one attempt a day."""
        spec = daily_spec(game)
        assert spec.daily is not None
        player = signed_in(request)
        now = clock.now()
        day = store.day_of(now)
        store.day_secret(engine, day, now)
        found = store.attempts(engine, day, spec.name, player.id)
        own = found[0] if found else None
        if own is not None:
            if own["result"] is not None:
                raise HTTPException(409, f"you have played today's {spec.title} already")
            seat = await lobby.seat_of(own["table"], player.id)
            return {"table": own["table"], "slot": seat["slot"], "token": seat["token"]}
        players = spec.daily.players
        request_table = NewTable(
            game=spec.name,
            players=players,
            options=dict(spec.daily.options),
            bots=[None] + [OPPONENT] * (players - 1),
            hints=False,
            listed=False,
            chat="phrases",
        )
        person = Seated(player.name, player.id, secrets.token_urlsafe(24))

        def add(db: Connection, table_id: str) -> None:
            store.add_attempt(db, day, spec.name, player.id, player.name, table_id, now)

        try:
            table = await lobby.create_seated(request_table, [person], add)
        except store.AlreadyPlayed as error:
            raise HTTPException(409, str(error)) from None
        return {"table": table["id"], "slot": 0, "token": person.token}

    @router.get("/api/daily/{day}/{game}")
    def results(day: str, game: str, request: Request) -> dict[str, Any]:
        """The day's results at ``game``: won first, then by margin. The games' replays (and
        so how the others and the expert played the same deals) for those who have finished
        their own attempt, or once the day is over."""
        if DAY.fullmatch(day) is None:
            raise HTTPException(404, "a day is YYYY-MM-DD")
        spec = daily_spec(game)
        now = clock.now()
        over = now >= store.day_ends(day)
        entries = store.attempts(engine, day, spec.name)
        own = mine(entries, identity.player_of(request))
        open_replays = over or (own is not None and own["result"] is not None)
        ranked = []
        for place, entry in enumerate(entries, 1):
            shown = _public(entry, reveal=open_replays)
            shown["rank"] = place if entry["result"] is not None else None
            shown["you"] = entry is own
            ranked.append(shown)
        return {
            "day": day,
            "game": spec.name,
            "title": spec.title,
            "over": over,
            "played": own is not None and own["result"] is not None,
            "results": ranked,
            "revealed": store.revealed_day(engine, day) if over else None,
        }

    return router


def _public(entry: dict[str, Any], *, reveal: bool) -> dict[str, Any]:
    """An attempt as others may see it: the table and its link's key only with ``reveal``."""
    return {
        "name": entry["name"],
        "player_id": entry["player_id"],
        "result": entry["result"],
        "finished": entry["result"] is not None,
        "table": entry["table"] if reveal else None,
        "invite": entry["invite"] if reveal else None,
    }
