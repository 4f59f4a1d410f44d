"""Each seat's clock runs from the start of its own turn; an intermission from its own start.
Nobody's move or ready gives anyone else more time (seed 003: "Intermissions last up to 30
seconds"; "Each turn lasts up to 20 seconds")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from harness import Client, Server, play_together


@contextmanager
def ann_and_bob(server: Server, **options: Any) -> Iterator[tuple[Client, Client]]:
    """Ann and Bob at a two-player Cribbage table, both connected and welcomed."""
    table = server.table(players=2, **options)
    ann_token, bob_token = server.join(table, "Ann"), server.join(table, "Bob")
    with server.player(table, ann_token) as ann, server.player(table, bob_token) as bob:
        for client in (ann, bob):
            client.receive()
        yield ann, bob


def test_a_discard_gives_the_other_discarder_no_more_time(server: Server) -> None:
    with ann_and_bob(server, turn_time=20) as (ann, bob):
        for client in (ann, bob):
            client.drain()
        assert ann.view["phase"] == bob.view["phase"] == "discard"
        start = ann.table["now"]
        bob_seat = bob.seat
        assert bob_seat is not None
        assert ann.table["deadlines"][bob_seat] == start + 20, "each seat is told its own"
        server.advance(15)
        ann.act(ann.view["legal"][0])
        ann.drain()
        bob.drain()
        assert bob.table["deadlines"][bob_seat] == start + 20, "Ann's discard moved Bob's clock"
        assert bob.table["deadlines"][ann.seat] is None
        server.advance(5.5)  # 20.5 s since Bob's turn began
        bob.drain()
        assert bob.view["discarded"], "the clock discarded for Bob at his own 20 s"


def test_the_table_says_how_long_its_turns_and_intermissions_last(server: Server) -> None:
    """The client draws its clock bars from these: it repeats neither number."""
    with ann_and_bob(server, turn_time=35) as (ann, _):
        assert ann.table["clock_lengths"] == {"turn": 35.0, "intermission": 30.0}


def test_a_ready_does_not_restart_the_intermission(server: Server) -> None:
    with ann_and_bob(server, pre_show=True) as (ann, bob):
        reach_phase("pre-show", ann, bob)
        server.advance(20)
        ann.act({"type": "ready"})
        ann.drain()
        bob.drain()
        assert bob.view["phase"] == "pre-show", "Bob is not ready yet"
        server.advance(10.5)  # 30.5 s since the intermission began
        bob.drain()
        assert bob.view["phase"] != "pre-show", "the intermission ended 30 s after its start"


def test_asking_for_the_rematch_does_not_restart_the_results(server: Server) -> None:
    with ann_and_bob(server, score_target=15) as (ann, bob):
        play_together(ann, bob)
        ann.drain()
        ends = ann.table["deadline"]
        assert ends == ann.table["now"] + 30
        server.advance(20)
        ann.act({"type": "rematch"})
        ann.drain()
        assert ann.table["deadline"] == ends


def reach_phase(phase: str, *clients: Client) -> None:
    """Both answer their first legal action until each sees ``phase``."""
    for _ in range(500):
        for client in clients:
            client.drain()
            if client.view["phase"] != phase and client.view["legal"]:
                client.act(client.view["legal"][0])
        if all(c.view["phase"] == phase for c in clients):
            return
    raise AssertionError(f"the game never reached {phase}")


def test_a_game_against_the_clock_ends_after_its_minutes(server: Server) -> None:
    """Cribist end=minutes: when the agreed time is over the hand in progress is the last
    (RULES.md §2), and the table says when the time is over."""
    table = server.table(
        game="cribist",
        players=4,
        bots=[None, "greedy", "greedy", "greedy"],
        end="minutes",
        minutes=1,
    )
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        assert ann.table["ends"] == ann.table["now"] + 60, "the time left is the table's to show"
        server.advance(61)
        ann.drain()
        assert any(e["type"] == "time-up" for e in ann.events), "the game heard its time is up"
        outcome = ann.play_to_end()
    assert outcome["reason"] == "minutes"
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert {"seat": None, "action": {"type": "time-up"}} in record["actions"]
