"""The seats: the first free slot is taken, stored before anyone hears of it; a token opens
only its own slot; a rated table seats known people once; connections and the grace of a
player who went away."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from room_parts import stored_table, table_row

from pegboard.server.http.inputs import BadInput
from pegboard.server.store.sql_store import Store
from pegboard.server.tables.errors import SeatError
from pegboard.server.tables.seats import Seats
from pegboard.server.tables.slot import bot_slot


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return stored_table(tmp_path, table_row(players=3))


def take(seats: Seats, name: str, player: str | None, rated: bool) -> tuple[int, str]:
    return asyncio.run(seats.take(name, player, rated))


def with_a_bot(tmp_path: Path) -> tuple[Seats, Store]:
    """Seats of a table made with a bot in slot 0 (as the lobby stores one), and its store."""
    bot = bot_slot("greedy", 0)
    held = {"slot": 0, "name": bot.name, "kind": bot.kind, "token": bot.token, "player": None}
    row = table_row(players=3, slots=[held])
    store = stored_table(tmp_path, row)
    return Seats(row, store), store


def test_people_take_the_first_free_slot_and_it_is_stored(tmp_path: Path) -> None:
    seats, store = with_a_bot(tmp_path)
    assert take(seats, "Ann", None, rated=False)[0] == 1
    index, token = take(seats, "Bob", None, rated=False)
    assert index == 2 and seats.full()
    stored = store.table("t1")
    assert stored is not None
    assert [(s["name"], s["kind"]) for s in stored.slots] == [
        ("Greedy 1", "bot:greedy"),
        ("Ann", "human"),
        ("Bob", "human"),
    ]
    assert seats.of_token(token) == 2
    assert seats.people() == [1, 2]
    with pytest.raises(SeatError, match="every seat"):
        take(seats, "Cy", None, rated=False)


def test_a_token_opens_its_own_slot_only(tmp_path: Path) -> None:
    seats, _ = with_a_bot(tmp_path)
    index, _ = take(seats, "Ann", None, rated=False)
    bot = seats.slots[0]
    assert bot is not None
    assert seats.of_token(None) is None and seats.of_token("") is None  # spectators
    with pytest.raises(SeatError, match="not valid"):
        seats.of_token("forged")
    with pytest.raises(SeatError):  # a bot's token is never a person's way in
        seats.of_token(bot.token)
    assert index == 1


def test_a_name_that_passes_for_someone_else_is_refused_and_nothing_is_stored(
    store: Store,
) -> None:
    seats = Seats(table_row(players=3), store)
    take(seats, "Ann", None, rated=False)
    for name in ("ann", "Greedy 3"):
        with pytest.raises(BadInput, match="choose another name"):
            take(seats, name, None, rated=False)
    stored = store.table("t1")
    assert stored is not None and [s["name"] for s in stored.slots] == ["Ann"]
    assert seats.slots[1:] == [None, None]


def test_a_rated_table_seats_known_people_once(store: Store) -> None:
    seats = Seats(table_row(players=3), store)
    with pytest.raises(SeatError, match="needs a name"):
        take(seats, "Ann", None, rated=True)
    take(seats, "Ann", "player-ann", rated=True)
    with pytest.raises(SeatError, match="a seat at this table already"):
        take(seats, "Ann2", "player-ann", rated=True)
    assert seats.of_player("player-ann", left=set()) is not None
    assert seats.of_player("player-ann", left={0}) is None  # left after a match


def test_the_last_connection_gone_starts_the_grace_and_a_return_ends_it(store: Store) -> None:
    seats = Seats(table_row(players=3), store)
    index, _ = take(seats, "Ann", None, rated=False)
    assert seats.connect(index) is True  # back from away
    assert seats.connect(index) is False  # a second device
    assert seats.disconnect(index, now=100.0) is False
    assert seats.graces(60.0) == []
    assert seats.disconnect(index, now=100.0) is True
    assert seats.away(index)
    assert seats.graces(60.0) == [(160.0, index)]
    assert seats.grace_over(index) is True
    assert seats.graces(60.0) == []  # the alarm rings once


def test_no_grace_before_the_game_and_none_for_a_player_back(store: Store) -> None:
    seats = Seats(table_row(players=3), store)
    index, _ = take(seats, "Ann", None, rated=False)
    seats.connect(index)
    assert seats.disconnect(index, now=None) is True  # waiting: no game, no grace
    assert seats.graces(60.0) == []
    seats.away_from(200.0)  # the game starts without her
    assert seats.graces(60.0) == [(260.0, index)]
    seats.away_from(300.0)  # still away since then
    assert seats.graces(60.0) == [(260.0, index)]
    seats.connect(index)
    assert seats.grace_over(index) is False
