"""Verifiable chance: every chance step of a hand from a committed secret and the players' seeds.

One pure function, :func:`derive`, turns (the server's secret for the hand, the seated players'
seeds, the hand, the step's number in the hand, the step) into the step's outcome. The server
publishes ``SHA-256(secret)`` before the hand and reveals the secret when the hand is over; the
players add their seeds after seeing the commitment. docs/fairness.md spells the algorithm out
with test vectors so anyone can check a record with their own code.

Nothing here draws randomness or does I/O: the secret comes from the caller.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegboard.core.chance import (
    Chance,
    ChanceOutcome,
    Pick,
    Roll,
    Shuffle,
    check_outcome,
    outcome_to_json,
)
from pegboard.core.wire import FairJson, FairStepJson, HandDrawJson

FAIR_FORMAT = "pegboard-fair/1"
"""The derivation's name and version; it is also the first bytes of every HMAC message."""

SECRET_BYTES = 32
DEFAULT_SEED = ""
"""The seed of a seat that gives none in time, and of every bot's seat."""
MAX_SEED_LENGTH = 64


def commitment(secret: bytes) -> str:
    """The published commitment to ``secret``: SHA-256 of its bytes, in lowercase hex."""
    return hashlib.sha256(secret).hexdigest()


def seeds_digest(seeds: Sequence[str]) -> bytes:
    """SHA-256 over the SHA-256 of each seat's seed (UTF-8), in seat order: every seed counts,
    and no two lists of seeds run together into the same bytes."""
    outer = hashlib.sha256()
    for seed in seeds:
        outer.update(hashlib.sha256(seed.encode("utf-8")).digest())
    return outer.digest()


def step_kind(step: Chance) -> str:
    if isinstance(step, Shuffle):
        return "shuffle"
    if isinstance(step, Roll):
        return "roll"
    return "pick"


