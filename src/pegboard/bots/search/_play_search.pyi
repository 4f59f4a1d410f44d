"""Types of the compiled play search (``_play_search.pyx``): the loop over worlds of
``play_search.totals_python`` in C."""

import random
from collections.abc import Sequence

from pegboard.bots.search.play_search import PlaySearch

def totals(
    search: PlaySearch,
    cards: Sequence[int],
    rng: random.Random,
    worlds: int,
    deadline: float | None,
    *,
    weighs: bool,
    missed: float,
    slip: float,
    floor: float,
    draws: int,
    tie: float,
    per_deal: float,
    spread: float,
) -> tuple[list[float], float]: ...
def sample_worlds(
    search: PlaySearch, rng: random.Random, worlds: int
) -> list[tuple[dict[int, list[int]], dict[int, list[int]], list[int]]]: ...
