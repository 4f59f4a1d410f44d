"""Whole games over real WebSockets: people and bots, clocks, intermissions, leaving."""

from __future__ import annotations

import pytest
from harness import Server, play_together

from pegboard.server.store.sql_store import Store


@pytest.mark.store
def test_a_person_plays_a_bot_to_the_end(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        outcome = ann.play_to_end()
    assert max(outcome["scores"]) >= 31
    assert sorted(outcome["ranks"]) == [1, 2]
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["format"] == "pegboard-record/1"
    assert record["outcome"] == outcome
    assert {s["kind"] for s in record["seats"]} == {"human", "bot:greedy"}


@pytest.mark.store
def test_four_players_two_people_and_two_bots(server: Server) -> None:
    table = server.table(players=4, bots=[None, "greedy", None, "random"], score_target=31)
    ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
    with server.player(table, ann) as a, server.player(table, bob) as b:
        a.receive()
        b.receive()
        play_together(a, b)
        assert a.view["outcome"] == b.view["outcome"] is not None
        # Each saw its own hand in every deal, and never the other's.
        seat_a, seat_b = a.seat, b.seat
        assert seat_a is not None and seat_b is not None
        for event in a.events:
            if event["type"] == "deal":
                assert event["hands"][seat_a] is not None
                assert event["hands"][seat_b] is None


def test_a_turn_that_runs_out_makes_the_automatic_move(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], turn_time=5)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        assert ann.view["phase"] == "discard" and ann.view["legal"]
        server.advance(4)
        ann.drain()
        assert ann.view["phase"] == "discard", "4 of 5 seconds: still waiting"
        server.advance(1.5)
        ann.drain()
        assert ann.view["discarded"], "the clock discarded for Ann"
    record = server.get(f"/api/tables/{table}").json()
    assert record["status"] == "playing"


def test_an_intermission_ends_early_when_everyone_is_ready(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], pre_show=True, score_target=121)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_until("pre-show")
        deadline = ann.table["deadline"] - ann.table["now"]
        assert 29 <= deadline <= 30, "an intermission lasts up to 30 seconds"
        ann.act({"type": "ready"})
        ann.drain()
        assert ann.view["phase"] != "pre-show", "the bot was ready too, so it ended at once"


def test_an_intermission_ends_after_thirty_seconds(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], score_target=121)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_until("post-show")
        server.advance(29)
        ann.drain()
        assert ann.view["phase"] == "post-show"
        server.advance(1.5)
        ann.drain()
        assert ann.view["phase"] == "discard" and ann.view["hand_number"] == 2


def test_leaving_in_mid_hand(server: Server) -> None:
    table = server.table(players=3, bots=[None, "greedy", "greedy"])
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        ann.send({"type": "leave"})
        ann.drain()
        leave = [e for e in ann.events if e["type"] == "leave"]
        assert leave and leave[0]["seat"] == ann.seat and leave[0]["rank"] == 3
        assert ann.view["active"] == sorted(set(range(3)) - {ann.seat})
    # The bots play on to the end without Ann.
    server.idle()
    assert server.get(f"/api/tables/{table}/records").json() == [1]
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["outcome"]["ranks"][leave[0]["seat"]] == 3


def test_a_table_whose_people_have_all_left_leaves_the_lobby(server: Server) -> None:
    table = server.table(players=3, bots=[None, "greedy", "greedy"], listed=True)
    listed = server.table(players=2)  # still waiting for people: listed throughout
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        assert table in {t["id"] for t in server.get("/api/tables").json()}
        ann.send({"type": "leave"})
        ann.drain()
    server.wait_for(
        lambda: {t["id"] for t in server.get("/api/tables").json()} == {listed},
        "the bots' table to leave the lobby",
    )
    assert table in server.open_tables(), "the bots still play the match out"


def test_a_player_away_past_the_grace_period_leaves(tmp_path: object) -> None:
    from pathlib import Path

    running = Server(Path(str(tmp_path)) / "grace.sqlite", grace=10)
    running.start()
    try:
        table = running.table(bots=[None, "greedy"])
        token = running.join(table, "Ann")
        with running.player(table, token) as ann:
            ann.receive()
        running.advance(11)
        with running.player(table, None) as watcher:
            watcher.receive()
            assert watcher.view["outcome"] is not None
            assert watcher.view["outcome"]["reason"] == "leave"
    finally:
        running.stop()


def test_away_is_not_leaving_until_the_grace_period_is_over(tmp_path: object) -> None:
    """Ann drops: the clock plays her turns and her seat waits for her; past the grace period
    the seat is given up, and the leave says she was away (her log must not say she left)."""
    from pathlib import Path

    running = Server(Path(str(tmp_path)) / "away.sqlite", grace=45)
    running.start()
    try:
        table = running.table(bots=[None, "greedy"], turn_time=20)
        token = running.join(table, "Ann")
        with running.player(table, token) as ann:
            ann.receive()
        running.advance(21)  # the clock discards for Ann; she keeps her seat
        with running.player(table, None) as watcher:
            watcher.receive()
            assert watcher.view["outcome"] is None
            ann_seat = next(
                s for s, info in enumerate(watcher.view["seats"]) if info["name"] == "Ann"
            )
            assert ann_seat in watcher.view["discarded_seats"]
            discard = next(
                e for e in watcher.events if e["type"] == "discard" and e["seat"] == ann_seat
            )
            assert discard["auto"] == "timeout"
        running.advance(25)  # 46 s away
        with running.player(table, token) as ann:
            ann.receive()
            leave = next(e for e in ann.events if e["type"] == "leave")
            assert (leave["seat"], leave["auto"], leave["rank"]) == (ann.seat, "away", 2)
    finally:
        running.stop()
    record = Store(f"sqlite:///{Path(str(tmp_path)) / 'away.sqlite'}").record(table, 1)
    assert record is not None
    assert {"seat": leave["seat"], "action": {"type": "leave"}, "auto": "away"} in record["actions"]
