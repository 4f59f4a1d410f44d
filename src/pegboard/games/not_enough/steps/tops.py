"""Scoring from the Top: the dealer orders two court Tops, each team's captain uses its Top's
Intel (the enemies reveal cards), Might (nothing now) or Magic (discard and draw), or none."""

from __future__ import annotations

from pegboard.cards import Card, card_names
from pegboard.games.not_enough.deal import KEPT, members_in_order, team_seats
from pegboard.games.not_enough.phases import MAGIC, POWER, REVEAL, SPLIT
from pegboard.games.not_enough.state import NotEnoughState


class TopSteps(NotEnoughState):
    def _first(self, seat: int, colour: str) -> None:
        first = self.colour_of_team.index(colour)
        self.top_queue = [first, 1 - first]
        self.events.append({"type": "first", "seat": seat, "colour": colour})
        self._next_top()

    def _next_top(self) -> None:
        if not self.top_queue:
            self._start_play()
            return
        self.resolving = self.top_queue.pop(0)
        self.phase = POWER

    def _powers_allowed(self) -> list[str]:
        """Intel, Might and none always; Magic only if the team can discard exactly n cards
        and its deck holds n replacements ("# or none": a smaller Magic is not allowed)."""
        allowed = ["intel", "might"]
        n = self._top_value("magic")
        team = self.resolving
        cards = sum(len(self.hands[s]) for s in team_seats(team, self.players))
        if 1 <= n <= cards and n <= self.deck_left(self.colour_of_team[team]):
            allowed.append("magic")
        allowed.append("none")
        return allowed

    def _top_value(self, power: str) -> int:
        return self.powers.value(self.team_top(self.resolving), power)

    def _power(self, seat: int, power: str) -> None:
        team = self.resolving
        self.used[team] = power
        value = self._top_value(power) if power != "none" else None
        self.events.append(
            {
                "type": "power",
                "seat": seat,
                "colour": self.colour_of_team[team],
                "power": power,
                "value": value,
            }
        )
        if power == "intel" and value:
            self._start_intel(team, min(value, KEPT))
        elif power == "magic" and value:
            self._start_magic(team, value)
        else:
            self._next_top()

    def _start_intel(self, team: int, n: int) -> None:
        enemies = team_seats(1 - team, self.players)
        if n >= KEPT:  # the whole hand: nothing to choose
            for seat in enemies:
                self._show_cards(seat, list(self.hands[seat]))
            self._next_top()
            return
        self.to_reveal = dict.fromkeys(enemies, n)
        self.phase = REVEAL

    def _show_cards(self, seat: int, cards: list[Card]) -> None:
        self.revealed[seat].extend(cards)
        self.events.append({"type": "reveal", "seat": seat, "cards": card_names(cards)})

    def _reveal(self, seat: int, cards: list[Card]) -> None:
        self._show_cards(seat, cards)
        del self.to_reveal[seat]
        if not self.to_reveal:
            self._next_top()

    def _start_magic(self, team: int, n: int) -> None:
        members = members_in_order(team, self.dealer, self.players)
        captain = self.captain(team)
        if len(members) == 1:
            self.share = {captain: n}
            self.phase = MAGIC
            return
        shares = splits(n)
        if len(shares) == 1:  # e.g. 8 of 8: nothing for the captain to decide
            self._split(captain, shares[0], n - shares[0])
            return
        self.phase = SPLIT

    def _split(self, seat: int, mine: int, partner: int) -> None:
        self.share = {s: k for s, k in ((seat, mine), ((seat + 2) % 4, partner)) if k}
        self.events.append({"type": "split", "seat": seat, "captain": mine, "partner": partner})
        self.phase = MAGIC

    def _magic(self, seat: int, cards: list[Card]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self.magicked[seat] = cards
        self.events.append(
            {"type": "discard", "seat": seat, "cards": card_names(cards), "magic": True}
        )
        if any(not self.magicked[s] for s in self.share):
            return
        # Everyone has discarded: replacements come off the deck, the captain's first.
        colour = self.colour_of_team[self.resolving]
        captain = self.captain(self.resolving)
        for member in sorted(self.share, key=lambda s: s != captain):
            drawn = self._draw(colour, self.share[member])
            self.hands[member] = sorted(self.hands[member] + drawn)
            self.events.append({"type": "draw", "seat": member, "cards": card_names(drawn)})
        self.share = {}
        self._next_top()


def splits(n: int) -> list[int]:
    """The captain's possible shares of a Magic discard of ``n`` over two hands of 4."""
    return list(range(max(0, n - KEPT), min(KEPT, n) + 1))
