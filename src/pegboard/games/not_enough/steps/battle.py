"""The battle for the crib, every hand: who rolls how many dice (the dealer two more), the
rolls as chance steps, and the single highest total taking both piles."""

from __future__ import annotations

from pegboard.games.not_enough.battle import muster, single_highest
from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.phases import BATTLE
from pegboard.games.not_enough.state import NotEnoughState


class BattleSteps(NotEnoughState):
    def _start_battle(self) -> None:
        tops = [self.team_top(0), self.team_top(1)]
        plan = muster(self.kept, self.dealer, tops, self.used, self.intel_team, self.powers)
        self.battle = {"dice": list(plan.dice), "bonus": list(plan.bonus), "winner": None}
        order = seats_from_left(self.dealer, self.players)
        self.rolls_due = [(seat, plan.dice[seat]) for seat in order if plan.dice[seat]]
        self.phase = BATTLE

    def _settle_battle(self) -> None:
        assert self.battle is not None
        bonus = self.battle["bonus"]
        totals = [sum(self.rolls.get(s, [])) + bonus[s] for s in range(self.players)]
        winner = single_highest(totals)
        self.battle_team = team_of(winner) if winner is not None else None
        self.battle.update(rolls=[self.rolls.get(s, []) for s in range(self.players)])
        self.battle.update(totals=totals, winner=winner)
        self.events.append({"type": "battle", **self.battle})
        self._reveal_crib()
