"""Guesses sent all at once meet the same limits as guesses sent one by one: an attempt is
counted in the store before its password is hashed, so at most the limit's number of them are
ever checked, and the owner of the account, from their own address, still logs in."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from harness import Server

from pegboard.server.players import passwords
from pegboard.server.players.logins import LoginLimits

PASSWORD = "correct horse battery"
LIMITS = LoginLimits()
PROXY = "127.0.0.1"  # the harness connects from here: a trusted proxy for these servers


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    """A server behind a trusted proxy, so that each test speaks from the addresses it names."""
    running = Server(tmp_path / "pegboard.sqlite", trusted_proxies=frozenset({PROXY}))
    running.start()
    yield running
    running.stop()


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password the server hashed to check it (in the server's threads)."""
    seen: list[str] = []
    verify = passwords._verify

    def counted(stored: str, password: str) -> bool:
        seen.append(password)
        return verify(stored, password)

    monkeypatch.setattr(passwords, "_verify", counted)
    return seen


def from_address(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=60, headers={"X-Forwarded-For": address})


def make_account(server: Server, username: str) -> None:
    with from_address(server, "203.0.113.1") as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        made = browser.post("/api/account", json={"username": username, "password": PASSWORD})
        assert made.status_code == 200, made.text


def all_at_once(server: Server, address: str, bodies: list[dict[str, str]]) -> list[int]:
    """POST every body to /api/login at the same moment, from ``address``; the statuses."""
    with from_address(server, address) as browser, ThreadPoolExecutor(len(bodies)) as pool:
        answers = pool.map(lambda body: browser.post("/api/login", json=body), bodies)
        return [a.status_code for a in answers]


def test_wrong_passwords_sent_at_once_are_checked_no_more_than_the_limit(
    proxied: Server, checked: list[str]
) -> None:
    make_account(proxied, "ann.k")
    guesses = [{"username": "ann.k", "password": f"guess number {n}"} for n in range(30)]
    statuses = all_at_once(proxied, "198.51.100.7", guesses)
    assert sorted(set(statuses)) == [401, 429]
    assert statuses.count(401) == LIMITS.per_account_address, "five checked, the rest refused"
    assert len([p for p in checked if p.startswith("guess")]) == LIMITS.per_account_address


def test_usernames_sent_at_once_from_one_address_are_checked_no_more_than_the_limit(
    proxied: Server, checked: list[str]
) -> None:
    guesses = [{"username": f"user{n}", "password": f"guess number {n}"} for n in range(30)]
    statuses = all_at_once(proxied, "198.51.100.8", guesses)
    assert statuses.count(401) == LIMITS.per_address
    assert statuses.count(429) == 30 - LIMITS.per_address
    assert len(checked) == LIMITS.per_address


def test_the_owner_logs_in_while_the_account_is_flooded_from_elsewhere(
    proxied: Server, checked: list[str]
) -> None:
    make_account(proxied, "ann.k")
    guesses = [{"username": "ann.k", "password": f"guess number {n}"} for n in range(40)]
    with ThreadPoolExecutor(1) as owner_pool:
        flood = ThreadPoolExecutor(1).submit(all_at_once, proxied, "198.51.100.9", guesses)
        with from_address(proxied, "203.0.113.1") as phone:
            owner = owner_pool.submit(
                phone.post, "/api/login", json={"username": "ann.k", "password": PASSWORD}
            ).result()
        statuses = flood.result()
    assert owner.status_code == 200, owner.text
    assert statuses.count(401) <= LIMITS.per_account_address
    assert len(checked) <= LIMITS.per_account_address + 1, "the flood's guesses and Ann's own"
