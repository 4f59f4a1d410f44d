"""The tournament director: one worker at a time (the holder of its lease on the bus) starts
tournaments when they are due, seats each pairing's match at one table (the table's own match:
``NewTable.match``, its games, strip, records and replays), reads the match off the table's
records once it is decided, pairs the next round when the last has finished.

A no-show is the table's business: the match carries the tournament's graces
(``MatchFormat.no_show``), and the table forfeits a game of a person away past the first, then
one more each further grace (docs/rules.md, "Tournaments").

Everything it knows is in the store: the state of each tournament (written only over the
version it was read at), the table of every pairing (one row a match, written in the
transaction that stores the table) and the tables' records. A pass reads it all afresh, so a
restart, or another worker taking over after one died mid-round, carries on where the store
says; only the timing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy.exc import IntegrityError

from pegboard.core.matchplay import MatchFormat, MatchScore, score_target
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError, PegboardError
from pegboard.server.in_flight import Wakeup
from pegboard.server.lobby.one_process import Lobby, NewTable, Seated
from pegboard.server.players import player_store as players
from pegboard.server.tournaments import stored
from pegboard.server.tournaments.settings import ACC_GRACE, ACC_GRACE_NEXT
from pegboard.server.tournaments.stored import (
    FINISHED,
    RUNNING,
    UPCOMING,
    Entry,
    GameTable,
    Stale,
    TournamentRow,
)
from pegboard.server.workers.bus import Unsubscribe
from pegboard.server.workers.worker import PREFIX, Workers
from pegboard.tournament import Tournament, TournamentRules, legacy, start
from pegboard.tournament.pairing import swiss_rounds
from pegboard.tournament.partners import has_partners

log = logging.getLogger(__name__)

DIRECTOR = f"{PREFIX}lease:tournaments"  # the lease of the one worker that directs
POKE = f"{PREFIX}tournaments"  # something changed: look now
CANCELLED = "cancelled"


def match_format(settings: dict[str, Any], key: str = "match") -> MatchFormat:
    """A stored setting's match format (an old name read too: ``tournament.legacy``), with
    the tournament's no-show graces."""
    base = legacy.match_format(settings[key])
    if key == "match" and settings.get("match_scoring") == "games":
        base = replace(base, scoring="games")
    grace = float(settings.get("grace", ACC_GRACE))
    return replace(base, no_show=(grace, float(settings.get("grace_next", ACC_GRACE_NEXT))))


def make_rules(settings: dict[str, Any], entrants: int) -> TournamentRules:
    """The rules for the field that came: a Swiss no longer than the field allows, and no
    playoff for fewer than five."""
    rounds = settings["rounds"]
    table = int(settings.get("players", 2))
    if settings["format"] == "swiss" and table == 2:
        rounds = min(rounds, swiss_rounds(entrants))
    playoff = settings.get("playoff")
    return TournamentRules.make(
        settings["format"],
        entrants,
        rounds=rounds,
        match=match_format(settings),
        playoff=match_format(settings, "playoff") if playoff and entrants >= 5 else None,
        seed=settings["seed"],
        table=table,
        partners=has_partners(settings["game"], table, settings["options"]),
    )


def table_match(
    game: str,
    format: MatchFormat,
    records: Sequence[tuple[dict[str, Any], list[int]]],
) -> MatchScore | None:
    """The match played at a tournament's table as far as its records go, its sides told as
    places at the tournament table (the table's slots: the director seats the paired players
    in order); None before its first game ends. A game of a match of several carries the
    table's own score; a match of one game is scored from its outcome, the same way."""
    if not records:
        return None
    spec = get_spec(game)
    score: MatchScore | None = None
    seating: list[int] = []
    for record, seated in records:
        seating = seated
        block = record.get("match")
        if block:
            score = MatchScore.from_json(block["score"])
        else:
            players = len(record["seats"])
            options = record.get("options", {})
            stored_options = spec.stored(options)
            fresh = MatchScore.start(format, spec.sides(players, stored_options))  # type: ignore[arg-type]
            score = fresh.add_outcome(
                Outcome.from_json(record["outcome"]),
                spec.worth,
                record.get("actions", ()),
                score_target(stored_options),
            )
        if score.decided:
            break
    assert score is not None
    sides = tuple(tuple(seating[seat] for seat in side) for side in score.sides)
    return replace(score, format=replace(score.format, no_show=format.no_show), sides=sides)


