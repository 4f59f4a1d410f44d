"""How a room is rebuilt from the store (a restart, or another worker's table taken over): the
chat so far, the idle time of a waiting table, and the match in play or on its results, with
the same chance outcomes, the same actions, the same deals and the match's score."""

from __future__ import annotations

from typing import Protocol, cast

from pegboard.core.chance import ChanceSource
from pegboard.core.game import Game
from pegboard.core.wire import LoggedAction
from pegboard.records.replay import apply_entry
from pegboard.server.clock import Clock
from pegboard.server.ratings.settle import rating_changes
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.choices import Choices
from pegboard.server.tables.clocks import Clocks
from pegboard.server.tables.dealing import Dealing
from pegboard.server.tables.idle import Idle
from pegboard.server.tables.matches import Matches, first_dealer_of
from pegboard.server.tables.room_chat import TableChat
from pegboard.server.tables.seats import Seats


class Room(Protocol):
    """What a restore reads and sets of its room: the parts, and the counts of what the store
    holds of the match."""

    id: str
    row: TableRow
    store: Store
    clock: Clock
    persisted: int
    persisted_chance: int
    chat: TableChat
    idle: Idle
    seats: Seats
    matches: Matches
    dealing: Dealing
    choices: Choices
    clocks: Clocks

    def deal(self, chance: ChanceSource) -> Game: ...


def restore(room: Room) -> None:
    """Rebuild ``room``'s current match from the store: the same chance outcomes, the same
    actions, the same deals; and the chat so far."""
    row = room.row
    room.chat.restore()
    if row.status == "waiting":
        room.idle.restart(bool(room.seats.people()))
    if row.status not in ("playing", "results"):
        return
    entries = room.store.actions(room.id, row.match)
    fair = [e for e in entries if "fair" in e]
    actions = [cast(LoggedAction, e) for e in entries if "chance" not in e and "fair" not in e]
    outcomes = [e["chance"] for e in entries if "chance" in e]
    unstored = 0  # outcomes the store does not hold yet: stored with the next change
    if actions and not outcomes and not fair:  # a match stored before outcomes were kept
        outcomes = room.matches.dealt_from_seed(actions)
        unstored = len(outcomes)
    first = room.matches.restore(room.store)  # a match's next game dealt afresh: the loser deals
    game = room.deal(room.dealing.chance(outcomes, fair, first_dealer=first))
    for entry in actions:
        apply_entry(game, entry)
    room.matches.first_dealer = first_dealer_of(game)
    room.persisted = len(game.actions)
    room.persisted_chance = len(game.chance_log) - unstored
    room.dealing.restored(len(fair), over=game.outcome is not None)
    room.choices.track(game)
    now = room.clock.now()
    if row.deadline is not None:  # the earliest of the last change: each seat to act gets it
        to_act = {seat: room.choices.since(seat) for seat in game.to_act}
        room.clocks.restore(row.deadline, to_act, row.status == "results")
    if row.started is None:  # a row from before the column: its time runs from now
        row.started = now
    if row.status == "results":  # its results show the rating changes again
        room.matches.rating_changes = rating_changes(room.store.engine, room.id, row.match)
        room.matches.rematch = set(row.rematch)  # asked before the restart: kept
    room.seats.away_from(now)  # nobody is connected after a restart: the grace starts now
    room.clocks.wake()
