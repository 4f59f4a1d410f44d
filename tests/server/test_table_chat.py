"""Table chat (docs/protocol.md, "Table chat"): seated players say short messages or quick
phrases; everyone seated reads them, and so do watchers where the host lets people watch. A
message past a limit is refused with error ``chat`` to its sender alone and nothing is kept. What
is said is stored before anyone hears it: a reconnecting client gets it, a restart keeps it, and
the replay shows it at its moment."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
import pytest
from harness import INVITES, Client, Server, play_together

from pegboard.server.http.limits import CHAT_BURST, CHAT_LENGTH, CHAT_WINDOW
from pegboard.server.tables.chat import PHRASES


def table_of_two(server: Server, **settings: Any) -> tuple[str, str, str]:
    """A two-person Cribbage table (first to 31) with Ann and Bob seated: id and tokens."""
    body = {"game": "cribbage", "players": 2, "options": {"score_target": 31}, **settings}
    response = server.post("/api/tables", body)
    assert response.status_code == 200, response.text
    table: str = response.json()["id"]
    return table, server.join(table, "Ann"), server.join(table, "Bob")


@contextmanager
def at_the_table(server: Server, table: str, *tokens: str | None) -> Iterator[list[Client]]:
    """Sockets for ``tokens`` (None: a watcher with the link), welcomed and caught up."""
    with ExitStack() as stack:
        clients = [stack.enter_context(server.player(table, token)) for token in tokens]
        for client in clients:
            client.receive()
            client.drain()
        yield clients


def said(client: Client) -> list[tuple[str, str]]:
    return [(m["name"], m["text"]) for m in client.chat]


def test_players_chat_and_watchers_read_it(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, bob_token, None) as (ann, bob, watcher):
        ann.send({"type": "chat", "text": "Hi Bob!"})
        bob.send({"type": "chat", "phrase": "good-luck"})
        for client in (ann, bob, watcher):
            client.until(lambda c: len(c.chat) == 2)
            assert said(client) == [("Ann", "Hi Bob!"), ("Bob", "Good luck")]
        first, second = ann.chat
        assert (first["n"], first["slot"], first["phrase"]) == (1, 0, None)
        assert (second["n"], second["slot"], second["phrase"]) == (2, 1, "good-luck")
        assert first["match"] == 1 and first["version"] == ann.version, "said at this moment"
        assert not ann.errors and not bob.errors


REFUSED = [
    ({"type": "chat", "text": "x" * (CHAT_LENGTH + 1)}, "chat", "at most 200 characters"),
    ({"type": "chat", "text": " \u200b "}, "chat", "empty"),  # nothing visible
    ({"type": "chat", "text": ""}, "chat", "empty"),
    ({"type": "chat", "phrase": "you-lose"}, "chat", "unknown phrase"),
    ({"type": "chat", "phrase": "Good luck"}, "chat", "unknown phrase"),
    ({"type": "chat", "text": "a\nb"}, "bad-json", "control character"),
    ({"type": "chat", "text": "a\u0000"}, "bad-json", "control character"),
    ({"type": "chat"}, "bad-chat", "a text or a phrase"),
    ({"type": "chat", "text": "hi", "phrase": "thanks"}, "bad-chat", "a text or a phrase"),
    ({"type": "chat", "text": 7}, "bad-chat", "a text or a phrase"),
    ({"type": "chat", "phrase": ["thanks"]}, "bad-chat", "a text or a phrase"),
]


@pytest.mark.store
@pytest.mark.parametrize(("message", "code", "why"), REFUSED)
def test_a_message_past_its_limits_is_refused_and_nothing_is_said(
    server: Server, message: dict[str, Any], code: str, why: str
) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        ann.send(message)
        ann.until(lambda c: bool(c.errors))
        bob.drain()
        assert [(e["code"], why in e["message"]) for e in ann.errors] == [(code, True)]
        assert ann.chat == bob.chat == [] and not bob.errors
    with at_the_table(server, table, bob_token) as (bob,):
        assert bob.chat == [], "nothing was kept"


def test_a_message_is_cleaned_like_a_name_and_html_is_only_text(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server)
    cases = [
        ("ｇｏｏｄ  ｈａｎｄ", "good hand"),  # fullwidth forms: NFKC
        ("  well\u200b   played\u202e ", "well played"),  # invisible format characters, spaces
        ("<b>x</b> & <script>alert(1)</script>", "<b>x</b> & <script>alert(1)</script>"),
        ("é" * CHAT_LENGTH, "é" * CHAT_LENGTH),  # the longest message there may be
    ]
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        for text, _ in cases:
            ann.send({"type": "chat", "text": text})
        bob.until(lambda c: len(c.chat) == len(cases))
        assert [m["text"] for m in bob.chat] == [shown for _, shown in cases]


def test_a_table_of_quick_phrases_takes_phrases_only(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server, chat="phrases")
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        ann.send({"type": "chat", "text": "you will lose"})
        phrases = list(PHRASES)
        for phrase in phrases[:CHAT_BURST]:
            bob.send({"type": "chat", "phrase": phrase})
        bob.until(lambda c: len(c.chat) == CHAT_BURST)
        server.advance(CHAT_WINDOW)
        for phrase in phrases[CHAT_BURST:]:
            bob.send({"type": "chat", "phrase": phrase})
        ann.until(lambda c: len(c.chat) == len(phrases) and bool(c.errors))
        assert [e["code"] for e in ann.errors] == ["chat"] and not bob.errors
        assert "quick phrases only" in ann.errors[0]["message"]
        assert [m["text"] for m in ann.chat] == list(PHRASES.values())
        assert [m["phrase"] for m in ann.chat] == phrases


@pytest.mark.store
def test_each_seat_may_say_five_things_in_ten_seconds(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        for n in range(CHAT_BURST + 1):
            ann.send({"type": "chat", "text": f"message {n}"})
        ann.until(lambda c: bool(c.errors))
        bob.send({"type": "chat", "phrase": "oops"})  # another seat has its own allowance
        ann.until(lambda c: len(c.chat) == CHAT_BURST + 1)
        assert [m["text"] for m in ann.chat] == [f"message {n}" for n in range(CHAT_BURST)] + [
            "Oops"
        ]
        assert [e["code"] for e in ann.errors] == ["chat"]
        assert "at most 5 messages in 10 seconds" in ann.errors[0]["message"]
        server.advance(CHAT_WINDOW - 1)
        ann.send({"type": "chat", "text": "still too soon"})
        ann.until(lambda c: len(c.errors) == 2)
        server.advance(1)
        ann.send({"type": "chat", "text": "now then"})
        ann.until(lambda c: len(c.chat) == CHAT_BURST + 2)
        assert [e["code"] for e in ann.errors] == ["chat", "chat"]
        assert ann.chat[-1]["text"] == "now then"


@pytest.mark.store
def test_watchers_read_only_where_the_host_lets_people_watch(server: Server) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, None) as (ann, watcher):
        watcher.send({"type": "chat", "text": "hello players"})
        watcher.send({"type": "chat", "phrase": "hello"})
        watcher.until(lambda c: len(c.errors) == 2)
        ann.drain()
        assert [e["code"] for e in watcher.errors] == ["chat", "chat"]
        assert "only the players write" in watcher.errors[0]["message"]
        assert ann.chat == [] == watcher.chat

    # No watchers here: a visitor to the waiting room hears nothing of the players' chat.
    made = server.post("/api/tables", {"game": "cribbage", "players": 3, "watching": False})
    private = made.json()["id"]
    ann_token, bob_token = server.join(private, "Ann"), server.join(private, "Bob")
    with at_the_table(server, private, ann_token, bob_token, None) as (ann, bob, visitor):
        ann.send({"type": "chat", "text": "just us"})
        bob.until(lambda c: bool(c.chat))
        visitor.drain()
        assert said(bob) == [("Ann", "just us")]
        assert visitor.chat == []
    with at_the_table(server, private, None) as (visitor,):
        assert visitor.chat == [], "nor in the welcome"
    with at_the_table(server, private, bob_token) as (bob,):
        assert said(bob) == [("Ann", "just us")], "the players get it back"


@pytest.mark.store
def test_the_chat_is_stored_and_comes_back_after_a_restart_and_in_the_replay(
    server: Server,
) -> None:
    table, ann_token, bob_token = table_of_two(server)
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        ann.send({"type": "chat", "phrase": "good-luck"})
        bob.until(lambda c: bool(c.chat))
        at_start = bob.chat[0]["version"]
        bob.act(bob.view["legal"][0])  # a discard: the game moves on
        bob.drain()
        ann.send({"type": "chat", "text": "<b>nice</b>"})
        ann.until(lambda c: len(c.chat) == 2)
        assert ann.chat[1]["version"] > at_start
    server.stop()
    server.start()
    with at_the_table(server, table, bob_token, None) as (bob, watcher):
        assert said(bob) == said(watcher) == [("Ann", "Good luck"), ("Ann", "<b>nice</b>")]
        bob.send({"type": "chat", "phrase": "thanks"})
        bob.until(lambda c: len(c.chat) == 3)
        assert [m["n"] for m in bob.chat] == [1, 2, 3], "numbered on after the restart"
    with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
        play_together(ann, bob)
        bob.send({"type": "chat", "phrase": "good-game"})  # on the results: still this match
        bob.until(lambda c: len(c.chat) == 4)
        final = bob.version
    chat = server.get(f"/api/tables/{table}/records/1/chat").json()
    assert [(m["n"], m["name"], m["text"]) for m in chat] == [
        (1, "Ann", "Good luck"),
        (2, "Ann", "<b>nice</b>"),
        (3, "Bob", "Thanks"),
        (4, "Bob", "Good game"),
    ]
    versions = [m["version"] for m in chat]
    assert versions == sorted(versions) and versions[0] == at_start and versions[-1] == final
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert versions[-1] == len(record["events"]), "the replay places the last at the end"
    assert server.get(f"/api/tables/{table}/records/2/chat").status_code == 404


def test_the_replays_chat_is_for_those_who_could_read_it(server: Server) -> None:
    """At a listed table where nobody may watch, the record is public but the chat is the
    players' own; at an unlisted one both need the link or a seat."""
    cases = [({"watching": False}, False), ({"listed": False}, False), ({}, True)]
    for settings, public in cases:
        table, ann_token, bob_token = table_of_two(server, **settings)
        with at_the_table(server, table, ann_token, bob_token) as (ann, bob):
            ann.send({"type": "chat", "phrase": "hello"})
            play_together(ann, bob)
        path = f"{server.url}/api/tables/{table}/records/1/chat"
        stranger = httpx.get(path, timeout=10)
        assert (stranger.status_code == 200) is public, settings
        assert httpx.get(f"{path}?token={bob_token}", timeout=10).json()[0]["text"] == "Hello"
        with_link = httpx.get(f"{path}?invite={INVITES[table]}", timeout=10)
        assert (with_link.status_code == 200) is bool(settings.get("watching", True)), settings


