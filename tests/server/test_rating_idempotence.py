"""A match is rated exactly once: settling it again changes nothing; a worker killed between
committing the record and rating it, or in the middle of the rating, leaves it to the sweep,
which rates it once however often it runs; settlements of one player at two tables at once
wait for each other. The same checks run on PostgreSQL (``store`` tests, conftest.py)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from harness import Server
from rating_fixtures import (
    expected,
    guest,
    history_rows,
    made_up_match,
    new_table,
    people,
    settled_count,
    sit,
    standing,
    stored_rated_match,
    url_of,
)
from sqlalchemy import create_engine

from pegboard.server.ratings import settle as settling
from pegboard.server.ratings.settle import settle, stored_match
from pegboard.server.ratings.sweep import SWEEP_AFTER, sweep
from pegboard.server.store.sql_store import Store

NEW = (1500.0, 500.0)


@pytest.fixture
def url(store_url: str) -> Iterator[str]:
    yield store_url


@pytest.mark.store
def test_settling_a_match_again_changes_nothing(url: str) -> None:
    settling_a_match_again_changes_nothing(url)


def settling_a_match_again_changes_nothing(url: str) -> None:
    store = Store(url)
    try:
        ann, bob = people(store.engine, "Ann", "Bob")
        match = made_up_match([ann, bob], [1, 2])
        first = settle(store.engine, match, 1_000.0)
        after = standing(store.engine, ann, "cribbage-2")
        again = settle(store.engine, match, 2_000.0)
        assert again == first, "the second answer reads the first one's changes back"
        assert standing(store.engine, ann, "cribbage-2") == after
        assert after[2] == 1
        assert settled_count(store.engine, match.table_id) == 1
        assert history_rows(store.engine, match.table_id) == 2
    finally:
        store.close()


def _crash(*_: Any) -> None:
    raise RuntimeError("the worker died here")


@pytest.mark.store
def test_no_double_rating_when_the_owner_dies_after_the_record(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_double_rating_when_the_owner_dies_after_the_record(server, monkeypatch)


def no_double_rating_when_the_owner_dies_after_the_record(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room's settlement fails once the record is committed (the transaction is rolled
    back, as when the worker dies); the restarted server's sweep rates the match once."""
    browser, ann = guest(server, "Ann")
    engine = create_engine(url_of(server))
    try:
        bot_before = standing(engine, "bot:greedy", "cribbage-2")
        monkeypatch.setattr(settling, "_write_history", _crash)
        table = new_table(browser, score_target=121)["id"]
        with server.player(table, sit(browser, table, "Ann")) as client:
            client.receive()
            outcome = client.play_to_end()
            client.drain()
            assert client.table["ratings"] is None, "nothing was rated"
        assert server.get(f"/api/tables/{table}/records").json() == [1], "the record is kept"
        assert settled_count(engine, table) == 0
        assert standing(engine, ann, "cribbage-2")[2] == 0
        assert standing(engine, "bot:greedy", "cribbage-2") == bot_before
        monkeypatch.undo()
        server.restart_after(SWEEP_AFTER + 1)  # a new worker: its sweep finds the record
        server.wait_for(lambda: settled_count(engine, table) == 1, "the sweep to settle it")
        record = server.get(f"/api/tables/{table}/records/1").json()
        ann_seat = next(i for i, s in enumerate(record["seats"]) if s["kind"] == "human")
        ranks = [outcome["ranks"][ann_seat], outcome["ranks"][1 - ann_seat]]
        (a,), (g,) = expected([[NEW], [bot_before[:2]]], ranks)
        rated = standing(engine, ann, "cribbage-2")
        assert rated[:2] == pytest.approx(a) and rated[2] == 1
        assert standing(engine, "bot:greedy", "cribbage-2")[:2] == pytest.approx(g)
        # More sweeps, by hand and on the clock, find nothing more to do.
        store = Store(url_of(server))
        try:
            assert sweep(store, server.clock.now() + 10 * SWEEP_AFTER) == 0
        finally:
            store.close()
        sweeper = server.app.state.sweeper
        loop = server.app.state.loop
        assert asyncio.run_coroutine_threadsafe(sweeper.sweep_now(), loop).result(30) == 0
        assert standing(engine, ann, "cribbage-2") == rated
        assert settled_count(engine, table) == 1
        assert server.get(f"/api/tables/{table}").json()["ratings"] is not None
    finally:
        engine.dispose()
        browser.close()


