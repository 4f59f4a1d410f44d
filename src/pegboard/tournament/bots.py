"""A tournament between bots, its tables played over worker processes.

Every game's deal comes from a seed made of the tournament's seed, the round, the table and
the game's number, so the same command plays the same tournament on any number of workers,
and any game can be replayed alone (``pegboard simulate --seed``, the seats as shown).
With ``duplicate`` each table's match is played twice on the same deals, once each way
round, and both count: the cards' luck cancels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.arena import play_one
from pegboard.bots import make
from pegboard.core.spec import get_spec
from pegboard.parallel import run_chunks
from pegboard.tournament.bracket import match_winner
from pegboard.tournament.deals import game_seed
from pegboard.tournament.director import Tournament, start
from pegboard.tournament.match_length import MatchLength
from pegboard.tournament.results import MatchResult, PlayedGame, Round
from pegboard.tournament.rules import TournamentRules
from pegboard.tournament.scoring import played_game


def entrant_names(bots: Sequence[str]) -> list[str]:
    """A name for each entry: the bot's, numbered when a bot enters more than once."""
    counts = {name: bots.count(name) for name in bots}
    seen: dict[str, int] = {}
    names = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        names.append(f"{bot} {seen[bot]}" if counts[bot] > 1 else bot)
    return names


def _play_match(
    game: str,
    bots: tuple[str, str],
    seeds: Sequence[int],
    length: MatchLength,
    options: Mapping[str, object],
) -> list[PlayedGame]:
    """Games of one match in ``bots``' seat order until the match is decided."""
    games: list[PlayedGame] = []
    for seed in seeds:
        if length.decided(MatchResult(tuple(games)).wins()):
            break
        outcome = play_one(game, 2, bots, seed, options).outcome
        assert outcome is not None
        games.append(played_game(outcome, 0, options.get("score_target")))
    return games


def _flip(game: PlayedGame) -> PlayedGame:
    return PlayedGame(game.scores[::-1], game.points[::-1], 1 - game.winner)


def _play_table(
    game: str,
    bots: tuple[str, str],
    seeds: Sequence[int],
    length: MatchLength,
    options: Mapping[str, object],
    duplicate: bool,
) -> list[tuple[MatchResult, list[Deal]]]:
    games = _play_match(game, bots, seeds, length, options)
    deals = [Deal(seed, False) for seed in seeds[: len(games)]]
    if duplicate:
        mirrored = _play_match(game, (bots[1], bots[0]), seeds, length, options)
        games += [_flip(g) for g in mirrored]
        deals += [Deal(seed, True) for seed in seeds[: len(mirrored)]]
    return [(MatchResult(tuple(games)), deals)]


@dataclass(frozen=True)
class Deal:
    """How one game of a table was dealt: its seed, and whether the table's second-named
    player sat first (the mirrored half of a duplicate match)."""

    seed: int
    mirrored: bool


@dataclass(frozen=True)
class BotTournament:
    game: str
    bots: dict[str, str]
    """Each entrant's name and the bot that plays it."""
    duplicate: bool
    options: dict[str, object]
    tournament: Tournament
    deals: dict[tuple[int, int], list[Deal]]
    """Each game's deal, by round number and table (0-based)."""

    def to_json(self) -> dict[str, Any]:
        t = self.tournament
        return {
            "game": self.game,
            "rules": t.rules.to_json(),
            "duplicate": self.duplicate,
            "options": self.options,
            "entrants": [{"name": n, "bot": b} for n, b in self.bots.items()],
            "rounds": [self._round_json(r) for r in t.rounds],
            "standings": [s.to_json() for s in t.standings()],
            "qualified": list(t.qualified),
            "bracket": [[m.to_json() for m in line] for line in t.bracket()],
            "places": [{"place": p, "player": n} for p, n in t.places()],
        }

    def _round_json(self, played: Round) -> dict[str, Any]:
        tables = []
        for i, table in enumerate(played.tables):
            result = table.result
            assert result is not None
            deals = self.deals.get((played.number, i), [])
            games = [
                {**g.to_json(), "seed": deal.seed, "mirrored": deal.mirrored}
                for g, deal in zip(result.games, deals, strict=True)
            ]
            tables.append(
                {
                    "table": i + 1,
                    "players": list(table.players),
                    "games": games,
                    "wins": list(result.wins()),
                    "winner": match_winner(table.players, result),
                }
            )
        return {
            "number": played.number,
            "stage": played.stage,
            "tables": tables,
            "byes": list(played.byes),
        }


def run_bot_tournament(
    rules: TournamentRules,
    bots: Sequence[str],
    *,
    game: str = "cribbage",
    duplicate: bool = False,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    progress: Callable[[Round], None] | None = None,
) -> BotTournament:
    """Play a whole tournament between ``bots`` (seed order), each round's tables over
    ``workers`` processes; ``progress`` hears each round as it finishes."""
    spec = get_spec(game)
    resolved = spec.resolve(2, options or {})
    for bot in dict.fromkeys(bots):
        make(bot)  # an unknown bot fails before anything is played
    names = entrant_names(list(bots))
    by_name = dict(zip(names, bots, strict=True))
    tournament = start(rules, names)
    deals: dict[tuple[int, int], list[Deal]] = {}
    while True:
        current = tournament.current
        assert current is not None
        length = rules.playoff if current.stage == "playoff" and rules.playoff else rules.match
        calls = [
            (
                spec.name,
                (by_name[table.players[0]], by_name[table.players[1]]),
                [game_seed(rules.seed, current.number, i, k) for k in range(length.games)],
                length,
                resolved,
                duplicate,
            )
            for i, table in enumerate(current.tables)
        ]
        for i, (result, dealt) in enumerate(run_chunks(_play_table, calls, workers=workers)):
            tournament = tournament.record(i, result)
            deals[current.number, i] = dealt
        if progress:
            progress(tournament.rounds[-1])
        if tournament.over:
            return BotTournament(spec.name, by_name, duplicate, dict(resolved), tournament, deals)
        tournament = tournament.pair_next()
