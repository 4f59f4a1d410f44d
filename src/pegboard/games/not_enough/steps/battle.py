"""The battle for the crib, every hand: who rolls how many dice (the dealer two more), the
rolls as chance steps, and the single highest total taking both piles."""

from __future__ import annotations

from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.might import muster, single_highest
from pegboard.games.not_enough.phases import BATTLE, Step
from pegboard.games.not_enough.state import NotEnoughState


def start_battle(state: NotEnoughState) -> Step | None:
    tops = [state.team_top(0), state.team_top(1)]
    plan = muster(state.kept, state.dealer, tops, state.used, state.intel_team, state.powers)
    state.battle = {"dice": list(plan.dice), "bonus": list(plan.bonus), "winner": None}
    order = seats_from_left(state.dealer, state.players)
    state.rolls_due = [(seat, plan.dice[seat]) for seat in order if plan.dice[seat]]
    state.phase = BATTLE
    return None


def roll(state: NotEnoughState, dice: list[int]) -> Step | None:
    """The next seat's roll; the battle is settled with the last."""
    seat, _ = state.rolls_due.pop(0)
    state.rolls[seat] = dice
    state.events.append({"type": "roll", "seat": seat, "dice": list(dice)})
    if not state.rolls_due:
        return settle_battle(state)
    return None


def settle_battle(state: NotEnoughState) -> Step | None:
    assert state.battle is not None
    bonus = state.battle["bonus"]
    totals = [sum(state.rolls.get(s, [])) + bonus[s] for s in range(state.players)]
    winner = single_highest(totals)
    state.battle_team = team_of(winner) if winner is not None else None
    state.battle["rolls"] = [state.rolls.get(s, []) for s in range(state.players)]
    state.battle["totals"] = totals
    state.battle["winner"] = winner
    battle = state.battle
    state.events.append(
        {
            "type": "battle",
            "dice": battle["dice"],
            "bonus": battle["bonus"],
            "winner": battle["winner"],
            "rolls": battle["rolls"],
            "totals": battle["totals"],
        }
    )
    return Step.REVEAL_CRIB
