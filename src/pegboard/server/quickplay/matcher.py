"""Quick play, "Play now" (docs/protocol.md, "Quick play"): a person says which game, how many
players and whether rated, waits on a socket (:mod:`pegboard.server.quickplay.socket`), and is
seated.

The queue is in the store (:mod:`pegboard.server.quickplay.queue`), so it works the same with one
worker or several: a person's socket may wait on one worker while another makes the match. Each
worker renews the entries of its own sockets and tells them when they are seated; one worker at
a time (the holder of the matcher's lease on the bus) matches, every ``tick`` and whenever
someone enters the queue anywhere (a poke on the bus). The claim on the entries in the
transaction that stores the table keeps even two matchers (a lease lost in a stall) from
seating anyone twice. The table is made on the matcher's worker through the lobby; the other
workers relay its sockets, as for any table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pegboard.bots import bot_names
from pegboard.core.spec import game_names, get_spec
from pegboard.server.http.inputs import BadInput
from pegboard.server.http.protocol import GONE, RESTART
from pegboard.server.in_flight import Wakeup
from pegboard.server.lobby.one_process import Lobby, NewTable, Seated
from pegboard.server.players import social
from pegboard.server.players.player_store import Player
from pegboard.server.quickplay import matching
from pegboard.server.quickplay import queue as play_queue
from pegboard.server.quickplay.queue import Claim, Entry, QueueChanged
from pegboard.server.ratings.rating import MU, group_of, ratings_of
from pegboard.server.tables.sockets import SocketWatcher
from pegboard.server.workers.bus import Unsubscribe
from pegboard.server.workers.worker import PREFIX, Workers

log = logging.getLogger(__name__)

DEFAULT_RATING = round(MU)  # where a game or size with no rating group puts everyone
DEFAULT_WAIT = 20.0  # seconds before bots fill the seats nobody takes
MAX_WAIT = 300.0
# The bot levels that fill seats, the closest rating first; on a tie (nothing known of their
# ratings) the first of them.
BOT_LEVELS = ("medium", "easy", "expert")
MATCHER = f"{PREFIX}lease:matcher"  # the lease of the one worker that matches
POKE = f"{PREFIX}quickplay"  # someone entered, or was seated: look at the queue now

RatingOf = Callable[[str, str], int]
"""A player's (or ``bot:LEVEL``'s) shown rating in a rating group."""
GroupOf = Callable[[str, int, bool], str | None]
"""The rating group of a game, a number of players and teams or not (None: not rated)."""


@dataclass
class QuickPlaySettings:
    tick: float = 1.0  # seconds between passes of the matcher and renewals of the entries
    expire: float = 10.0  # an entry not renewed for this long is a dead worker's: dropped
    # A socket that has sent nothing (a ping) for this long is not there: its entry is no
    # longer renewed, so nobody is seated with it, and it expires (the web client pings every
    # 5 s while it waits).
    answer_within: float = 10.0
    # Per game, the options of quick-play tables (the game's defaults otherwise).
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    rating_of: RatingOf | None = None  # None: the stored ratings (pegboard.server.ratings.rating)
    group_of: GroupOf = group_of


class Choice(BaseModel):
    """What a person asks for: the socket's query."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=32)
    players: int
    rated: bool = True
    wait: float = Field(DEFAULT_WAIT, ge=0, le=MAX_WAIT, allow_inf_nan=False)


# A query's text as the web client writes it; nothing looser ("on" for true, " 2", "٢").
QUERY_TEXT = {
    "players": re.compile(r"[0-9]{1,2}"),
    "rated": re.compile(r"true|false"),
    "wait": re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3})?"),
}


def read_choice(query: Mapping[str, str]) -> Choice:
    """The choice in a socket's query; BadInput saying what is wrong (never repeating it)."""
    loose = [k for k, form in QUERY_TEXT.items() if k in query and not form.fullmatch(query[k])]
    if loose:
        raise _bad_query(loose)
    try:
        choice = Choice.model_validate(dict(query))
    except ValidationError as error:
        raise _bad_query([str(e["loc"][0]) for e in error.errors() if e["loc"]]) from None
    if choice.game not in game_names():
        raise BadInput(f"no such game; games: {', '.join(game_names())}")
    offered = get_spec(choice.game).players
    if choice.players not in offered:
        raise BadInput(f"{choice.game} is played by {', '.join(map(str, offered))} players")
    return choice


def _bad_query(fields: list[str]) -> BadInput:
    return BadInput(
        f"a bad {', '.join(sorted(set(fields))) or 'query'}: ask with game, players, rated "
        f"(true or false) and wait (0 to {MAX_WAIT:.0f} seconds)"
    )


