"""Quick play: people who press "Play now" for the same choice are seated together, closest
ratings first and wider as they wait; after their wait, bots of a similar rating fill the empty
seats; closing the socket leaves the queue; with several workers the queue is the store's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from harness import Client, Server
from sqlalchemy import select
from websockets.sync.client import connect

from pegboard.server.http.admission import Limits
from pegboard.server.players.identity import COOKIE
from pegboard.server.quickplay import queue as play_queue
from pegboard.server.quickplay.matcher import QuickPlaySettings
from pegboard.server.quickplay.queue import Claim, Entry, QueueChanged
from pegboard.server.store.schema import queue_table
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.workers.bus import Bus, MemoryBus
from pegboard.server.workers.redis_bus import RedisBus
from pegboard.server.workers.worker import WorkerSettings

GONE = 4403


@contextmanager
def person(server: Server, name: str) -> Iterator[httpx.Client]:
    """A browser that has made a guest called ``name`` (its cookie says who it is)."""
    with httpx.Client(base_url=server.url, timeout=10) as browser:
        browser.post("/api/me", json={"name": name}).raise_for_status()
        yield browser


def player_id(browser: httpx.Client) -> str:
    found: str = browser.get("/api/me").json()["player"]["id"]
    return found


class Waiting(Client):
    """A quick-play socket: its pings' pongs are read past."""

    def receive(self, timeout: float = 5) -> dict[str, Any]:
        while (message := super().receive(timeout))["type"] == "pong":
            pass
        return message


def advance(server: Server, seconds: float, *waiting: Client) -> None:
    """Move the server's clock on by ``seconds``, in steps of at most 5 s, each after the
    ``waiting`` sockets have pinged (the queue seats only sockets that answer)."""
    while seconds > 0:
        step = min(5.0, seconds)
        for client in waiting:
            client.send({"type": "ping"})
        server.advance(step)
        seconds -= step


@contextmanager
def play_now(server: Server, browser: httpx.Client | None, **choice: Any) -> Iterator[Client]:
    """``/ws/play`` with the browser's cookie, asking for ``choice`` (Cribbage for 2 unless
    said otherwise)."""
    query = urlencode({"game": "cribbage", "players": 2} | choice)
    cookie = browser.cookies.get(COOKIE) if browser is not None else None
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    url = f"ws://127.0.0.1:{server.port}/ws/play?{query}"
    with connect(url, open_timeout=5, additional_headers=headers) as socket:
        yield Waiting(socket, server.client_idle)


def seated(client: Client) -> dict[str, Any]:
    """Read past ``queued`` to the ``seated`` message; the socket closes after it."""
    while True:
        message = client.receive()
        if message["type"] != "queued":
            assert message["type"] == "seated", message
            assert client.closed_with() == 1000
            return message


def answer(client: Client) -> dict[str, Any]:
    """The next message that is not a ``queued`` (they come whenever the queue is looked at)."""
    while (message := client.receive())["type"] == "queued":
        pass
    return message


def still_waiting(client: Client, waited: int) -> dict[str, Any]:
    """The ``queued`` message telling of ``waited`` seconds, once nothing more comes (and no
    seat came)."""
    while True:
        message = client.receive()
        assert message["type"] == "queued", message
        if message["waited"] == waited:
            break
    for later in client.drain():
        assert later["type"] == "queued", later
        message = later
    return message


def open_store(server: Server) -> Store:
    return Store(server.db if isinstance(server.db, str) else f"sqlite:///{server.db}")


def queue_rows(server: Server) -> list[dict[str, Any]]:
    store = open_store(server)
    try:
        with store.engine.connect() as db:
            return [r._asdict() for r in db.execute(select(queue_table))]
    finally:
        store.close()


def table_info(server: Server, seat: dict[str, Any]) -> dict[str, Any]:
    """A quick-play table is unlisted: its info is for the people seated there."""
    info: dict[str, Any] = server.get(f"/api/tables/{seat['table']}?token={seat['token']}").json()
    return info


def seats(server: Server, seat: dict[str, Any]) -> list[tuple[str, str]]:
    return [(s["name"], s["kind"]) for s in table_info(server, seat)["slots"]]


