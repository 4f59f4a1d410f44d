"""Private tables: who may see a table that is not in the lobby (docs/protocol.md, "Private
tables").

A table that is not ``listed`` is opened by its link only: the link carries the table's
``invite`` key. With it anyone may see the table's info, take a free seat, and (if the host lets
people watch) watch it and read its chat. A seat token always works for its own table, and so
does being the signed-in person of one of its seats. A table's privacy never changes once it is
made, so every worker may check it from the store (and remember it).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fastapi import HTTPException
from sqlalchemy import select

from pegboard.server.http.inputs import table_id_ok
from pegboard.server.store.schema import match_players_table, slots_table, tables_table
from pegboard.server.store.sql_store import Store

PRIVATE = "this table is private: only its link lets you in"
NO_WATCHING = "the host does not let people watch this table"
REMEMBERED = 10_000  # tables whose privacy a worker keeps in memory


def new_invite() -> str:
    """The secret a table's link carries (128 random bits)."""
    return secrets.token_urlsafe(16)


def listed_by_default(bots: Sequence[str | None]) -> bool:
    """A table of bots and one person is unlisted unless its host says otherwise: nobody else
    could take a seat there. Every other table is listed."""
    return sum(bot is None for bot in bots) != 1


def same_secret(given: str | None, kept: str | None) -> bool:
    if not given or not kept:
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), kept.encode())


@dataclass(frozen=True)
class Privacy:
    listed: bool
    watching: bool
    invite: str | None

    def opened_by(self, invite: str | None) -> bool:
        """Whether a visitor with ``invite`` (or none) may see the table."""
        return self.listed or same_secret(invite, self.invite)


Player = Callable[[], str | None]  # the signed-in person asking (players.id), looked up if needed


class Gate:
    """Every worker's check of a visitor to a table: the table's privacy from the store (kept
    in memory afterwards: it never changes), and, for an unlisted table visited without its
    link, the seats from the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: OrderedDict[str, Privacy] = OrderedDict()

    def privacy(self, table_id: str) -> Privacy | None:
        """The table's privacy; None for no such table."""
        known = self._known.get(table_id)
        if known is not None:
            self._known.move_to_end(table_id)
            return known
        if not table_id_ok(table_id):
            return None
        query = select(tables_table.c.listed, tables_table.c.watching, tables_table.c.invite)
        with self.store.engine.connect() as db:
            row = db.execute(query.where(tables_table.c.id == table_id)).first()
        if row is None:
            return None
        found = Privacy(  # NULL: a row from before these settings, listed and watchable
            row.listed is None or bool(row.listed),
            row.watching is None or bool(row.watching),
            row.invite,
        )
        self._known[table_id] = found
        if len(self._known) > REMEMBERED:
            self._known.popitem(last=False)
        return found

    def seated(self, table_id: str, token: str | None, player: Player | None) -> bool:
        """Whether ``token`` holds a person's seat at the table, or ``player`` sits there."""
        query = select(slots_table.c.kind, slots_table.c.token, slots_table.c.player)
        with self.store.engine.connect() as db:
            slots = list(db.execute(query.where(slots_table.c.table_id == table_id)))
        people = [s for s in slots if s.kind == "human"]
        if token and any(same_secret(token, s.token) for s in people):
            return True
        who = player() if player is not None and any(s.player for s in people) else None
        return who is not None and any(s.player == who for s in people)

    def seat_in_match(
        self, table_id: str, match: int, token: str | None, player: Player | None
    ) -> int | None:
        """The game seat that ``token``'s slot, or the signed-in ``player``, held in the table's
        finished ``match``; None for anyone who did not play it (a slot's seat changes from one
        match to the next, so the match's own seating decides)."""
        played = select(
            match_players_table.c.seat, match_players_table.c.slot, match_players_table.c.player_id
        ).where(match_players_table.c.table_id == table_id, match_players_table.c.match == match)
        tokens = select(slots_table.c.slot, slots_table.c.token).where(
            slots_table.c.table_id == table_id
        )
        with self.store.engine.connect() as db:
            seats = list(db.execute(played))
            slots = list(db.execute(tokens)) if token else []
        mine = {s.slot for s in slots if same_secret(token, s.token)}
        for seat in seats:
            if seat.slot in mine:
                return int(seat.seat)
        who = player() if player is not None and any(s.player_id for s in seats) else None
        return next((int(s.seat) for s in seats if who and s.player_id == who), None)

    def check(
        self,
        table_id: str,
        *,
        invite: str | None = None,
        token: str | None = None,
        player: Player | None = None,
    ) -> None:
        """403 unless the visitor may see the table: it is listed, or they have its link, or
        they sit there. No such table passes: the route answers 404 as it always does."""
        privacy = self.privacy(table_id)
        if privacy is None or privacy.opened_by(invite):
            return
        if not self.seated(table_id, token, player):
            raise HTTPException(403, PRIVATE)

    def check_chat(
        self,
        table_id: str,
        *,
        invite: str | None = None,
        token: str | None = None,
        player: Player | None = None,
    ) -> None:
        """403 unless the visitor could have read the table's chat: they sit there, or the
        host lets people watch and they may see the table."""
        privacy = self.privacy(table_id)
        if privacy is None:
            return
        if privacy.watching and privacy.opened_by(invite):
            return
        if not self.seated(table_id, token, player):
            raise HTTPException(403, PRIVATE if not privacy.opened_by(invite) else NO_WATCHING)
