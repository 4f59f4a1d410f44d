"""Passwords, hashed with argon2id (argon2-cffi's defaults, RFC 9106's low-memory choice).

A hash or a check costs tens of milliseconds of CPU and 64 MiB: it runs in a thread, so the
event loop (every table of this worker) never waits for it, and at most ``AT_ONCE`` run at a
time in a worker, so that a flood of logins or new accounts queues behind them instead of
taking every core from the tables.
"""

from __future__ import annotations

import asyncio
import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pegboard.server.http.inputs import BadInput

SHORTEST = 8
LONGEST = 128  # argon2 takes any length; a bound keeps a request's cost bounded too
AT_ONCE = 2  # hashes (or checks) running at once in one worker
HASHER = PasswordHasher()


def check_new(password: str, username: str) -> None:
    """BadInput unless ``password`` will do for ``username``'s account."""
    if len(password) < SHORTEST:
        raise BadInput(f"a password has at least {SHORTEST} characters")
    if password.casefold() == username.casefold():
        raise BadInput("a password cannot be the username")


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with weaker settings than the hasher's own."""
    return HASHER.check_needs_rehash(stored)


class Passwords:
    """One worker's hashing, in threads, ``AT_ONCE`` at a time (made in the worker's loop)."""

    def __init__(self, at_once: int = AT_ONCE) -> None:
        self._turns = asyncio.Semaphore(at_once)

    async def hash(self, password: str) -> str:
        async with self._turns:
            return await asyncio.to_thread(HASHER.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one behind ``stored``. With nothing stored (no such
        account) the same work is done against a hash of nothing, so the time does not tell."""
        async with self._turns:
            return await asyncio.to_thread(_verify, stored or _nobody(), password)


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


@cache
def _nobody() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))
