"""Several workers as one server: two in this process share one SQLite file and one bus (in
memory, or a real redis-server); people's sockets land on either, each table keeps one writer."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Server, play_together
from redis_server import free_port
from throwaway import wait_until_serving

from pegboard.server.tables.room import ABANDON_WAITING
from pegboard.server.workers.bus import Bus, MemoryBus
from pegboard.server.workers.redis_bus import RedisBus
from pegboard.server.workers.worker import WorkerSettings, table_key

RESTART = 1012  # come back soon: the table is served elsewhere now
GONE = 4403
LEASE = 2.0  # seconds: short, so that a dead worker's tables are taken over quickly
# The two workers of one process: no test of theirs waits for a lease to run out (a stopped
# owner releases its own), so a long one, that a loaded machine's stall of a second or two
# never lets the other worker take a table mid-test.
KEPT_LEASE = 60.0


@pytest.fixture(params=["memory", "redis"])
def make_bus(request: pytest.FixtureRequest) -> Callable[[], Bus]:
    if request.param == "memory":
        shared = MemoryBus(shared=True)
        return lambda: shared
    url: str = request.getfixturevalue("redis_url")
    return lambda: RedisBus(url)


@pytest.fixture
def workers(tmp_path: Path, make_bus: Callable[[], Bus]) -> Iterator[tuple[Server, Server]]:
    settings = WorkerSettings(lease=KEPT_LEASE, ask_timeout=5)
    db = tmp_path / "pegboard.sqlite"
    one = Server(db, bus=make_bus, workers=settings)
    two = Server(db, bus=make_bus, workers=settings)
    one.start()
    two.start()
    yield one, two
    for server in (one, two):
        if server.running:
            server.stop()


def assert_only_own_cards(client: Client) -> None:
    """Every deal this client was told of shows its own hand and nobody else's."""
    deals = [e for e in client.events if e["type"] == "deal"]
    assert deals, "the client saw the deals"
    for deal in deals:
        for seat, hand in enumerate(deal["hands"]):
            assert (hand is not None) == (seat == client.seat), (seat, client.seat, deal)


def discard_once(*clients: Client) -> None:
    for client in clients:
        client.receive()
        client.drain()
    for client in clients:
        assert client.view["phase"] == "discard"
        client.act(client.view["legal"][0])
    for client in clients:
        client.until(lambda c: bool(c.view["discarded"]))  # the discard was taken


def test_two_people_on_two_workers_play_a_game_to_the_end(
    workers: tuple[Server, Server],
) -> None:
    one, two = workers
    table = one.table(score_target=31)
    ann = one.join(table, "Ann")
    bob = two.join(table, "Bob")  # asked of the owner
    assert table in one.open_tables() and table not in two.open_tables(), "one writer"
    assert table in {t["id"] for t in two.get("/api/tables").json()}, "the lobby is shared"
    assert two.get(f"/api/tables/{table}").json()["status"] == "playing"

    with one.player(table, ann) as a, two.player(table, bob) as b:
        a.receive()
        b.receive()
        a.drain()
        b.drain()
        assert b.seat is not None and b.view["hand"] and b.view["legal"]
        slots = two.get(f"/api/tables/{table}").json()["slots"]
        assert [s["connected"] for s in slots] == [True, True], "the owner counts Bob's socket"

        # Bad commands from Bob's worker are refused as on the owner, and change nothing.
        version, hand = b.version, list(b.view["hand"])
        refused: list[tuple[dict[str, Any] | str, str]] = [
            ({"type": "act", "version": version, "action": {"type": "discard", "cards": ["ZZ"]}},
             "illegal"),
            ({"type": "act", "version": version, "action": {"type": "play", "card": hand[0]}},
             "illegal"),
            ({"type": "act", "version": version + 5, "action": b.view["legal"][0]}, "stale"),
            ({"type": "shout"}, "bad-type"),
            ("x" * 5000, "too-large"),
            ("not json", "bad-json"),
        ]  # fmt: skip
        for message, code in refused:
            b.send(message)
            reply = b.receive()
            assert reply["type"] == "error" and reply["code"] == code, (code, reply)
            if code == "stale":
                assert b.receive()["type"] == "resync"
        b.send({"type": "ping"})
        assert b.receive()["type"] == "pong"
        a.drain()
        assert a.version == b.version == version, "nothing changed"
        assert b.view["hand"] == hand

        # A command made before Bob's choices last changed is stale, through the relay too.
        first = b.view["legal"][0]
        b.act(first)
        b.drain()
        b.send({"type": "act", "version": 0, "action": first})
        assert b.receive()["code"] == "stale"
        assert b.receive()["type"] == "resync"

        play_together(a, b)
        assert a.view["outcome"] == b.view["outcome"]
        assert max(a.view["outcome"]["scores"]) >= 31
        assert_only_own_cards(a)
        assert_only_own_cards(b)
        assert a.seat != b.seat

    record = two.get(f"/api/tables/{table}/records/1").json()
    assert record["outcome"] == a.view["outcome"]
    assert table in one.open_tables() and table not in two.open_tables(), "still one writer"


