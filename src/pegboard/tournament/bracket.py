"""The playoff bracket as it stands: each round's matches in bracket order and their winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.tournament.playoff import first_round
from pegboard.tournament.results import MatchResult, Round


@dataclass(frozen=True)
class BracketMatch:
    players: tuple[str | None, str | None]
    """None: not known yet (or, in round one's bottom place, a bye)."""
    seeds: tuple[int | None, int | None]
    winner: str | None = None
    score: tuple[int, int] | None = None
    """Games won by each player, once the match is over."""

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "seeds": list(self.seeds),
            "winner": self.winner,
            "score": list(self.score) if self.score else None,
        }


def match_winner(players: tuple[str, str], result: MatchResult) -> str:
    """Who goes through: the other player after a forfeit; else more games won, then more
    game points, then the better spread (only a duplicate match, both ways round on the
    same deals, can be level on games), then the first-named, the higher seed."""
    if result.forfeit is not None:
        return players[1 - result.forfeit]
    wins = result.wins()
    points = [sum(g.points[side] for g in result.games) for side in (0, 1)]
    spread = sum(g.scores[0] - g.scores[1] for g in result.games)
    first = (wins[0] - wins[1], points[0] - points[1], spread)
    return players[1] if first < (0, 0, 0) else players[0]


def _find(rounds: Sequence[Round], a: str, b: str) -> tuple[tuple[str, str], MatchResult] | None:
    for played in rounds:
        for table in played.tables:
            if set(table.players) == {a, b} and table.result is not None:
                return table.players, table.result
    return None


def bracket(qualified: Sequence[str], rounds: Sequence[Round]) -> list[list[BracketMatch]]:
    """Every round of the playoff from the first to the final, for ``qualified`` in seed
    order and the playoff ``rounds`` played so far; later rounds hold None for players not
    known yet."""
    seed = {player: i + 1 for i, player in enumerate(qualified)}
    line: list[BracketMatch] = []
    for slot in first_round(len(qualified)):
        top = qualified[slot.top - 1]
        if slot.bottom is None:
            line.append(BracketMatch((top, None), (slot.top, None), winner=top))
        else:
            bottom = qualified[slot.bottom - 1]
            line.append(_decided(top, bottom, seed, rounds))
    out = [line]
    while len(line) > 1:
        line = [
            _decided(line[i].winner, line[i + 1].winner, seed, rounds)
            for i in range(0, len(line), 2)
        ]
        out.append(line)
    return out


def _decided(
    a: str | None, b: str | None, seed: dict[str, int], rounds: Sequence[Round]
) -> BracketMatch:
    seeds = (seed[a] if a else None, seed[b] if b else None)
    if a is None or b is None:
        return BracketMatch((a, b), seeds)
    found = _find(rounds, a, b)
    if found is None:
        return BracketMatch((a, b), seeds)
    players, result = found
    wins = dict(zip(players, result.wins(), strict=True))
    return BracketMatch((a, b), seeds, match_winner(players, result), (wins[a], wins[b]))
