"""The crib turned up and given to its owners, rob the cradle (ban a colour or add a card),
and each owning team's crib count, the dealer's team last."""

from __future__ import annotations

from pegboard.cards import NAME_OF, card_names
from pegboard.core.rules import Action, Event
from pegboard.games.not_enough.cradle import (
    cradle_choices,
    crib_count,
    magic_sums,
    robbing_colour,
)
from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.phases import CRADLE
from pegboard.games.not_enough.points import crib_items
from pegboard.games.not_enough.powers import COLOURS
from pegboard.games.not_enough.state import Count, NotEnoughState


class CradleSteps(NotEnoughState):
    def _reveal_crib(self) -> None:
        """The winner of the battle takes both piles; otherwise each team keeps its own."""
        for team, colour in enumerate(self.colour_of_team):
            self.owners[colour] = self.battle_team if self.battle_team is not None else team
        self.crib_shown = True
        sums = magic_sums(self.piles, self.powers)
        robbing = robbing_colour(sums)
        self.cradle_team = self.colour_of_team.index(robbing) if robbing else None
        self.events.append(
            {
                "type": "crib",
                "piles": {c: card_names(self.piles[c]) for c in COLOURS},
                "owners": {c: team_seats(t, self.players) for c, t in self.owners.items()},
                "magic": sums,
            }
        )
        self.cradle = {"magic": sums, "colour": robbing, "action": None}
        if robbing is None:
            self._count_cribs()
        else:
            self.phase = CRADLE

    def _cradle_choices(self) -> list[Action]:
        team = self.cradle_team
        assert team is not None
        owns = team in self.owners.values()
        return cradle_choices(owns, self.deck_left(self.colour_of_team[team]) > 0)

    def _rob_the_cradle(self, seat: int, action: Action) -> None:
        assert self.cradle is not None and self.cradle_team is not None
        what = action["action"]
        event: Event = {"type": "cradle", "seat": seat, "action": what}
        if what == "ban":
            self.banned = event["colour"] = action["colour"]
        elif what == "add":
            colour = self.colour_of_team[self.cradle_team]
            (card,) = self._draw(colour, 1)
            self.piles[colour].append(card)
            event["card"] = NAME_OF[card]
        self.cradle.update({k: v for k, v in event.items() if k not in ("type", "seat")})
        self.events.append(event)
        self._count_cribs()

    def _count_cribs(self) -> None:
        """Each team owning crib cards counts them, the dealer's team last."""
        self.stage = "cribs"
        self.to_count = []
        dealers = team_of(self.dealer)
        for team in (1 - dealers, dealers):
            cards, starter, tops = crib_count(
                team,
                self.colour_of_team,
                self.piles,
                self.owners,
                self.tops,
                self.banned,
                self.intel_team,
                self.battle_team,
            )
            if cards:
                items = crib_items([*cards, *tops])
                self.to_count.append(
                    Count(self.captain(team), tuple(cards), starter, tuple(tops), True, items, ())
                )
        self._count_next()
