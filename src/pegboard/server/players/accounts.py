"""Accounts: a guest claims one (a username and a password, on the same player), and then logs
in from any device, logs out, and changes the password (docs/protocol.md, "Players and
accounts").

A failed login says only "wrong username or password", whether or not the username exists, and
takes as long either way; failures are limited per account and per address
(:mod:`pegboard.server.players.logins`). A refused request changes nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from pegboard.server.http.admission import Admission
from pegboard.server.http.bodies import read_body, require_json
from pegboard.server.players import passwords
from pegboard.server.players import player_store as players
from pegboard.server.players.identity import Identity, player_name
from pegboard.server.players.logins import LoginGuard, TooManyFailures
from pegboard.server.players.passwords import Passwords, check_new
from pegboard.server.players.player_store import Player, UsernameTaken
from pegboard.server.players.usernames import clean_username, username_key

WRONG_LOGIN = "wrong username or password"
TAKEN = "that username is taken (or one that looks the same)"
HAS_ACCOUNT = "you have an account already"


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    username: str = Field(max_length=64)
    password: str = Field(max_length=passwords.LONGEST)


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    current: str = Field(max_length=passwords.LONGEST)
    password: str = Field(max_length=passwords.LONGEST)


def account_routes(identity: Identity, guard: LoginGuard, admission: Admission) -> APIRouter:
    router = APIRouter()
    engine = identity.store.engine
    hashing = Passwords()

    def limited(key: str, address: str, now: float) -> list[int]:
        """Count this attempt before any hashing, or 429."""
        try:
            return guard.attempt(key, address, now)
        except TooManyFailures as refused:
            headers = {"Retry-After": str(refused.retry_after)}
            raise HTTPException(429, str(refused), headers=headers) from None

    def answer(player_id: str) -> dict[str, Any]:
        found = players.find(engine, player_id)
        if found is None:  # pragma: no cover - a player row is never deleted
            raise HTTPException(404, "no such player")
        return {"player": found.public()}

    @router.post("/api/account")
    async def claim(request: Request, response: Response) -> dict[str, Any]:
        """The guest of this browser (or, for a first visit, a new player) gets an account."""
        body = await read_body(request, Credentials)
        username = clean_username(body.username)
        check_new(body.password, username)
        key = username_key(username)
        player = identity.player_of(request)
        if player is not None and player.kind != "guest":
            raise HTTPException(409, HAS_ACCOUNT)
        if players.account(engine, key) is not None:  # said before the cost of hashing
            raise HTTPException(409, TAKEN)
        if player is None:  # a new player, as a guest is: limited per address the same way
            admission.new_guest(_address(request))
        hashed = await hashing.hash(body.password)
        try:
            if player is None:
                name = player_name(username)
                now = identity.clock.now()
                player = players.new_account(engine, name, username, key, hashed, now)
            elif not players.claim(engine, player.id, username, key, hashed):
                raise HTTPException(409, HAS_ACCOUNT)  # claimed by another request just now
        except UsernameTaken:
            raise HTTPException(409, TAKEN) from None
        identity.switch(request, response, player)
        return answer(player.id)

    @router.post("/api/login")
    async def login(request: Request, response: Response) -> dict[str, Any]:
        """This browser becomes the account's player (the guest it was, if any, is left)."""
        body = await read_body(request, Credentials)
        key, address, now = username_key(body.username), _address(request), identity.clock.now()
        attempt = limited(key, address, now)
        found = players.account(engine, key)
        right = await hashing.verify(found.password if found else None, body.password)
        if found is None or not right:  # the attempt stays counted, as a failure
            raise HTTPException(401, WRONG_LOGIN)
        guard.succeeded(key, address, attempt)
        if passwords.needs_rehash(found.password):
            players.set_password(engine, found.player.id, await hashing.hash(body.password))
        identity.switch(request, response, found.player)
        return answer(found.player.id)

    @router.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        """The session ends for every worker; the cookie goes. Nobody signed in: nothing to do.
        Asked as JSON (an empty object), as every change is: a form elsewhere cannot."""
        require_json(request)
        identity.sign_out(request, response)
        return {"player": None}

    @router.post("/api/password")
    async def change_password(request: Request) -> dict[str, Any]:
        """A new password, given the current one; every other session of the account ends."""
        body = await read_body(request, NewPassword)
        player = signed_in(identity, request)
        if player.username is None:
            raise HTTPException(409, "only an account has a password: make one first")
        check_new(body.password, player.username)
        key, address, now = username_key(player.username), _address(request), identity.clock.now()
        attempt = limited(key, address, now)
        if not await hashing.verify(players.password_of(engine, player.id), body.current):
            raise HTTPException(401, "wrong password")
        guard.succeeded(key, address, attempt)
        players.set_password(engine, player.id, await hashing.hash(body.password))
        session = identity.session_of(request)
        if session is not None:
            players.revoke_others(engine, player.id, session, now)
        return answer(player.id)

    return router


def signed_in(identity: Identity, request: Request) -> Player:
    """The signed-in player, or 401."""
    player = identity.player_of(request)
    if player is None:
        raise HTTPException(401, "nobody is signed in on this browser")
    return player


def _address(request: Request) -> str:
    """The client's address (:mod:`pegboard.server.http.clients` put it in the scope)."""
    return request.client.host if request.client is not None else ""