@dataclass
class Waiter:
    """A socket on this worker waiting in the queue."""

    entry: Entry
    socket: SocketWatcher
    answered: float  # when its socket last sent something (the server's clock)
    # The last message to send it: ``seated``, or an error when the entry was lost.
    outcome: asyncio.Future[dict[str, Any]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class QuickPlay:
    def __init__(
        self, lobby: Lobby, settings: QuickPlaySettings, workers: Workers | None = None
    ) -> None:
        self.lobby = lobby
        self.engine = lobby.store.engine
        self.rating_of = settings.rating_of or self._stored_rating
        self.clock = lobby.clock
        self.settings = settings
        self.workers = workers  # None: this process is alone, and the matcher
        self.me = workers.me if workers is not None else "alone"
        self.waiters: dict[str, Waiter] = {}
        self._wakeup = Wakeup(self.clock)
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: Unsubscribe | None = None

    # -- life cycle ------------------------------------------------------------------------

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
        for waiter in list(self.waiters.values()):
            self.leave(waiter)
            if not waiter.outcome.done():  # come back (to another worker) and wait again
                waiter.outcome.set_result(_error("closed", "the server is stopping", RESTART))
        if self.workers is not None:
            with contextlib.suppress(Exception):
                if self._unsubscribe is not None:
                    await self._unsubscribe()
                await self.workers.bus.release([MATCHER], self.me)

    async def _run(self) -> None:
        try:
            while True:
                await self._wakeup.sleep(self.clock.now() + self.settings.tick)
                try:
                    await self.tick()
                except Exception:
                    log.exception("quick play: a pass over the queue failed; trying again")
        finally:
            self._wakeup.stopped()

    async def _poke(self) -> None:
        """Look at the queue now, on every worker."""
        if self.workers is None:
            self._wakeup.ring()
        else:
            await self.workers.bus.publish(POKE, {"from": self.me})

    # -- one pass --------------------------------------------------------------------------

    async def tick(self) -> None:
        """Renew this worker's entries, match if this worker is the matcher, and tell this
        worker's sockets how they stand."""
        now = self.clock.now()
        there = [
            entry_id
            for entry_id, waiter in self.waiters.items()
            if waiter.answered >= now - self.settings.answer_within
        ]
        if there:
            play_queue.beat(self.engine, there, now)
        made = await self._matcher() and await self.match(now)
        if made and self.workers is not None:
            await self._poke()  # the other workers tell their people now, not in a second
        self._tell(now)

    async def _matcher(self) -> bool:
        if self.workers is None:
            return True
        lease = self.workers.settings.lease
        return await self.workers.bus.claim(MATCHER, self.me, lease) == self.me

    async def match(self, now: float) -> int:
        """Make every table the queue allows now; how many were made."""
        by_choice: dict[tuple[str, int, bool], list[Entry]] = {}
        for entry in play_queue.expire(self.engine, now - self.settings.expire):
            by_choice.setdefault(entry.choice, []).append(entry)
        made = 0
        for (game, players, rated), entries in by_choice.items():
            found = {e.id: e for e in entries}
            waiting = [matching.Waiting(e.id, e.rating, e.since, e.wait) for e in entries]
            for people in matching.tables(waiting, players, now, self._apart(entries)):
                made += await self._seat(game, players, rated, [found[p.id] for p in people])
        return made

    def _apart(self, entries: Sequence[Entry]) -> set[frozenset[str]]:
        """The pairs of entries whose people may not sit together: one blocks the other."""
        blocked = social.blocked_pairs(self.engine, [e.player for e in entries])
        return {
            frozenset((a.id, b.id))
            for a in entries
            for b in entries
            if a.id < b.id and frozenset((a.player, b.player)) in blocked
        }

    async def _seat(self, game: str, players: int, rated: bool, people: list[Entry]) -> bool:
        options = self.settings.options.get(game, {})
        bots: list[str | None] = [None] * len(people)  # the people's seats, then the bots'
        if len(people) < players:
            bot = self._bot_for(game, players, bool(options.get("teams")), people)
            bots += [bot] * (players - len(people))
        request = NewTable(
            game=game,
            players=players,
            options=options,
            bots=bots,
            rated=rated,
            listed=False,  # only its people, seated by the queue, come in
        )
        seated = [
            Seated(name, e.player, secrets.token_urlsafe(24))
            for name, e in zip(distinct([e.name for e in people]), people, strict=True)
        ]
        pairs = enumerate(zip(people, seated, strict=True))
        claims = [Claim(e.id, slot, s.token) for slot, (e, s) in pairs]
        try:
            table = await self.lobby.create_seated(
                request, seated, lambda db, table_id: play_queue.claim(db, table_id, claims)
            )
        except QueueChanged:
            return False  # someone left meanwhile: the others wait on, for the next pass
        except Exception:
            log.exception("quick play could not make a table of %s", game)
            return False
        log.info("quick play seated %d at table %s", len(people), table["id"])
        return True

    def _bot_for(self, game: str, players: int, teams: bool, people: Sequence[Entry]) -> str:
        group = self.settings.group_of(game, players, teams)
        known = bot_names()
        levels = [level for level in BOT_LEVELS if level in known] or known[:1]
        ratings = {
            level: self.rating_of(f"bot:{level}", group) if group else DEFAULT_RATING
            for level in levels
        }
        return matching.closest_bot([e.rating for e in people], ratings)

    def _stored_rating(self, player: str, group: str) -> int:
        return ratings_of(self.engine, [player], group)[player].rating

    # -- this worker's sockets -------------------------------------------------------------

    async def enter(self, player: Player, choice: Choice, socket: SocketWatcher) -> Waiter:
        """Put ``player`` in the queue, waiting on ``socket`` (AlreadyQueued if they are)."""
        now = self.clock.now()
        teams = bool(self.settings.options.get(choice.game, {}).get("teams"))
        group = self.settings.group_of(choice.game, choice.players, teams)
        entry = Entry(
            id=secrets.token_hex(8),
            player=player.id,
            name=player.name,
            game=choice.game,
            players=choice.players,
            rated=choice.rated,
            wait=choice.wait,
            rating=self.rating_of(player.id, group) if group else DEFAULT_RATING,
            since=now,
            heartbeat=now,
            worker=self.me,
        )
        play_queue.enter(self.engine, entry, now - self.settings.expire)
        waiter = self.waiters[entry.id] = Waiter(entry, socket, now)
        socket.put(queued(entry, play_queue.waiting(self.engine), now, self.settings.expire))
        await self._poke()
        return waiter

    def answered(self, waiter: Waiter) -> None:
        """The waiter's socket sent something: its person is there."""
        waiter.answered = self.clock.now()

    def leave(self, waiter: Waiter) -> None:
        """The socket closed: out of the queue at once (seated or not)."""
        if self.waiters.pop(waiter.entry.id, None) is not None:
            play_queue.leave(self.engine, waiter.entry.id)

    def _tell(self, now: float) -> None:
        if not self.waiters:
            return
        current = {e.id: e for e in play_queue.entries(self.engine, list(self.waiters))}
        everyone = play_queue.waiting(self.engine)
        for entry_id, waiter in list(self.waiters.items()):
            if waiter.outcome.done():  # told already: the socket is closing
                continue
            entry = current.get(entry_id)
            if entry is None:  # this worker stalled past the expiry: the entry was dropped
                del self.waiters[entry_id]
                waiter.outcome.set_result(_error("lost", "you were dropped from the queue"))
            elif entry.table_id is not None:
                waiter.outcome.set_result(
                    {"type": "seated", "table": entry.table_id, "slot": entry.slot,
                     "token": entry.token}
                )  # fmt: skip
            else:
                waiter.socket.put(queued(entry, everyone, now, self.settings.expire))


def queued(entry: Entry, everyone: Sequence[Entry], now: float, expire: float) -> dict[str, Any]:
    """How ``entry`` stands: its place among the people waiting for the same choice (longest
    waiting first), the rating range it accepts now, and the time waited."""
    alike = [
        e
        for e in everyone
        if e.choice == entry.choice and (e.heartbeat >= now - expire or e.id == entry.id)
    ]
    ahead = sum(1 for e in alike if (e.since, e.id) < (entry.since, entry.id))
    waited = max(0.0, now - entry.since)
    gap = matching.gap(waited)
    return {
        "type": "queued",
        "game": entry.game,
        "players": entry.players,
        "rated": entry.rated,
        "wait": entry.wait,
        "position": ahead + 1,
        "size": max(len(alike), ahead + 1),
        "rating": entry.rating,
        "range": [entry.rating - gap, entry.rating + gap],
        "waited": int(waited),
        "bots_in": max(0, int(entry.wait - waited + 0.999)),
    }


def distinct(names: Sequence[str]) -> list[str]:
    """The names, each made different from those before it (compared without case)."""
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate.casefold() in seen:
            n += 1
            candidate = f"{name} {n}"
        seen.add(candidate.casefold())
        out.append(candidate)
    return out


def _error(code: str, message: str, close: int = GONE) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "close": close}
