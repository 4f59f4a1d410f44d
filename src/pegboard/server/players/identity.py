"""Who is asking: a player known by a signed, HttpOnly, SameSite cookie holding a session id.

Anyone plays at once as a guest: ``POST /api/me`` with a name makes the guest and its session
(or renames the player already signed in); ``GET /api/me`` says who the cookie belongs to. The
signature (itsdangerous, with a key every worker shares) turns away forged and damaged cookies
before the store is asked; the store knows whether the session is still live.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from itsdangerous import BadSignature, Signer
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Connection
from starlette.requests import HTTPConnection

from pegboard.bots import bot_names
from pegboard.server.clock import Clock
from pegboard.server.http.admission import Admission
from pegboard.server.http.bodies import read_body
from pegboard.server.http.inputs import DEFAULT_NAME, BadInput, clean_name, impersonates
from pegboard.server.players import player_store as players
from pegboard.server.players.player_store import Player
from pegboard.server.store.sql_store import Store

COOKIE = "pegboard_session"
COOKIE_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie: kept across visits


class NameBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(max_length=64)


class Identity:
    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.signer = Signer(players.signing_key(store.engine), salt="session")

    def session_of(self, connection: HTTPConnection) -> str | None:
        """The session id in the connection's cookie, if it carries an intact signature."""
        raw = connection.cookies.get(COOKIE)
        if not raw or len(raw) > 200:
            return None
        try:
            return self.signer.unsign(raw).decode()
        except (BadSignature, UnicodeDecodeError):
            return None

    def player_of(self, connection: HTTPConnection) -> Player | None:
        """The signed-in player of a request or a socket, or None."""
        session = self.session_of(connection)
        return players.session_player(self.store.engine, session) if session else None

    def sign_in(self, request: Request, response: Response, player: Player) -> None:
        """Start a session for ``player`` in this browser. The cookie is Secure whenever the
        request came over https (said by a trusted proxy, docs/operations.md): a browser then
        never sends it over plain http."""
        session = players.new_session(self.store.engine, player.id, self.clock.now())
        self._set_cookie(request, response, session)

    async def sign_in_guest(self, request: Request, response: Response, name: str) -> Player:
        """A new guest named ``name``, signed in in this browser: the player and its session
        stored in one set-up write, off the event loop (``Store.write_set_up``), before the
        cookie is given."""
        player, session, now = players.guest(name), players.session_id(), self.clock.now()

        def write(db: Connection) -> None:
            players.add_guest(db, player, now)
            players.add_session(db, session, player.id, now)

        await self.store.write_set_up(write)
        self._set_cookie(request, response, session)
        return player

    def _set_cookie(self, request: Request, response: Response, session: str) -> None:
        response.set_cookie(
            COOKIE,
            self.signer.sign(session).decode(),
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="lax",
            path="/",
            secure=_over_https(request),
        )

    def switch(self, request: Request, response: Response, player: Player) -> None:
        """This browser is ``player`` from now on, with a new session (never the one it had:
        a session id someone planted before the login is worth nothing after it)."""
        self.end_session(request)
        self.sign_in(request, response, player)

    def end_session(self, request: Request) -> None:
        """The browser's session, if any, is revoked for every worker."""
        session = self.session_of(request)
        if session is not None:
            players.revoke(self.store.engine, session, self.clock.now())

    def sign_out(self, request: Request, response: Response) -> None:
        self.end_session(request)
        secure = _over_https(request)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


def _over_https(request: Request) -> bool:
    return request.url.scheme == "https"


def player_name(raw: str) -> str:
    """A display name, cleaned; one that passes for a bot or is empty is refused."""
    name = clean_name(raw)
    if not name:
        raise BadInput("choose a name")
    why = impersonates(name, [], [*bot_names(), DEFAULT_NAME])
    if why is not None:
        raise BadInput(f"choose another name: {why}")
    return name


def identity_routes(identity: Identity, admission: Admission) -> APIRouter:
    router = APIRouter()

    @router.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        player = identity.player_of(request)
        return {"player": player.public() if player else None}

    @router.post("/api/me")
    async def set_me(request: Request, response: Response) -> dict[str, Any]:
        """A guest on a first visit; afterwards, a new display name."""
        name = player_name((await read_body(request, NameBody)).name)
        player = identity.player_of(request)
        if player is None:
            address = request.client.host if request.client is not None else ""
            admission.new_guest(address)
            player = await identity.sign_in_guest(request, response, name)
        else:
            players.rename(identity.store.engine, player.id, name)
            player = players.find(identity.store.engine, player.id)
            if player is None:  # pragma: no cover - a player row is never deleted
                raise HTTPException(404, "no such player")
        return {"player": player.public()}

    return router
