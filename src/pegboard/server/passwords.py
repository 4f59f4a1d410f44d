"""Passwords, hashed with argon2id (argon2-cffi's defaults, RFC 9106's low-memory choice).

A hash or a check costs tens of milliseconds of CPU and 64 MiB: it runs in a thread, so the
event loop (every table of this worker) never waits for it.
"""

from __future__ import annotations

import asyncio
import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pegboard.server.inputs import BadInput

SHORTEST = 8
LONGEST = 128  # argon2 takes any length; a bound keeps a request's cost bounded too
HASHER = PasswordHasher()


def check_new(password: str, username: str) -> None:
    """BadInput unless ``password`` will do for ``username``'s account."""
    if len(password) < SHORTEST:
        raise BadInput(f"a password has at least {SHORTEST} characters")
    if password.casefold() == username.casefold():
        raise BadInput("a password cannot be the username")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(HASHER.hash, password)


async def verify(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one behind ``stored``. With nothing stored (no such account)
    the same work is done against a hash of nothing, so that the time taken does not tell."""
    return await asyncio.to_thread(_verify, stored or _nobody(), password)


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with weaker settings than the hasher's own."""
    return HASHER.check_needs_rehash(stored)


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


@cache
def _nobody() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))