@pytest.mark.store
def test_two_people_are_seated_together(server: Server) -> None:
    with person(server, "Ann") as ann, person(server, "Bob") as bob:
        with play_now(server, ann) as a:
            first = a.receive()
            assert first["type"] == "queued"
            assert (first["position"], first["size"], first["waited"]) == (1, 1, 0)
            assert (first["game"], first["players"], first["rated"], first["wait"]) == (
                "cribbage", 2, True, 20.0,
            )  # fmt: skip
            assert first["range"] == [1400, 1600], "100 either side of the rating at first"
            with play_now(server, bob) as b:
                seat_b = seated(b)
            seat_a = seated(a)
        assert seat_a["table"] == seat_b["table"]
        table = seat_a["table"]
        assert {seat_a["slot"], seat_b["slot"]} == {0, 1}
        assert seat_a["token"] != seat_b["token"]
        info = table_info(server, seat_a)
        assert info["status"] == "playing", "everyone is seated: it starts at once"
        assert sorted(seats(server, seat_b)) == [("Ann", "human"), ("Bob", "human")]
        stranger = httpx.get(f"{server.url}/api/tables/{table}", timeout=10)
        assert stranger.status_code == 403, "a quick-play table is only for its people"
        assert queue_rows(server) == [], "nobody is left in the queue"
        assert server.post(f"/api/tables/{table}/join", {"name": "Cy"}).status_code == 403

        # The seats are theirs: each token opens its own seat, and the store knows who sits.
        with (
            server.player(table, seat_a["token"]) as pa,
            server.player(table, seat_b["token"]) as pb,
        ):
            assert pa.receive()["type"] == pb.receive()["type"] == "welcome"
            for client in (pa, pb):
                client.drain()
                assert client.view["phase"] == "discard" and len(client.view["hand"]) == 6
            assert {pa.seat, pb.seat} == {0, 1}
        store = open_store(server)
        try:
            row = store.table(table)
            assert row is not None
            by_slot = {s["slot"]: s["player"] for s in row.slots}
            assert by_slot == {seat_a["slot"]: player_id(ann), seat_b["slot"]: player_id(bob)}
        finally:
            store.close()


@pytest.mark.store
def test_after_the_wait_a_bot_fills_the_empty_seat(server: Server) -> None:
    with person(server, "Ann") as ann, play_now(server, ann, wait=20) as a:
        assert a.receive()["bots_in"] == 20
        advance(server, 19, a)
        waiting = still_waiting(a, 19)
        assert (waiting["waited"], waiting["bots_in"]) == (19, 1)
        assert waiting["range"] == [1500 - 250, 1500 + 250], "wider by 50 every 5 s"
        advance(server, 1, a)
        seat = seated(a)
    table = seat["table"]
    assert seats(server, seat)[seat["slot"]] == ("Ann", "human")
    kinds = [kind for _, kind in seats(server, seat)]
    assert sorted(kinds) == ["bot:medium", "human"], "nothing known of ratings: the middle level"
    assert table_info(server, seat)["status"] == "playing"
    with server.player(table, seat["token"]) as again:
        again.receive()
        again.drain()
        assert again.view["phase"] == "discard" and again.view["legal"]


@pytest.mark.store
def test_closing_the_socket_leaves_the_queue(server: Server) -> None:
    with person(server, "Ann") as ann, person(server, "Bob") as bob:
        with play_now(server, ann) as a:
            a.receive()
            assert [r["name"] for r in queue_rows(server)] == ["Ann"]
        server.wait_for(lambda: queue_rows(server) == [], "Ann to leave the queue")
        with play_now(server, bob, wait=60) as b:
            first = b.receive()
            assert (first["position"], first["size"]) == (1, 1), "Bob waits alone"
            advance(server, 10, b)
            assert still_waiting(b, 10)["size"] == 1
        server.wait_for(lambda: queue_rows(server) == [], "Bob to leave the queue")


