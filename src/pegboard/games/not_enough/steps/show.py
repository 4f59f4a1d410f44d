"""The show, each hand with its own team's Top from the dealer's left (her heels against the
other team), then the intelligence bonus; the crib counts laid down the same way. In manual
counting each count is claimed by its owner, and Muggins waits (steps.muggins)."""

from __future__ import annotations

from pegboard.cards import card_names
from pegboard.core.claims import CountingRound
from pegboard.games.not_enough.battle import single_highest
from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.phases import COUNT
from pegboard.games.not_enough.points import her_heels, intel_bonus
from pegboard.games.not_enough.state import Count, NotEnoughState
from pegboard.scoring import score_show


class ShowSteps(NotEnoughState):
    def _start_show(self) -> None:
        """The show: each hand with its own team's Top, from the dealer's left, the dealer last."""
        self.stage = "hands"
        self.to_count = []
        for seat in seats_from_left(self.dealer, self.players):
            top = self.team_top(team_of(seat))
            hand = tuple(self.kept[seat])
            items = score_show(hand, top).items
            heels = her_heels(hand, top)
            self.to_count.append(Count(seat, hand, top, (top,), False, items, heels))
        self._count_next()

    def _count_next(self) -> None:
        """Lay down the next hand or crib and count it, or let its owner claim it."""
        while self.to_count:
            count = self.current = self.to_count.pop(0)
            points = sum(i.points for i in count.items)
            shown = {
                "seat": count.seat,
                "cards": card_names(count.cards),
                "tops": card_names(count.tops),
                "crib": count.crib,
            }
            self.shown.append({**shown, "points": None if self.manual else points})
            self.events.append(count.to_event())
            if self.manual:  # claimed now; Muggins waits until every count is claimed
                self.phase = COUNT
                self.counting = CountingRound(
                    claimant=count.seat,
                    label="crib" if count.crib else "hand",
                    cards=(*count.cards, *count.tops),
                    items=count.items,
                    callers=(),
                    penalty=False,
                )
                return
            if points and self._score(count.seat, count.items):
                return
            if self._her_heels(count):
                return
        self.counting = None
        self.current = None
        if self.stage == "hands":
            self._intelligence_bonus()
        elif self.claimed:
            self._muggins_round()
        else:
            self._end_show()

    def _her_heels(self, count: Count) -> bool:
        """A Queen of the Top's suit in hand: the other team (the next seat's) pegs -1."""
        if not count.heels:
            return False
        return self._score((count.seat + 1) % self.players, count.heels)

    def _intelligence_bonus(self) -> None:
        """The single player with the most Intel in hand also counts the enemy Top."""
        sums = [self.powers.total(tuple(hand), "intel") for hand in self.kept]
        winner = single_highest(sums)
        self.intel_team = team_of(winner) if winner is not None else None
        self.intel = {"sums": sums, "winner": winner}
        self.events.append({"type": "intel", "sums": sums, "winner": winner})
        if winner is not None:
            team = team_of(winner)
            items = intel_bonus(self.kept[winner], self.team_top(team), self.team_top(1 - team))
            if sum(i.points for i in items) and self._score(winner, items):
                return
        if self.claimed:
            self._muggins_round()
        else:
            self._start_battle()
