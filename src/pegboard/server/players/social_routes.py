"""REST for mutes and blocks (docs/protocol.md, "Mutes and blocks"): the signed-in player's
lists, and setting or lifting one. A guest's lists are kept like an account's, on their player."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from pegboard.server.http.bodies import require_json
from pegboard.server.http.inputs import BadInput
from pegboard.server.players import player_store, social
from pegboard.server.players.accounts import signed_in
from pegboard.server.players.identity import Identity
from pegboard.server.ratings.routes import PLAYER_ID


def social_routes(identity: Identity) -> APIRouter:
    router = APIRouter()
    engine = identity.store.engine

    def other_person(me: str, other: str) -> str:
        if PLAYER_ID.fullmatch(other) is None or other.startswith("bot:"):
            raise HTTPException(404, "there is no such person")
        if other == me:
            raise BadInput("you cannot mute or block yourself")
        if player_store.find(engine, other) is None:
            raise HTTPException(404, "there is no such person")
        return other

    @router.get("/api/me/social")
    def lists(request: Request) -> dict[str, Any]:
        """Whom the signed-in player mutes and blocks (``mute``, ``block``: id and name)."""
        return social.listed(engine, signed_in(identity, request).id)

    for kind in social.KINDS:
        _kind_routes(router, identity, kind, other_person)
    return router


def _kind_routes(router: APIRouter, identity: Identity, kind: social.Kind, other: Any) -> None:
    engine = identity.store.engine

    @router.put(f"/api/me/{kind}/{{player_id}}", name=f"{kind}_add")
    def add(player_id: str, request: Request) -> dict[str, Any]:
        require_json(request)  # an empty object, as every change is asked: a form elsewhere cannot
        me = signed_in(identity, request).id
        try:
            social.add(engine, me, other(me, player_id), kind, identity.clock.now())
        except social.TooMany:
            raise BadInput(f"you may keep at most {social.MOST} of them: lift one first") from None
        return social.listed(engine, me)

    @router.delete(f"/api/me/{kind}/{{player_id}}", name=f"{kind}_remove")
    def remove(player_id: str, request: Request) -> dict[str, Any]:
        require_json(request)
        me = signed_in(identity, request).id
        social.remove(engine, me, player_id, kind)
        return social.listed(engine, me)