def rated(ratings: dict[str, int]) -> Callable[[str, str], int]:
    """Ratings by player id (bots as ``bot:LEVEL``); 1500 for anyone else."""
    return lambda player, group: ratings.get(player, 1500)


@pytest.mark.store
def test_far_apart_ratings_wait_for_the_range_to_widen(store_url: str) -> None:
    far_apart_ratings_wait_for_the_range_to_widen(store_url)


def far_apart_ratings_wait_for_the_range_to_widen(db: str) -> None:
    ratings: dict[str, int] = {}
    server = Server(db, quick_play=QuickPlaySettings(rating_of=rated(ratings)))
    server.start()
    try:
        with (
            person(server, "Ann") as ann,
            person(server, "Bob") as bob,
            person(server, "Cy") as cy,
        ):
            ratings.update({player_id(ann): 1500, player_id(bob): 1800, player_id(cy): 1560})
            with play_now(server, ann, wait=120) as a, play_now(server, bob, wait=120) as b:
                assert a.receive()["range"] == [1400, 1600]
                assert b.receive()["range"] == [1700, 1900]
                for waited in (5, 10, 15):  # 300 apart: each accepts 100 + 50 per 5 s
                    advance(server, 5, a, b)
                    now_a, now_b = still_waiting(a, waited), still_waiting(b, waited)
                    assert now_a["waited"] == now_b["waited"] == waited
                    assert now_a["size"] == 2 and {now_a["position"], now_b["position"]} == {1, 2}
                    gap = 100 + 50 * (waited // 5)
                    assert now_a["range"] == [1500 - gap, 1500 + gap]
                with play_now(server, cy) as c:  # 60 from Ann: within both ranges at once
                    assert seated(c)["table"] == seated(a)["table"]
                advance(server, 5, b)  # Bob alone now: his wait (120 s) is far from over
                assert still_waiting(b, 20)["size"] == 1
            server.wait_for(lambda: queue_rows(server) == [], "Bob to leave the queue")

            # Again, without Cy: at 20 s each accepts 300, and they are seated together.
            with play_now(server, ann, wait=120) as a, play_now(server, bob, wait=120) as b:
                a.receive()
                b.receive()
                for waited in (5, 10, 15):
                    advance(server, 5, a, b)
                    still_waiting(a, waited)
                    still_waiting(b, waited)
                advance(server, 5, a, b)
                assert seated(a)["table"] == seated(b)["table"]
    finally:
        server.stop()


def test_bots_of_the_closest_rating_fill_the_seats(tmp_path: Path) -> None:
    ratings = {"bot:easy": 1100, "bot:medium": 1450, "bot:expert": 1900}
    server = Server(
        tmp_path / "pegboard.sqlite", quick_play=QuickPlaySettings(rating_of=rated(ratings))
    )
    server.start()
    try:
        for rating, bot in [(1000, "bot:easy"), (1500, "bot:medium"), (2000, "bot:expert")]:
            with person(server, "Ann") as ann:
                ratings[player_id(ann)] = rating
                with play_now(server, ann, players=3, wait=0) as a:
                    seat = seated(a)
            assert sorted(kind for _, kind in seats(server, seat)) == [bot, bot, "human"]
    finally:
        server.stop()


REFUSED = [
    ({"game": "chess"}, "no such game"),
    ({"players": 5}, "cribbage is played by 2, 3, 4 players"),
    ({"players": "two"}, "a bad players"),
    ({"wait": 301}, "a bad wait"),
    ({"wait": "nan"}, "a bad wait"),
    ({"rated": "perhaps"}, "a bad rated"),
    ({"colour": "red"}, "a bad colour"),
]


@pytest.mark.parametrize(("choice", "why"), REFUSED)
def test_a_bad_choice_is_refused_and_queues_nobody(
    server: Server, choice: dict[str, Any], why: str
) -> None:
    with person(server, "Ann") as ann, play_now(server, ann, **choice) as a:
        refused = a.receive()
        assert refused["type"] == "error" and refused["code"] == "bad-choice"
        assert why in refused["message"]
        assert a.closed_with() == GONE
    assert queue_rows(server) == []


def test_nobody_and_somebody_twice_are_refused(server: Server) -> None:
    with play_now(server, None) as nobody:
        refused = nobody.receive()
        assert (refused["code"], nobody.closed_with()) == ("no-player", GONE)
        assert "POST /api/me" in refused["message"]
    with person(server, "Ann") as ann, person(server, "Bob") as bob, play_now(server, ann) as first:
        first.receive()
        with play_now(server, ann) as again:  # another page of the same player
            refused = again.receive()
            assert (refused["code"], again.closed_with()) == ("already-queued", GONE)
        assert len(queue_rows(server)) == 1, "the first entry stays, alone"
        first.send({"type": "act", "version": 0, "action": {}})
        assert answer(first)["code"] == "bad-type"
        first.send({"type": "ping"})
        while (reply := Client.receive(first))["type"] == "queued":  # pongs, not read past
            pass
        assert reply["type"] == "pong"
        with play_now(server, bob) as b:
            assert seated(b)["table"] == seated(first)["table"]


@pytest.mark.store
def test_a_dead_workers_entries_expire(server: Server) -> None:
    """Entries no worker renews (their worker died) leave the queue: nobody is seated with a
    socket that no longer exists, and their player may queue again."""
    with person(server, "Ann") as ann, person(server, "Bob") as bob:
        store = open_store(server)
        try:
            stale = server.clock.now() - 11  # renewed every second; dropped after 10
            play_queue.enter(store.engine, entry("dead", player_id(ann), stale), stale - 1)
        finally:
            store.close()
        with play_now(server, bob, wait=60) as b:
            first = b.receive()
            assert first["type"] == "queued"
            assert still_waiting(b, 0)["size"] == 1, "Ann's dead entry is not waiting with Bob"
            server.wait_for(lambda: [r["name"] for r in queue_rows(server)] == ["Bob"], "expiry")
            with play_now(server, ann) as a:  # her old entry does not keep her out
                assert seated(a)["table"] == seated(b)["table"]


def entry(entry_id: str, player: str, heartbeat: float) -> Entry:
    return Entry(
        id=entry_id, player=player, name=player, game="cribbage", players=2, rated=True,
        wait=20.0, rating=1500, since=heartbeat, heartbeat=heartbeat, worker="gone",
    )  # fmt: skip


@pytest.mark.store
def test_an_entry_is_seated_once_and_a_refused_claim_stores_nothing(store_url: str) -> None:
    an_entry_is_seated_once_and_a_refused_claim_stores_nothing(store_url)


def an_entry_is_seated_once_and_a_refused_claim_stores_nothing(db: str) -> None:
    """Two matchers (one that lost its lease in a stall) claiming the same person: the second
    table is never stored; nor is one whose person left just before."""
    store = Store(db)
    try:
        for name in ("ann", "bob"):
            play_queue.enter(store.engine, entry(name, name, 1.0), 0.0)
        first, second, third = (table_row(t) for t in ("first", "second", "third"))
        store.create_table(first, also=lambda db: play_queue.claim(db, "first", claims("ann")))
        with pytest.raises(QueueChanged):
            store.create_table(
                second, also=lambda db: play_queue.claim(db, "second", claims("bob", "ann"))
            )
        play_queue.leave(store.engine, "bob")
        with pytest.raises(QueueChanged):
            store.create_table(third, also=lambda db: play_queue.claim(db, "third", claims("bob")))
        assert store.table("first") is not None
        assert store.table("second") is None and store.table("third") is None
        by_id = {e.id: e for e in play_queue.entries(store.engine, ["ann", "bob"])}
        assert set(by_id) == {"ann"} and by_id["ann"].table_id == "first"
        assert play_queue.waiting(store.engine) == []
    finally:
        play_queue.leave(store.engine, "ann")  # a shared database: leave the queue empty
        store.close()


def claims(*entries: str) -> list[Claim]:
    return [Claim(e, slot, f"token-{e}") for slot, e in enumerate(entries)]


def table_row(table_id: str) -> TableRow:
    return TableRow(
        id=table_id, game="cribbage", players=2, options={}, status="waiting", seed=1, match=1,
        seating=[], deadline=None, created=1.0,
        slots=[{"slot": 0, "name": "Ann", "kind": "human", "token": "t", "player": "ann"}],
    )  # fmt: skip


# -- several workers ---------------------------------------------------------------------------


@pytest.fixture(params=["memory", "redis"])
def make_bus(request: pytest.FixtureRequest) -> Callable[[], Bus]:
    if request.param == "memory":
        shared = MemoryBus(shared=True)
        return lambda: shared
    url: str = request.getfixturevalue("redis_url")
    return lambda: RedisBus(url)


@pytest.mark.store
def test_people_on_two_workers_are_seated_together(
    store_url: str, make_bus: Callable[[], Bus]
) -> None:
    people_on_two_workers_are_seated_together(store_url, make_bus)


def people_on_two_workers_are_seated_together(db: str, make_bus: Callable[[], Bus]) -> None:
    """The sockets wait on different workers; one matcher seats them, each once; the table is
    made on the matcher's worker and the other relays its sockets."""
    settings = WorkerSettings(ask_timeout=5)  # the server's lease: nobody dies here
    one = Server(db, bus=make_bus, workers=settings)
    two = Server(db, bus=make_bus, workers=settings)
    one.start()
    two.start()
    try:
        with person(one, "Ann") as ann, person(two, "Bob") as bob:
            with play_now(one, ann) as a:
                assert a.receive()["type"] == "queued"
                with play_now(two, bob) as b:
                    seat_b = seated(b)
                seat_a = seated(a)
            table = seat_a["table"]
            assert seat_b["table"] == table and seat_a["slot"] != seat_b["slot"]
            owners = [s for s in (one, two) if table in s.open_tables()]
            assert len(owners) == 1, "one writer"
            with one.player(table, seat_a["token"]) as pa, two.player(table, seat_b["token"]) as pb:
                for client in (pa, pb):
                    client.receive()
                    client.drain()
                    assert client.view["phase"] == "discard" and client.view["legal"]
                assert {pa.seat, pb.seat} == {0, 1}

        # Four people at once, two on each worker, for two tables: each seated exactly once.
        browsers = [person(server, name) for server, name in
                    [(one, "Cy"), (two, "Di"), (one, "Ed"), (two, "Fay")]]  # fmt: skip
        with (
            browsers[0] as cy,
            browsers[1] as di,
            browsers[2] as ed,
            browsers[3] as fay,
            play_now(one, cy) as c,
            play_now(two, di) as d,
            play_now(one, ed) as e,
            play_now(two, fay) as f,
        ):
            taken = [seated(client) for client in (c, d, e, f)]
        tables = [seat["table"] for seat in taken]
        assert len(set(tables)) == 2 and all(tables.count(t) == 2 for t in tables)
        for seat in taken:
            assert [kind for _, kind in seats(one, seat)] == ["human", "human"]
        assert queue_rows(one) == []
    finally:
        one.stop()
        two.stop()


def test_an_address_enters_the_queue_no_faster_than_it_may_make_tables(tmp_path: Path) -> None:
    server = Server(tmp_path / "pegboard.sqlite", limits=Limits(tables_per_address=2))
    server.start()
    try:
        with person(server, "Ann") as ann:
            for _ in range(2):
                with play_now(server, ann) as a:
                    assert a.receive()["type"] == "queued"
                server.wait_for(lambda: queue_rows(server) == [], "Ann to leave the queue")
            with play_now(server, ann) as a:
                refused = a.receive()
                assert (refused["code"], a.closed_with()) == ("too-many-tables", GONE)
                assert "try again in" in refused["message"]
    finally:
        server.stop()


def test_a_stopping_server_asks_the_waiting_to_come_back_and_keeps_no_entry(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "pegboard.sqlite")
    server.start()
    try:
        with person(server, "Ann") as ann, play_now(server, ann) as a:
            assert a.receive()["type"] == "queued"
            server.stop()
            assert a.closed_with() == 1012, "come back soon (the web client enters again)"
        assert queue_rows(server) == []
    finally:
        if server.running:
            server.stop()
