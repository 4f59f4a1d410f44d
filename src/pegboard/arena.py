"""``simulate``: bot-vs-bot games, seeded, optionally over several processes."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.bots import make
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import Record
from pegboard.errors import OptionError
from pegboard.parallel import Cluster, chunk_size, run_chunks

MAX_ACTIONS = 100_000  # a game that has not ended by then is a bug, not a long game


def resolve_for_bots(game: str, players: int, options: Mapping[str, object]) -> dict[str, Any]:
    """Every option's value for a bots-only game, checked: as the game's spec checks them, and
    refused (:class:`~pegboard.errors.OptionError`) when the options make a game that ends on a
    clock (the rules say so through ``timed``): nothing here keeps time, so it would never end."""
    spec = get_spec(game)
    resolved = spec.resolve(players, options)
    if spec.create(players, resolved).timed:
        given = " ".join(f"{k}={v}" for k, v in options.items())
        raise OptionError(
            f"{spec.title} with {given} ends when an agreed time runs out, and bots-only play "
            "keeps no clock: choose options that end the game on the board"
        )
    return resolved


@dataclass(frozen=True)
class GameSummary:
    index: int
    seed: int
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str


@dataclass
class SimulationResult:
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    seconds: float
    summaries: list[GameSummary]
    records: list[Record] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.summaries)

    @property
    def wins(self) -> list[int]:
        """Games each seat finished first (a shared first place counts for each)."""
        return [sum(1 for g in self.summaries if g.ranks[s] == 1) for s in range(self.players)]

    @property
    def mean_rank(self) -> list[float]:
        return [self._mean([g.ranks[s] for g in self.summaries]) for s in range(self.players)]

    @property
    def mean_score(self) -> list[float]:
        return [self._mean([g.scores[s] for g in self.summaries]) for s in range(self.players)]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @staticmethod
    def _mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "seats": [
                {
                    "seat": s,
                    "bot": self.bots[s],
                    "wins": self.wins[s],
                    "win_rate": round(self.wins[s] / self.games, 4) if self.games else 0.0,
                    "mean_rank": round(self.mean_rank[s], 3),
                    "mean_score": round(self.mean_score[s], 2),
                }
                for s in range(self.players)
            ],
        }


def play_one(
    game_name: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, object],
) -> Game:
    """One whole bot game, deterministic for its seed."""
    game = Game(get_spec(game_name), players, seed, options)
    seats = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
    for s, name in enumerate(bots):
        game.set_seat(s, name=f"{name} {s + 1}", kind=f"bot:{name}")
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None:
            return game
        seat = game.to_act[0]
        game.apply(seat, seats[seat].act(game.view(seat)))
    raise RuntimeError(f"game {game_name} seed {seed} did not end in {MAX_ACTIONS} actions")


def _play_chunk(
    game_name: str,
    players: int,
    bots: Sequence[str],
    seeds: Sequence[tuple[int, int]],
    options: Mapping[str, object],
    record: bool,
) -> list[tuple[GameSummary, Record | None]]:
    done = []
    for index, seed in seeds:
        game = play_one(game_name, players, bots, seed, options)
        outcome = game.outcome
        assert outcome is not None
        summary = GameSummary(index, seed, outcome.scores, outcome.ranks, outcome.reason)
        done.append((summary, game.record() if record else None))
    return done


def simulate(
    game: str,
    *,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    record: bool = False,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: Cluster | None = None,
) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses seed ``seed + i`` so any one can be replayed.
    The games run here, over ``workers`` processes, or on a Dask ``cluster``
    (:func:`pegboard.parallel.cluster`), with the same results."""
    spec = get_spec(game)
    resolved = resolve_for_bots(spec.name, players, options or {})
    if len(bots) != players:
        raise OptionError(f"{players} players need {players} bots, not {len(bots)}")
    for name in bots:
        make(name)  # fail early on an unknown bot
    seeds = [(i, seed + i) for i in range(games)]
    size = chunk_size(games, cluster.workers if cluster else workers, 50)
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    calls = [(spec.name, players, list(bots), chunk, resolved, record) for chunk in chunks]
    start = time.perf_counter()
    results = run_chunks(
        _play_chunk,
        calls,
        workers=workers,
        cluster=cluster,
        done=(lambda i: progress(len(chunks[i]))) if progress else None,
    )
    seconds = time.perf_counter() - start
    return SimulationResult(
        game=spec.name,
        players=players,
        bots=tuple(bots),
        seed=seed,
        options=dict(resolved),
        seconds=seconds,
        summaries=[s for s, _ in results],
        records=[r for _, r in results if r is not None],
    )
