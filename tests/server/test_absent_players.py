"""Nobody farms ratings or annoys people with players who are not there: one address makes
guests at a bounded rate, quick play seats only entries whose socket answered recently, and a
match in which a person never moved is not rated."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from harness import Server
from test_quickplay import advance, person, play_now

from pegboard.arena import play_one
from pegboard.core.spec import get_spec
from pegboard.server.http.admission import Limits
from pegboard.server.http.limits import GUESTS_PER_ADDRESS
from pegboard.server.ratings.settle import finished_match, settle
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.slot import slots_of


def test_one_address_makes_guests_at_a_bounded_rate(tmp_path: Path) -> None:
    """The burst, then 429: a new guest's credit comes back once an hour here, so that a slow
    machine (making the burst took over 10 s under load) sees no credit come back meanwhile."""
    server = Server(tmp_path / "pegboard.sqlite", limits=Limits(guest_every=3600.0))
    server.start()
    try:
        statuses = guests_made(server)
    finally:
        server.stop()
    assert statuses[:GUESTS_PER_ADDRESS] == [200] * GUESTS_PER_ADDRESS
    assert set(statuses[GUESTS_PER_ADDRESS:]) == {429}


def guests_made(server: Server) -> list[int]:
    """The statuses of one address making a few more guests than its burst."""
    statuses = []
    for n in range(GUESTS_PER_ADDRESS + 3):
        with httpx.Client(base_url=server.url, timeout=10) as browser:  # a new browser each
            statuses.append(browser.post("/api/me", json={"name": f"Guest {n}"}).status_code)
    return statuses


def test_a_guest_renames_themselves_freely(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as browser:
        for n in range(GUESTS_PER_ADDRESS + 3):  # a rename makes nobody new
            assert browser.post("/api/me", json={"name": f"Ann {n}"}).status_code == 200


def test_a_silent_entry_is_not_seated_with_a_person(server: Server) -> None:
    """Ann's socket enters the queue and never answers; Bob, who pings, is not seated with
    her (before, he was, and won when her clock ran out)."""
    with (
        person(server, "Ann") as ann,
        person(server, "Bob") as bob,
        play_now(server, ann, wait=300) as silent,
    ):
        assert silent.receive()["type"] == "queued"
        server.advance(20)  # longer than an answering socket is ever quiet
        with play_now(server, bob, wait=300) as b:
            seen = []
            for _ in range(3):
                b.send({"type": "ping"})
                server.advance(1)
                seen += [message["type"] for message in b.drain()]
            assert "seated" not in seen and "queued" in seen, seen


def test_answering_entries_are_seated_together(server: Server) -> None:
    with (
        person(server, "Ann") as ann,
        person(server, "Bob") as bob,
        play_now(server, ann, wait=300) as a,
    ):
        assert a.receive()["type"] == "queued"
        advance(server, 20, a)  # Ann pings every 5 s
        with play_now(server, bob, wait=300) as b:
            while (message := b.receive())["type"] == "queued":
                pass
            assert message["type"] == "seated"


def test_a_match_in_which_a_person_never_moved_is_not_rated(tmp_path: object) -> None:
    store = Store(f"sqlite:///{tmp_path}/pegboard.sqlite")
    try:
        options = dict(get_spec("cribbage").resolve(2, {"score_target": 121}))
        row = TableRow(
            id="neverMoved",
            game="cribbage",
            players=2,
            options=options,
            status="results",
            seed=5,
            match=1,
            seating=[0, 1],
            deadline=None,
            created=1.0,
            rated=True,
        )
        store.create_table(row)
        store.set_slot(row.id, 0, "Ann", "human", "t0", "ann-id")
        store.set_slot(row.id, 1, "Bob", "human", "t1", "bob-id")
        found = store.table(row.id)
        assert found is not None
        record = play_one("cribbage", 2, ["greedy", "greedy"], 5, options).record()
        for entry in record["actions"]:  # every one of Bob's moves was the clock's
            if entry["seat"] == 1:
                entry["auto"] = "timeout"
        match = finished_match(found, slots_of(found), 1, [0, 1], record, 2.0)
        assert settle(store.engine, match, 2.0) == {}, "no rating changes"
        with store.engine.connect() as db:
            rated, note = db.exec_driver_sql(
                "select rated, note from settled_matches where table_id = 'neverMoved'"
            ).one()
        assert not rated and "never moved" in note
        both_moved = json.loads(json.dumps(record))
        for entry in both_moved["actions"]:
            entry.pop("auto", None)
        row2 = TableRow(**{**found.__dict__, "id": "bothMoved"})
        store.create_table(row2)
        store.set_slot(row2.id, 0, "Ann", "human", "t2", "ann-id")
        store.set_slot(row2.id, 1, "Bob", "human", "t3", "bob-id")
        found2 = store.table(row2.id)
        assert found2 is not None
        rated_match = finished_match(found2, slots_of(found2), 1, [0, 1], both_moved, 3.0)
        assert set(settle(store.engine, rated_match, 3.0)) == {0, 1}, "both rated"
    finally:
        store.close()