class Director:
    def __init__(self, lobby: Lobby, workers: Workers | None = None, tick: float = 1.0) -> None:
        self.lobby = lobby
        self.engine = lobby.store.engine
        self.clock = lobby.clock
        self.workers = workers
        self.me = workers.me if workers is not None else "alone"
        self.tick_seconds = tick
        self._wakeup = Wakeup(self.clock)
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: Unsubscribe | None = None

    async def start(self) -> None:
        if self.workers is not None:
            self._unsubscribe = await self.workers.bus.subscribe(
                POKE, lambda _: self._wakeup.ring()
            )
        self._task = asyncio.create_task(self._run())
        self._wakeup.awake()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._wakeup.stopped()
        if self.workers is not None:
            with contextlib.suppress(Exception):
                if self._unsubscribe is not None:
                    await self._unsubscribe()
                await self.workers.bus.release([DIRECTOR], self.me)

    async def poke(self) -> None:
        if self.workers is None:
            self._wakeup.ring()
        else:
            await self.workers.bus.publish(POKE, {"from": self.me})

    async def _run(self) -> None:
        try:
            while True:
                await self._wakeup.sleep(self.clock.now() + self.tick_seconds)
                try:
                    await self.tick()
                except Exception:
                    log.exception("tournaments: a pass failed; trying again")
        finally:
            self._wakeup.stopped()

    async def _directing(self) -> bool:
        if self.workers is None:
            return True
        lease = self.workers.settings.lease
        return await self.workers.bus.claim(DIRECTOR, self.me, lease) == self.me

    async def tick(self) -> None:
        """One pass over every tournament not yet over, if this worker directs."""
        if not await self._directing():
            return
        for row in stored.listing(self.engine, [UPCOMING, RUNNING]):
            try:
                await self.direct(row)
            except Stale:
                continue  # another director wrote first: read it afresh next pass

    async def direct(self, row: TournamentRow) -> None:
        if row.status == UPCOMING:
            self._start_if_due(row)
        if row.status == RUNNING and row.state is not None:
            # Off the event loop: a Swiss round of a big field takes seconds to pair (130
            # players about 3 s), and the tables of this worker must not wait for it.
            await asyncio.to_thread(self._advance, row)
            await self._seat_games(row)

    # -- the start --------------------------------------------------------------------------

    def _start_if_due(self, row: TournamentRow) -> None:
        settings = row.settings
        now = self.clock.now()
        active = [e for e in stored.entries(self.engine, row.id) if e.withdrawn is None]
        wanted = settings.get("start_when")
        due = (
            bool(settings.get("start_now"))
            or (settings.get("start_at") is not None and now >= settings["start_at"])
            or (wanted is not None and len(active) >= wanted)
        )
        if not due:
            return
        bots = self._fill(settings, len(active)) if settings.get("bots") else []
        field = [e.entry for e in active] + [entry for entry, _ in bots]
        try:
            rules = make_rules(settings, len(field))
            state = start(rules, field, bots=(entry for entry, _ in bots))
        except OptionError:  # too few came for the tables (or the format): nothing to play
            stored.set_status(self.engine, row, CANCELLED, now)
            return

        def enter_bots(db: Any) -> None:
            for entry, name in bots:
                stored.enter(db, row.id, entry, name, now)

        stored.save(self.engine, row, state, status=RUNNING, now=now, also=enter_bots)
        log.info("tournament %s started with %d entrants", row.id, len(field))

    @staticmethod
    def _fill(settings: dict[str, Any], people: int) -> list[tuple[str, str]]:
        """Bots for the places nobody took: up to ``start_when``, or to a field that fills
        every table (even, for two a table)."""
        table = int(settings.get("players", 2))
        wanted = settings.get("start_when") or max(table, people + (-people) % table)
        level = settings["bot"]
        return [
            (f"bot:{level}:{n}", f"{level.capitalize()} bot {n}")
            for n in range(1, max(0, wanted - people) + 1)
        ]

    # -- a round ----------------------------------------------------------------------------

    def _advance(self, row: TournamentRow) -> None:
        """Record every match whose games are over (or forfeited), note who left, and pair the
        next round while a round is complete; one write if anything changed."""
        assert row.state is not None
        state = before = row.state
        now = self.clock.now()
        entries = stored.entries(self.engine, row.id)
        for entry in entries:
            if entry.withdrawn is not None and entry.entry not in state.withdrawn:
                state = state.withdraw(entry.entry)
        tables = stored.game_tables(self.engine, row.id)
        while True:
            state = self._record_matches(row, state, tables, now)
            if state.current is not None or state.over:
                break
            state = state.pair_next()
        if state.over:
            places = state.places()
            stored.save(
                self.engine,
                row,
                state,
                status=FINISHED,
                now=now,
                also=lambda db: stored.set_places(db, row.id, [(p, e) for p, e in places]),
            )
        elif state != before:
            stored.save(self.engine, row, state, status=RUNNING, now=now)

    def _record_matches(
        self, row: TournamentRow, state: Tournament, tables: Sequence[GameTable], now: float
    ) -> Tournament:
        current = state.current
        if current is None:
            return state
        for board, table in enumerate(current.tables):
            if table.result is not None:
                continue
            score = self._match(row, state, current.number, board, tables)
            gone = [i for i, p in enumerate(table.players) if p in state.withdrawn]
            if score is not None and score.decided:
                state = state.record(board, score)
            elif gone and len(table.players) == 2:  # a withdrawn player forfeits the rest
                begun = score or MatchScore.start(state.format, [(0,), (1,)])
                state = state.record(board, begun.forfeit(gone[0]))
        return state

    def _match(
        self,
        row: TournamentRow,
        state: Tournament,
        round_number: int,
        board: int,
        tables: Sequence[GameTable],
    ) -> MatchScore | None:
        """The match at the table of one pairing as far as it has gone (None: no game over)."""
        found = next((t for t in tables if (t.round, t.board) == (round_number, board)), None)
        if found is None:
            return None
        records = stored.match_records(self.engine, found.table_id)
        return table_match(row.game, state.format, records)

    # -- seating ----------------------------------------------------------------------------

    async def _seat_games(self, row: TournamentRow) -> None:
        """A table for the match of every pairing of the round that has none yet."""
        state = row.state
        if state is None or state.current is None:
            return
        current = state.current
        seated = {(t.round, t.board) for t in stored.game_tables(self.engine, row.id)}
        names = {e.entry: e for e in stored.entries(self.engine, row.id)}
        for board, table in enumerate(current.tables):
            if table.result is not None or set(table.players) & state.withdrawn:
                continue
            if (current.number, board) not in seated:
                await self._seat(row, state, current.number, board, table.players, names)

    async def _seat(
        self,
        row: TournamentRow,
        state: Tournament,
        round_number: int,
        board: int,
        players: tuple[str, ...],
        entries: dict[str, Entry],
    ) -> None:
        settings = row.settings
        bots = [entries[p].bot if p in entries else None for p in players]
        people = [
            Seated(entries[p].name, p, secrets.token_urlsafe(24))
            for p, bot in zip(players, bots, strict=True)
            if bot is None
        ]
        format = state.format
        request = NewTable(
            game=row.game,
            players=len(players),
            options=settings["options"],
            bots=bots,
            hints=False,  # a tournament game is played unaided
            rated=settings["rated"],
            listed=True,
            match=format.name,
            match_scoring=format.scoring,  # type: ignore[arg-type]
        )
        made = GameTable(round_number, board, 0, "", self.clock.now())

        def note(db: Any, table_id: str) -> None:
            stored.add_game_table(
                db, row.id, GameTable(made.round, made.board, made.game, table_id, made.made)
            )

        try:
            await self.lobby.create_seated(request, people, note, match_format=format)
        except IntegrityError:
            return  # another director seated this game first
        except PegboardError:
            log.exception("tournament %s: could not seat a game", row.id)


def display_names(engine: Any, entries: Sequence[Entry]) -> dict[str, str]:
    """The names to show: an account's current name, a bot's as entered."""
    shown = {e.entry: e.name for e in entries}
    for e in entries:
        if e.bot is None:
            player = players.find(engine, e.entry)
            if player is not None:
                shown[e.entry] = player.name
    return shown
