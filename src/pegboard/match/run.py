"""Playing a match: deals, the lineups of each deal, over one process or several.

Deal ``i`` uses seed ``seed + i`` in every one of its lineups (see :mod:`.lineup`), so any
game can be replayed with ``pegboard simulate --seed`` and the same bots in the same seats.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pegboard.arena import play_one
from pegboard.bots import make
from pegboard.core.spec import get_spec
from pegboard.core.wire import Record
from pegboard.errors import OptionError
from pegboard.match.lineup import rotations
from pegboard.match.phases import HandPoints, hand_points
from pegboard.parallel import Cluster, chunk_size, run_chunks


@dataclass(frozen=True)
class GameResult:
    deal: int
    """Index of the deal in the match (its seed is the match seed plus this)."""
    seed: int
    bots: tuple[str, ...]
    """The bot in each seat."""
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    hands: tuple[HandPoints, ...]
    record: Record | None = None
    """The game's record (``pegboard-record/1``), when the match was asked to keep them."""


@dataclass
class Match:
    game: str
    players: int
    bots: tuple[str, ...]
    """The lineup as given (the first rotation)."""
    duplicate: bool
    seed: int
    deals: int
    options: dict[str, object]
    seconds: float
    results: list[GameResult]


def _play_deals(
    game: str,
    players: int,
    lineups: Sequence[tuple[str, ...]],
    deals: Sequence[tuple[int, int]],
    options: Mapping[str, object],
    record: bool = False,
) -> list[GameResult]:
    out = []
    for index, seed in deals:
        for bots in lineups:
            played = play_one(game, players, bots, seed, options)
            outcome = played.outcome
            assert outcome is not None
            hands = tuple(hand_points(game, players, played.events))
            kept = played.record() if record else None
            out.append(GameResult(index, seed, bots, outcome.scores, outcome.ranks, hands, kept))
    return out


def run_match(
    game: str,
    *,
    players: int,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    duplicate: bool = True,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: Cluster | None = None,
    record: bool = False,
) -> Match:
    """Play ``deals`` deals, each in every lineup (one, or each rotation of ``bots`` when
    ``duplicate``), here, over ``workers`` processes or on a Dask ``cluster``, with the same
    results; ``progress`` hears how many games finished; with ``record`` each result keeps
    its game's record."""
    spec = get_spec(game)
    resolved = spec.resolve(players, options or {})
    if len(bots) != players:
        raise OptionError(f"{players} players need {players} bots, not {len(bots)}")
    if deals < 1:
        raise OptionError(f"a match needs at least one deal, not {deals}")
    for name in bots:
        make(name)
    lineups = rotations(bots, duplicate)
    seeds = [(i, seed + i) for i in range(deals)]
    size = chunk_size(deals, cluster.workers if cluster else workers, 20)
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    start = time.perf_counter()
    results = run_chunks(
        _play_deals,
        [(spec.name, players, lineups, chunk, resolved, record) for chunk in chunks],
        workers=workers,
        cluster=cluster,
        done=(lambda i: progress(len(chunks[i]) * len(lineups))) if progress else None,
    )
    return Match(
        game=spec.name,
        players=players,
        bots=tuple(bots),
        duplicate=duplicate,
        seed=seed,
        deals=deals,
        options=dict(resolved),
        seconds=time.perf_counter() - start,
        results=results,
    )
