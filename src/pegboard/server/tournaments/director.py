"""The tournament director: one worker at a time (the holder of its lease on the bus) starts
tournaments when they are due, reads each finished game off its table, records each match,
pairs the next round when the last has finished, and seats every game at a table of its own.

Everything it knows is in the store: the state of each tournament (written only over the
version it was read at) and the table of every game (one row per game, written in the
transaction that stores the table). A pass reads it all afresh, so a restart, or another worker
taking over after one died mid-round, carries on where the store says; only the timing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from pegboard.core.outcome import Outcome
from pegboard.errors import PegboardError
from pegboard.server.lobby.one_process import Lobby, NewTable, Seated
from pegboard.server.players import player_store as players
from pegboard.server.tournaments import stored
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
from pegboard.tournament import MatchLength, MatchResult, PlayedGame, Tournament, TournamentRules
from pegboard.tournament.pairing import swiss_rounds
from pegboard.tournament.scoring import played_game

log = logging.getLogger(__name__)

DIRECTOR = f"{PREFIX}lease:tournaments"  # the lease of the one worker that directs
POKE = f"{PREFIX}tournaments"  # something changed: look now
CANCELLED = "cancelled"


def make_rules(settings: dict[str, Any], entrants: int) -> TournamentRules:
    """The rules for the field that came: a Swiss no longer than the field allows, and no
    playoff for fewer than five."""
    rounds = settings["rounds"]
    if settings["format"] == "swiss":
        rounds = min(rounds, swiss_rounds(entrants))
    playoff = settings.get("playoff")
    return TournamentRules.make(
        settings["format"],
        entrants,
        rounds=rounds,
        match=MatchLength.parse(settings["match"]),
        playoff=MatchLength.parse(playoff) if playoff and entrants >= 5 else None,
        seed=settings["seed"],
    )


def match_length(state: Tournament) -> MatchLength:
    current = state.current
    if current is not None and current.stage == "playoff" and state.rules.playoff:
        return state.rules.playoff
    return state.rules.match


class Director:
    def __init__(self, lobby: Lobby, workers: Workers | None = None, tick: float = 1.0) -> None:
        self.lobby = lobby
        self.engine = lobby.store.engine
        self.clock = lobby.clock
        self.workers = workers
        self.me = workers.me if workers is not None else "alone"
        self.tick_seconds = tick
        self._poked = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: Unsubscribe | None = None

    async def start(self) -> None:
        if self.workers is not None:
            self._unsubscribe = await self.workers.bus.subscribe(POKE, lambda _: self._poked.set())
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self.workers is not None:
            with contextlib.suppress(Exception):
                if self._unsubscribe is not None:
                    await self._unsubscribe()
                await self.workers.bus.release([DIRECTOR], self.me)

    async def poke(self) -> None:
        if self.workers is None:
            self._poked.set()
        else:
            await self.workers.bus.publish(POKE, {"from": self.me})

    async def _run(self) -> None:
        while True:
            sleeping = asyncio.ensure_future(
                self.clock.sleep_until(self.clock.now() + self.tick_seconds)
            )
            poked = asyncio.ensure_future(self._poked.wait())
            await asyncio.wait({sleeping, poked}, return_when=asyncio.FIRST_COMPLETED)
            for task in (sleeping, poked):
                task.cancel()
            self._poked.clear()
            try:
                await self.tick()
            except Exception:
                log.exception("tournaments: a pass failed; trying again")

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
        if len(field) < 2:
            stored.set_status(self.engine, row, CANCELLED, now)
            return
        state = Tournament(make_rules(settings, len(field)), tuple(field)).pair_next()

        def enter_bots(db: Any) -> None:
            for entry, name in bots:
                stored.enter(db, row.id, entry, name, now)

        stored.save(self.engine, row, state, status=RUNNING, now=now, also=enter_bots)
        log.info("tournament %s started with %d entrants", row.id, len(field))

    @staticmethod
    def _fill(settings: dict[str, Any], people: int) -> list[tuple[str, str]]:
        """Bots for the places nobody took: up to ``start_when``, or to an even field."""
        wanted = settings.get("start_when") or max(2, people + people % 2)
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
        withdrawn = state.withdrawn
        for board, table in enumerate(current.tables):
            if table.result is not None:
                continue
            games, pending = self._games(row, current.number, board, table.players, tables)
            gone = [side for side in (0, 1) if table.players[side] in withdrawn]
            if not gone and pending is not None and now - pending.made >= row.settings["grace"]:
                gone = self._no_shows(pending, table.players)
            if gone:
                state = state.record(board, MatchResult(tuple(games), forfeit=gone[0]))
            elif match_length(state).decided(MatchResult(tuple(games)).wins()):
                state = state.record(board, MatchResult(tuple(games)))
        return state

    def _games(
        self,
        row: TournamentRow,
        round_number: int,
        board: int,
        players: tuple[str, str],
        tables: Sequence[GameTable],
    ) -> tuple[list[PlayedGame], GameTable | None]:
        """The finished games of one match, and the game still being played (if any)."""
        games: list[PlayedGame] = []
        pending = None
        target = row.settings["options"].get("score_target")
        for game in (t for t in tables if (t.round, t.board) == (round_number, board)):
            found = stored.finished_game(self.engine, game.table_id)
            if found is None:
                pending = game
                continue
            record, seating = found
            outcome = record["outcome"]
            result = Outcome(
                tuple(outcome["scores"]),
                tuple(outcome["ranks"]),
                outcome["reason"],
                tuple(outcome.get("skunked", ())),
            )
            games.append(played_game(result, seating.index(0), target))
        return games, pending

    def _no_shows(self, game: GameTable, players: tuple[str, str]) -> list[int]:
        """The people at ``game``'s table who have not made a move of their own (only the
        clock has moved for them) since it was made, the grace ago."""
        table = self.lobby.store.table(game.table_id)
        if table is None:
            return []
        actions = self.lobby.store.actions(game.table_id, 1)  # chance outcomes too: no seat
        moved = {e["seat"] for e in actions if "seat" in e and "auto" not in e}
        seat_of = {slot: seat for seat, slot in enumerate(table.seating)}
        return [
            side
            for side in (0, 1)
            if not players[side].startswith("bot:") and seat_of.get(side) not in moved
        ]

    # -- seating ----------------------------------------------------------------------------

    async def _seat_games(self, row: TournamentRow) -> None:
        """A table for the next game of every match of the round that needs one."""
        state = row.state
        if state is None or state.current is None:
            return
        current = state.current
        tables = stored.game_tables(self.engine, row.id)
        names = {e.entry: e for e in stored.entries(self.engine, row.id)}
        for board, table in enumerate(current.tables):
            if table.result is not None or set(table.players) & state.withdrawn:
                continue
            # Read the games afresh: one may have ended since the state was written, and a
            # match its games have decided needs no more (the next pass records it).
            games, playing = self._games(row, current.number, board, table.players, tables)
            if playing is not None or match_length(state).decided(MatchResult(tuple(games)).wins()):
                continue
            await self._seat(row, current.number, board, len(games), table.players, names)

    async def _seat(
        self,
        row: TournamentRow,
        round_number: int,
        board: int,
        game: int,
        players: tuple[str, str],
        entries: dict[str, Entry],
    ) -> None:
        settings = row.settings
        bots = [entries[p].bot if p in entries else None for p in players]
        people = [
            Seated(entries[p].name, p, secrets.token_urlsafe(24))
            for p, bot in zip(players, bots, strict=True)
            if bot is None
        ]
        request = NewTable(
            game=row.game,
            players=2,
            options=settings["options"],
            bots=bots,
            hints=False,  # a tournament game is played unaided
            rated=settings["rated"],
            listed=True,
        )
        made = GameTable(round_number, board, game, "", self.clock.now())

        def note(db: Any, table_id: str) -> None:
            stored.add_game_table(
                db, row.id, GameTable(made.round, made.board, made.game, table_id, made.made)
            )

        try:
            await self.lobby.create_seated(request, people, note)
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
