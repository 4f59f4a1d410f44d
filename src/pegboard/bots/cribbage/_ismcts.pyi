"""Types of the compiled ``ismcts`` play search (``_ismcts.pyx``): ``IsmctsBot._play_python``'s
simulations in C."""

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pegboard.bots.search.play_search import PlaySearch

def root_visits(
    search: PlaySearch,
    rng: random.Random,
    simulations: int,
    explore: float,
    dealing: npt.NDArray[np.float64],
    pone: npt.NDArray[np.float64],
    worlds: Sequence[tuple[dict[int, list[int]], dict[int, list[int]], list[int]]] | None = None,
    drawn: bool = False,
) -> list[tuple[int, int]]: ...
def discard_visits(
    hand: list[int],
    me: int,
    dealer: int,
    scores: list[int],
    target: int,
    unseen: list[int],
    rng: random.Random,
    simulations: int,
    explore: float,
    dealing: npt.NDArray[np.float64],
    pone: npt.NDArray[np.float64],
) -> list[int]: ...
