"""The playoff bracket as it stands: each round's matches in bracket order and their winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.tournament.playoff import first_round
from pegboard.tournament.results import Round, Table


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


def match_winner(table: Table) -> str:
    """Who goes through (a playoff match is between two players): the other player after a
    forfeit; else the match's winner by its own scoring (games won in a best-of, then game
    points, spread and points for); a duplicate match, both ways round on the same deals, can
    end level on all of them: then the first-named, the higher seed."""
    score = table.result
    assert score is not None
    ranks = score.ranks()
    best = [i for i, rank in enumerate(ranks) if rank == 1]
    return table.side_players(best[0])[0]


def _find(rounds: Sequence[Round], a: str, b: str) -> Table | None:
    for played in rounds:
        for table in played.tables:
            if set(table.players) == {a, b} and table.result is not None:
                return table
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
    if found is None or found.result is None:
        return BracketMatch((a, b), seeds)
    wins = {p: found.result.totals[found.side_of(p)].games for p in (a, b)}
    return BracketMatch((a, b), seeds, match_winner(found), (wins[a], wins[b]))