def test_a_forged_token_on_another_worker_is_refused(workers: tuple[Server, Server]) -> None:
    one, two = workers
    table = one.table(bots=[None, "greedy"])
    one.join(table, "Ann")
    one.idle()  # the bot's discard is made: the spectator below is told nothing unasked
    with two.player(table, "forged") as forger:
        message = forger.receive()
        assert message["type"] == "error" and message["code"] == "seat"
        assert forger.closed_with() == GONE
    with two.player(table, None) as spectator:  # a spectator is relayed, and cannot act
        spectator.receive()
        assert spectator.view["hand"] == [] and spectator.view["legal"] == []
        spectator.send({"type": "act", "version": spectator.version, "action": {"type": "go"}})
        assert spectator.receive()["code"] == "seat"
        for _ in range(60):  # the same rate limit as on the owner: bursts of 40
            spectator.send({"type": "ping"}, paced=False)
        replies = [spectator.receive()["type"] for _ in range(60)]
        assert replies[:39] == ["pong"] * 39 and "error" in replies[40:]
        assert spectator.errors[-1]["code"] == "rate"
    assert two.post(f"/api/tables/{table}/join", {"name": "Late"}).status_code == 409
    assert two.get("/api/tables/nope").status_code == 404
    assert two.post("/api/tables/nope/join", {"name": "X"}).status_code == 404


