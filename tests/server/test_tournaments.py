"""Tournaments through the server: an account makes one, bots fill it, the director pairs and
seats every round by itself, and the standings, the places and the profiles agree with the
tables' own records; a restart mid-round changes nothing but the timing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import POLL_EVERY, Client, Server
from rating_fixtures import settled_count, standing
from redis_server import free_port
from sqlalchemy import create_engine, select
from throwaway import wait_until_serving

from pegboard.core.matchplay import MatchFormat, MatchScore
from pegboard.server.store.schema import tournament_tables_table
from pegboard.server.store.sql_store import Store
from pegboard.server.workers.redis_bus import RedisBus
from pegboard.server.workers.worker import WorkerSettings
from pegboard.tournament import Tournament, TournamentRules

PASSWORD = "correct horse battery"
SHORT = {"score_target": 31}
LEASE = 2.0  # seconds: short, so that a dead worker's leases run out soon


@contextmanager
def account(server: Server, username: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=20) as browser:
        made = browser.post("/api/account", json={"username": username, "password": PASSWORD})
        assert made.status_code == 200, made.text
        yield browser


def eight_bots(browser: httpx.Client, start_at: float, **extra: Any) -> dict[str, Any]:
    """Bots fill the field to eight at ``start_at``."""
    body = {
        "start_at": start_at,
        "name": "Friday night",
        "format": "swiss",
        "rounds": 3,
        "options": SHORT,
        "start_when": 8,
        "bots": True,
        "bot": "greedy",
    } | extra
    made = browser.post("/api/tournaments", json=body)
    assert made.status_code == 200, made.text
    found: dict[str, Any] = made.json()
    return found


def run_until(
    server: Server, browser: httpx.Client, tournament: str, done: Any, timeout: float = 120
) -> dict[str, Any]:
    """Move the server's clock a second at a time until ``done(tournament)``. Each move waits
    until what it set going has finished (a round's games, every one played by bots, may be),
    however long that takes within the test's ``timeout``: on a loaded machine it can take
    longer than a single move's usual limit."""
    deadline = time.monotonic() + timeout
    while True:
        seen: dict[str, Any] = browser.get(f"/api/tournaments/{tournament}").json()
        if done(seen):
            return seen
        assert time.monotonic() < deadline, f"the tournament stalled: {seen['status']}"
        with suppress(TimeoutError):  # the deadline above says so
            server.advance(1, timeout=max(0.1, deadline - time.monotonic()))
        if server.client_idle is None:  # a worker among several: the others' work is not waited
            time.sleep(POLL_EVERY)  # under the per-address request limit


def finished(seen: dict[str, Any]) -> bool:
    return bool(seen["status"] == "finished")


def check_against_records(server: Server, seen: dict[str, Any], target: int = 31) -> None:
    """Every match is its table's: one table a pairing, whose records hold each game (the
    match block's score after the last is the match shown); each player's standing adds up
    their side's game points and plus points; nobody met twice; every round seated the whole
    field."""
    met: set[frozenset[str]] = set()
    for played in seen["rounds_played"]:
        seated = [p["entry"] for t in played["tables"] for p in t["players"]]
        seated += [p["entry"] for p in played["byes"]]
        assert sorted(seated) == sorted(e["entry"] for e in seen["entries"])
        for table in played["tables"]:
            pair = frozenset(p["entry"] for p in table["players"])
            if len(pair) == 2:
                assert pair not in met
            met.add(pair)
            assert table["winner"] in pair and not table["playing"]
            match = table["match"]
            played = len(match["results"])
            numbers = server.get(f"/api/tables/{table['table']}/records").json()
            assert numbers[:played] == list(range(1, played + 1))  # a record a game
            for number, game in zip(numbers, match["results"], strict=False):
                record = server.get(f"/api/tables/{table['table']}/records/{number}").json()
                if game["how"] == "forfeit":  # a no-show's: no board points count
                    continue
                assert sorted(record["outcome"]["scores"])[-1] >= target
                assert sorted(set(record["outcome"]["scores"])) == sorted(set(game["scores"]))
                if len(match["results"]) > 1:
                    assert record["match"]["score"]["results"][number - 1] == game
    totals: dict[str, int] = {}
    for played in seen["rounds_played"]:
        for table in played["tables"]:
            match = table["match"]
            for side, members in enumerate(match["side_players"]):
                for player in members:
                    points = match["totals"][side]["points"]
                    totals[player["entry"]] = totals.get(player["entry"], 0) + points
    assert {
        s["player"]: s["game_points"] for s in seen["standings"] if s["player"] in totals
    } == totals
    assert {
        s["player"]: s["plus_points"] for s in seen["standings"] if s["player"] in totals
    } == plus_points(seen)


def plus_points(seen: dict[str, Any]) -> dict[str, int]:
    """Each player's plus points from the matches shown: the spread of every game their side
    won (its lead over the best loser, a score counted at most to the game's target)."""
    plus: dict[str, int] = {}
    for played in seen["rounds_played"]:
        for table in played["tables"]:
            match = table["match"]
            for side, members in enumerate(match["side_players"]):
                won = 0
                for game in match["results"]:
                    counted = [min(s, game.get("target") or s) for s in game["scores"]]
                    if game["ranks"][side] == 1:
                        won += counted[side] - max(c for i, c in enumerate(counted) if i != side)
                for player in members:
                    plus[player["entry"]] = plus.get(player["entry"], 0) + won
    return plus


def test_eight_bots_play_a_swiss_through_the_server(server: Server) -> None:
    with account(server, "director") as browser:
        made = eight_bots(browser, server.clock.now())
        assert made["status"] == "upcoming" and made["entries"] == []
        assert "seed" not in made["settings"]
        seen = run_until(server, browser, made["id"], finished)
    assert len(seen["rounds_played"]) == 3
    assert [len(r["tables"]) for r in seen["rounds_played"]] == [4, 4, 4]
    assert [e["name"] for e in seen["entries"]][:2] == ["Greedy bot 1", "Greedy bot 2"]
    check_against_records(server, seen)
    places = seen["places"]
    assert places[0]["place"] == 1 and len(places) == 8
    # The profile of an entrant lists the tournament and its place.
    first = places[0]["entry"]
    played = server.get(f"/api/players/{first}/tournaments").json()
    assert played == [{"id": seen["id"], "name": "Friday night", "status": "finished", "place": 1}]
    listing = server.get("/api/tournaments").json()
    assert [t["id"] for t in listing["finished"]] == [seen["id"]]


def replayed(
    seen: dict[str, Any], match: str = "1", seats: int = 2, partners: bool = False
) -> Tournament:
    """The tournament the pure rules make of the matches the tables recorded: the same
    entrants (the bots among them), each round's results as played; its pairings (and its
    partners) must be the server's."""
    players = [e["entry"] for e in seen["entries"]]
    bots = frozenset(e["entry"] for e in seen["entries"] if e["bot"])
    rules = TournamentRules.make(
        seen["format"],
        len(players),
        rounds=seen["rounds"],
        match=MatchFormat.parse(match),
        table=seats,
        partners=partners,
    )
    t = Tournament(rules, tuple(players), bots=bots).pair_next()
    for played in seen["rounds_played"]:
        assert t.current is not None
        pairs = [tuple(p["entry"] for p in table["players"]) for table in played["tables"]]
        assert [table.players for table in t.current.tables] == pairs
        for board, table in enumerate(played["tables"]):
            t = t.record(board, MatchScore.from_json(table["match"]))
        if not t.over:
            t = t.pair_next()
    return t


def game_rows(server: Server, tournament: str) -> list[tuple[int, int, int]]:
    store = Store(f"sqlite:///{server.db}")
    try:
        with store.engine.connect() as db:
            rows = db.execute(
                select(tournament_tables_table).where(
                    tournament_tables_table.c.tournament_id == tournament
                )
            )
            return sorted((r.round, r.board, r.game) for r in rows)
    finally:
        store.close()


def test_a_restart_mid_round_changes_nothing_but_the_timing(server: Server) -> None:
    with account(server, "director") as browser:
        made = eight_bots(browser, server.clock.now())

        def in_round_two(seen: dict[str, Any]) -> bool:
            return len(seen["rounds_played"]) >= 2

        before = run_until(server, browser, made["id"], in_round_two)
    assert any(t["winner"] is None for t in before["rounds_played"][1]["tables"]), "mid-round"
    server.restart_after(5)
    with httpx.Client(base_url=server.url, timeout=20) as watcher:
        seen = run_until(server, watcher, made["id"], finished)
    # What was played before the restart stands, every game was seated once, and the rest
    # follows from the tables' records by the rules alone.
    assert seen["rounds_played"][0] == before["rounds_played"][0]
    assert game_rows(server, made["id"]) == [(r, b, 0) for r in (1, 2, 3) for b in range(4)]
    check_against_records(server, seen)
    t = replayed(seen)
    assert t.over
    assert [s.to_json() for s in t.standings()] == [
        {k: v for k, v in s.items() if k != "name"} for s in seen["standings"]
    ]
    assert [{"place": p, "entry": e} for p, e in t.places()] == [
        {k: v for k, v in p.items() if k != "name"} for p in seen["places"]
    ]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": "x", "format": "swiss", "start_when": 8}, 400, "number of rounds"),
        ({"name": "x", "rounds": 3}, 400, "say when it starts"),
        ({"name": "x", "rounds": 3, "start_when": 4, "game": "cribist"}, 400, "4 players, not 2"),
        (
            {
                "name": "x",
                "rounds": 3,
                "start_when": 8,
                "game": "cribist",
                "players": 4,
                "format": "round-robin",
            },
            400,
            "grouped by the standings",
        ),
        (
            {"name": "x", "rounds": 3, "start_when": 8, "players": 4, "playoff": "best-of-3"},
            400,
            "two-player matches",
        ),
        (
            {"name": "x", "rounds": 3, "start_when": 4, "players": 3, "options": {"teams": True}},
            400,
            "teams needs 4 players",
        ),
        ({"name": "x", "rounds": 3, "start_when": 4, "match": "best-of-2"}, 400, "odd number"),
        ({"name": "x", "rounds": 3, "start_when": 4, "players": 5}, 422, "players"),
        ({"name": "x", "rounds": 3, "start_when": 4, "bot": "nobody"}, 400, "unknown bot"),
        ({"name": "", "rounds": 3, "start_when": 4}, 422, "name"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_made(
    server: Server, body: dict[str, Any], status: int, words: str
) -> None:
    with account(server, "director") as browser:
        refused = browser.post("/api/tournaments", json=body)
        assert refused.status_code == status, refused.text
        assert words in refused.text
        assert server.get("/api/tournaments").json() == {
            "upcoming": [],
            "running": [],
            "finished": [],
        }


def test_a_guest_cannot_make_or_enter_a_tournament(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        refused = browser.post("/api/tournaments", json={"name": "x", "rounds": 3, "start_when": 4})
        assert refused.status_code == 403
    with account(server, "director") as owner:
        made = eight_bots(owner, server.clock.now() + 3600, start_when=None)
    with httpx.Client(base_url=server.url, timeout=20) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        assert browser.post(f"/api/tournaments/{made['id']}/register", json={}).status_code == 403


def test_register_withdraw_and_start_now(server: Server) -> None:
    with account(server, "owner") as owner, account(server, "ann") as ann:
        made = eight_bots(owner, server.clock.now() + 3600, start_when=None)
        tid = made["id"]
        entered = ann.post(f"/api/tournaments/{tid}/register", json={}).json()
        assert entered["you"]["entered"] and [e["name"] for e in entered["entries"]] == ["ann"]
        left = ann.post(f"/api/tournaments/{tid}/withdraw", json={}).json()
        assert left["you"] == {
            "entry": entered["you"]["entry"],
            "entered": False,
            "withdrawn": True,
            "owner": False,
            "table": None,
        }
        assert ann.post(f"/api/tournaments/{tid}/withdraw", json={}).status_code == 409
        assert ann.post(f"/api/tournaments/{tid}/register", json={}).json()["you"]["entered"]
        assert ann.post(f"/api/tournaments/{tid}/start", json={}).status_code == 403  # not hers
        server.advance(1)
        assert ann.get(f"/api/tournaments/{tid}").json()["status"] == "upcoming"
        owner.post(f"/api/tournaments/{tid}/start", json={}).raise_for_status()
        server.advance(1)

        def seated(seen: dict[str, Any]) -> bool:
            return bool(seen["you"] and seen["you"]["table"])

        seen = run_until(server, ann, tid, seated)
        assert seen["status"] == "running"
        # Ann plus bots to an even field; she is told where to go, and her seat is hers.
        assert len(seen["entries"]) == 2
        table = seen["you"]["table"]
        seat = ann.get(f"/api/tables/{table}/seat")
        assert seat.status_code == 200, seat.text
        assert (
            ann.post(f"/api/tournaments/{tid}/register", json={}).status_code == 409
        )  # closed now


def test_a_worker_killed_mid_round_loses_nothing(tmp_path: Path, redis_url: str) -> None:
    """The directing worker is a real ``pegboard serve --redis`` process, killed mid-round
    (no goodbye, no release): the other worker takes the director's lease and the tables'
    once they run out, and the tournament ends as the rules say it must."""
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
        with account(there, "director") as browser:
            made = eight_bots(browser, time.time())

            def playing(seen: dict[str, Any]) -> bool:
                return any(t["playing"] for r in seen["rounds_played"] for t in r["tables"])

            there.wait_for(lambda: playing(browser.get(f"/api/tournaments/{made['id']}").json()),
                           "the first round to be seated", timeout=30)  # fmt: skip
        owner.kill()
        owner.wait(10)
        two.start()
        with httpx.Client(base_url=two.url, timeout=20) as watcher:
            seen = run_until(two, watcher, made["id"], finished, timeout=180)
        assert game_rows(two, made["id"]) == [(r, b, 0) for r in (1, 2, 3) for b in range(4)]
        check_against_records(two, seen)
        t = replayed(seen)
        assert [{"place": p, "entry": e} for p, e in t.places()] == [
            {k: v for k, v in p.items() if k != "name"} for p in seen["places"]
        ]
    finally:
        if owner.poll() is None:
            owner.kill()
            owner.wait(10)
        log.close()
        if two.running:
            two.stop()


def next_game(server: Server, client: Client, game: int) -> None:
    """Let the results intermission run out; the match's next game starts by itself."""
    server.advance(31)
    client.drain()
    assert client.table.get("match") == game, f"game {game} of the match did not start"
    assert client.view.get("outcome") is None


def test_best_of_three_is_one_table_playing_the_tables_match(server: Server) -> None:
    with account(server, "director") as browser:
        made = eight_bots(browser, server.clock.now(), start_when=4, rounds=2, match="best-of-3")
        seen = run_until(server, browser, made["id"], finished)
    assert len(seen["rounds_played"]) == 2
    for played in seen["rounds_played"]:
        for table in played["tables"]:
            match = table["match"]
            assert match["name"] == "best-of-3" and match["decided"]
            assert max(t["games"] for t in match["totals"]) == 2
            assert len(match["results"]) in (2, 3)
            # The table's own match: its last record carries the score the tournament shows
            # (by the table's seats; the tournament's sides are its players in pairing order).
            last = len(match["results"])
            record = server.get(f"/api/tables/{table['table']}/records/{last}").json()
            own = record["match"]["score"]
            assert own["decided"] and own["format"]["games"] == 3
            key = json.dumps
            assert sorted(map(key, own["totals"])) == sorted(map(key, match["totals"]))
    rows = game_rows(server, made["id"])
    assert rows == [(r, b, 0) for r in (1, 2) for b in range(2)]  # one table a match
    check_against_records(server, seen)
    t = replayed(seen, "best-of-3")
    assert [s.to_json() for s in t.standings()] == [
        {k: v for k, v in s.items() if k != "name"} for s in seen["standings"]
    ]


@pytest.mark.parametrize(
    ("game", "players", "options", "sides"),
    [
        ("cribbage", 4, {"teams": True}, [2, 2]),  # partners chosen by the tournament
        ("not_enough", 2, {}, [1, 1]),
        ("not_enough", 4, {}, [2, 2]),
        ("cribist", 4, {"counting": "auto"}, [1, 1, 1, 1]),
    ],
)
def test_every_game_its_tables_end_to_end(
    server: Server, game: str, players: int, options: dict[str, Any], sides: list[int]
) -> None:
    with account(server, "director") as browser:
        made = eight_bots(
            browser,
            server.clock.now(),
            game=game,  # "not_enough": a game's other name does
            players=players,
            options=options | ({} if game == "cribist" else SHORT),
            rounds=2,
            bot="hoyle" if game == "cribist" else "greedy",
        )
        seen = run_until(server, browser, made["id"], finished, timeout=300)
    assert seen["players"] == players
    partners = sides == [2, 2]
    partnered = []
    for played in seen["rounds_played"]:
        assert len(played["tables"]) == 8 // players
        for table in played["tables"]:
            assert [len(side) for side in table["match"]["side_players"]] == sides
            if partners:  # seated as the tournament paired them: places 0 and 2 partner
                order = [p["entry"] for p in table["players"]]
                got = [sorted(e["entry"] for e in side) for side in table["match"]["side_players"]]
                assert sorted(got) == sorted([sorted(order[0::2]), sorted(order[1::2])])
                partnered += [frozenset(order[0::2]), frozenset(order[1::2])]
    assert len(partnered) == len(set(partnered))  # nobody partners anyone twice
    check_against_records(server, seen, target=31 if game != "cribist" else 1)
    t = replayed(seen, seats=players, partners=partners)
    assert [s.to_json() for s in t.standings()] == [
        {k: v for k, v in s.items() if k != "name"} for s in seen["standings"]
    ]
    if game == "not_enough" and players == 2:
        skunks = [
            g
            for r in seen["rounds_played"]
            for tb in r["tables"]
            for g in tb["match"]["results"]
            if g["how"] == "skunk"
        ]
        assert all(max(g["games"]) == 2 for g in skunks)


def test_a_no_show_forfeits_a_game_after_each_grace_and_a_leaver_the_rest(
    server: Server,
) -> None:
    """A round robin of four, best of 3: Ann and Bob, two bots. Bob withdraws once round one
    is seated; Ann never comes to a table. Bob forfeits each of his matches (the one against
    Ann too, which she wins); Ann, at her tables against bots, forfeits a game when the grace
    (30 s) is over and another after each further grace (60 s): two games, the match."""
    with (
        account(server, "owner") as owner,
        account(server, "ann") as ann,
        account(server, "bob") as bob,
    ):
        made = eight_bots(
            owner,
            server.clock.now() + 3600,
            format="round-robin",
            rounds=None,
            start_when=4,
            match="best-of-3",
            grace=30,
            grace_next=60,
            bot="random",
        )
        tid = made["id"]
        for browser in (ann, bob):
            browser.post(f"/api/tournaments/{tid}/register", json={}).raise_for_status()
        owner.post(f"/api/tournaments/{tid}/start", json={}).raise_for_status()
        server.advance(1)
        seated_at = server.clock.now()  # the first round's tables were made at this time
        seen = ann.get(f"/api/tournaments/{tid}").json()
        assert seen["status"] == "running" and seen["you"]["table"]
        bob.post(f"/api/tournaments/{tid}/withdraw", json={}).raise_for_status()
        server.advance(1)
        first = ann.get(f"/api/tournaments/{tid}").json()
        ann_table = first["you"]["table"]

        def games_over(table: str) -> int:
            return len(server.get(f"/api/tables/{table}/records").json())

        # Ann's first table: the first game goes at the 30 s grace, the second 60 s later.
        if ann_table is not None:
            # Her grace runs from the table's making: as the start was told, or a second on.
            started = server.in_room(ann_table, lambda room: room.row.created)
            assert seated_at - 1 <= started <= seated_at
            while server.clock.now() < started + 29:
                server.advance(1)
            assert games_over(ann_table) == 0
            while games_over(ann_table) == 0:
                server.advance(1)
            forfeited_at = server.clock.now()
            assert 30 <= forfeited_at - started <= 32
            record = server.get(f"/api/tables/{ann_table}/records/1").json()
            assert record["match"]["score"]["results"][0]["how"] == "forfeit"
            assert record["actions"][-1]["auto"] == "no-show"
            while server.clock.now() < forfeited_at + 59:
                server.advance(1)
            assert games_over(ann_table) == 1
            while games_over(ann_table) == 1:
                server.advance(1)
            assert 60 <= server.clock.now() - forfeited_at <= 62
        seen = run_until(server, ann, tid, finished)
    assert len(seen["rounds_played"]) == 3
    by_name = {s["name"]: s for s in seen["standings"]}
    assert (by_name["bob"]["forfeits"], by_name["bob"]["game_points"]) == (3, 0)
    assert (by_name["ann"]["forfeits"], by_name["ann"]["no_shows"]) == (0, 4)
    assert (by_name["ann"]["games_won"], by_name["ann"]["game_points"]) == (2, 4)  # Bob's gift
    for played in seen["rounds_played"]:
        for table in played["tables"]:
            names = [p["name"] for p in table["players"]]
            match = table["match"]
            if "bob" in names:  # withdrawn: the match forfeited as a whole
                gone = names.index("bob")
                assert match["forfeited"] == gone, (played["number"], table)
                assert table["winner"] == table["players"][1 - gone]["entry"]
            elif "ann" in names:  # a no-show: two games forfeited, one by one
                assert [g["how"] for g in match["results"]] == ["forfeit", "forfeit"]
                assert match["forfeited"] is None
                assert table["winner"] != table["players"][names.index("ann")]["entry"]


def test_a_rated_tournament_match_moves_ratings_once_on_its_result(server: Server) -> None:
    """Ann against a bot, best of 3, rated: she plays her match out at its one table (the
    next game without asking, no rematch after the last); the ratings move once, on the
    match's result, however many games it took."""
    engine = create_engine(f"sqlite:///{server.db}")
    with account(server, "owner") as owner, account(server, "ann") as ann:
        made = eight_bots(
            owner,
            server.clock.now() + 3600,
            rounds=1,
            start_when=2,
            match="best-of-3",
            rated=True,
            options={},  # the standard length: the only one rated
        )
        tid = made["id"]
        entry = ann.post(f"/api/tournaments/{tid}/register", json={}).json()["you"]["entry"]
        owner.post(f"/api/tournaments/{tid}/start", json={}).raise_for_status()
        server.advance(1)
        table = ann.get(f"/api/tournaments/{tid}").json()["you"]["table"]
        token = ann.get(f"/api/tables/{table}/seat").json()["token"]
        games = 0
        with server.player(table, token) as client:
            client.receive()
            while True:
                client.play_to_end()
                client.drain()
                games += 1
                play = client.table["match_play"]
                assert len(play["results"]) == games
                if play["decided"]:
                    # The tournament pairs the next match: its table offers no rematch.
                    client.errors.clear()  # a game played at speed meets the message rate
                    client.act({"type": "rematch"})
                    client.until(lambda c: bool(c.errors))
                    assert "no rematch" in client.errors[-1]["message"]
                    assert client.table["rematch"] == []
                    break
                assert standing(engine, entry, "cribbage-2")[2] == 0, "not before the match ends"
                next_game(server, client, games + 1)
        seen = run_until(server, ann, tid, finished)
    try:
        assert 2 <= games <= 3
        (played,) = seen["rounds_played"]
        assert len(played["tables"][0]["match"]["results"]) == games
        server.wait_for(lambda: settled_count(engine, table) == games, "every game to settle")
        assert standing(engine, entry, "cribbage-2")[2] == 1, "one rated match, however many games"
    finally:
        engine.dispose()
