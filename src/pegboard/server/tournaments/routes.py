"""REST for tournaments (docs/protocol.md, "Tournaments"): the list, one tournament, making
one (an account only), registering and withdrawing, and its maker's "start now"."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from pegboard.server.clock import Clock
from pegboard.server.http.bodies import read_body
from pegboard.server.players.identity import Identity
from pegboard.server.players.player_store import Player
from pegboard.server.tournaments import stored, views
from pegboard.server.tournaments.director import CANCELLED, Director
from pegboard.server.tournaments.settings import NewTournament
from pegboard.server.tournaments.stored import FINISHED, RUNNING, UPCOMING, Stale, TournamentRow

ID_LENGTH = 12


def tournament_routes(identity: Identity, director: Director, clock: Clock) -> APIRouter:
    router = APIRouter()
    engine = identity.store.engine

    def account(request: Request) -> Player:
        player = identity.player_of(request)
        if player is None or player.kind != "account":
            raise HTTPException(403, "sign in with an account to make or enter a tournament")
        return player

    def found(tournament_id: str) -> TournamentRow:
        row = stored.get(engine, tournament_id) if len(tournament_id) <= 32 else None
        if row is None:
            raise HTTPException(404, "there is no such tournament")
        return row

    @router.get("/api/tournaments")
    def listing() -> dict[str, list[dict[str, Any]]]:
        rows = stored.listing(engine, [UPCOMING, RUNNING, FINISHED, CANCELLED])
        out: dict[str, list[dict[str, Any]]] = {UPCOMING: [], RUNNING: [], FINISHED: []}
        for row in rows:
            active = [e for e in stored.entries(engine, row.id) if e.withdrawn is None]
            status = FINISHED if row.status == CANCELLED else row.status
            out[status].append(views.summary(row, len(active)))
        return out

    @router.post("/api/tournaments")
    async def create(request: Request) -> dict[str, Any]:
        player = account(request)
        body = await read_body(request, NewTournament)
        settings = body.checked()
        now = clock.now()
        row = TournamentRow(
            id=secrets.token_hex(ID_LENGTH // 2),
            name=" ".join(body.name.split()),
            owner=player.id,
            game=settings["game"],
            settings=settings,
            status=UPCOMING,
            state=None,
            version=0,
            created=now,
            started=None,
            finished=None,
        )
        stored.create(engine, row)
        await director.poke()
        return views.detail(engine, row, player.id)

    @router.get("/api/tournaments/{tournament_id}")
    def one(tournament_id: str, request: Request) -> dict[str, Any]:
        me = identity.player_of(request)
        return views.detail(engine, found(tournament_id), me.id if me else None)

    @router.post("/api/tournaments/{tournament_id}/register")
    async def register(tournament_id: str, request: Request) -> dict[str, Any]:
        player = account(request)
        row = found(tournament_id)
        if row.status != UPCOMING:
            raise HTTPException(409, "this tournament has started: entries are closed")
        with engine.begin() as db:
            stored.enter(db, row.id, player.id, player.name, clock.now())
        await director.poke()
        return views.detail(engine, row, player.id)

    @router.post("/api/tournaments/{tournament_id}/withdraw")
    async def withdraw(tournament_id: str, request: Request) -> dict[str, Any]:
        """Before the start: off the list. After it: you leave, and forfeit what is left."""
        player = account(request)
        row = found(tournament_id)
        if row.status not in (UPCOMING, RUNNING):
            raise HTTPException(409, "this tournament is over")
        with engine.begin() as db:
            if not stored.withdraw(db, row.id, player.id, clock.now()):
                raise HTTPException(409, "you are not entered in this tournament")
        await director.poke()
        return views.detail(engine, found(tournament_id), player.id)

    @router.post("/api/tournaments/{tournament_id}/start")
    async def start_now(tournament_id: str, request: Request) -> dict[str, Any]:
        """Its maker starts it now; bots fill the places, if it allows them."""
        player = account(request)
        row = found(tournament_id)
        if row.owner != player.id:
            raise HTTPException(403, "only the tournament's maker can start it")
        if row.status != UPCOMING:
            raise HTTPException(409, "this tournament has started")
        try:
            stored.set_settings(engine, row, row.settings | {"start_now": True})
        except Stale:
            raise HTTPException(409, "the tournament changed: try again") from None
        await director.poke()
        return views.detail(engine, row, player.id)

    @router.get("/api/players/{player_id}/tournaments")
    def played(player_id: str) -> list[dict[str, Any]]:
        if len(player_id) > 48:
            raise HTTPException(404, "there is no such player")
        return stored.places_of(engine, player_id)

    return router
