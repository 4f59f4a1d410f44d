"""A tournament between bots, its tables played over worker processes.

Each table's match is played as a table plays one (:mod:`pegboard.core.matchplay`): games
until the match is decided, each worth what its game says, the loser of each game dealing
first in the next, the bots told the match so far. Every game's deal comes from a seed made
of the tournament's seed, the round, the table and the game's number, so the same command
plays the same tournament on any number of workers. Two at a table sit in the order paired;
three or four draw their seats (and so their partners) from the table's seed. With
``duplicate`` (two at a table only) each match is played twice on the same deals, once each
way round, and both halves count as one match: the cards' luck cancels.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pegboard.bots import make
from pegboard.core.chance import ChanceSource, ScriptedChance, SeededChance
from pegboard.core.game import Game
from pegboard.core.matchplay import GameResult, MatchFormat, MatchScore, score_target
from pegboard.core.spec import get_spec
from pegboard.core.wire import MatchInfo
from pegboard.errors import OptionError
from pegboard.parallel import run_chunks
from pegboard.tournament.bracket import match_winner
from pegboard.tournament.deals import game_seed
from pegboard.tournament.director import Tournament, start
from pegboard.tournament.partners import has_partners
from pegboard.tournament.results import Round
from pegboard.tournament.rules import TournamentRules

MAX_ACTIONS = 20_000


def entrant_names(bots: Sequence[str]) -> list[str]:
    """A name for each entry: the bot's, numbered when a bot enters more than once."""
    counts = {name: bots.count(name) for name in bots}
    seen: dict[str, int] = {}
    names = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        names.append(f"{bot} {seen[bot]}" if counts[bot] > 1 else bot)
    return names


def _play_game(
    game: str,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, object],
    first_dealer: int | None,
    score: MatchScore,
) -> Game:
    """One game of a match: the first dealer fixed after the first game, and each bot's view
    carrying the match so far (what a table shows its bots) in a match of several games."""
    spec = get_spec(game)
    chance: ChanceSource = SeededChance(seed)
    if first_dealer is not None:
        chance = ScriptedChance([(first_dealer,)], then=chance)
    played = Game(spec, len(bots), seed, options, chance=chance)
    seats = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
    for s, name in enumerate(bots):
        played.set_seat(s, name=f"{name} {s + 1}", kind=f"bot:{name}")
    match: MatchInfo = {**score.to_json(), "name": score.format.name, "title": score.format.title}
    for _ in range(MAX_ACTIONS):
        if played.outcome is not None:
            return played
        seat = played.to_act[0]
        view = played.view(seat)
        if score.format.games > 1:
            side = next(i for i, members in enumerate(score.sides) if seat in members)
            view["match"] = {"score": match, "side": side}
        played.apply(seat, seats[seat].act(view))
    raise RuntimeError(f"game {game} seed {seed} did not end in {MAX_ACTIONS} actions")


def _play_match(
    game: str,
    bots: Sequence[str],
    seeds: Sequence[int],
    format: MatchFormat,
    options: Mapping[str, object],
) -> MatchScore:
    """The games of one match, ``bots`` in seat order, until it is decided; the score's sides
    are the game's seats."""
    spec = get_spec(game)
    resolved = spec.resolve(len(bots), options)
    score = MatchScore.start(format, spec.sides(len(bots), resolved))
    first: int | None = None
    for seed in seeds:
        if score.decided:
            break
        played = _play_game(game, bots, seed, options, first, score)
        assert played.outcome is not None
        score = score.add_outcome(played.outcome, spec.worth, target=score_target(resolved))
        dealt = played.chance_log[0] if played.chance_log else {}
        if not score.decided and "pick" in dealt:
            first = score.first_dealer(int(dealt["pick"]), len(bots))
    return score


def _by_places(score: MatchScore, seating: Sequence[int]) -> MatchScore:
    """``score`` with its sides told as places at the tournament table (``seating``: the
    place in each seat)."""
    sides = tuple(tuple(seating[seat] for seat in side) for side in score.sides)
    return replace(score, sides=sides)


