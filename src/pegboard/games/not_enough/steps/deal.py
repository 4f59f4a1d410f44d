"""Colours, the deal from two team decks, the discard to the crib piles, and the cut that turns
up both Tops (his nob, her pot)."""

from __future__ import annotations

from pegboard.cards import NAME_OF, Card, card_names
from pegboard.games.not_enough.deal import deal, other, team_of, team_seats
from pegboard.games.not_enough.phases import COLOUR, DISCARD, ORDER, SHUFFLE
from pegboard.games.not_enough.points import cut_items
from pegboard.games.not_enough.powers import COLOURS, is_court
from pegboard.games.not_enough.state import NotEnoughState


class DealSteps(NotEnoughState):
    def _start_hand(self) -> None:
        self._new_hand_state()
        self.phase = COLOUR

    def _colour(self, seat: int, colour: str) -> None:
        """The dealer's team takes ``colour``; the other team the other one."""
        mine = team_of(self.dealer)
        self.colour_of_team = [other(colour), colour] if mine == 1 else [colour, other(colour)]
        self.events.append({"type": "colours", "seat": seat, "colours": self._colour_seats()})
        self.phase = SHUFFLE

    def _colour_seats(self) -> dict[str, list[int]]:
        return {
            colour: team_seats(self.colour_of_team.index(colour), self.players)
            for colour in COLOURS
        }

    def _deal(self) -> None:
        self.hand_number += 1
        hands, rest = deal(self.shuffled, self.colour_of_team, self.dealer, self.players)
        self.hands = [sorted(h) for h in hands]
        self.decks = rest
        self.shuffled = {}
        self.phase = DISCARD
        self.events.append(
            {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "colours": self._colour_seats(),
                "hands": [card_names(h) for h in self.hands],
                "crib": [],
            }
        )

    def _discard(self, seat: int, cards: list[Card]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self.tossed[seat] = cards
        self.piles[self.colour_of_seat(seat)].extend(cards)
        self.events.append({"type": "discard", "seat": seat, "cards": card_names(cards)})
        if all(self.tossed):
            self._cut()

    def _cut(self) -> None:
        self.tops = {colour: self.decks[colour][0] for colour in COLOURS}
        self.events.append(
            {"type": "starter", "tops": {c: NAME_OF[t] for c, t in self.tops.items()}}
        )
        items = cut_items(self.tops)
        if items and self._score(self.dealer, items):
            return
        courts = [team for team in (0, 1) if is_court(self.team_top(team))]
        if len(courts) == 2:
            self.phase = ORDER
            return
        self.top_queue = courts
        self._next_top()
