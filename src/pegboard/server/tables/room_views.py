"""What a room tells its watchers: the table info (docs/protocol.md) from the room's parts, the
``welcome`` of a client that (re)connects, and the ``update`` of each change, each for the seat
behind the connection."""

from __future__ import annotations

from typing import Any, Protocol

from pegboard.core.game import Game
from pegboard.server.clock import Clock
from pegboard.server.store.sql_store import TableRow
from pegboard.server.tables.clocks import Clocks
from pegboard.server.tables.dealing import Dealing
from pegboard.server.tables.info import describe, game_ends, game_since
from pegboard.server.tables.matches import Matches
from pegboard.server.tables.room_chat import TableChat, reads_chat
from pegboard.server.tables.slot import Slot
from pegboard.server.tables.watchers import Watcher


class Room(Protocol):
    """What the views read of a room: its row and game, and the parts that hold the rest."""

    row: TableRow
    game: Game | None
    clock: Clock
    clocks: Clocks
    matches: Matches
    dealing: Dealing
    chat: TableChat

    @property
    def slots(self) -> list[Slot | None]: ...

    def seat_of(self, watcher: Watcher) -> int | None: ...


def table_info(room: Room) -> dict[str, Any]:
    """The table info of a room in memory, with its clocks' lengths."""
    info = room.dealing.table_info() | describe(
        room.row,
        room.slots,
        room.game,
        room.clock.now(),
        room.clocks.deadlines(),
        game_ends(room.game, room.row.started),
        room.matches.rating_changes,
        match_play=room.matches.info(),
        rematch=sorted(room.matches.rematch),
    )
    return info | {"clock_lengths": room.clocks.lengths(info["options"])}


def welcome(room: Room, watcher: Watcher, since: int) -> dict[str, Any]:
    """Everything a client that (re)connects needs: the table, its seat and slot, the table's
    link for a player to pass on, the deals so far, the game since version ``since``, and the
    chat for those who read it."""
    seat = room.seat_of(watcher)
    message: dict[str, Any] = {
        "type": "welcome",
        "table": table_info(room),
        "seat": seat,
        "slot": watcher.slot,
    }
    if watcher.slot is not None:  # a seated player may pass the table's link on
        message["invite"] = room.row.invite
    fair = room.dealing.welcome()
    if fair is not None:
        message["fair"] = fair
    if room.game is not None:
        message |= game_since(room.game, seat, max(0, min(since, room.game.version)))
    if reads_chat(watcher.slot, room.row.watching):
        message["chat"] = list(room.chat.said)
    return message


def update(room: Room, watcher: Watcher, before: int) -> dict[str, Any]:
    """A change since version ``before``, as ``watcher``'s seat sees it, with the table info."""
    game = room.game
    assert game is not None
    message = {"type": "update"} | game_since(game, room.seat_of(watcher), before)
    return message | {"table": table_info(room)}
