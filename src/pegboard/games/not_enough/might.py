"""The battle for the crib in numbers: who rolls how many Might dice, the Tops' Might, and the
single highest player (the phase itself is in steps.battle).

Each player rolls one die per Might in hand (court cards, Tops excluded) and the dealer two
more ("may add" taken as always: more dice never hurt the dealer), so the battle is held every
hand, even when nobody holds Might: the dealer's dice and the Tops' Might decide it then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pegboard.cards import Card
from pegboard.games.not_enough.deal import team_of
from pegboard.games.not_enough.powers import PowerTable

DEALER_DICE = 2
SPENT = ("intel", "magic")  # a Top used for these adds no Might to the battle


@dataclass(frozen=True)
class Muster:
    """Per seat: how many dice it rolls and what the Tops add to its roll."""

    dice: tuple[int, ...]
    bonus: tuple[int, ...]


def top_bonus(
    team: int,
    own_top: Card,
    enemy_top: Card,
    used: str | None,
    intel_team: int | None,
    powers: PowerTable,
) -> int:
    """The enemy Top's Might if the team won the intelligence bonus; its own Top's Might if that
    Top was not used for Intel or Magic and the team did not lose the intelligence bonus."""
    bonus = 0
    if intel_team == team:
        bonus += powers.value(enemy_top, "might")
    if used not in SPENT and intel_team in (None, team):
        bonus += powers.value(own_top, "might")
    return bonus


def muster(
    kept: Sequence[Sequence[Card]],
    dealer: int,
    team_tops: Sequence[Card],
    used: Mapping[int, str],
    intel_team: int | None,
    powers: PowerTable,
) -> Muster:
    """Who rolls what: every hand's Might in dice, the dealer's two more, the Tops' bonus."""
    dice = [powers.total(tuple(hand), "might") for hand in kept]
    dice[dealer] += DEALER_DICE
    bonus = tuple(
        top_bonus(
            team_of(seat),
            team_tops[team_of(seat)],
            team_tops[1 - team_of(seat)],
            used.get(team_of(seat)),
            intel_team,
            powers,
        )
        for seat in range(len(kept))
    )
    return Muster(tuple(dice), bonus)


def single_highest(totals: Sequence[int]) -> int | None:
    """The seat with the highest total, or None if two or more share it (team-mates too)."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
