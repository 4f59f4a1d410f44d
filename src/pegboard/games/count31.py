"""The 31 count (docs/rules.md, "Cribbage"), as Cribbage and Cribbage is not Enough both play it.

In turn, each player lays a card without taking the count past 31, or says "go" when they
cannot. When everyone has said go, or the count is 31, the last to play pegs a go (or the last
card) unless they made 31, and the count starts again from 0. Who leads it is the game's
parameter (:data:`Leader`): in Cribbage the player after the last to play; in Cribbage is not
Enough the player who pegged, or the next player in order who still holds cards. When every card
is out, the show begins.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection
from typing import ClassVar, Literal, cast

from pegboard.cards import NAME_OF, VALUE_OF, Card
from pegboard.core.rules import A, E, Rules, V
from pegboard.core.wire import Go, GoEvent, PlayAction, PlayEvent, ResetEvent
from pegboard.scoring import ScoreItem, score_pegging
from pegboard.scoring.pegging import pegging_points

GO: Go = {"type": "go"}

Leader = Literal["next", "pegger"]
"""Who leads a new count: ``next``, the player after the last to play (who says go at once if
they have no cards left); ``pegger``, the last to play, who pegged the go or the 31, or if they
have no cards left the next player in order who has some."""


class Count31Rules(Rules[A, E, V]):
    """Rules whose hands are played out in the 31 count. A game says who plays in the count
    (:meth:`_count_seats`), how points are pegged (:meth:`_score`) and what follows the last
    card (:meth:`_start_show`); it starts each hand with :meth:`_new_count` and sets
    :attr:`turn` to the first player when the count begins, and says who leads after a go or
    a 31 (:attr:`leader`). Its events are the shared ``Count31Event``s, which the game's own
    union lists (each is checked as its ``TypedDict`` here, then taken as one of ``E``)."""

    leader: ClassVar[Leader] = "next"
    hands: list[list[Card]]  # each seat's cards not yet played

    def _new_count(self) -> None:
        """Nothing played yet this hand, and nobody's turn."""
        self.count = 0
        self.count_cards: list[Card] = []  # the cards since the count was last 0
        self.turn = -1
        self.passed: set[int] = set()  # seats that said go in this count
        self.last_player = -1
        self.plays: list[tuple[int, Card]] = []  # every card of the hand, in order

    @abstractmethod
    def _count_seats(self) -> Collection[int]:
        """The seats that play in the count."""

    @abstractmethod
    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        """Peg ``items`` for ``seat``; True if that ended the game."""

    @abstractmethod
    def _start_show(self) -> None:
        """Every card has been played: go on to the show."""

    def hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def playable(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that keep the count at 31 or under."""
        room = 31 - self.count
        return [c for c in self.hands[seat] if VALUE_OF[c] <= room]

    def _play_actions(self, seat: int) -> list[PlayAction]:
        """A play for each playable card, or go when there is none."""
        playable = self.playable(seat)
        return [{"type": "play", "card": NAME_OF[c]} for c in playable] if playable else [GO]

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.count += VALUE_OF[card]
        self.count_cards.append(card)
        self.plays.append((seat, card))
        self.last_player = seat
        played: PlayEvent = {
            "type": "play",
            "seat": seat,
            "card": NAME_OF[card],
            "count": self.count,
        }
        self.events.append(cast(E, played))
        # Most cards peg nothing: count first, explain only when there is something to explain.
        scored = pegging_points(self.count_cards, self.count)
        if scored and self._score(seat, score_pegging(self.count_cards).items):
            return
        if self.count == 31:
            self._end_count()
        else:
            self.turn = self._next_in_count(seat)

    def _go(self, seat: int) -> None:
        self.passed.add(seat)
        go: GoEvent = {"type": "go", "seat": seat}
        self.events.append(cast(E, go))
        if all(s in self.passed for s in self._count_seats()):
            self._end_count()
        else:
            self.turn = self._next_in_count(seat)

    def _end_count(self) -> None:
        """Everyone has passed, or the count is 31: the last to play pegs, the count resets."""
        cards_left = any(self.hands[s] for s in self._count_seats())
        # Nobody has played yet only if no hand held a card; then there is nobody to peg.
        if self.count < 31 and self.last_player >= 0:
            kind = "go" if cards_left else "last-card"
            if self._score(self.last_player, (ScoreItem(kind, 1, ()),)):
                return
        reset: ResetEvent = {"type": "reset"}
        self.events.append(cast(E, reset))
        self.count = 0
        self.count_cards = []
        self.passed = set()
        if cards_left:
            self.turn = self._next_leader()
        else:
            self.turn = -1
            self._start_show()

    def _next_leader(self) -> int:
        """Who leads the new count (:data:`Leader`)."""
        if self.leader == "next":
            # The next player leads; one with no cards left says go (or the table does).
            return self._next_in_count(self.last_player)
        seats = self._count_seats()
        for k in range(self.players):
            seat = (self.last_player + k) % self.players
            if seat in seats and self.hands[seat]:
                return seat
        raise AssertionError("no cards left to lead")

    def _next_in_count(self, seat: int) -> int:
        """The next player clockwise who plays in the count and has not passed in it."""
        seats = self._count_seats()
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if nxt in seats and nxt not in self.passed:
                return nxt
        raise AssertionError("everyone has passed")
