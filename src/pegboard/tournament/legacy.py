"""Tournaments stored before they played the tables' matches: their settings named matches
``one-game``, ``best-of-N`` and ``N-games``, and each table's result listed its games from the
first-named player's side (``scores``, ``points``, ``winner``) with the player who forfeited.
Read as today's :class:`~pegboard.core.matchplay.MatchFormat` and ``MatchScore`` so that their
pages and standings still show (the standings the same: each game kept its game points)."""

from __future__ import annotations

import re
from typing import Any

from pegboard.core.matchplay import NOTHING, SKUNK, WIN, Credit, GameResult, MatchFormat, MatchScore

TWO_ALONE = ((0,), (1,))


def match_format(data: Any) -> MatchFormat:
    """A match format as stored: today's JSON, or an old name."""
    if isinstance(data, dict):
        return MatchFormat.from_json(data)
    text = str(data)
    if text == "one-game":
        return MatchFormat()
    fixed = re.fullmatch(r"(\d+)-games?", text)
    return MatchFormat.parse(f"games-{fixed[1]}" if fixed else text)


def match_score(data: dict[str, Any], format: MatchFormat) -> MatchScore:
    """A table's result as stored: today's ``MatchScore`` JSON, or an old list of games."""
    if "format" in data:
        return MatchScore.from_json(data)
    results = []
    for game in data["games"]:
        winner = int(game["winner"])
        won = int(game["points"][winner])
        credits = tuple(Credit(won, 1) if i == winner else NOTHING for i in (0, 1))
        ranks = tuple(1 if i == winner else 2 for i in (0, 1))
        how = SKUNK if won > 2 else WIN
        results.append(GameResult(tuple(game["scores"]), ranks, credits, how, "target"))
    return MatchScore(format, TWO_ALONE, tuple(results), data.get("forfeit"))