@pytest.mark.parametrize(("game", "options"), [("not-enough", {}), ("cribbage", {"teams": True})])
def test_partners_send_quick_phrases_only_while_a_hand_is_in_play(
    server: Server, game: str, options: dict[str, Any]
) -> None:
    """Seed 001_5556b57256b556f3.txt: "Team members may not communicate about card content". At a
    table with partners (docs/rules.md, "Cribbage is not Enough") a seated player's free text is
    refused while a hand is in play, with the reason, and nothing is said or kept; the quick phrases
    go through; at the pause after the show free text is back."""
    table = server.table(game, 4, [None, "greedy", "greedy", "greedy"], **options)
    token = server.join(table, "Ann")
    with at_the_table(server, table, token) as (ann,):
        ann.play_until("discard")
        assert ann.view["table_talk"] == "phrases"
        ann.send({"type": "chat", "text": "partner, I hold 3D 3H 8D 8H QH"})
        ann.until(lambda c: bool(c.errors))
        assert [e["code"] for e in ann.errors] == ["chat"]
        assert "partners may not talk about their cards" in ann.errors[0]["message"]
        assert "free text returns between hands" in ann.errors[0]["message"]
        assert ann.chat == []
        ann.send({"type": "chat", "phrase": "good-luck"})
        ann.until(lambda c: bool(c.chat))
        assert said(ann) == [("Ann", "Good luck")] and len(ann.errors) == 1
        ann.play_until("post-show")
        assert ann.view["table_talk"] == "free"
        ann.send({"type": "chat", "text": "well, that hand is over"})
        ann.until(lambda c: len(c.chat) == 2)
        assert said(ann)[-1] == ("Ann", "well, that hand is over") and len(ann.errors) == 1
    with at_the_table(server, table, token) as (ann,):
        assert [m["text"] for m in ann.chat] == ["Good luck", "well, that hand is over"]


def test_players_without_partners_talk_freely_during_a_hand(server: Server) -> None:
    table = server.table("cribbage", 4, [None, "greedy", "greedy", "greedy"])
    token = server.join(table, "Ann")
    with at_the_table(server, table, token) as (ann,):
        ann.play_until("discard")
        assert ann.view["table_talk"] == "free"
        ann.send({"type": "chat", "text": "four for themselves"})
        ann.until(lambda c: bool(c.chat) or bool(c.errors))
        assert said(ann) == [("Ann", "four for themselves")] and not ann.errors
