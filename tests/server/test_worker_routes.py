"""A worker's route (``pegboard serve --route``) in its name on the bus, and where a socket that
landed on a worker that does not own its table goes: sent on by the owner's route, or relayed
when it asked for that route already (the load balancer could not reach the owner); and the
owner's route in the answers a first socket follows (a join, a seat, the table's info)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server

from pegboard.server.workers.bus import MemoryBus
from pegboard.server.workers.relay import moved_to
from pegboard.server.workers.worker import WorkerSettings, route_of, worker_name

KEPT_LEASE = 60.0  # nobody dies here: a loaded machine's stall never hands a table over


@pytest.mark.parametrize("route", ["8001", "eu-2", "a_b", "x" * 32])
def test_a_workers_route_is_read_back_from_its_name(route: str) -> None:
    name = worker_name(route)
    assert name.startswith(f"{route}.") and route_of(name) == route
    assert worker_name(route) != name, "two workers of one route have two names"


@pytest.mark.parametrize("route", ["", "a.b", "eu 2", "x" * 33, "8001;", "ü"])
def test_a_route_nginx_could_not_name_is_refused(route: str) -> None:
    with pytest.raises(ValueError, match="route"):
        worker_name(route)


@pytest.mark.parametrize("name", ["9f2c4e1a0b3d", ".9f2c4e1a0b3d", "eu 2.9f2c"])
def test_a_name_without_a_route_has_none(name: str) -> None:
    """A worker without a route, or of a version before routes: its sockets are relayed."""
    assert route_of(name) is None
    assert route_of(worker_name(None)) is None


@pytest.mark.parametrize(
    ("owner", "asked", "mine", "sent_to"),
    [
        ("8002.aa", "", "8001.bb", "8002"),  # landed anywhere: sent to the owner
        ("8002.aa", "8001", "8001.bb", "8002"),  # asked for a worker that lost the table since
        ("8002.aa", "8002", "8001.bb", None),  # asked for the owner, landed here: relay, no loop
        ("8002.aa", None, "8001.bb", None),  # a client that does not follow routes: relay
        ("8002.aa", "", "8002.bb", None),  # the owner's old self, of this route: relay
        ("aa", "", "8001.bb", None),  # an owner without a route: relay
        ("8002.aa", "", "bb", "8002"),  # this worker has no route, the owner has
    ],
)
def test_where_a_socket_at_another_workers_table_goes(
    owner: str, asked: str | None, mine: str, sent_to: str | None
) -> None:
    assert moved_to(owner, asked, mine) == sent_to


@pytest.fixture
def routed(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two workers on one file and one bus, known to the load balancer as 8001 and 8002."""
    bus = MemoryBus(shared=True)
    db = tmp_path / "pegboard.sqlite"
    made = [
        Server(db, bus=lambda: bus, workers=WorkerSettings(KEPT_LEASE, 5, route))
        for route in ("8001", "8002")
    ]
    for server in made:
        server.start()
    yield made[0], made[1]
    for server in made:
        server.stop()


def test_a_join_says_the_owners_route_on_either_worker(routed: tuple[Server, Server]) -> None:
    """The table is 8001's: a join and the table's info say so whichever worker answers, so
    the first socket asks for 8001 and is served there, never sent on (close 4307)."""
    one, two = routed
    table = one.table()
    assert two.get(f"/api/tables/{table}").json()["route"] == "8001"
    joined = two.post(f"/api/tables/{table}/join", {"name": "Ann"})
    assert joined.status_code == 200 and joined.json()["route"] == "8001"
    token = joined.json()["token"]
    assert one.post(f"/api/tables/{table}/join", {"name": "Bob"}).json()["route"] == "8001"
    with one.player(table, token, route=joined.json()["route"]) as ann:
        ann.until(lambda c: c.view.get("legal") is not None, timeout=30)
