"""Verifiable deals at a live table: each hand's commitment goes out before the hand is dealt,
the people's seeds come in after it, the secret only once the hand is over; the deal depends on
every seat's seed, and the stored record verifies."""

from __future__ import annotations

import json
from typing import Any

from harness import Client, Server

from pegboard.cards import DECK, card_names
from pegboard.core.chance import Shuffle
from pegboard.core.fair import commitment, derive
from pegboard.records.verify import verify


def play_logging(clients: list[Client], seeds: list[str], limit: int = 6000) -> list[list[Any]]:
    """Each client answers its first legal action and sends its seed for every hand it is
    asked one for, until all see the game end; every message each one received, in order."""
    logs: list[list[Any]] = [[] for _ in clients]
    acted = [-1] * len(clients)
    for _ in range(limit):
        if all(c.view.get("outcome") is not None for c in clients):
            return logs
        for i, client in enumerate(clients):
            if client.view.get("legal") and acted[i] != client.version:
                acted[i] = client.version
                client.act(client.view["legal"][0])
        for i, client in enumerate(clients):
            for message in client.drain():
                logs[i].append(message)
                if message["type"] == "commit":
                    client.send({"type": "seed", "hand": message["hand"], "seed": seeds[i]})
            if acted[i] == client.version:  # refused: try again
                acted[i] = -1
    raise AssertionError("the game did not end")


def deal_update(log: list[Any], hand: int) -> int:
    """The place in ``log`` of the update whose events deal ``hand``."""
    return next(
        i
        for i, m in enumerate(log)
        if m["type"] == "update"
        and any(e["type"] == "deal" and e["hand"] == hand for e in m["events"])
    )


def test_commitments_before_each_deal_secrets_after_each_hand(server: Server) -> None:
    table = server.table(players=2, score_target=61)
    ann_token = server.join(table, "Ann")
    with server.player(table, ann_token) as ann:
        welcome = ann.receive()
        assert welcome["type"] == "welcome" and welcome["table"]["status"] == "waiting"
        waiting = welcome["fair"]["next"]["waiting"]
        assert [w["hand"] for w in waiting] == [1]  # hand 1 committed to before anyone plays
        ann.send({"type": "seed", "hand": 1, "seed": "ann's luck"})
        assert ann.receive() == {"type": "seed", "hand": 1, "seed": "ann's luck"}
        ann.send({"type": "seed", "hand": 1, "seed": "second thoughts"})
        assert "is in already" in ann.receive()["message"]  # one seed a hand
        ann.send({"type": "resync", "since": 0})
        assert ann.receive()["fair"]["next"]["waiting"][0]["seeded"] == [0]  # Ann's slot
        # Bob's join fills the table and starts it: his seed for hand 1 goes with the join,
        # answering the commitment the table info shows.
        seen = server.get(f"/api/tables/{table}").json()["next_commitment"]
        assert seen == waiting[0]["commitment"]
        body = {"name": "Bob", "seed": "bob's luck", "commitment": seen}
        bob_token = server.post(f"/api/tables/{table}/join", body).json()["token"]
        with server.player(table, bob_token) as bob:
            bob_welcome = bob.receive()
            bob_seat = bob_welcome["seat"]
            for waiting_hand in bob_welcome["fair"]["match"]["waiting"]:  # hand 2, committed
                bob.send({"type": "seed", "hand": waiting_hand["hand"], "seed": "bob's luck"})
            logs = play_logging([ann, bob], ["ann's luck", "bob's luck"])
    log = logs[0]
    reveals = {m["hand"]: (i, m) for i, m in enumerate(log) if m["type"] == "reveal"}
    commits = {m["hand"]: (i, m) for i, m in enumerate(log) if m["type"] == "commit"}
    hands = sorted(reveals)
    assert len(hands) >= 2 and hands == list(range(1, len(hands) + 1))
    assert reveals[1][1]["commitment"] == waiting[0]["commitment"]  # hand 1: from the welcome
    for hand in hands:
        place, revealed = reveals[hand]
        secret = revealed["secret"]
        assert commitment(bytes.fromhex(secret)) == revealed["commitment"]
        dealt = deal_update(log, hand)
        if hand > 1:  # committed to in an earlier message than the one that deals it
            assert commits[hand][0] < dealt
            assert commits[hand][1]["commitment"] == revealed["commitment"]
        # The secret is in no message before its reveal, and the reveal comes once the hand
        # is over: with the next hand's deal, or the game's end.
        assert all(secret not in json.dumps(m) for m in log[:place])
        if hand < hands[-1]:
            assert place < deal_update(log, hand + 1)
            assert place > deal_update(log, hand)
        else:
            end = next(
                i for i, m in enumerate(log) if m["type"] == "update" and m["view"].get("outcome")
            )
            assert place <= end
        seeds = revealed["seeds"]
        assert seeds[bob_seat] == "bob's luck" and seeds[1 - bob_seat] == "ann's luck"
    # The deal depends on both seeds: either seat's seed changed deals another hand 2.
    second = reveals[2][1]
    # The hand's shuffle (after the pick of its dealer where a dealer is drawn every hand).
    number = next(i for i, step in enumerate(second["steps"]) if "shuffle" in step)
    assert all(step.keys() == {"pick", "choices"} for step in second["steps"][:number])
    secret = bytes.fromhex(second["secret"])

    def deck(seeds: list[str]) -> list[str]:
        return card_names(derive(Shuffle(DECK), secret, seeds, 2, number))

    both = second["seeds"]
    assert deck(both) == second["steps"][number]["shuffle"]
    assert deck([both[0], "x"]) != deck(both) and deck(["x", both[1]]) != deck(both)
    # The stored record keeps every commitment, seed and secret, and verifies.
    server.wait_for(lambda: server.get(f"/api/tables/{table}/records").json() == [1], "record")
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert [h["seeds"][bob_seat] for h in record["fair"]["hands"]] == ["bob's luck"] * len(hands)
    assert verify(record).hands == hands