def _reordered(result: GameResult, order: Sequence[int]) -> GameResult:
    return replace(
        result,
        scores=tuple(result.scores[i] for i in order),
        ranks=tuple(result.ranks[i] for i in order),
        credits=tuple(result.credits[i] for i in order),
    )


def _seating(players: int, seed: int, partners: bool) -> list[int]:
    """The place at the tournament table in each seat: two sit in the order paired, and so do
    partners (the tournament chose them: :mod:`.partners`); three or four alone are drawn, as
    a table draws its seats."""
    order = list(range(players))
    if players > 2 and not partners:
        random.Random(f"{seed}/seating").shuffle(order)
    return order


def _play_table(
    game: str,
    bots: tuple[str, ...],
    seeds: Sequence[int],
    format: MatchFormat,
    options: Mapping[str, object],
    duplicate: bool,
) -> list[tuple[MatchScore, list[Deal]]]:
    seating = _seating(len(bots), seeds[0], has_partners(game, len(bots), options))
    score = _by_places(
        _play_match(game, [bots[p] for p in seating], seeds, format, options), seating
    )
    deals = [Deal(seed, False) for seed in seeds[: score.played]]
    if duplicate:
        back = _by_places(_play_match(game, bots[::-1], seeds, format, options), [1, 0])
        order = [back.sides.index(side) for side in score.sides]
        score = replace(
            score, results=(*score.results, *(_reordered(r, order) for r in back.results))
        )
        deals += [Deal(seed, True) for seed in seeds[: back.played]]
    return [(score, deals)]


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
    game_players: int = 2
    """Players at each table (each entrant alone, or partners the tournament chose)."""

    def to_json(self) -> dict[str, Any]:
        t = self.tournament
        return {
            "game": self.game,
            "rules": t.rules.to_json(),
            "players": self.game_players,
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
                {
                    **g.to_json(),
                    "spread": [g.spread(k) for k in range(len(g.scores))],
                    "seed": deal.seed,
                    "mirrored": deal.mirrored,
                }
                for g, deal in zip(result.results, deals, strict=True)
            ]
            sides = [list(table.side_players(k)) for k in range(len(result.sides))]
            tables.append(
                {
                    "table": i + 1,
                    "players": list(table.players),
                    "sides": sides,
                    "games": games,
                    "totals": [t.to_json() for t in result.totals],
                    "ranks": list(result.ranks()),
                    "forfeited": result.forfeited,
                    "winner": match_winner(table),
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
    players: int = 2,
    duplicate: bool = False,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    progress: Callable[[Round], None] | None = None,
) -> BotTournament:
    """Play a whole tournament between ``bots`` (seed order) at tables of ``players``, each
    round's tables over ``workers`` processes; ``progress`` hears each round as it finishes."""
    spec = get_spec(game)
    if rules.table != players:
        raise OptionError(f"{players} players a game, but the rules seat {rules.table} a table")
    if duplicate and players != 2:
        raise OptionError("duplicate play mirrors two players' seats: not for tables of more")
    resolved = spec.resolve(players, spec.match_options(options or {}, rules.match))
    for bot in dict.fromkeys(bots):
        make(bot)  # an unknown bot fails before anything is played
    names = entrant_names(list(bots))
    by_name = dict(zip(names, bots, strict=True))
    tournament = start(rules, names)
    deals: dict[tuple[int, int], list[Deal]] = {}
    while True:
        current = tournament.current
        assert current is not None
        format = rules.format_of(current.stage)
        calls = [
            (
                spec.name,
                tuple(by_name[p] for p in table.players),
                [game_seed(rules.seed, current.number, i, k) for k in range(format.games)],
                format,
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
            return BotTournament(
                spec.name, by_name, duplicate, dict(resolved), tournament, deals, players
            )
        tournament = tournament.pair_next()
