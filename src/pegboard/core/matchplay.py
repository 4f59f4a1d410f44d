"""Match play: games between the same sides, scored in game points or in games won.

A match is one game, the best of N games (the first side to win a majority ends it), or a fixed
number of games (all are played, as in the ACC's qualifying). Each game's winners earn the
credit their game's plug-in gives for how it was won (:class:`GameWorth`, from
``GameSpec.worth``): in Cribbage the ACC's game points (a win 2, a skunk 3, a double skunk 3)
and one game won; in Cribbage is not Enough a skunk counts as two won games. The spread is the
net board points, a score counted at most to the game's target (the ACC's: the winner's peg
stops in the game hole, so a game's spread is what the loser was short of it). Pure: no
clock, no chance; the tables, the tournaments and the bots all score a match with this.
docs/rules.md, "Matches".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pegboard.core.outcome import Outcome
from pegboard.core.wire import (
    GameResultJson,
    LoggedAction,
    MatchFormatJson,
    MatchJson,
    SideTotalsJson,
)
from pegboard.errors import OptionError

SCORINGS = ("points", "games")
"""``points``: ACC game points decide a fixed-length match; ``games``: games won do."""

MAX_GAMES = 21
WIN, SKUNK, DOUBLE_SKUNK = "win", "skunk", "double skunk"
FORFEIT = "forfeit"
"""How a game was won that the other side never played (a no-show's)."""


@dataclass(frozen=True)
class Credit:
    """What a won game earns its winners: game points and games won."""

    points: int
    games: int


@dataclass(frozen=True)
class GameWorth:
    """A game's worth to its winners by how it was won (the loser skunked, double skunked or
    neither). The default is the ACC's: 2 game points a win, 3 a skunk, and no more for a
    double skunk; one game won each."""

    win: Credit = Credit(2, 1)
    skunk: Credit = Credit(3, 1)
    double_skunk: Credit = Credit(3, 1)

    def credit(self, how: str) -> Credit:
        return {WIN: self.win, SKUNK: self.skunk, DOUBLE_SKUNK: self.double_skunk}[how]


NOTHING = Credit(0, 0)


@dataclass(frozen=True)
class MatchFormat:
    """How long a match is and how it is scored: ``games`` 1 is a single game; ``best_of``
    ends the match as soon as a side has won a majority of ``games`` (counted in games won);
    otherwise all ``games`` are played and ``scoring`` decides."""

    games: int = 1
    best_of: bool = False
    scoring: str = "points"
    no_show: tuple[float, float] | None = None
    """Seconds a person may be away before their side forfeits a game, then seconds for each
    further game while they stay away (the ACC's: 5 minutes, then 15); None: the table's
    usual grace, after which a person away leaves and their side forfeits the match."""

    def __post_init__(self) -> None:
        if self.no_show is not None and not all(0 < s < 86400 for s in self.no_show):
            raise OptionError(f"a no-show's graces are seconds above 0, not {self.no_show}")
        if not 1 <= self.games <= MAX_GAMES:
            raise OptionError(f"a match is 1 to {MAX_GAMES} games, not {self.games}")
        if self.best_of and (self.games < 3 or self.games % 2 == 0):
            raise OptionError(f"best of needs an odd number of games from 3, not {self.games}")
        if self.scoring not in SCORINGS:
            raise OptionError(f"match scoring is one of {', '.join(SCORINGS)}: {self.scoring!r}")

    @classmethod
    def parse(cls, text: str, scoring: str = "points") -> MatchFormat:
        """``1`` (one game), ``best-of-3`` (3, 5, 7…) or ``games-9`` (a fixed 9)."""
        words = str(text).strip().lower()
        if words in ("1", "one", "single"):
            return cls(1, False, scoring)
        found = re.fullmatch(r"(best-of|games)-(\d{1,2})", words)
        if found is None:
            raise OptionError(
                f"a match is 1, best-of-N (N odd, 3 to {MAX_GAMES}) or games-N, not {text!r}"
            )
        return cls(int(found.group(2)), found.group(1) == "best-of", scoring)

    @property
    def name(self) -> str:
        """The form :meth:`parse` reads."""
        if self.games == 1:
            return "1"
        return f"{'best-of' if self.best_of else 'games'}-{self.games}"

    @property
    def title(self) -> str:
        if self.games == 1:
            return "one game"
        return f"best of {self.games}" if self.best_of else f"{self.games} games"

    @property
    def to_win(self) -> int:
        """Games won that end a best-of match (a majority); for a fixed match, every game."""
        return self.games // 2 + 1 if self.best_of else self.games

    @property
    def bye_games(self) -> int:
        """Games won that are the least that wins the match (a majority of its games): what a
        bye, or a match forfeited before it was won, counts."""
        return self.games // 2 + 1

    def to_json(self) -> MatchFormatJson:
        out: MatchFormatJson = {
            "games": self.games,
            "best_of": self.best_of,
            "scoring": self.scoring,
        }
        if self.no_show is not None:
            out["no_show"] = list(self.no_show)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchFormat:
        no_show = data.get("no_show")
        return cls(
            int(data["games"]),
            bool(data["best_of"]),
            str(data["scoring"]),
            (float(no_show[0]), float(no_show[1])) if no_show else None,
        )


@dataclass(frozen=True)
class GameResult:
    """One finished game of a match, per side: board scores, ranks and the credit earned;
    ``how`` the winners won it (win, skunk, double skunk) and the game's end ``reason``;
    ``target`` the game's (None: not known, as in a record older than the cap)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    credits: tuple[Credit, ...]
    how: str
    reason: str
    target: int | None = None

    def counted(self, side: int) -> int:
        """A side's score as the spread counts it: at most the target (a winner's last
        points past it are not counted)."""
        score = self.scores[side]
        return score if self.target is None else min(score, self.target)

    def spread(self, side: int) -> int:
        """Net points of one game: a winner's lead over the best loser; a loser's deficit to
        the winner (so two sides' spreads cancel), each score counted at most to the target."""
        others = [self.counted(i) for i in range(len(self.scores)) if i != side]
        return self.counted(side) - max(others) if others else 0

    def to_json(self) -> GameResultJson:
        out: GameResultJson = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "points": [c.points for c in self.credits],
            "games": [c.games for c in self.credits],
            "how": self.how,
            "reason": self.reason,
        }
        if self.target is not None:
            out["target"] = self.target
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        credits = tuple(Credit(p, g) for p, g in zip(data["points"], data["games"], strict=True))
        target = data.get("target")
        return cls(
            tuple(data["scores"]),
            tuple(data["ranks"]),
            credits,
            data["how"],
            data["reason"],
            None if target is None else int(target),
        )


