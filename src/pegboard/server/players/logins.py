"""Login attempts, limited per account and address, per account and per address, in the store
so that every worker counts the same failures: past a limit, attempts are refused (429) until
the oldest failure in the window is old enough. An attempt is counted before its password is
hashed; a refused attempt is not counted (it checked nothing).

The tight limit is on one username from one address: someone who guesses at Ann's password
from their own machine cannot lock Ann out of hers. Only guessing spread over many addresses
reaches the account's own, looser limit."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from sqlalchemy import delete, insert, or_, select
from sqlalchemy.engine import Engine

from pegboard.server.store.schema import login_failures_table as failures


@dataclass(frozen=True)
class LoginLimits:
    per_account_address: int = 5  # failures for one username from one address
    per_account: int = 50  # failures for one username (whether or not it exists), anywhere
    per_address: int = 20  # failures from one address, whatever the usernames
    window: float = 15 * 60  # seconds a failure counts for


class TooManyFailures(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__("too many failed logins: try again later")
        self.retry_after = retry_after


class LoginGuard:
    """Each attempt is counted in the store before its password is hashed (:meth:`attempt`),
    and kept as a failure unless it succeeds; so guesses sent all at once meet the same
    limits as guesses sent one by one, on every worker."""

    def __init__(self, engine: Engine, limits: LoginLimits | None = None) -> None:
        self.engine = engine
        self.limits = limits or LoginLimits()

    def attempt(self, account: str, address: str, now: float) -> list[int]:
        """Count one attempt, or TooManyFailures (and nothing counted) if the account or the
        address may not try now. ``account``: the username's key, so that look-alike usernames
        share their count.

        The attempt is stored (committed) first, then the window is counted, this attempt
        included. Of any attempts past a limit, the one counted last sees every one of them
        stored, so never more than the limit get through, however many workers count at once;
        an attempt refused takes its rows back (it checked nothing)."""
        subjects = [
            (_pair(account, address), self.limits.per_account_address),
            (_account(account), self.limits.per_account),
            (_address(address), self.limits.per_address),
        ]
        with self.engine.begin() as db:
            db.execute(delete(failures).where(failures.c.at <= now - self.limits.window))
            ids = [
                db.execute(
                    insert(failures).values(subject=subject, at=now).returning(failures.c.id)
                ).scalar_one()
                for subject, _ in subjects
            ]
        since = now - self.limits.window
        waits = [self._wait(subject, limit, since) for subject, limit in subjects]
        longest = max((w for w in waits if w is not None), default=None)
        if longest is not None:
            with self.engine.begin() as db:
                db.execute(delete(failures).where(failures.c.id.in_(ids)))
            raise TooManyFailures(max(1, math.ceil(longest - now)))
        return [int(i) for i in ids]

    def succeeded(self, account: str, address: str, attempt: list[int]) -> None:
        """The ``attempt`` was right: it was no failure. The account's own failures are
        forgotten, and those from this address for it (the address's failures for other
        usernames are not)."""
        with self.engine.begin() as db:
            subjects = (_account(account), _pair(account, address))
            db.execute(
                delete(failures).where(
                    or_(failures.c.subject.in_(subjects), failures.c.id.in_(attempt))
                )
            )

    def _wait(self, subject: str, limit: int, since: float) -> float | None:
        """When ``subject`` may try again (the time a failure leaves the window), or None if
        it is within its limit, this attempt included."""
        with self.engine.connect() as db:
            times = (
                db.execute(
                    select(failures.c.at)
                    .where(failures.c.subject == subject, failures.c.at > since)
                    .order_by(failures.c.at)
                )
                .scalars()
                .all()
            )
        if len(times) <= limit:
            return None
        return float(times[len(times) - limit - 1]) + self.limits.window


def _account(key: str) -> str:
    # Hashed: a key may be longer than the column (and need not be kept as it is).
    return "account:" + hashlib.sha256(key.encode()).hexdigest()


def _pair(key: str, address: str) -> str:
    return "pair:" + hashlib.sha256(f"{key}\0{address}".encode()).hexdigest()


def _address(address: str) -> str:
    return f"address:{address}"