def listed(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/tables").json()}


def watchers(server: Server, table: str) -> int:
    return server.in_room(table, lambda room: len(room.watchers))


def test_a_waiting_table_nobody_visits_is_abandoned_by_its_owner(
    workers: tuple[Server, Server],
) -> None:
    one, two = workers
    table = one.table(players=2)
    ann = two.join(table, "Ann")  # asked of the owner
    with two.player(table, None) as visitor:  # relayed: the owner counts it as here
        visitor.receive()
        one.wait_for(lambda: watchers(one, table) == 1, "the relayed visitor")
        one.advance(2 * ABANDON_WAITING)
        assert table in one.open_tables() and table in listed(two)
        assert two.get(f"/api/tables/{table}").json()["status"] == "waiting"
    one.wait_for(lambda: watchers(one, table) == 0, "the visitor to go")
    one.advance(ABANDON_WAITING + 1)  # the owner's clock: only the owner runs the room
    assert table not in one.open_tables() and table not in two.open_tables()
    # The other worker's lobby is made again at most once a second (docs/protocol.md).
    two.wait_for(lambda: table not in listed(one) | listed(two), "the lobbies to drop it")
    info = two.get(f"/api/tables/{table}").json()
    assert (info["status"], info["seating"]) == ("finished", None)
    assert two.get(f"/api/tables/{table}/records").json() == []
    assert two.post(f"/api/tables/{table}/join", {"name": "Late"}).status_code == 409
    with two.player(table, ann) as late:  # nobody takes a finished table over
        assert late.receive()["type"] == "table"
        assert late.table["status"] == "finished"
        assert late.closed_with() == GONE
    assert table not in two.open_tables()


def test_a_table_of_bots_only_closes_after_one_match_on_its_owner(
    workers: tuple[Server, Server],
) -> None:
    one, two = workers
    table = one.table(bots=["greedy", "random"], score_target=31)
    one.wait_for(  # the owner plays it: looked at once the owner is idle
        lambda: two.get(f"/api/tables/{table}").json()["status"] == "results", "the game", 30
    )
    assert table in one.open_tables() and table not in two.open_tables()
    one.advance(3.5)  # the results pause, on the owner
    one.wait_for(lambda: table not in one.open_tables(), "the table to close")
    assert two.get(f"/api/tables/{table}").json()["status"] == "finished"
    assert two.get(f"/api/tables/{table}/records").json() == [1], "no rematch"
    # The other worker's lobby is made again at most once a second (docs/protocol.md).
    two.wait_for(lambda: table not in listed(one) | listed(two), "the lobbies to drop it")
    assert table not in two.open_tables()


@contextmanager
def reconnect(
    server: Server, table: str, token: str, seen: list[dict[str, Any]]
) -> Iterator[Client]:
    """A socket that comes back with ``since``: it is sent exactly what it missed."""
    with server.player(table, token, since=len(seen)) as client:
        welcome = client.receive()
        assert welcome["type"] == "welcome" and welcome["from"] == len(seen)
        client.events = seen + welcome["events"]
        yield client


def test_the_other_worker_takes_a_table_over_when_its_owner_stops(
    workers: tuple[Server, Server],
) -> None:
    one, two = workers
    table = one.table(score_target=31)
    ann, bob = one.join(table, "Ann"), two.join(table, "Bob")
    with one.player(table, ann) as a, two.player(table, bob) as b:
        discard_once(a, b)
        seen_a, seen_b, view_b = list(a.events), list(b.events), b.view
        one.stop()  # the owner: its rooms stop, its leases are released
        assert b.closed_with() == RESTART, "Bob's socket is asked to come back"

    with reconnect(two, table, bob, seen_b) as b:
        assert table in two.open_tables(), "the other worker took it over"
        assert b.view == view_b, "exactly where it was"
        with reconnect(two, table, ann, seen_a) as a:
            play_together(a, b)
            assert_only_own_cards(a)
            assert_only_own_cards(b)
    record = two.get(f"/api/tables/{table}/records/1").json()
    assert record["outcome"] == b.view["outcome"]
    discards = [e for e in record["actions"] if e["action"]["type"] == "discard"]
    assert len(discards) >= 2, "the discards made on the first owner are in the record"


def test_a_dead_owners_table_is_taken_over_once_its_lease_runs_out(
    tmp_path: Path, redis_url: str
) -> None:
    """The owner is a real ``pegboard serve --redis`` process, killed (no goodbye, no release)."""
    db = tmp_path / "pegboard.sqlite"
    port = free_port()
    log = (tmp_path / "owner.log").open("w")
    command = [str(Path(sys.executable).parent / "pegboard"), "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--redis", redis_url, "--lease", str(LEASE)]
    owner = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    two = Server(db, bus=lambda: RedisBus(redis_url), workers=WorkerSettings(lease=LEASE))
    try:
        there = Server(db)  # not started here: the owner process, reached at its port
        there.port = port
        wait_until_serving(owner, port, tmp_path / "owner.log")
        two.start()
        table = there.table(score_target=31)
        ann, bob = there.join(table, "Ann"), two.join(table, "Bob")
        with there.player(table, ann) as a, two.player(table, bob) as b:
            discard_once(a, b)
            seen_a, seen_b, view_b = list(a.events), list(b.events), b.view
            owner.kill()
            owner.wait(10)
            assert b.closed_with(timeout=5 * LEASE) == RESTART, "asked to come back"
        with reconnect(two, table, bob, seen_b) as b:
            assert table in two.open_tables(), "taken over"
            assert b.view == view_b, "exactly where it was"
            with reconnect(two, table, ann, seen_a) as a:
                play_together(a, b)
        record = two.get(f"/api/tables/{table}/records/1").json()
        assert record["outcome"] == b.view["outcome"]
    finally:
        if owner.poll() is None:
            owner.kill()
            owner.wait(10)
        log.close()
        if two.running:
            two.stop()


@pytest.mark.store
def test_a_stale_owner_cannot_write_over_the_new_one(store_url: str) -> None:
    stale_owner_cannot_write_over_the_new_one(store_url)


def stale_owner_cannot_write_over_the_new_one(db: Path | str) -> None:
    """A worker that lost its lease while stalled still has the room in memory: its next change
    is refused by the store (the new owner wrote that action first) and never reaches anyone;
    its sockets come back to the new owner, where the game is as the store has it."""
    bus = MemoryBus(shared=True)
    settings = WorkerSettings(lease=60)  # no renewal during the test: the stall is made by hand
    one = Server(db, bus=lambda: bus, workers=settings)
    two = Server(db, bus=lambda: bus, workers=settings)
    one.start()
    two.start()
    try:
        table = one.table(score_target=31)
        ann, bob = one.join(table, "Ann"), two.join(table, "Bob")
        with one.player(table, ann) as a:
            a.receive()
            a.drain()
            # One stalls past its lease, and two takes the table (as its keeper would).
            two_name = two.on_loop(lambda lobby: lobby.workers.me)  # type: ignore[attr-defined]
            bus._leases[table_key(table)] = (two_name, time.monotonic() + 60)
            with two.player(table, bob) as b:
                b.receive()
                b.drain()
                assert table in one.open_tables() and table in two.open_tables()
                b.act(b.view["legal"][0])  # written by the new owner
                b.drain()
                a.act(a.view["legal"][0])  # the stale owner's change: refused by the store
                assert a.closed_with() == RESTART
                assert table not in one.open_tables(), "the stale room is gone"
                with one.player(table, ann) as again:  # relayed to the new owner now
                    again.receive()
                    again.drain()
                    assert again.view["phase"] == "discard" and again.view["legal"]
                    assert not again.view["discarded"], "Ann's refused discard was not kept"
                    assert b.view["discarded"], "Bob's was"
                    again.act(again.view["legal"][0])
                    again.drain()
                    b.drain()
                    assert again.view["phase"] == b.view["phase"] == "play"
        assert table in two.open_tables() and table not in one.open_tables(), "one writer"
    finally:
        one.stop()
        two.stop()
