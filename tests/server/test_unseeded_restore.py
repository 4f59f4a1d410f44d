"""No path deals from the table's seed: a match restored without any stored chance outcome (a
crash between storing its start and its first deal) is dealt afresh by the operating system,
and its record names no seed. A table that cannot be rebuilt is set aside with a reason that
holds no card and no deck."""

from __future__ import annotations

import json
import re
from pathlib import Path

from harness import Server
from sqlalchemy import create_engine, text

from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import cribbage_view
from pegboard.server.store.sql_store import Store

CARD = re.compile(r"\b(?:[A2-9TJQK]|10)[CDHS]\b")


def started_table(server: Server) -> tuple[str, str]:
    table = server.table(bots=[None, "greedy"], score_target=31)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.drain()
    return table, token


def forget_the_match(db: Path, table: str) -> None:
    """As a crash right after the match's start was stored, before its deal was."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        connection.execute(text("delete from actions where table_id = :t"), {"t": table})
    engine.dispose()


def test_a_match_restored_without_its_deal_is_dealt_afresh(server: Server) -> None:
    table, token = started_table(server)
    seed, options = server.in_room(table, lambda room: (room.row.seed, room.row.options))
    server.stop()
    assert isinstance(server.db, Path)
    forget_the_match(server.db, table)
    server.start()
    assert server.in_room(table, lambda room: room.game.seed if room.game else 0) is None
    dealt = server.in_room(table, lambda room: room.game.chance_log if room.game else [])
    shuffle = next(step["shuffle"] for step in dealt if "shuffle" in step)
    from_seed = Game(get_spec("cribbage"), 2, seed * 1000 + 1, options).chance_log
    assert shuffle != next(step["shuffle"] for step in from_seed if "shuffle" in step)
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_to_end()
    server.wait_for(
        lambda: server.get(f"/api/tables/{table}/records").json() == [1], "the record", 10
    )
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["seed"] is None and str(seed) not in json.dumps(record)


def test_the_reason_a_table_is_broken_holds_no_cards(server: Server) -> None:
    table, _ = started_table(server)
    server.stop()
    assert isinstance(server.db, Path)
    engine = create_engine(f"sqlite:///{server.db}")
    with engine.begin() as connection:  # a deck with one card twice: it cannot be dealt
        rows = connection.execute(
            text("select n, entry from actions where table_id = :t order by n"), {"t": table}
        ).all()
        n, entry = next(
            (n, json.loads(e)) for n, e in rows if "shuffle" in json.loads(e).get("chance", {})
        )
        deck = entry["chance"]["shuffle"]
        spoilt = entry | {"chance": entry["chance"] | {"shuffle": [deck[1], *deck[1:]]}}
        connection.execute(
            text("update actions set entry = :e where table_id = :t and n = :n"),
            {"e": json.dumps(spoilt), "t": table, "n": n},
        )
    server.start()
    with engine.connect() as connection:
        status, reason = connection.execute(
            text("select status, broken from tables where id = :t"), {"t": table}
        ).one()
    engine.dispose()
    assert status == "broken" and reason
    assert CARD.search(reason) is None, reason


def test_a_match_stored_before_outcomes_were_kept_keeps_its_deal_and_deals_afresh(
    server: Server,
) -> None:
    """Actions only, as a version that dealt from the seed stored them: the deal the players
    saw is dealt again from that seed, once, and stored with the next change; the deals to
    come are fresh (the restored game has no seed)."""
    table, token = started_table(server)
    seed, options, seating = server.in_room(
        table, lambda room: (room.row.seed, room.row.options, room.row.seating)
    )
    server.stop()
    assert isinstance(server.db, Path)
    old = Game(get_spec("cribbage"), 2, seed * 1000 + 1, options)
    for seat in (0, 1):  # both discard, as the old version stored it
        old.apply(seat, old.legal_actions(seat)[0])
    engine = create_engine(f"sqlite:///{server.db}")
    with engine.begin() as connection:
        connection.execute(text("delete from actions where table_id = :t"), {"t": table})
        for n, entry in enumerate(old.actions):
            connection.execute(
                text("insert into actions (table_id, match, n, entry) values (:t, 1, :n, :e)"),
                {"t": table, "n": n, "e": json.dumps(entry)},
            )
    engine.dispose()
    server.start()
    restored = server.in_room(table, lambda room: room.game)
    assert restored is not None and restored.seed is None
    ann_seat = seating.index(0)
    assert (
        cribbage_view(restored.view(ann_seat))["hand"] == cribbage_view(old.view(ann_seat))["hand"]
    ), "the deal she saw"
    with server.player(table, token) as ann:
        ann.receive()
        ann.play_to_end()
    stored = Store(f"sqlite:///{server.db}")
    try:
        chance = [e for e in stored.actions(table, 1) if "chance" in e]
    finally:
        stored.close()
    assert [e["chance"] for e in chance[: len(old.chance_log)]] == old.chance_log
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["seed"] is None
