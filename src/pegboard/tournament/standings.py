"""Standings in the ACC's order: game points, then games won, then spread, then plus points,
then head-to-head.

Every game of a match counts, worth what its game says (:class:`pegboard.core.matchplay.GameWorth`:
in Cribbage a win 2 game points and a skunk 3; in Cribbage is not Enough a skunk two games won
and 4). A best-of-3 match won 2–1 gives the winner 4 game points (or more with a skunk) and the
loser whatever its one win earned. Spread is the net board points over all games (each game's
winners' lead over the best loser, a score counted at most to the target); plus points are
the spreads of the games a player's side won, added up (the "plus spread" column of the ACC's
scorecard, the tie-break after net spread in its cross-checking guidelines): of two players
level on net spread, the one whose wins were wider (and losses wider too) is ahead. Partners
each take their side's whole result, as players alone do. Head-to-head breaks a tie left by
the first four: the game points each of the tied players took in matches against the others of
the tied group. Players still level after it share the place (the ACC settles a prize tie with
a one-game playoff, which is the director's call, not the table's).

A **bye** scores as a match won without a skunk: 2 game points for each game the least winning
score of the match needs (2 for one game, 4 for best of 3 or 3 games), that many games won, and
no spread or plus points. A **forfeited match** (a player who withdrew, or left mid-match) gives
the other side the games it still needed to win it, scored the same way; games already played
count as played.
A no-show forfeits game by game on the table's clock instead (docs/rules.md, "Tournaments").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.core.matchplay import FORFEIT, MatchFormat
from pegboard.tournament.results import Round, Table

WIN_POINTS = 2
"""Game points for a won game without a skunk: what a bye or a forfeit is worth a game."""


@dataclass
class Standing:
    player: str
    game_points: int = 0
    games_won: int = 0
    games_lost: int = 0
    spread: int = 0
    plus_points: int = 0
    """The spreads of the games won, added up, each counted as the net spread counts it (a
    score at most to the target); a bye or a forfeited game adds none."""
    head_to_head: int | None = None
    """Game points against the others tied with this player on the first four tie-breaks;
    None when nobody is tied with it there."""
    byes: int = 0
    forfeits: int = 0
    """Matches this player forfeited (by withdrawing or leaving)."""
    no_shows: int = 0
    """Games this player's side forfeited by not being at the table (a no-show)."""
    place: int = 0
    shared: bool = False
    """Another player has the same place (level on every tie-break)."""
    opponents: list[str] = field(default_factory=list)

    def key(self) -> tuple[int, int, int, int]:
        return self.game_points, self.games_won, self.spread, self.plus_points

    def to_json(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "shared": self.shared,
            "player": self.player,
            "game_points": self.game_points,
            "games_won": self.games_won,
            "games_lost": self.games_lost,
            "spread": self.spread,
            "plus_points": self.plus_points,
            "head_to_head": self.head_to_head,
            "byes": self.byes,
            "forfeits": self.forfeits,
            "no_shows": self.no_shows,
        }


def _credit(standing: Standing, games: int) -> None:
    standing.game_points += WIN_POINTS * games
    standing.games_won += games


def _add_match(rows: dict[str, Standing], met: dict[tuple[str, str], int], table: Table) -> None:
    score = table.result
    assert score is not None
    totals = score.totals
    for player in table.players:
        side = table.side_of(player)
        row, own = rows[player], totals[side]
        row.game_points += own.points
        row.games_won += own.games
        row.games_lost += sum(t.games for i, t in enumerate(totals) if i != side)
        row.spread += own.spread
        row.plus_points += sum(g.spread(side) for g in score.results if g.ranks[side] == 1)
        others = [p for i in range(len(totals)) if i != side for p in table.side_players(i)]
        row.opponents.extend(others)
        for other in others:
            met[player, other] += own.points
        row.no_shows += sum(
            1 for game in score.results if game.how == FORFEIT and game.ranks[side] > 1
        )
    if score.forfeited is not None:
        for player in table.side_players(score.forfeited):
            rows[player].forfeits += 1
        for side, own in enumerate(totals):
            if side != score.forfeited:
                for player in table.side_players(side):
                    _credit(rows[player], max(0, score.format.bye_games - own.games))


def _tally_into(
    rows: dict[str, Standing],
    met: dict[tuple[str, str], int],
    rounds: Iterable[Round],
    format: MatchFormat,
) -> None:
    for played in rounds:
        for player in played.byes:
            rows[player].byes += 1
            _credit(rows[player], format.bye_games)
        for table in played.tables:
            if table.result is not None:
                _add_match(rows, met, table)


def standings(
    players: Sequence[str], rounds: Iterable[Round], format: MatchFormat
) -> list[Standing]:
    """Players best first with their places; ``players`` in seed order, which also orders
    players who share a place."""
    rows = {player: Standing(player) for player in players}
    met: dict[tuple[str, str], int] = defaultdict(int)
    _tally_into(rows, met, rounds, format)
    seed = {player: i for i, player in enumerate(players)}
    ordered = sorted(rows.values(), key=lambda r: (_negate(r.key()), seed[r.player]))
    out: list[Standing] = []
    for group in _groups(ordered, lambda r: r.key()):
        if len(group) > 1:
            names = {r.player for r in group}
            for row in group:
                row.head_to_head = sum(met[row.player, other] for other in names - {row.player})
            group.sort(key=lambda r: (-(r.head_to_head or 0), seed[r.player]))
        out.extend(group)
    _place(out)
    return out


def _negate(key: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-k for k in key)


def _groups(rows: list[Standing], key: Any) -> list[list[Standing]]:
    groups: list[list[Standing]] = []
    for row in rows:
        if groups and key(groups[-1][0]) == key(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _place(rows: list[Standing]) -> None:
    def full(row: Standing) -> tuple[int, int, int, int, int | None]:
        return (*row.key(), row.head_to_head)

    for i, row in enumerate(rows):
        if i > 0 and full(rows[i - 1]) == full(row):
            row.place = rows[i - 1].place
            row.shared = rows[i - 1].shared = True
        else:
            row.place = i + 1
