"""Discard hints over the WebSocket: exact, private, refused when not allowed, kept by the store."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any, cast

import pytest
from harness import Client, Server

from pegboard.analysis import analyze_discards, clear_caches, tables
from pegboard.analysis.question import DiscardQuestion
from pegboard.bots.search.play_hint import play_answer, play_question
from pegboard.cards import parse_card, parse_cards
from pegboard.core import ScriptedChance, SeededChance
from pegboard.core.wire import BotView
from pegboard.errors import CardError
from pegboard.games.cribbage import stack_deck
from pegboard.server.store.sql_store import Store
from pegboard.server.tables import hints
from pegboard.server.tables.hints import hint_message, hint_query

TWO = ["5H 5C 5S JD 7C 9D", "AH 2C 3D KS QH 8S"]  # seat 0 deals the first hand
THREE = ["5H 5C 5S JD 7C", "AH 2C 3D KS QH", "4D 6D 8C 9S TH"]
CRIB_CARD = "2S"  # with 3 players one card goes straight to the crib
STARTER = "4C"


def script(server: Server, hands: list[str], crib: str = "") -> None:
    """Every game this server starts deals ``hands`` (by seat) with seat 0 dealing first."""
    deck = [
        int(c)
        for c in stack_deck(
            [parse_cards(h) for h in hands], 0, parse_card(STARTER), parse_cards(crib)
        )
    ]
    server.settings.chance = lambda: ScriptedChance([(0,), deck], then=SeededChance("after"))


def new_table(server: Server, *, players: int = 2, hints: bool = True) -> str:
    """A Cribbage table: Ann (still to join) and greedy bots."""
    bots: list[str | None] = [None] + ["greedy"] * (players - 1)
    body = {"game": "cribbage", "players": players, "bots": bots, "hints": hints}
    response = server.post("/api/tables", body)
    response.raise_for_status()
    table: str = response.json()["id"]
    return table


def ask(client: Client) -> dict[str, Any]:
    """Send a hint request; the next message is its answer (a hint or an error)."""
    client.drain()
    client.send({"type": "hint"})
    return client.receive()


def cards_in(message: Any) -> set[str]:
    """Every string anywhere in a JSON message that reads as a card."""
    if isinstance(message, dict):
        return set().union(*(cards_in(v) for v in message.values()))
    if isinstance(message, list):
        return set().union(*(cards_in(v) for v in message))
    if isinstance(message, str):
        try:
            return {str(parse_card(message))}
        except CardError:
            return set()
    return set()


def test_two_players_get_all_fifteen_discards_exactly_as_analysed(server: Server) -> None:
    script(server, TWO)
    table = new_table(server)
    with server.player(table, server.join(table, "Ann")) as ann:
        ann.receive()
        ann.drain()
        version = ann.version
        hint = ask(ann)
        seat = ann.seat
        assert seat is not None and hint["type"] == "hint", hint
        assert ann.version == version and ann.view["legal"], "asking changed nothing"
        mine, theirs = TWO[seat], TWO[1 - seat]
        assert sorted(hint["hand"]) == sorted(mine.split()) == sorted(ann.view["hand"])
        dealer = seat == 0
        assert hint["role"] == ("dealer" if dealer else "pone")
        assert hint["tosses"] == "strong" and hint["players"] == 2
        # The hand as the view holds it (sorted): equal nets keep that order.
        expected = analyze_discards(parse_cards(hint["hand"]), dealer=dealer, tosses="strong")
        rows = hint["discards"]
        assert len(rows) == 15
        assert rows == [a.to_json() for a in expected]
        assert rows[0]["discard"] == [str(c) for c in expected[0].discard]
        nets = [row["net"] for row in rows]
        assert nets == sorted(nets, reverse=True), "best first"
        sign = 1 if dealer else -1
        assert all(row["crib_sign"] == sign for row in rows)
        assert all(row["net"] == pytest.approx(row["hand"] + sign * row["crib"]) for row in rows)
        # Only Ann's own cards appear: nothing of the bot's hand, the crib or the starter.
        assert cards_in(hint) == {str(c) for c in parse_cards(mine)}
        assert not cards_in(hint) & {str(c) for c in parse_cards(theirs + " " + STARTER)}
        # The best discard is a legal one, made as it is given.
        ann.act({"type": "discard", "cards": rows[0]["discard"]})
        ann.drain()
        assert sorted(ann.view["discarded"]) == sorted(rows[0]["discard"])


def test_three_players_get_the_five_discards_of_a_five_card_hand(server: Server) -> None:
    script(server, THREE, CRIB_CARD)
    table = new_table(server, players=3)
    with server.player(table, server.join(table, "Ann")) as ann:
        ann.receive()
        hint = ask(ann)
        seat = ann.seat
        assert seat is not None and hint["type"] == "hint", hint
        mine = THREE[seat]
        assert sorted(hint["hand"]) == sorted(mine.split())
        expected = analyze_discards(parse_cards(hint["hand"]), dealer=seat == 0, players=3)
        assert hint["tosses"] == "random" and hint["players"] == 3
        assert hint["discards"] == [a.to_json() for a in expected]
        assert len(hint["discards"]) == 5
        assert all(len(row["discard"]) == 1 and len(row["keep"]) == 4 for row in hint["discards"])
        assert cards_in(hint) == {str(c) for c in parse_cards(mine)}


def test_the_role_comes_from_the_view_partners_included() -> None:
    hand = "5H 5C 5S JD 7C"
    base: dict[str, Any] = {
        "game": "cribbage",
        "phase": "discard",
        "legal": [{"type": "discard", "cards": ["5H"]}],
        "active": [0, 1, 2, 3],
        "hand": hand.split(),
        "hand_number": 2,
        "dealer": 3,
    }
    cases = [(3, True, "dealer"), (1, True, "partner"), (0, True, "pone"), (1, False, "pone")]
    for seat, teams, role in cases:
        query = hint_query(cast(BotView, base | {"seat": seat, "teams": teams}))  # partial
        assert isinstance(query, DiscardQuestion), "a discard to make asks the discard question"
        assert query.role == role, (seat, teams)
        message = hint_message(query)
        expected = analyze_discards(
            parse_cards(hand), dealer=role == "dealer", players=4, partner_deals=role == "partner"
        )
        assert message["discards"] == [a.to_json() for a in expected]
        assert message["hand_number"] == 2


def test_concurrent_first_hints_build_the_analysis_tables_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four hints asked at once on a fresh server: the tables are built by one of them (the
    others wait), as many times as one hint alone builds them."""
    built: list[int] = []
    real = tables._combined

    def counted(first: tuple[int, ...], second: tuple[int, ...]) -> Any:
        built.append(1)
        return real(first, second)

    monkeypatch.setattr(tables, "_combined", counted)
    hands = ["5H 5C 5S JD 7C 9D", "AH 2C 3D KS QH 8S", "4D 6D 8C 9S TH 2H", "3S 4S 6H 7D 8D JC"]
    questions = [DiscardQuestion(tuple(h.split()), 1, "pone", 2) for h in hands]

    def fresh_server() -> None:
        clear_caches()
        built.clear()
        monkeypatch.setattr(hints, "_built", threading.Event())

    fresh_server()
    hint_message(questions[0])
    alone = len(built)
    assert alone > 0, "a first hint builds tables"

    fresh_server()
    start = threading.Barrier(len(questions))

    def ask_at_once(question: DiscardQuestion) -> None:
        start.wait()
        hint_message(question)

    threads = [threading.Thread(target=ask_at_once, args=(q,)) for q in questions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(built) == alone


def refused(client: Client, code: str) -> None:
    client.drain()  # the bots' moves so far (they think in their own threads)
    version, view = client.version, client.view
    reply = ask(client)
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert reply["message"]
    client.drain()
    assert client.version == version and client.view == view, "a refused hint changes nothing"


def test_no_hint_when_the_table_does_not_allow_them(server: Server) -> None:
    table = new_table(server, hints=False)
    assert server.get(f"/api/tables/{table}").json()["hints"] is False
    with server.player(table, server.join(table, "Ann")) as ann:
        ann.receive()
        assert ann.view["legal"], "Ann has a discard to make"
        refused(ann, "no-hints")


def test_no_hint_for_a_spectator(server: Server) -> None:
    table = new_table(server)
    server.join(table, "Ann")
    with server.player(table, None) as spectator:
        spectator.receive()
        refused(spectator, "seat")


def test_no_hint_before_the_start(server: Server) -> None:
    waiting = server.post("/api/tables", {"game": "cribbage", "players": 2}).json()["id"]
    with server.player(waiting, server.join(waiting, "Ann")) as ann:
        ann.receive()
        refused(ann, "not-now")


def test_a_play_hint_ranks_the_cards_ann_may_play_from_her_view(server: Server) -> None:
    script(server, TWO)  # Ann sits at either seat: she leads, or plays after the bot
    table = new_table(server)
    with server.player(table, server.join(table, "Ann")) as ann:
        ann.receive()
        ann.act({"type": "discard", "cards": ann.view["hand"][-2:]})
        while not any(a["type"] == "play" for a in ann.view.get("legal") or []):
            ann.receive()
        view = ann.view
        reply = ask(ann)
        assert reply["type"] == "hint" and reply["kind"] == "play", reply
        question = play_question(cast(BotView, view))  # the view as the client received it
        assert question is not None
        assert reply["plays"] == [value.to_json() for value in play_answer(question)]
        assert reply["count"] == view["count"] and reply["playable"] == list(question.playable)
        played = {p["card"] for p in view["played"]}
        assert cards_in(reply) <= set(view["hand"]), "the hint names only Ann's own cards"
        assert not cards_in(reply) & played


def test_only_cribbage_tables_offer_hints(server: Server) -> None:
    info = server.post("/api/tables", {"game": "cribist", "players": 4, "hints": True}).json()
    assert info["hints"] is False
    lobby = {t["id"]: t for t in server.get("/api/tables").json()}
    assert lobby[info["id"]]["hints"] is False
    response = server.post("/api/tables", {"game": "cribbage", "players": 2, "hints": "maybe"})
    assert response.status_code == 422


def test_the_hints_setting_survives_a_restart(server: Server) -> None:
    on, off = new_table(server), new_table(server, hints=False)
    ann_on, ann_off = server.join(on, "Ann"), server.join(off, "Ann")
    server.stop()
    server.start()
    kept = {t: server.get(f"/api/tables/{t}").json()["hints"] for t in (on, off)}
    assert kept == {on: True, off: False}
    with server.player(off, ann_off) as ann:
        ann.receive()
        refused(ann, "no-hints")
    with server.player(on, ann_on) as ann:
        ann.receive()
        assert ask(ann)["type"] == "hint"


def test_a_table_stored_before_hints_existed_allows_them(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:  # the tables table as it was, without the hints column
        old.execute(
            "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(32) NOT NULL, "
            "players INTEGER NOT NULL, options TEXT NOT NULL, status VARCHAR(16) NOT NULL, "
            "seed INTEGER NOT NULL, match INTEGER NOT NULL, seating TEXT NOT NULL, "
            "deadline FLOAT, created FLOAT NOT NULL)"
        )
        old.execute(
            "INSERT INTO tables VALUES ('old1', 'cribbage', 2, '{}', 'waiting', 7, 1, '[]', "
            "NULL, 1.0)"
        )
    store = Store(f"sqlite:///{db}")
    try:
        assert [row.hints for row in store.tables()] == [True]
    finally:
        store.close()
    server = Server(db)
    server.start()
    try:
        assert server.get("/api/tables/old1").json()["hints"] is True
    finally:
        server.stop()