def game_result(
    outcome: Outcome,
    sides: Sequence[Sequence[int]],
    worth: GameWorth,
    target: int | None = None,
) -> GameResult:
    """Score one game's outcome for the match: the sides ranked first earn the credit for how
    they won: a skunk when every losing side was skunked, a double skunk when every losing
    side was double skunked (a game's outcome lists the seats: :class:`Outcome`); its spread
    counts each score at most to ``target``, the game's."""
    ranks = tuple(outcome.ranks[side[0]] for side in sides)
    scores = tuple(outcome.scores[side[0]] for side in sides)
    losers = [side[0] for side, rank in zip(sides, ranks, strict=True) if rank > 1]
    double = set(outcome.double_skunked)
    skunked = set(outcome.skunked) | double
    how = WIN
    if losers and all(seat in double for seat in losers):
        how = DOUBLE_SKUNK
    elif losers and all(seat in skunked for seat in losers):
        how = SKUNK
    earned = worth.credit(how)
    credits = tuple(earned if rank == 1 else NOTHING for rank in ranks)
    return GameResult(scores, ranks, credits, how, outcome.reason, target)


def forfeited_game(
    sides: int, absent: int, worth: GameWorth, reason: str = "no-show"
) -> GameResult:
    """A game the ``absent`` side forfeited: every other side earns a plain win's credit
    (never a skunk's: nobody played it out), the absent side nothing, and no board points
    either way, so no spread."""
    if not 0 <= absent < sides:
        raise OptionError(f"no side {absent} of {sides}")
    ranks = tuple(2 if i == absent else 1 for i in range(sides))
    credits = tuple(NOTHING if i == absent else worth.win for i in range(sides))
    return GameResult((0,) * sides, ranks, credits, FORFEIT, reason)


def score_target(options: Mapping[str, object]) -> int | None:
    """The target a game's ``options`` set (every game here plays to a ``score_target``)."""
    target = options.get("score_target")
    return None if target is None else int(str(target))


NO_SHOW = "no-show"
"""The ``auto`` mark of a leave the table made for a person away past the no-show's grace."""


def no_show_side(sides: Sequence[Sequence[int]], actions: Sequence[LoggedAction]) -> int | None:
    """The side whose no-show ended the game (its last action, a leave the table made for a
    person away past :attr:`MatchFormat.no_show`'s grace): that side forfeited it."""
    last = actions[-1] if actions else None
    if last is None or last.get("auto") != NO_SHOW or last["action"].get("type") != "leave":
        return None
    return next(i for i, side in enumerate(sides) if last["seat"] in side)


@dataclass(frozen=True)
class SideTotals:
    """One side's match so far: game points, games won, spread (points for minus against,
    net) and points for (board points scored), the ACC's tie-breaks in order."""

    points: int = 0
    games: int = 0
    spread: int = 0
    points_for: int = 0

    def to_json(self) -> SideTotalsJson:
        return {
            "points": self.points,
            "games": self.games,
            "spread": self.spread,
            "points_for": self.points_for,
        }