def test_a_bots_seat_and_a_seat_without_a_seed_have_the_empty_seed(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], players=2, score_target=31)
    token = server.join(table, "Ann")  # the table starts at once, and no seed came with it
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_to_end()
    server.wait_for(lambda: server.get(f"/api/tables/{table}/records").json() == [1], "record")
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["fair"]["hands"][0]["seeds"] == ["", ""]
    assert verify(record).unrevealed == []


def test_a_seed_for_a_hand_not_waiting_is_refused_and_changes_nothing(server: Server) -> None:
    table = server.table(players=2, score_target=61)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.send({"type": "seed", "hand": 2, "seed": "early"})
        error = ann.receive()
        assert error["type"] == "error" and "hand 2 takes no seed now" in error["message"]
        ann.send({"type": "seed", "hand": 1, "seed": "x" * 65})
        assert "1 to 64 characters" in ann.receive()["message"]
        ann.send({"type": "seed", "hand": "one", "seed": "x"})
        assert ann.receive()["code"] == "bad-seed"
        seeds = server.in_room(
            table, lambda room: room.upcoming.seeds_in if room.upcoming else None
        )
        assert seeds == {}
    with server.player(table, None) as watcher:
        watcher.receive()
        watcher.send({"type": "seed", "hand": 1, "seed": "nosy"})
        assert watcher.receive()["code"] == "seat"


def test_a_restart_keeps_the_deals_verifiable(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], players=2, score_target=61)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
        ann.act(ann.view["legal"][0])
        ann.drain()
        before = ann.view
    server.restart_after(5)
    with server.player(table, token) as ann:
        welcome = ann.receive()
        assert welcome["fair"]["match"]["hands"][0]["hand"] == 1
        ann.drain()
        assert (ann.view["hand"], ann.view["starter"]) == (before["hand"], before["starter"])
        ann.play_to_end()
    server.wait_for(lambda: server.get(f"/api/tables/{table}/records").json() == [1], "record")
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert len(verify(record).hands) >= 2


def test_a_seed_with_a_join_answering_another_commitment_is_not_taken(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], players=2, score_target=31)
    body = {"name": "Ann", "seed": "stale", "commitment": "00" * 32}
    token = server.post(f"/api/tables/{table}/join", body).json()["token"]
    with server.player(table, token) as ann:
        welcome = ann.receive()
        assert welcome["fair"]["match"]["hands"][0]["seeds"] == ["", ""]
    bots_first = server.table(bots=[None, "greedy"], players=2, score_target=31)
    seen = server.get(f"/api/tables/{bots_first}").json()["next_commitment"]
    body = {"name": "Ann", "seed": "fresh", "commitment": seen}
    token = server.post(f"/api/tables/{bots_first}/join", body).json()["token"]
    with server.player(bots_first, token) as ann:
        welcome = ann.receive()
        first = welcome["fair"]["match"]["hands"][0]
        assert first["commitment"] == seen and "fresh" in first["seeds"]
