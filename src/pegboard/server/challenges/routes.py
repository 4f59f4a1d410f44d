"""REST for challenges (docs/protocol.md, "Challenges"): a signed-in player challenges another
to a table for two of chosen options; the other sees it on any page while online (the client
asks ``GET /api/challenges`` every few seconds) and on their home page when they come back, and
accepts or declines. Accepting makes the table with both seated; the sender's list shows it.
Neither of two players where one blocks the other can challenge the other.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from pegboard.core.matchplay import MatchFormat
from pegboard.core.spec import get_spec
from pegboard.server.challenges import store
from pegboard.server.http.bodies import read_body, require_json
from pegboard.server.http.inputs import BadInput
from pegboard.server.lobby.one_process import Lobby, NewTable, Seated, Word, match_options
from pegboard.server.players import player_store, social
from pegboard.server.players.accounts import signed_in
from pegboard.server.players.identity import Identity
from pegboard.server.quickplay.matcher import distinct
from pegboard.server.ratings.routes import PLAYER_ID

PLAYERS = 2  # a challenge is one person against another
BLOCKED = "you cannot challenge this player"


class ChallengeBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    to: str = Field(max_length=40)  # the player challenged
    game: Word
    options: dict[Word, bool | int | Word] = Field(default_factory=dict, max_length=32)
    rated: bool = False
    match: Word = "1"
    match_scoring: Literal["points", "games"] = "points"


def settings_of(body: ChallengeBody) -> dict[str, Any]:
    """The table's settings, checked now as making the table will check them (BadInput)."""
    spec = get_spec(body.game)
    if PLAYERS not in spec.players:
        raise BadInput(f"{spec.title} is not played by two: challenge to another game")
    match_format = MatchFormat.parse(body.match, body.match_scoring)
    options = spec.resolve(PLAYERS, match_options(spec, body.options, match_format))
    if body.rated and not spec.rated_length(options):
        standard = ", ".join(f"{k} {v}" for k, v in spec.rated_options.items())
        raise BadInput(f"only {spec.title} of the standard length ({standard}) is rated")
    return {
        "options": dict(body.options),
        "rated": body.rated,
        "match": body.match,
        "match_scoring": body.match_scoring,
    }


def challenge_routes(identity: Identity, lobby: Lobby) -> APIRouter:
    router = APIRouter()
    engine = identity.store.engine
    clock = identity.clock

    def person(player_id: str) -> player_store.Player:
        found = player_store.find(engine, player_id) if PLAYER_ID.fullmatch(player_id) else None
        if found is None or found.kind == "bot":
            raise HTTPException(404, "there is no such person")
        return found

    def mine(challenge_id: str, side: str, me: str) -> store.Challenge:
        found = store.find(engine, challenge_id) if PLAYER_ID.fullmatch(challenge_id) else None
        if found is None or getattr(found, side) != me:
            raise HTTPException(404, "there is no such challenge of yours")
        return found

    @router.get("/api/challenges")
    def listing(request: Request) -> dict[str, Any]:
        """The signed-in player's challenges, received and sent (nobody signed in: none)."""
        me = identity.player_of(request)
        if me is None:
            return {"received": [], "sent": []}
        return store.listing(engine, me.id, clock.now())

    @router.post("/api/challenges")
    async def challenge(request: Request) -> dict[str, Any]:
        me = signed_in(identity, request)
        body = await read_body(request, ChallengeBody)
        other = person(body.to)
        if other.id == me.id:
            raise BadInput("you cannot challenge yourself")
        if social.blocked_between(engine, me.id, other.id):
            raise HTTPException(403, BLOCKED)
        settings = settings_of(body)
        try:
            made = store.create(engine, me.id, other.id, body.game, settings, clock.now())
        except ValueError as why:
            raise BadInput(str(why)) from None
        return store.public(made)

    @router.post("/api/challenges/{challenge_id}/accept")
    async def accept(challenge_id: str, request: Request) -> dict[str, Any]:
        """Make the table, both seated (the sender first), and hand back the answerer's seat.
        Asked as JSON, as every change is (an empty object): a form elsewhere cannot."""
        require_json(request)
        me = signed_in(identity, request)
        found = mine(challenge_id, "to_id", me.id)
        sender = person(found.from_id)
        if social.blocked_between(engine, me.id, sender.id):
            raise HTTPException(403, BLOCKED)
        settings = found.settings
        table = NewTable(
            game=found.game,
            players=PLAYERS,
            options=settings.get("options", {}),
            rated=bool(settings.get("rated")),
            listed=False,  # only its two, seated as it is made, come in
            match=str(settings.get("match", "1")),
            match_scoring=settings.get("match_scoring", "points"),
        )
        names = distinct([sender.name, me.name])
        seats = [
            Seated(names[0], sender.id, store.new_token()),
            Seated(names[1], me.id, store.new_token()),
        ]
        now = clock.now()

        def accepted(db: Any, table_id: str) -> None:
            store.answer(db, found.id, "accepted", now, table_id)

        try:
            info = await lobby.create_seated(table, seats, accepted)
        except store.ChallengeGone:
            raise HTTPException(409, "this challenge was answered or withdrawn already") from None
        return {"table": info["id"], "slot": 1, "token": seats[1].token}

    @router.post("/api/challenges/{challenge_id}/decline")
    def decline(challenge_id: str, request: Request) -> dict[str, Any]:
        require_json(request)
        me = signed_in(identity, request)
        return _close(mine(challenge_id, "to_id", me.id), "declined")

    @router.post("/api/challenges/{challenge_id}/withdraw")
    def withdraw(challenge_id: str, request: Request) -> dict[str, Any]:
        require_json(request)
        me = signed_in(identity, request)
        return _close(mine(challenge_id, "from_id", me.id), "withdrawn")

    def _close(found: store.Challenge, status: str) -> dict[str, Any]:
        try:
            with engine.begin() as db:
                store.answer(db, found.id, status, clock.now(), None)
        except store.ChallengeGone:
            raise HTTPException(409, "this challenge was answered or withdrawn already") from None
        return {"id": found.id, "status": status}

    return router
