"""What a table's watchers see: the table info, each one's own view and events, and the seat
behind each connection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.core.fair import commitment
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.errors import IllegalAction
from pegboard.server.http.protocol import ProtocolError
from pegboard.server.players.privacy import NO_WATCHING
from pegboard.server.ratings.settle import RatingChange
from pegboard.server.store.sql_store import TableRow
from pegboard.server.tables.hints import offers_hints
from pegboard.server.tables.slot import Slot
from pegboard.server.tables.writer import RoomCore, SeatError, Watcher


def describe(
    row: TableRow,
    slots: Sequence[Slot | None],
    game: Game | None,
    now: float,
    deadlines: Mapping[int, float] | None = None,
    ends: float | None = None,
    ratings: Mapping[int, RatingChange] | None = None,
    match_play: Mapping[str, Any] | None = None,
    rematch: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Table info (docs/protocol.md), for a room in memory or a closed table in the store:
    ``deadlines`` of the seats to act, when the agreed time of the game ``ends``, the
    ``ratings`` change of each rated slot in the match just finished, ``match_play``, the
    match of several games so far (:meth:`Watchers.match_info`), and the game seats that
    asked for the ``rematch`` (the row's, unless given)."""
    spec = get_spec(row.game)
    return {
        "id": row.id,
        "game": spec.name,
        "title": spec.title,
        "players": row.players,
        "hints": row.hints and offers_hints(spec.name),  # older rows say yes to any game
        "rated": row.rated,
        "listed": row.listed,
        "watching": row.watching,
        "chat": row.chat,
        "options": dict(row.options) | (dict(game.options) if game else {}),
        "status": row.status,
        "match": row.match,
        "slots": [
            {"slot": i, "name": s.name, "kind": s.kind, "connected": s.connections > 0}
            if s is not None
            else None
            for i, s in enumerate(slots)
        ],
        "seating": list(row.seating) if game else None,
        "deadline": row.deadline,
        "deadlines": [(deadlines or {}).get(seat) for seat in range(row.players)] if game else None,
        "ends": ends,
        "ratings": [ratings[i].to_json() if i in ratings else None for i in range(row.players)]
        if ratings
        else None,
        "match_format": row.match_format.to_json() | {"title": row.match_format.title},
        "match_play": dict(match_play) if match_play else None,
        "rematch": sorted(row.rematch if rematch is None else rematch),
        "now": now,
    }


class Watchers(RoomCore):
    def _slot(self, index: int | None) -> Slot | None:
        return self.slots[index] if index is not None else None

    def _human(self, seat: int) -> bool:
        slot = self.slots[self.row.seating[seat]]
        return slot is not None and slot.bot is None

    def seat_of(self, watcher: Watcher) -> int | None:
        if watcher.slot is None or self.game is None:
            return None
        return self.row.seating.index(watcher.slot)

    def _playing(self, watcher: Watcher) -> tuple[Game, int]:
        seat = self.seat_of(watcher)
        if self.game is None:
            raise IllegalAction("the game has not started yet")
        if seat is None:
            raise SeatError("spectators cannot act")
        return self.game, seat

    def table_info(self) -> dict[str, Any]:
        deadlines = {seat: when for seat, (_, when) in self.seat_deadlines.items()}
        extra: dict[str, Any] = {"daily": self.daily.day} if self.daily is not None else {}
        waiting = self.upcoming.committed.get(1) if self.upcoming is not None else None
        if waiting is not None and self.row.status != "playing":  # a joiner's seed can go with it
            extra["next_commitment"] = commitment(waiting)
        return extra | describe(
            self.row,
            self.slots,
            self.game,
            self.clock.now(),
            deadlines,
            self._game_ends(),
            self.rating_changes,
            match_play=self.match_info(),
            rematch=sorted(self.rematch),
        )

    def match_info(self) -> dict[str, Any] | None:
        """The match so far (``MatchScore.to_json`` with its format's name and title), for the
        table info; None at a table of one game a match."""
        score = self.match_score
        if score is None or score.format.games == 1:
            return None
        return score.to_json() | {"name": score.format.name, "title": score.format.title}

    def seat_view(self, seat: int) -> dict[str, Any]:
        """A bot's view: the game's view of ``seat``, and in a match of several games the
        match and the seat's side in it (what it plays for: docs/bots.md)."""
        assert self.game is not None
        view = self.game.view(seat)
        info = self.match_info()
        if info is not None:
            side = next(i for i, s in enumerate(info["sides"]) if seat in s)
            view["match"] = {"score": info, "side": side}
        return view

    def _game_ends(self) -> float | None:
        """When the agreed time of a game against the clock is over (None: not such a game, or
        its time is up already)."""
        game = self.game
        if game is None or not game.timed or self.row.started is None:
            return None
        if any(entry["action"] == {"type": "time-up"} for entry in game.actions):
            return None  # told already: the hand in progress is the last
        return self.row.started + 60 * float(game.options.get("minutes", 0))

    def _welcome(self, watcher: Watcher, since: int) -> dict[str, Any]:
        seat = self.seat_of(watcher)
        message: dict[str, Any] = {
            "type": "welcome",
            "table": self.table_info(),
            "seat": seat,
            "slot": watcher.slot,
        }
        if watcher.slot is not None:  # a seated player may pass the table's link on
            message["invite"] = self.row.invite
        deals = self.upcoming if self.row.status != "playing" else self.deals
        if self.daily is not None:  # the day's one secret: revealed when the day is over
            message["fair"] = {
                "daily": {"day": self.daily.day, "commitment": commitment(self.daily.secret)}
            }
        elif deals is not None or self.deals is not None:
            message["fair"] = {
                "match": self.deals.summary() if self.deals is not None else None,
                "next": deals.summary() if deals is not None and deals is not self.deals else None,
            }
        if self.game is not None:
            since = max(0, min(since, self.game.version))
            message |= {
                "from": since,
                "events": self.game.events_for(seat, since),
                "view": self.game.view(seat),
                "version": self.game.version,
            }
        return message

    async def _send_update(self, watcher: Watcher, before: int) -> None:
        game = self.game
        assert game is not None
        seat = self.seat_of(watcher)
        await watcher.send(
            {
                "type": "update",
                "from": before,
                "events": game.events_for(seat, before),
                "view": game.view(seat),
                "version": game.version,
                "table": self.table_info(),
            }
        )

    async def resync(self, watcher: Watcher, since: int) -> None:
        async def run() -> None:
            await watcher.send(self._welcome(watcher, since) | {"type": "resync"})

        await self.call(run)

    async def _broadcast_table(self) -> None:
        for watcher in list(self.watchers):
            await watcher.send({"type": "table", "table": self.table_info()})

    def _check_watching(self, watcher: Watcher) -> None:
        """A watcher without a seat at a table whose host does not let people watch may look
        at the waiting room (and take a seat) only; else ProtocolError ``no-watching``."""
        if watcher.slot is None and not self.row.watching and self.row.status != "waiting":
            raise ProtocolError("no-watching", NO_WATCHING)

    async def _send_watchers_away(self) -> None:
        """The game starts at a table that does not let people watch: whoever has no seat is
        told so and let go."""
        if self.row.watching:
            return
        for watcher in [w for w in self.watchers if w.slot is None]:
            self.watchers.discard(watcher)
            await watcher.send({"type": "error", "code": "no-watching", "message": NO_WATCHING})
            await watcher.end()
