"""A tournament from entry to its last round, as pure state: pair a round, record its
results, pair the next, and so on to the final standings (and the playoff, with a cut).

Whoever runs the tournament (the CLI's bot runner, the server's director) holds a
:class:`Tournament`, asks :meth:`Tournament.pair_next` for each round once the last has
finished, plays the tables, and hands back each table's match (a
:class:`pegboard.core.matchplay.MatchScore` whose sides are places at the table). Nothing here
reads a clock or plays a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pegboard.core.matchplay import MatchFormat, MatchScore
from pegboard.errors import OptionError
from pegboard.tournament.bracket import BracketMatch, bracket
from pegboard.tournament.pairing import Pairing, acc_round, grouped, round_robin, swiss
from pegboard.tournament.partners import partnered_so_far, partnered_tables
from pegboard.tournament.playoff import qualifiers
from pegboard.tournament.results import Round, Table, forfeited
from pegboard.tournament.rules import TournamentRules
from pegboard.tournament.standings import Standing, standings


@dataclass(frozen=True)
class Tournament:
    rules: TournamentRules
    players: tuple[str, ...]
    """Every entrant, in seed order (the order given: by rating, or as listed)."""
    rounds: tuple[Round, ...] = ()
    withdrawn: frozenset[str] = frozenset()
    """Players who left: they forfeit what they have left to play and are paired no more."""
    qualified: tuple[str, ...] = ()
    """The playoff's seeds, best first, once the cut is made."""
    bots: frozenset[str] = frozenset()
    """Entrants that are bots filling the field: partnered out evenly (:mod:`.partners`)."""

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise OptionError("every player enters a tournament once")
        if len(self.players) < self.rules.table:
            raise OptionError(
                f"a tournament of tables of {self.rules.table} needs {self.rules.table} players "
                f"or more, not {len(self.players)}"
            )

    @property
    def qualifying(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.stage == "qualifying")

    @property
    def playoff(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.stage == "playoff")

    @property
    def current(self) -> Round | None:
        """The round being played, or None between rounds."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].finished else None

    def standings(self) -> list[Standing]:
        """The qualifying standings (the whole tournament without a playoff)."""
        return standings(self.players, self.qualifying, self.rules.match)

    @property
    def format(self) -> MatchFormat:
        """The match format of the round being played (or of the next)."""
        current = self.current
        return self.rules.format_of(current.stage if current else "qualifying")

    @property
    def over(self) -> bool:
        if self.current is not None or len(self.qualifying) < self.rules.rounds:
            return False
        if not self._has_playoff():
            return True
        final = self.bracket()[-1][0] if self.qualified else None
        return final is not None and final.winner is not None

    def _has_playoff(self) -> bool:
        return self.rules.playoff is not None and qualifiers(len(self.players)) >= 2

    def pair_next(self) -> Tournament:
        """The tournament with its next round paired (forfeits of withdrawn players already
        recorded). An error if a round is still being played or the tournament is over."""
        if self.current is not None:
            raise OptionError(f"round {self.current.number} is still being played")
        if self.over:
            raise OptionError("the tournament is over")
        number = len(self.rounds) + 1
        if len(self.qualifying) < self.rules.rounds:
            made = Round(number, "qualifying", *self._seat(self._pair_qualifying()))
            return replace(self, rounds=(*self.rounds, self._forfeit_withdrawn(made)))
        this = self if self.qualified else self._cut()
        made = this._pair_playoff(number)
        return replace(this, rounds=(*this.rounds, this._forfeit_withdrawn(made)))

    def _pair_qualifying(self) -> Pairing:
        index = len(self.qualifying)
        if self.rules.format == "round-robin":
            return round_robin(self.players, index)
        if self.rules.format == "acc":
            return acc_round(self.players, index, self.rules.seed)
        ranked = [s.player for s in self.standings() if s.player not in self.withdrawn]
        met = {frozenset(t.players) for r in self.qualifying for t in r.tables}
        had_bye = {p for r in self.qualifying for p in r.byes}
        if len(ranked) < self.rules.table:
            return Pairing((), tuple(ranked))
        if self.rules.table > 2:
            groups = grouped(ranked, self.rules.table, had_bye)
            if not self.rules.partners:
                return groups
            playing = [p for p in ranked if p not in groups.byes]
            done = partnered_so_far(self.qualifying)
            return replace(groups, tables=partnered_tables(playing, done, self.bots))
        return swiss(ranked, met, had_bye)

    @staticmethod
    def _seat(pairing: Pairing) -> tuple[tuple[Table, ...], tuple[str, ...]]:
        return tuple(Table(players) for players in pairing.tables), pairing.byes

    def _forfeit_withdrawn(self, made: Round) -> Round:
        byes = tuple(p for p in made.byes if p not in self.withdrawn)
        made = replace(made, byes=byes)
        format = self.rules.format_of(made.stage)
        for i, table in enumerate(made.tables):
            gone = [side for side in (0, 1) if table.players[side] in self.withdrawn]
            if gone:  # only two-player tables seat a withdrawn player: groups leave them out
                made = made.with_result(i, forfeited(format, 2, gone[0]))
        return made

    def _cut(self) -> Tournament:
        count = qualifiers(len(self.players))
        staying = [s.player for s in self.standings() if s.player not in self.withdrawn]
        return replace(self, qualified=tuple(staying[:count]))

    def _pair_playoff(self, number: int) -> Round:
        lines = self.bracket()
        # The first line with a match to play: its matches whose players are both known.
        line = next(line for line in lines if any(m.winner is None for m in line))
        tables = [Table((a, b)) for a, b in (m.players for m in line) if a and b]
        byes = [m.winner for m in line if m.winner and m.players[1] is None]
        return Round(number, "playoff", tuple(tables), tuple(byes))

    def bracket(self) -> list[list[BracketMatch]]:
        """The playoff bracket so far (empty before the cut)."""
        if not self.qualified:
            return []
        return bracket(self.qualified, self.playoff)

    def record(self, table: int, result: MatchScore) -> Tournament:
        """The current round with the decided match ``result`` at its ``table`` (0-based)."""
        if self.current is None:
            raise OptionError("no round is being played")
        if not result.decided:
            raise OptionError(f"the match at table {table + 1} is not over")
        if result.format.games != self.format.games or result.format.best_of != self.format.best_of:
            raise OptionError(
                f"the match at table {table + 1} is {result.format.title}, not {self.format.title}"
            )
        rounds = (*self.rounds[:-1], self.current.with_result(table, result))
        return replace(self, rounds=rounds)

    def withdraw(self, player: str) -> Tournament:
        if player not in self.players:
            raise OptionError(f"{player!r} is not in this tournament")
        return replace(self, withdrawn=self.withdrawn | {player})

    def places(self) -> list[tuple[int, str]]:
        """Final places, best first: with a playoff, its champion and finalist, then the
        losers of each earlier round sharing a place (semi-finalists 3rd), then everyone else
        by the qualifying standings."""
        table = self.standings()
        if not self.qualified:
            return [(s.place, s.player) for s in table]
        out: list[tuple[int, str]] = []
        lines = self.bracket()
        final = lines[-1][0]
        if final.winner:
            out.append((1, final.winner))
        for line in reversed(lines):
            beaten = [p for m in line if m.winner for p in m.players if p and p != m.winner]
            place = len(out) + 1
            out.extend((place, p) for p in sorted(beaten, key=self.qualified.index))
        placed = {p for _, p in out}
        rest = [s.player for s in table if s.player not in placed]
        out.extend((len(placed) + 1 + i, p) for i, p in enumerate(rest))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "rounds": [r.to_json() for r in self.rounds],
            "withdrawn": sorted(self.withdrawn),
            "qualified": list(self.qualified),
            "bots": sorted(self.bots),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        rules = TournamentRules.from_json(data["rules"])
        return cls(
            rules=rules,
            players=tuple(data["players"]),
            rounds=tuple(Round.from_json(r, rules.format_of(r["stage"])) for r in data["rounds"]),
            withdrawn=frozenset(data["withdrawn"]),
            qualified=tuple(data["qualified"]),
            bots=frozenset(data.get("bots", ())),
        )


def start(rules: TournamentRules, players: Sequence[str], bots: Iterable[str] = ()) -> Tournament:
    """A tournament of ``players`` (seed order; ``bots`` those filling the field) with its
    first round paired."""
    return Tournament(rules, tuple(players), bots=frozenset(bots)).pair_next()