@dataclass(frozen=True)
class MatchScore:
    """A match between ``sides`` (each a tuple of game seats: one player, or partners), as far
    as it has gone. Immutable: :meth:`add` and :meth:`forfeit` return the next score."""

    format: MatchFormat
    sides: tuple[tuple[int, ...], ...]
    results: tuple[GameResult, ...] = ()
    forfeited: int | None = None  # the side that left the match: it ranks last
    _totals: tuple[SideTotals, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.sides) < 2:
            raise OptionError("a match needs two sides or more")
        totals = [SideTotals() for _ in self.sides]
        for result in self.results:
            for i, credit in enumerate(result.credits):
                t = totals[i]
                totals[i] = SideTotals(
                    t.points + credit.points,
                    t.games + credit.games,
                    t.spread + result.spread(i),
                    t.points_for + result.counted(i),
                )
        object.__setattr__(self, "_totals", tuple(totals))

    @classmethod
    def start(cls, format: MatchFormat, sides: Sequence[Sequence[int]]) -> MatchScore:
        return cls(format, tuple(tuple(side) for side in sides))

    def add(self, result: GameResult) -> MatchScore:
        """The score after one more game; a decided match takes no more."""
        if self.decided:
            raise OptionError("the match is over: it takes no more games")
        if len(result.ranks) != len(self.sides):
            raise OptionError(f"a game of this match has {len(self.sides)} sides")
        return replace(self, results=(*self.results, result))

    def add_outcome(
        self,
        outcome: Outcome,
        worth: GameWorth,
        actions: Sequence[LoggedAction] = (),
        target: int | None = None,
    ) -> MatchScore:
        """The score after a game with this outcome (to ``target``, which caps its spread); a
        game a no-show ended (its ``actions`` say so: :func:`no_show_side`) is the absent
        side's forfeit."""
        absent = no_show_side(self.sides, actions)
        if absent is not None:
            return self.add(forfeited_game(len(self.sides), absent, worth))
        return self.add(game_result(outcome, self.sides, worth, target))

    def forfeit(self, side: int) -> MatchScore:
        """A side leaves: the match ends and that side ranks last, whatever it had won (a
        leaver must never gain by leaving)."""
        if self.decided:
            raise OptionError("the match is over")
        if not 0 <= side < len(self.sides):
            raise OptionError(f"no side {side} in this match")
        return replace(self, forfeited=side)

    @property
    def totals(self) -> tuple[SideTotals, ...]:
        return self._totals

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def decided(self) -> bool:
        if self.forfeited is not None:
            return True
        if self.format.best_of:
            return any(t.games >= self.format.to_win for t in self._totals)
        return self.played >= self.format.games

    def _key(self, side: int) -> tuple[int, ...]:
        """What orders the sides, best first: the scoring's measure, then the ACC's
        tie-breaks (games won or game points, spread, points for)."""
        t = self._totals[side]
        left = 0 if side == self.forfeited else 1
        if self.format.best_of or self.format.scoring == "games":
            return (left, t.games, t.points, t.spread, t.points_for)
        return (left, t.points, t.games, t.spread, t.points_for)

    def ranks(self) -> tuple[int, ...]:
        """Each side's place in the match (1 first; equal on every tie-break shares)."""
        keys = [self._key(i) for i in range(len(self.sides))]
        return tuple(1 + sum(other > key for other in keys) for key in keys)

    @property
    def winner(self) -> int | None:
        """The side that won the decided match; None while it runs, or if it ends level."""
        if not self.decided:
            return None
        firsts = [i for i, rank in enumerate(self.ranks()) if rank == 1]
        return firsts[0] if len(firsts) == 1 else None

    def first_dealer(self, previous: int, players: int) -> int:
        """The seat that deals first in the next game: the previous game's loser (the side
        ranked last; ACC rule 1.5), its seat nearest the previous first dealer's left, so
        partners take turns. ``previous`` is the seat that dealt first in the game just played."""
        if not self.results:
            raise OptionError("no game has been played: the first dealer is drawn")
        ranks = self.results[-1].ranks
        worst = max(ranks)
        losing = {
            seat for side, r in zip(self.sides, ranks, strict=True) if r == worst for seat in side
        }
        for step in range(1, players + 1):
            seat = (previous + step) % players
            if seat in losing:
                return seat
        raise OptionError(f"no seat of the losing side among {players} players")

    def to_json(self) -> MatchJson:
        return {
            "format": self.format.to_json(),
            "sides": [list(side) for side in self.sides],
            "results": [r.to_json() for r in self.results],
            "forfeited": self.forfeited,
            "totals": [t.to_json() for t in self._totals],
            "decided": self.decided,
            "winner": self.winner,
            "ranks": list(self.ranks()),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchScore:
        return cls(
            MatchFormat.from_json(data["format"]),
            tuple(tuple(side) for side in data["sides"]),
            tuple(GameResult.from_json(r) for r in data["results"]),
            data.get("forfeited"),
        )
