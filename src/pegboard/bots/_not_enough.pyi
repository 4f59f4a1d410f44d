"""Types of the compiled extension of the Cribbage is not Enough expert (``_not_enough.pyx``)."""

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

def combo_of_key(key: int) -> int: ...
def hand_total(kept: Sequence[int], pool: Sequence[int], n: int, top: int) -> int: ...
def battle_odds(rolls: tuple[tuple[int, int], ...]) -> tuple[float, ...]: ...

class Settle:
    def __init__(
        self, players: int, dealer: int, team: int, might: Sequence[int], dealer_dice: int
    ) -> None: ...
    def value(
        self,
        keys: Sequence[int],
        intel: Sequence[int],
        might: Sequence[int],
        pile_keys: Sequence[int],
        pile_sizes: Sequence[int],
        robber: int,
        top0: int,
        top1: int,
        spent0: bool,
        spent1: bool,
    ) -> float: ...
    def discard_world(
        self,
        me: int,
        holdings: Sequence[tuple[int, int, int]],
        piles: Sequence[tuple[int, int, int]],
        choices: Sequence[tuple[tuple[int, int, int], tuple[int, int, int]]],
        tops: Sequence[tuple[int, int]],
        totals: list[float],
    ) -> None: ...

def play_world(
    hands: Sequence[Sequence[int]],
    count: int,
    cards: Sequence[int],
    passed: Sequence[int],
    me: int,
    last: int,
    need: Sequence[int],
    candidates: Sequence[int],
    win: float,
    totals: list[float],
) -> None: ...
def shuffle(rng: random.Random, cards: list[T]) -> None: ...
