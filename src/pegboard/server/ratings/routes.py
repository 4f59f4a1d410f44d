"""REST for ratings and histories: a leaderboard per rating group, a player's profile, and the
list of their finished matches (docs/protocol.md, "Ratings and profiles")."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request

from pegboard.server.daily import store as daily
from pegboard.server.players.identity import Identity
from pegboard.server.ratings import profiles
from pegboard.server.ratings.rating import PROVISIONAL_GAMES, rating_groups
from pegboard.server.reviews.review_store import accuracy_by_game

PLAYER_ID = re.compile(r"[A-Za-z0-9:_-]{1,40}")  # a guest's hex id, or bot:LEVEL


def _groups() -> list[dict[str, str]]:
    return [{"group": group, "title": title} for group, title in rating_groups().items()]


def profile_routes(identity: Identity) -> APIRouter:
    """The routes; plain functions, so FastAPI runs their queries in its thread pool, off the
    event loop the tables share."""
    router = APIRouter()
    engine = identity.store.engine

    def known_player(player_id: str) -> str:
        if PLAYER_ID.fullmatch(player_id) is None:
            raise HTTPException(404, "there is no such player")
        return player_id

    @router.get("/api/leaderboard")
    def groups() -> list[dict[str, str]]:
        return _groups()

    @router.get("/api/leaderboard/{group}")
    def leaderboard(group: str, request: Request) -> dict[str, Any]:
        """The best of a group, and the asker's own place when signed in."""
        groups = rating_groups()
        if group not in groups:
            raise HTTPException(404, "there is no such rating group")
        me = identity.player_of(request)
        return {
            "group": group,
            "title": groups[group],
            "groups": _groups(),
            "provisional_games": PROVISIONAL_GAMES,
            "players": profiles.leaderboard(engine, group),
            "me": profiles.place_of(engine, group, me.id) if me is not None else None,
        }

    def viewer(request: Request) -> str | None:
        me = identity.player_of(request)
        return me.id if me is not None else None

    @router.get("/api/players/{player_id}")
    def player(player_id: str, request: Request) -> dict[str, Any]:
        found = profiles.profile(engine, known_player(player_id), viewer(request))
        if found is None:
            raise HTTPException(404, "there is no such player")
        found["accuracy"] = accuracy_by_game(engine, player_id)  # from the game reviews
        today = daily.day_of(identity.clock.now())
        found["daily_streak"] = daily.streak(engine, player_id, today)
        return found

    @router.get("/api/players/{player_id}/matches")
    def player_matches(
        player_id: str,
        request: Request,
        offset: int = Query(0, ge=0, le=1_000_000),
        limit: int = Query(20, ge=1, le=profiles.MATCHES_PAGE_MAX),
    ) -> dict[str, Any]:
        if not profiles.profile_exists(engine, known_player(player_id)):
            raise HTTPException(404, "there is no such player")
        return profiles.matches(engine, player_id, offset, limit, viewer(request))

    return router
