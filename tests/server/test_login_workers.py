"""Several workers count one account's login attempts together: each worker has its own store
connection (its own engine), and guesses reaching all of them at the same moment are counted in
the store before any password would be hashed, so no more than the limit get through between
them, and what they counted is what every worker counts next (docs/protocol.md, "Players and
accounts", 429)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest

from pegboard.server.players.logins import LoginGuard, LoginLimits, TooManyFailures
from pegboard.server.store.sql_store import Store

LIMITS = LoginLimits()
WORKERS = 4
GUESSES = 6  # a worker's guesses, all at once: 24 in all against a limit of 5
NOW = 1_000.0


@pytest.fixture
def guards(store_url: str) -> Iterator[list[LoginGuard]]:
    """One login guard a worker, each over its own engine on the one store."""
    stores = [Store(store_url) for _ in range(WORKERS)]
    yield [LoginGuard(store.engine) for store in stores]
    for store in stores:
        store.close()


def counted(guard: LoginGuard, start: Barrier) -> bool:
    """One guess at Ann's password from one address: whether it may be checked."""
    start.wait()
    try:
        guard.attempt("ann", "198.51.100.7", NOW)
    except TooManyFailures:
        return False
    return True


@pytest.mark.store
def test_workers_guessing_at_once_check_no_more_than_the_limit_between_them(
    guards: list[LoginGuard],
) -> None:
    start = Barrier(WORKERS * GUESSES)
    with ThreadPoolExecutor(WORKERS * GUESSES) as pool:
        passed = sum(
            pool.map(lambda n: counted(guards[n % WORKERS], start), range(WORKERS * GUESSES))
        )
    assert passed <= LIMITS.per_account_address
    # Every worker now counts the same failures: between them the rest of the limit, no more.
    more = 0
    for n in range(2 * LIMITS.per_account_address):
        try:
            guards[n % WORKERS].attempt("ann", "198.51.100.7", NOW + 1)
            more += 1
        except TooManyFailures:
            pass
    assert passed + more == LIMITS.per_account_address
    for guard in guards:  # and it holds for whichever worker is asked next
        with pytest.raises(TooManyFailures):
            guard.attempt("ann", "198.51.100.7", NOW + 2)
    guards[0].attempt("ann", "198.51.100.8", NOW + 2)  # Ann, from her own address, may try
