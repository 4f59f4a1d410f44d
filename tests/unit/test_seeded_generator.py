"""The compiled generator draws what ``random.Random(text)`` draws: the same words for any
seed text, so ``SeededChance`` gives the same shuffles, cuts and dice with or without it."""

from __future__ import annotations

import random

import pytest

import pegboard.core.chance as chance_module
from pegboard.cards import DECK
from pegboard.core.chance import Pick, Roll, SeededChance, Shuffle, draw

seeded = pytest.importorskip("pegboard.core._seeded", reason="compiled extensions not built")
# tests/design/test_compiled.py fails where a compiler exists and this module is missing.

SEEDS: list[int | str] = [
    0,
    1,
    7,
    -5,
    123_456_789,
    2**70,
    "abc",
    "",
    "\x00lead",
    "ünïcode",
    "x" * 300,
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("bits", [1, 3, 6, 17, 32])
def test_getrandbits_is_random_randoms(seed: int | str, bits: int) -> None:
    # 1,300 words: past the first block of 624, so the second twist is checked too.
    for index in (0, 1, 12, 9_999):
        text = f"{seed}/chance/{index}"
        reference = random.Random(text)
        expected = [reference.getrandbits(bits) for _ in range(1_300)]
        assert seeded.getrandbits(text.encode(), bits, 1_300) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffles_and_draws_are_random_randoms(seed: int | str) -> None:
    for index in range(40):
        text = f"{seed}/chance/{index}"
        deck = list(range(52))
        random.Random(text).shuffle(deck)
        assert seeded.shuffled(text.encode(), tuple(range(52))) == tuple(deck)
        reference = random.Random(text)
        assert seeded.randbelow(text.encode(), 6, 5) == tuple(
            reference.randrange(6) for _ in range(5)
        )


@pytest.mark.parametrize("step", [Shuffle(DECK), Shuffle(DECK + DECK), Pick(2), Pick(4), Roll(3)])
def test_seeded_chance_resolves_as_the_python_draw(step: Shuffle | Pick | Roll) -> None:
    """The compiled path of ``SeededChance`` against the pure-Python one it replaces."""
    for seed in (3, "table-9"):
        source = SeededChance(seed)
        for index in range(30):
            expected = draw(step, random.Random(f"{seed}/chance/{index}"))
            assert source.resolve(step, index) == expected
    assert vars(chance_module)["_seeded"] is seeded  # SeededChance took the compiled path


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        seeded.randbelow(b"x", 0)
    with pytest.raises(ValueError):
        seeded.getrandbits(b"x", 33, 1)