def stream(secret: bytes, seeds: Sequence[str], hand: int, number: int, kind: str) -> Iterator[int]:
    """The step's bytes: HMAC-SHA256(secret, message ‖ counter) for counter 0, 1, 2, …
    where message = ``pegboard-fair/1`` 0x00 ‖ seeds_digest ‖ hand ‖ number ‖ kind 0x00,
    the numbers and the counter as 4-byte big-endian."""
    message = (
        FAIR_FORMAT.encode()
        + b"\x00"
        + seeds_digest(seeds)
        + hand.to_bytes(4, "big")
        + number.to_bytes(4, "big")
        + kind.encode("ascii")
        + b"\x00"
    )
    counter = 0
    while True:
        yield from hmac.new(secret, message + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        counter += 1


def below(source: Iterator[int], n: int) -> int:
    """A uniform number in 0 .. n-1: 4 bytes as a big-endian number x, kept only if it is below
    the largest multiple of n under 2**32 (so every remainder is equally likely), then x mod n."""
    if not 1 <= n <= 2**32:
        raise ValueError(f"cannot draw below {n}")
    limit = 2**32 - 2**32 % n
    while True:
        x = int.from_bytes(bytes(next(source) for _ in range(4)), "big")
        if x < limit:
            return x % n


def derive(
    step: Chance, secret: bytes, seeds: Sequence[str], hand: int, number: int
) -> ChanceOutcome:
    """The outcome of the ``number``-th chance step (from 0) of ``hand`` (from 1).

    A shuffle is Fisher–Yates over the step's cards in ascending id order: for i from the
    last place down to 1, swap place i with place ``below(i + 1)``; the outcome is the order,
    top card first. A roll is ``below(6) + 1`` per die; a pick is ``below(choices)``."""
    source = stream(secret, seeds, hand, number, step_kind(step))
    if isinstance(step, Shuffle):
        order = sorted(step.cards)
        for i in range(len(order) - 1, 0, -1):
            j = below(source, i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)
    if isinstance(step, Roll):
        return tuple(below(source, 6) + 1 for _ in range(step.dice))
    return (below(source, step.choices),)


def check_seed(seed: object) -> str:
    """A player's seed: any text of 1 to 64 characters (refused otherwise, with the reason)."""
    if not isinstance(seed, str) or not 1 <= len(seed) <= MAX_SEED_LENGTH:
        raise ValueError(f"a seed is text of 1 to {MAX_SEED_LENGTH} characters")
    return seed


@dataclass
class HandDraw:
    """One hand's secret (None until it is revealed, for a checker), its commitment and the
    seats' seeds."""

    hand: int
    commitment: str
    seeds: tuple[str, ...]
    secret: bytes | None = None

    def to_json(self, *, reveal: bool) -> HandDrawJson:
        return {
            "hand": self.hand,
            "commitment": self.commitment,
            "seeds": list(self.seeds),
            "secret": self.secret.hex() if reveal and self.secret is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandDraw:
        secret = data.get("secret")
        return cls(
            hand=int(data["hand"]),
            commitment=str(data["commitment"]),
            seeds=tuple(str(s) for s in data["seeds"]),
            secret=bytes.fromhex(secret) if secret is not None else None,
        )


@dataclass(frozen=True)
class FairStep:
    """One chance step dealt: its hand, its number in the hand, the step and its outcome."""

    hand: int
    number: int
    step: Chance
    outcome: ChanceOutcome

    def to_json(self) -> FairStepJson:
        """The step as a checker needs it: the outcome (a pick with its number of choices)."""
        if isinstance(self.step, Pick):
            return {"pick": self.outcome[0], "choices": self.step.choices}
        return outcome_to_json(self.step, self.outcome)


@dataclass
class FairChance:
    """A game's chance from hand draws: each step from its hand's secret and seeds.

    The game calls :meth:`resolve_in_hand` with the hand its rules say the step belongs to
    (``Rules.chance_hand``); the steps of a hand are numbered from 0 in the order they come.
    ``every_hand`` answers a hand with no draw of its own (the daily challenge: one secret,
    no seeds, for all its hands)."""

    draws: dict[int, HandDraw] = field(default_factory=dict)
    every_hand: HandDraw | None = None
    revealed: set[int] = field(default_factory=set)
    steps: list[FairStep] = field(default_factory=list)
    """Every step so far, in order."""
    fixed: dict[int, ChanceOutcome] = field(default_factory=dict)
    """Steps answered by the table, not drawn, by their number in the game: the first dealer
    of a match's later game is the loser of the game before (docs/fairness.md). A fixed step
    takes no number in its hand."""
    fixed_taken: int = 0

    def taken(self) -> int:
        """How many chance steps of the game have been answered, drawn or fixed."""
        return len(self.steps) + self.fixed_taken

    def fixed_now(self, step: Chance) -> ChanceOutcome | None:
        """The fixed outcome of the game's next step, if it has one (counted as taken)."""
        outcome = self.fixed.get(self.taken())
        if outcome is None:
            return None
        self.fixed_taken += 1
        return check_outcome(step, outcome)

    def draw_for(self, hand: int) -> HandDraw:
        found = self.draws.get(hand)
        if found is None and self.every_hand is not None:
            found = self.draws[hand] = HandDraw(
                hand, self.every_hand.commitment, self.every_hand.seeds, self.every_hand.secret
            )
        if found is None or found.secret is None:
            raise LookupError(f"hand {hand} has no committed secret to deal from")
        return found

    def number_in(self, hand: int) -> int:
        """The number the hand's next step gets: how many steps of the hand came before."""
        return sum(1 for s in self.steps if s.hand == hand)

    def resolve_in_hand(self, step: Chance, hand: int) -> ChanceOutcome:
        fixed = self.fixed_now(step)
        if fixed is not None:
            return fixed
        draw = self.draw_for(hand)
        assert draw.secret is not None
        number = self.number_in(hand)
        outcome = derive(step, draw.secret, draw.seeds, hand, number)
        self.steps.append(FairStep(hand, number, step, outcome))
        return outcome

    def hand_steps(self, hand: int) -> list[FairStepJson]:
        return [s.to_json() for s in self.steps if s.hand == hand]

    def resolve(self, step: Chance, index: int) -> ChanceOutcome:
        raise LookupError("fair chance needs the step's hand (Game passes it)")

    def hands_begun(self) -> list[int]:
        return sorted({s.hand for s in self.steps})

    def to_json(self) -> FairJson:
        """The record's ``fair`` field: every hand begun, with its secret once revealed."""
        data: FairJson = {
            "format": FAIR_FORMAT,
            "hands": [self.draws[h].to_json(reveal=h in self.revealed) for h in self.hands_begun()],
        }
        if self.fixed:  # only a match's later game has any
            data["fixed"] = [
                {"step": index, "pick": outcome[0]} for index, outcome in sorted(self.fixed.items())
            ]
        return data
