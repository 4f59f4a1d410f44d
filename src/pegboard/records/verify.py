"""Checking a record's verifiable deals: every revealed secret against its commitment, every
chance outcome against the one the secret and the seats' seeds give, then the whole game by
replay (so a card or a roll changed anywhere in the events is caught too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pegboard.cards import card_names
from pegboard.core.chance import Chance, ChanceOutcome, check_outcome, outcome_from_json
from pegboard.core.fair import (
    FAIR_FORMAT,
    FairChance,
    FairStep,
    HandDraw,
    commitment,
    derive,
    step_kind,
)
from pegboard.core.wire import Record
from pegboard.errors import RecordError, VerifyError
from pegboard.records.record import check_record
from pegboard.records.replay import replay


@dataclass
class Verified:
    """What a record's check found: the hands whose every step was derived again, and the
    hands not revealed yet (a game still being played), whose outcomes stand unchecked."""

    hands: list[int]
    unrevealed: list[int]
    steps: int


@dataclass
class CheckingChance(FairChance):
    """Answers each step with the record's outcome once it is the one the hand's secret and
    seeds give (or, for a hand not revealed yet, as recorded)."""

    recorded: list[ChanceOutcome] = field(default_factory=list)
    unrevealed: set[int] = field(default_factory=set)

    def resolve_in_hand(self, step: Chance, hand: int) -> ChanceOutcome:
        index = self.taken()
        fixed = self.fixed_now(step)
        if fixed is not None:  # the table's, not drawn: the record must say the same
            if index >= len(self.recorded) or self.recorded[index] != fixed:
                raise VerifyError(
                    f"chance step {index} is fixed to {list(fixed)} by the fair field, "
                    "the record says otherwise"
                )
            return fixed
        number = self.number_in(hand)
        where = f"hand {hand}, chance step {index} (the hand's {step_kind(step)} {number})"
        if index >= len(self.recorded):
            raise VerifyError(f"{where}: the record has no outcome for it")
        try:
            recorded = check_outcome(step, self.recorded[index])
        except ValueError as error:
            raise VerifyError(f"{where}: {error}") from None
        draw = self.draws.get(hand)
        if draw is None:
            raise VerifyError(f"{where}: the record has no commitment for hand {hand}")
        if draw.secret is None:
            self.unrevealed.add(hand)
        else:
            derived = derive(step, draw.secret, draw.seeds, hand, number)
            if derived != recorded:
                raise VerifyError(f"{where}: {_difference(step, recorded, derived)}")
        self.steps.append(FairStep(hand, number, step, recorded))
        return recorded


def _difference(step: Chance, recorded: ChanceOutcome, derived: ChanceOutcome) -> str:
    kind = step_kind(step)
    if kind == "shuffle":
        place = next(i for i, (a, b) in enumerate(zip(recorded, derived, strict=True)) if a != b)
        mine, theirs = card_names([recorded[place], derived[place]])
        return (
            f"card {place + 1} of the deck is {mine} in the record, "
            f"{theirs} from the secret and seeds"
        )
    return f"the record says {kind} {list(recorded)}, the secret and seeds give {list(derived)}"


def read_draws(fair: object) -> dict[int, HandDraw]:
    """The record's hand draws, each revealed secret checked against its commitment."""
    if not isinstance(fair, dict) or fair.get("format") != FAIR_FORMAT:
        raise VerifyError(f"the record's fair field is not {FAIR_FORMAT}")
    draws: dict[int, HandDraw] = {}
    for entry in fair.get("hands") or []:
        try:
            draw = HandDraw.from_json(entry)
        except (KeyError, TypeError, ValueError) as error:
            raise VerifyError(
                f"a hand of the fair field cannot be read ({entry!r}): {error}"
            ) from None
        if draw.secret is not None and commitment(draw.secret) != draw.commitment:
            raise VerifyError(
                f"hand {draw.hand}: the revealed secret {draw.secret.hex()} does not hash to "
                f"the commitment {draw.commitment} published before the deal"
            )
        draws[draw.hand] = draw
    return draws


def read_fixed(fair: Mapping[str, Any]) -> dict[int, ChanceOutcome]:
    """The steps the table fixed rather than drew (a match's later game's first dealer)."""
    try:
        return {int(e["step"]): (int(e["pick"]),) for e in fair.get("fixed") or []}
    except (KeyError, TypeError, ValueError) as error:
        raise VerifyError(f"the fair field's fixed steps cannot be read: {error}") from None


def verify(record: Record) -> Verified:
    """Check every hand of ``record``; raises :class:`VerifyError` (or :class:`RecordError` for
    a record that does not replay) saying where the first check fails."""
    data = check_record(record)
    if "fair" not in data:
        raise VerifyError(
            "the record has no verifiable deals (no fair field): its chance came from a seed "
            "or from the system's generator"
        )
    draws = read_draws(data["fair"])
    try:
        recorded = [outcome_from_json(o) for o in data.get("chance") or []]
    except (RecordError, ValueError, TypeError) as error:
        raise VerifyError(f"the record's chance outcomes cannot be read: {error}") from None
    checker = CheckingChance(draws=draws, recorded=recorded, fixed=read_fixed(data["fair"]))
    replay(data, checker)
    if checker.taken() != len(recorded):
        raise VerifyError(
            f"the record lists {len(recorded)} chance outcomes, the game used {checker.taken()}"
        )
    begun = checker.hands_begun()
    return Verified(
        hands=[h for h in begun if h not in checker.unrevealed],
        unrevealed=sorted(checker.unrevealed),
        steps=checker.taken(),  # the fixed ones checked against the fair field too
    )
