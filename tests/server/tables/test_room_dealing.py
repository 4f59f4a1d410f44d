"""A table's deals: the next match's hand 1 committed to while the table waits, the seeds given
for it (on joining, or by a seated person) dealt in seat order, the entries that rebuild the
deals and the messages around each update, the reveals when the game is over and the rematch's
new commitment, a restored match dealt the same again, a daily game dealt from the day's secret
alone, and no verifiable deals where the settings make the chance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from room_parts import stored_table, table_row

from pegboard.core.chance import ScriptedChance
from pegboard.core.fair import commitment
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.errors import IllegalAction
from pegboard.server.daily.store import add_attempt, day_secret
from pegboard.server.http.protocol import ProtocolError
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.dealing import Dealing
from pegboard.server.tables.settings import RoomSettings


def waiting_table(tmp_path: Path, **fields: Any) -> tuple[TableRow, Store, Dealing]:
    row = table_row(**fields)
    store = stored_table(tmp_path, row)
    return row, store, Dealing(row, store, RoomSettings())


def dealt(row: TableRow, dealing: Dealing, **kwargs: Any) -> Game:
    """The match's game, dealt from the part's chance (as the room deals it)."""
    return Game(get_spec(row.game), row.players, None, row.options, chance=dealing.chance(**kwargs))


def test_a_waiting_table_shows_its_next_hand_1_commitment_and_takes_seeds_for_it(
    tmp_path: Path,
) -> None:
    _, _, dealing = waiting_table(tmp_path)
    upcoming = dealing.upcoming
    assert upcoming is not None and dealing.deals is None
    secret = upcoming.committed[1]
    assert dealing.table_info() == {"next_commitment": commitment(secret)}
    assert dealing.after_update() == []  # nobody was connected: the welcomes carry it
    welcome = dealing.welcome()
    assert welcome is not None and welcome["match"] is None
    assert welcome["next"]["waiting"] == [
        {"hand": 1, "commitment": commitment(secret), "seeded": []}
    ]
    dealing.seed_on_joining(0, ("not the commitment", "ignored"))
    dealing.seed_on_joining(1, (commitment(secret), "joiner"))
    dealing.give_seed(0, 1, "seated")
    assert upcoming.seeds_in == {1: {1: "joiner", 0: "seated"}}
    with pytest.raises(IllegalAction, match="is in already"):
        dealing.give_seed(0, 1, "twice")
    with pytest.raises(IllegalAction, match="takes no seed now"):
        dealing.give_seed(0, 2, "too soon")
    assert upcoming.seeds_in == {1: {1: "joiner", 0: "seated"}}  # refused: nothing changed


def test_the_match_is_dealt_from_the_committed_secret_and_the_seeds_in_seat_order(
    tmp_path: Path,
) -> None:
    row, _, dealing = waiting_table(tmp_path)
    upcoming = dealing.upcoming
    assert upcoming is not None
    dealing.give_seed(0, 1, "slot zero")
    row.status, row.seating = "playing", [1, 0]
    game = dealt(row, dealing)
    assert dealing.deals is upcoming and dealing.upcoming is None
    assert dealing.table_info() == {}  # no next commitment while playing
    entries = dealing.take_entries()
    assert [e["fair"] for e in entries] == ["commit", "seed", "deal", "commit"]
    assert entries[2] == {"fair": "deal", "hand": 1, "seeds": ["", "slot zero"]}  # by seat
    assert dealing.take_entries() == []  # each entry is stored once
    told = dealing.before_update()
    assert [m["type"] for m in told] == ["commit"] and told[0]["hand"] == 2
    assert game.chance_log  # the first dealer is drawn from hand 1's secret
    with pytest.raises(IllegalAction, match="takes no seed now"):
        dealing.give_seed(0, 1, "late")  # hand 1 is dealt
    dealing.give_seed(0, 2, "next hand")  # seeds for the hand committed to now


def test_the_game_over_reveals_every_hand_and_commits_to_the_rematchs_hand_1(
    tmp_path: Path,
) -> None:
    row, _, dealing = waiting_table(tmp_path)
    row.status, row.seating = "playing", [0, 1]
    game = dealt(row, dealing)
    dealing.take_entries()
    dealing.before_update()
    game.leave(0)
    assert game.outcome is not None
    dealing.game_over()
    revealed = dealing.before_update()
    assert [m["type"] for m in revealed] == ["reveal"] and revealed[0]["hand"] == 1
    row.status = "results"
    rematch = dealing.after_update()
    assert [(m["type"], m["hand"]) for m in rematch] == [("commit", 1)]
    assert dealing.upcoming is not None and dealing.upcoming is not dealing.deals
    assert "next_commitment" in dealing.table_info()
    welcome = dealing.welcome()
    assert welcome is not None and welcome["match"]["hands"][0]["type"] == "reveal"


def test_a_restored_match_is_dealt_the_same_from_its_stored_entries(tmp_path: Path) -> None:
    row, store, dealing = waiting_table(tmp_path)
    row.status, row.seating = "playing", [1, 0]
    game = dealt(row, dealing)
    fair = dealing.take_entries()
    again = Dealing(row, store, RoomSettings())
    assert again.upcoming is None  # a table playing commits to no next match
    restored = dealt(row, again, stored=list(game.chance_log), fair=fair)
    assert restored.chance_log == game.chance_log
    assert restored.view(0) == game.view(0)
    again.restored(len(fair), over=False)
    assert again.persisted == len(fair)
    assert again.before_update() == []  # nothing is sent again: welcomes carry the summary


def test_a_daily_table_deals_every_hand_from_the_days_secret_alone(tmp_path: Path) -> None:
    row = table_row()
    store = stored_table(tmp_path, row)
    secret = day_secret(store.engine, "2026-11-27", 1_000_000.0)
    with store.engine.begin() as db:
        add_attempt(db, "2026-11-27", "cribbage", "p1", "Ann", row.id, 1_000_000.0)
    dealing = Dealing(row, store, RoomSettings())
    assert dealing.upcoming is None and dealing.daily is not None
    assert dealing.table_info() == {"daily": "2026-11-27"}
    assert dealing.welcome() == {"daily": {"day": "2026-11-27", "commitment": commitment(secret)}}
    row.status, row.seating = "playing", [0, 1]
    first, second = dealt(row, dealing), dealt(row, dealing)
    assert first.chance_log == second.chance_log  # the same deals for everyone
    assert dealing.take_entries() == []  # nothing to store: the day's secret rebuilds them
    with pytest.raises(ProtocolError, match="take no seeds"):
        dealing.give_seed(0, 1, "mine")


def test_where_the_settings_make_the_chance_there_are_no_verifiable_deals(
    tmp_path: Path,
) -> None:
    row = table_row()
    store = stored_table(tmp_path, row)
    dealing = Dealing(row, store, RoomSettings(chance=lambda: ScriptedChance([(1,)])))
    assert dealing.upcoming is None and dealing.welcome() is None
    assert dealing.table_info() == {}
    with pytest.raises(ProtocolError, match="take no seeds"):
        dealing.give_seed(0, 1, "mine")
    row.status, row.seating = "playing", [0, 1]
    chance = dealing.chance(first_dealer=0)
    assert isinstance(chance, ScriptedChance)  # the loser's pick first, then the test's source
    assert dealing.deals is None