KILLED = """
import os, sys
from pegboard.server.ratings import settle
from pegboard.server.store.sql_store import Store

url, table_id, now = sys.argv[1], sys.argv[2], float(sys.argv[3])
store = Store(url)
row = store.table(table_id)

def killed(*_):  # the ratings are updated, the transaction is open: kill -9, in effect
    os._exit(9)

settle._write_history = killed
settle.settle(store.engine, settle.stored_match(store.engine, row, 1, now), now)
"""


@pytest.mark.store
def test_no_double_rating_when_the_owner_is_killed_during_the_update(url: str) -> None:
    no_double_rating_when_the_owner_is_killed_during_the_update(url)


def no_double_rating_when_the_owner_is_killed_during_the_update(url: str) -> None:
    store = Store(url)
    try:
        now = 5_000.0
        (ann,) = people(store.engine, "Ann")
        bot_before = standing(store.engine, "bot:greedy", "cribbage-2")
        row = stored_rated_match(store, ann, seed=11, now=now)
        environment = os.environ | {"PYTHONPATH": os.pathsep.join(sys.path)}
        killed = subprocess.run(
            [sys.executable, "-c", KILLED, url, row.id, str(now)],
            env=environment,
            capture_output=True,
            timeout=120,
        )
        assert killed.returncode == 9, killed.stderr.decode()[-2000:]
        assert settled_count(store.engine, row.id) == 0, "nothing of it was committed"
        assert standing(store.engine, ann, "cribbage-2")[2] == 0
        assert standing(store.engine, "bot:greedy", "cribbage-2") == bot_before
        assert sweep(store, now + SWEEP_AFTER - 1) == 0, "too fresh: left to its room"
        assert sweep(store, now + SWEEP_AFTER + 1) == 1
        assert sweep(store, now + SWEEP_AFTER + 2) == 0
        match = stored_match(store.engine, row, 1, now)
        assert match is not None
        ann_seat = [s.player for s in match.seats].index(ann)
        ranks = [match.ranks[ann_seat], match.ranks[1 - ann_seat]]
        (a,), (g,) = expected([[NEW], [bot_before[:2]]], ranks)
        rated = standing(store.engine, ann, "cribbage-2")
        assert rated[:2] == pytest.approx(a) and rated[2] == 1
        assert standing(store.engine, "bot:greedy", "cribbage-2")[:2] == pytest.approx(g)
        assert settled_count(store.engine, row.id) == 1
        assert history_rows(store.engine, row.id) == 2
    finally:
        store.close()


@pytest.mark.store
def test_two_tables_settling_one_bot_at_once_wait_for_each_other(url: str) -> None:
    two_tables_settling_one_bot_at_once_wait_for_each_other(url)


def two_tables_settling_one_bot_at_once_wait_for_each_other(url: str) -> None:
    """Two matches with the same bot settled at the same moment (two workers): the bot's
    rating is the one the two updates give one after the other, in some order; and the same
    match settled twice at once is rated once."""
    store = Store(url)
    try:
        ann, bob = people(store.engine, "Ann", "Bob")
        bot = f"bot:t{os.getpid()}{threading.get_ident() % 1000}"
        first = made_up_match([ann, bot], [1, 2])
        second = made_up_match([bob, bot], [2, 1])
        start = threading.Barrier(4)
        errors: list[BaseException] = []

        def run(match: Any) -> None:
            try:
                start.wait()
                settle(store.engine, match, 1_000.0)
            except BaseException as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=run, args=(m,)) for m in (first, second, first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert errors == []
        mu, sigma, games = standing(store.engine, bot, "cribbage-2")
        assert games == 2, "two matches, each rated once"
        bot_first = expected([[NEW], [NEW]], [1, 2])[1][0]  # losing to Ann
        first_then = expected([[NEW], [bot_first]], [2, 1])[1][0]  # then beating Bob
        bot_second = expected([[NEW], [NEW]], [2, 1])[1][0]
        second_then = expected([[NEW], [bot_second]], [1, 2])[1][0]
        assert (mu, sigma) in (pytest.approx(first_then), pytest.approx(second_then))
        assert settled_count(store.engine, first.table_id) == 1
        assert settled_count(store.engine, second.table_id) == 1
    finally:
        store.close()
