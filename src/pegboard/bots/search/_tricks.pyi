"""Types of the compiled Cribist worlds and rollouts (``_tricks.pyx``): ``sample_hands`` and
``roll_out`` in C, and the rollouts valued."""

import random
from collections.abc import Sequence

def sample_hands(
    me: int,
    sizes: Sequence[int],
    pool: Sequence[int],
    voids: dict[int, set[int]],
    rng: random.Random,
    tries: int = 40,
) -> dict[int, list[int]]: ...
def roll_out_each(
    hands: dict[int, list[int]],
    trick: Sequence[tuple[int, int]],
    trump: int,
    turn: int,
    options: Sequence[int],
    *,
    tricks: int,
    need: Sequence[int] | None = None,
) -> list[tuple[list[int], int]]: ...
def roll_out_values(
    hands: dict[int, list[int]],
    trick: Sequence[tuple[int, int]],
    trump: int,
    me: int,
    options: Sequence[int],
    *,
    tricks: int,
    need: Sequence[int] | None,
    scores: Sequence[int],
    deals_left: float,
    spread: float,
    tie: float,
) -> list[float]: ...
