"""A table's deals: where each game's chance comes from, and what of it the store and the
watchers are told (docs/fairness.md).

A live match is dealt verifiably from the hand secrets of :class:`TableDeals` (``deals``); the
next match's hand 1 is committed to while the table waits or shows the results (``upcoming``),
so the people seated can send their seeds before it starts. A daily challenge's table deals
every hand from the day's one secret (``daily``). When the room's settings make the chance (a
test's source), none of these exist. The part keeps no watcher and writes nothing itself: the
room's change pipeline stores its entries with the change that brought them
(:meth:`Dealing.take_entries`) and sends its commitments and reveals around the update
(:meth:`Dealing.before_update`, :meth:`Dealing.after_update`).
"""

from __future__ import annotations

from typing import Any

from pegboard.core.chance import ChanceSource, ScriptedChance, SystemChance, outcome_from_json
from pegboard.core.fair import commitment
from pegboard.server.daily.store import DailyTable, daily_chance, table_day
from pegboard.server.http.protocol import ProtocolError
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.deals import TableDeals
from pegboard.server.tables.settings import RoomSettings

Seed = tuple[str, str]
"""A joining person's seed for hand 1: (the commitment they saw, the seed)."""


class Dealing:
    """The deals of one table, and how many of their entries the store holds for this match."""

    def __init__(self, row: TableRow, store: Store, settings: RoomSettings) -> None:
        self._row = row
        self._settings = settings
        self.deals: TableDeals | None = None
        self.upcoming: TableDeals | None = None
        self.daily: DailyTable | None = (
            table_day(store.engine, row.id) if settings.chance is None else None
        )
        self.persisted = 0  # the match's entries in the store
        if self.daily is None and settings.chance is None and row.status in ("waiting", "results"):
            self.upcoming = TableDeals(row.players)
            self.upcoming.take_outbox()  # nobody is connected yet: welcomes carry it

    # -- a game's chance -------------------------------------------------------------------

    def chance(
        self,
        stored: list[dict[str, Any]] | None = None,
        fair: list[dict[str, Any]] | None = None,
        first_dealer: int | None = None,
    ) -> ChanceSource:
        """The chance of the match's game, dealt verifiably from the hand secrets of
        :class:`TableDeals` (or from the test's source; a daily game from the day's secret),
        rebuilt from the ``fair`` entries of a match being restored. A match stored before
        verifiable deals replays its ``stored`` outcomes, then deals from the operating
        system; one restored without any stored outcome (a crash between storing its start
        and its first deal) is dealt afresh. A live game has no seed, so no deal can be
        computed from anything a client sees. A later game of a match of several games has
        ``first_dealer`` (the loser of the game before): its first chance step, the pick of
        the first dealer, is fixed to that seat rather than drawn."""
        row = self._row
        chance: ChanceSource
        self.deals = None
        if self._settings.chance is not None:
            chance = self._settings.chance()
            if first_dealer is not None and not stored:
                chance = ScriptedChance([(first_dealer,)], then=chance)
            if stored:
                chance = ScriptedChance([outcome_from_json(o) for o in stored], then=chance)
        elif self.daily is not None:  # replaying a restored one derives the same outcomes
            chance = daily_chance(self.daily.secret)
        elif fair:
            chance = self.deals = TableDeals.restored(row.players, row.seating, fair, stored)
        elif stored:
            chance = ScriptedChance([outcome_from_json(o) for o in stored], then=SystemChance())
        else:
            chance = self.deals = self.upcoming or TableDeals(row.players)
            self.deals.seating = list(row.seating)
            self.upcoming = None
            if first_dealer is not None:
                self.deals.fix_first_pick(first_dealer)
        return chance

    def restored(self, fair: int, over: bool) -> None:
        """A restored match holds ``fair`` entries in the store; ``over``: its game is, so
        every hand is revealed (the welcomes carry them: nothing is sent again)."""
        self.persisted = fair
        if self.deals is not None and over:
            self.deals.finish()
            self.deals.take_outbox()

    def game_over(self) -> None:
        """The game just ended: every hand revealed (in the record too), and the rematch's
        hand 1 committed to."""
        if self.deals is not None:
            self.deals.finish()
            if self._settings.chance is None:
                self.upcoming = TableDeals(self._row.players)

    # -- through the room's pipeline -------------------------------------------------------

    def take_entries(self) -> list[dict[str, Any]]:
        """What the store needs to rebuild the deals, new since the last change: stored with
        this one."""
        return self.deals.take_entries() if self.deals is not None else []

    def before_update(self) -> list[dict[str, Any]]:
        """The match's commitments and reveals of this change, for everyone before the update:
        a hand's commitment before the update that deals it, a hand's secret once it is over."""
        return self.deals.take_outbox() if self.deals is not None else []

    def after_update(self) -> list[dict[str, Any]]:
        """The next match's commitment to its hand 1, for everyone after the update that
        showed the results."""
        return self.upcoming.take_outbox() if self.upcoming is not None else []

    # -- seeds -----------------------------------------------------------------------------

    def taking_seeds(self) -> TableDeals | None:
        """The deals whose hand waiting for seeds a seated person may seed now: the match's
        while it is played, else the next match's."""
        return self.upcoming if self._row.status != "playing" else self.deals

    def give_seed(self, slot: int, hand: int, seed: object) -> None:
        """Slot ``slot``'s seed for ``hand`` (kept with the next change); refused, changing
        nothing, where the deals take no seeds or not for that hand."""
        deals = self.taking_seeds()
        if deals is None:
            raise ProtocolError("not-now", "this table's deals take no seeds")
        deals.give_seed(slot, hand, seed)

    def seed_on_joining(self, slot: int, seed: Seed | None) -> None:
        """A joining person's seed for hand 1, taken if the commitment they saw is still the
        table's (else the seat's seed for hand 1 is the default)."""
        upcoming = self.upcoming
        if seed is not None and upcoming is not None and upcoming.commits_hand_1(seed[0]):
            upcoming.give_seed(slot, 1, seed[1])

    # -- what watchers see -----------------------------------------------------------------

    def table_info(self) -> dict[str, Any]:
        """The table info's part: the day of a daily game, and while the table waits (or shows
        the results) the commitment to the next match's hand 1 (a joiner's seed can go with
        it)."""
        extra: dict[str, Any] = {"daily": self.daily.day} if self.daily is not None else {}
        waiting = self.upcoming.committed.get(1) if self.upcoming is not None else None
        if waiting is not None and self._row.status != "playing":
            extra["next_commitment"] = commitment(waiting)
        return extra

    def welcome(self) -> dict[str, Any] | None:
        """A welcome's ``fair``: the day's commitment (its one secret is revealed when the day
        is over), or the match's deals and the next match's; None where the settings deal."""
        if self.daily is not None:
            day = self.daily
            return {"daily": {"day": day.day, "commitment": commitment(day.secret)}}
        deals = self.taking_seeds()
        if deals is None and self.deals is None:
            return None
        return {
            "match": self.deals.summary() if self.deals is not None else None,
            "next": deals.summary() if deals is not None and deals is not self.deals else None,
        }
