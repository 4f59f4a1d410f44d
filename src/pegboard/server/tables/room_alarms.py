"""What a room's clocks ring, and what each alarm does: a seat's turn or the results
intermission running out (a match of several games then goes on to its next game), the agreed
time of a game against the clock, an away player's grace (at a match with a no-show rule, a
game forfeited at a time), and a waiting table left alone. The clocks' timer runs each in the
room's writer."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from pegboard.core.game import Game
from pegboard.core.matchplay import NO_SHOW
from pegboard.server.clock import Clock
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.clocks import Alarm, Clocks
from pegboard.server.tables.idle import Idle
from pegboard.server.tables.matches import Matches
from pegboard.server.tables.seats import Seats
from pegboard.server.tables.settings import RoomSettings


class Room(Protocol):
    """What an alarm reads of its room (the parts), and the room's pipeline it changes through."""

    id: str
    row: TableRow
    game: Game | None
    store: Store
    clock: Clock
    settings: RoomSettings
    clocks: Clocks
    idle: Idle
    seats: Seats
    matches: Matches

    def game_ends(self) -> float | None: ...

    def waiting_for_people(self) -> bool: ...

    async def changed(self, before: int) -> None: ...

    async def finish(self) -> None: ...

    async def tell_table(self) -> None: ...

    async def start_match(self) -> None: ...


def alarms(room: Room) -> list[Alarm]:
    """Every alarm of ``room`` now: when, and what to do then."""
    found: list[Alarm] = []
    game, row = room.game, room.row
    if game is not None and row.deadline is not None:
        found.append((row.deadline, partial(expire, room, game.version, row.match)))
    ends = room.game_ends()
    if ends is not None and game is not None and game.outcome is None:
        found.append((ends, partial(time_up, room, row.match)))
    idle = room.idle.since
    if row.status == "waiting" and idle is not None:
        limit = room.idle.limit(bool(room.seats.people()))
        found.append((idle + limit, partial(abandon_waiting, room)))
    for when, index in room.seats.graces(away_grace(room)):
        found.append((when, partial(abandon, room, index)))
    return found


def away_grace(room: Room) -> float:
    """How long a person may be away: a match with a no-show rule forfeits a game after its own
    grace (a tournament's), any other after the server's grace."""
    no_show = room.row.match_format.no_show
    return no_show[0] if no_show is not None else room.settings.grace


async def expire(room: Room, version: int, match: int) -> None:
    """The clock ran out on ``version``: the game's own arbitrary move for each seat whose time
    is over, or the end of the results intermission."""
    game = room.game
    if game is None or match != room.row.match or game.version != version:
        return
    if room.row.status == "results":
        await results_over(room)
        return
    before = game.version
    now = room.clock.now()
    for seat, (_, when) in sorted(room.clocks.turns.items()):
        if when <= now:
            game.timeout(seat)
    await room.changed(before)


async def time_up(room: Room, match: int) -> None:
    """The agreed time is over: the game hears it once (the hand in progress is the last)."""
    game = room.game
    if game is None or match != room.row.match or game.outcome is not None:
        return
    before = game.version
    game.time_up()
    await room.changed(before)


async def results_over(room: Room) -> None:
    """The results intermission ran out. No match starts for a person who did not ask for it:
    they give their seat up, and without them no rematch can come. The table finishes if
    someone left this match or gave up their seat, or if nobody but bots sits at it (nobody
    would ever stop their rematches); if every person (all of whom asked) is away, it waits for
    the first one back (the results start again) or for their grace to run out (they have
    left); otherwise the rematch starts. A match of several games that is not decided goes on
    to its next game instead: nobody need ask."""
    game = room.game
    assert game is not None
    people = room.seats.people()
    if room.matches.goes_on():  # the match's next game: nobody need ask
        await next_game_of_match(room)
        return
    asked = room.matches.asked()
    room.matches.gone |= {i for i in people if i not in asked}
    if room.matches.left(game) or not people:
        await room.finish()
    elif all(room.seats.away(i) for i in people):
        room.row.deadline = None  # see Room.waiting_for_people
        room.store.update_table(room.id, deadline=None)
        await room.tell_table()
    else:
        room.row.match += 1
        await room.start_match()


async def next_game_of_match(room: Room) -> None:
    """The match's next game. Whoever left on the results (or stayed away past the grace)
    leaves it at once: their side forfeits the match, which that game's record settles like
    any (a leaver must never gain by leaving between games)."""
    left = sorted(room.matches.gone)
    room.row.match += 1
    await room.start_match()
    game = room.game
    assert game is not None
    for slot in left:
        seat = room.row.seating.index(slot)
        if game.outcome is None and game.rules.in_game(seat):
            before = game.version
            game.leave(seat)
            await room.changed(before)


async def abandon(room: Room, slot_index: int) -> None:
    """A player stayed away past the grace period: their seat is given up (they leave the
    match with the worst free rank, and the leave says they were away)."""
    game = room.game
    if game is None or not room.seats.grace_over(slot_index):
        return
    no_show = room.row.match_format.no_show
    if no_show is not None:  # a game forfeited now, the next after the next grace
        await no_show_forfeit(room, game, slot_index, no_show)
        return
    if room.row.status == "results":
        room.matches.gone.add(slot_index)
        if room.waiting_for_people():
            await room.finish()
        else:  # the intermission ends as planned, without a rematch
            room.store.update_table(room.id, gone=sorted(room.matches.gone))
        return
    seat = room.row.seating.index(slot_index)
    if game.rules.in_game(seat):
        before = game.version
        game.leave(seat, auto="away")
        await room.changed(before)


async def no_show_forfeit(
    room: Room, game: Game, slot_index: int, no_show: tuple[float, float]
) -> None:
    """A person away past a no-show's grace forfeits the game being played (they leave it,
    marked as a no-show: :meth:`Matches.end_of_game` scores the forfeit) and keeps the seat;
    the next game goes the same way after the next grace while they stay away."""
    room.seats.away_since(slot_index, room.clock.now() - no_show[0] + no_show[1])
    room.clocks.wake()
    seat = room.row.seating.index(slot_index)
    if room.row.status == "playing" and game.outcome is None and game.rules.in_game(seat):
        before = game.version
        game.leave(seat, auto=NO_SHOW)
        await room.changed(before)


async def abandon_waiting(room: Room) -> None:
    """Nobody connected to this waiting table, nor joined it, for its idle limit: it closes
    like a finished table (it has no records). Anyone connected has set the idle time to None,
    so such a table is never closed under someone's eyes."""
    if room.idle.over(bool(room.seats.people())):
        await room.finish()
