"""Chance as explicit steps: the rules ask, a source answers, the record keeps the answer.

Rules never draw randomness themselves. When a shuffle, a die roll or a random choice
comes up, the rules expose a step; the driver resolves it from a :class:`ChanceSource`
(seeded for play, scripted for tests, recorded for replay) and hands the outcome back.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pegboard.cards import Card, card_names, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.wire import ChanceJson
from pegboard.errors import RecordError

try:  # the compiled generator (setup.py); without it the same draws come from random.Random
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.core import _seeded
except ImportError:
    _seeded = None  # type: ignore[assignment]

T = TypeVar("T")


@dataclass(frozen=True)
class Shuffle:
    """Put ``cards`` in a random order; the outcome is the whole order, top card first."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Roll:
    """Roll ``dice`` six-sided dice; the outcome is their values."""

    dice: int


@dataclass(frozen=True)
class Pick:
    """Choose one of ``choices`` numbers (0 .. choices-1) uniformly."""

    choices: int


Chance = Shuffle | Roll | Pick
ChanceOutcome = tuple[int, ...]  # the numbers a chance step came out as (not a game's Outcome)


class ChanceSource(Protocol):
    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        """The outcome of the ``index``-th chance step of the game."""
        ...


def check_outcome(step: Chance, outcome: ChanceOutcome) -> ChanceOutcome:
    """Refuse an outcome that is impossible for the step (a scripted deck missing a card)."""
    if isinstance(step, Shuffle):
        ok = sorted(outcome) == sorted(step.cards)
    elif isinstance(step, Roll):
        ok = len(outcome) == step.dice and all(1 <= v <= 6 for v in outcome)
    else:
        ok = len(outcome) == 1 and 0 <= outcome[0] < step.choices
    if not ok:
        raise ValueError(f"{outcome!r} is not a possible outcome of {step!r}")
    return outcome


def draw(step: Chance, rng: random.Random) -> ChanceOutcome:
    """One outcome of ``step`` from ``rng``."""
    if isinstance(step, Shuffle):
        order = list(step.cards)
        shuffle(rng, order)
        return tuple(order)
    if isinstance(step, Roll):
        return tuple(rng.randint(1, 6) for _ in range(step.dice))
    return (rng.randrange(step.choices),)


class SeededChance:
    """Each step draws from its own generator derived from the seed and the step's index,
    ``random.Random(f"{seed}/chance/{index}")``, so one step's outcome never depends on how
    much randomness another used. The compiled generator (:mod:`pegboard.core._seeded`)
    draws exactly what that ``random.Random`` would, four times as fast."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self.prefix = f"{seed}/chance/".encode()
        """The generator's text before the step's index, UTF-8 (the compiled extensions seed
        from it)."""

    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        if _seeded is None:
            return draw(step, random.Random(f"{self.seed}/chance/{index}"))
        key = self.prefix + str(index).encode()
        if isinstance(step, Shuffle):
            return _seeded.shuffled(key, step.cards)
        if isinstance(step, Roll):
            return tuple(v + 1 for v in _seeded.randbelow(key, 6, step.dice))
        return _seeded.randbelow(key, step.choices)


class SystemChance:
    """The operating system's generator: nothing about one outcome tells another. For live
    tables, whose outcomes the record keeps (there is no seed to replay from)."""

    def __init__(self) -> None:
        self._rng = random.SystemRandom()

    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        return draw(step, self._rng)


_BITS = tuple(n.bit_length() for n in range(1, 129))  # _BITS[i]: bits to draw below i + 1


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same generator state, with
    ``Random._randbelow`` written out in the loop: a deal's shuffle is a tenth of a random
    game's time, and half of that went to the two calls per card."""
    if len(cards) > len(_BITS):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bits = _BITS[i]
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


class ScriptedChance:
    """Outcomes given in order, for tests and replays.

    A scripted shuffle may list only the top of the deck: the remaining cards follow in
    id order. Once the script runs out, ``then`` (if given) answers the rest.
    """

    def __init__(self, outcomes: Iterable[Sequence[int]], then: ChanceSource | None = None) -> None:
        self._outcomes = [tuple(o) for o in outcomes]
        self._then = then

    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        if index >= len(self._outcomes):
            if self._then is None:
                raise RecordError(f"no scripted outcome for chance step {index} ({step!r})")
            return self._then.resolve(step, index)
        outcome = self._outcomes[index]
        if isinstance(step, Shuffle):
            given = set(outcome)
            outcome = outcome + tuple(c for c in step.cards if c not in given)
        return check_outcome(step, outcome)


def outcome_to_json(step: Chance, outcome: ChanceOutcome) -> ChanceJson:
    if isinstance(step, Shuffle):
        return {"shuffle": card_names(outcome)}
    if isinstance(step, Roll):
        return {"roll": list(outcome)}
    return {"pick": outcome[0]}


def outcome_from_json(data: Mapping[str, Any]) -> ChanceOutcome:
    if "shuffle" in data:
        return tuple(parse_cards(data["shuffle"]))
    if "roll" in data:
        return tuple(int(v) for v in data["roll"])
    if "pick" in data:
        return (int(data["pick"]),)
    raise RecordError(f"unknown chance outcome {data!r}")
