"""The 31 count on its own (pegboard.games.count31): who plays next, who pegs a go or the last
card, who leads after a reset (the next player, or the pegger), and that seats outside the
count are passed over."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import pytest

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core.rules import Event
from pegboard.core.wire import PlayAction
from pegboard.games.count31 import GO, Count31Rules
from pegboard.scoring import ScoreItem


class Table(Count31Rules[PlayAction]):
    """Only the count: hands laid out by the test, the first seat in the count to play."""

    def __init__(self, hands: Sequence[str], in_count: Sequence[int]) -> None:
        super().__init__(len(hands), {})
        self.hands = [parse_cards(h) for h in hands]
        self.in_count = tuple(in_count)
        self.pegged: list[tuple[int, list[str]]] = []
        self.shows = 0
        self._new_count()
        self.turn = self.in_count[0]

    def _count_seats(self) -> Collection[int]:
        return self.in_count

    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        self.pegged.append((seat, [i.kind for i in items]))
        return False

    def _start_show(self) -> None:
        self.shows += 1

    @property
    def to_act(self) -> tuple[int, ...]:
        return (self.turn,) if self.turn >= 0 else ()

    def legal(self, seat: int) -> list[PlayAction]:
        return self._play_actions(seat) if seat == self.turn else []

    def canonical(self, action: Mapping[str, Any]) -> PlayAction:
        if action.get("type") == "play":
            return {"type": "play", "card": str(action["card"])}
        return {"type": "go"}

    def apply(self, seat: int, action: PlayAction) -> None:
        if action["type"] == "play":
            self._play(seat, parse_card(action["card"]))
        else:
            self._go(seat)

    def leave(self, seat: int) -> None:
        raise NotImplementedError

    def in_game(self, seat: int) -> bool:
        return True

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def redact(self, event: Event, seat: int | None) -> Event:
        return dict(event)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return set()


class PeggerTable(Table):
    """A game whose pegger leads the next count (Cribbage is not Enough)."""

    leader = "pegger"


def move(table: Table, seat: int, card: str) -> None:
    """``seat`` plays ``card`` (or says "go"), which must be its turn and a legal move."""
    action = GO if card == "go" else {"type": "play", "card": card}
    assert action in table.legal(seat), (seat, card, table.legal(seat))
    table.apply(seat, action)


def test_a_seat_out_of_the_count_never_has_the_turn_nor_keeps_the_count_going() -> None:
    table = Table(["KH", "5C", "QD"], in_count=(0, 2))
    move(table, 0, "KH")
    assert table.turn == 2
    move(table, 2, "QD")
    assert table.turn == 0
    move(table, 0, "go")
    move(table, 2, "go")
    # Seat 1 still holds a card, but it is not in the count: the hand is played out.
    assert table.pegged == [(2, ["last-card"])]
    assert table.shows == 1
    assert table.turn == -1


def test_when_all_pass_the_last_to_play_pegs_a_go_and_the_next_in_the_count_leads() -> None:
    table = Table(["KH 5S", "8D 6C", "9C 7D", "AC"], in_count=(0, 1, 2))
    for seat, card in [(0, "KH"), (1, "8D"), (2, "9C"), (0, "go"), (1, "go"), (2, "go")]:
        move(table, seat, card)
    assert table.pegged == [(2, ["go"])]
    assert (table.count, table.count_cards, table.passed) == (0, [], set())
    assert table.turn == 0  # seat 3 sits after seat 2 but is not in the count
    assert table.plays[-1] == (2, parse_card("9C"))


def test_thirty_one_pegs_no_go_and_the_next_player_leads_a_new_count() -> None:
    table = Table(["KH AS 2D", "QS JD 3C"], in_count=(0, 1))
    for seat, card in [(0, "KH"), (1, "QS"), (0, "AS"), (1, "JD")]:
        move(table, seat, card)
    assert table.pegged == [(1, ["thirty-one"])]
    assert (table.count, table.turn) == (0, 0)
    for seat, card in [(0, "2D"), (1, "3C"), (0, "go"), (1, "go")]:
        move(table, seat, card)
    assert table.pegged == [(1, ["thirty-one"]), (1, ["last-card"])]
    assert table.shows == 1


def test_a_card_that_would_pass_31_is_not_playable() -> None:
    table = Table(["KH 9S 8H", "QD", "3C"], in_count=(0, 1, 2))
    for seat, card in [(0, "KH"), (1, "QD"), (2, "3C")]:
        move(table, seat, card)
    assert table.playable(0) == parse_cards("8H")  # 23 + 9 would pass 31
    assert table.legal(0) == [{"type": "play", "card": "8H"}]


def test_nobody_pegs_a_go_when_nobody_has_played() -> None:
    table = Table(["", ""], in_count=(0, 1))
    move(table, 0, "go")
    move(table, 1, "go")
    assert table.pegged == []
    assert table.shows == 1


@pytest.mark.parametrize(
    ("third_hand", "leader"),
    [
        ("9C 3D", 2),  # seat 2 pegged the go and still holds 3D: it leads
        ("9C", 1),  # seat 2 has no cards, nor has seat 0 after it: seat 1 leads
    ],
)
def test_the_pegger_of_a_go_leads_or_the_next_player_holding_cards(
    third_hand: str, leader: int
) -> None:
    """Cribbage is not Enough's rule, where the game says so."""
    table = PeggerTable(["KH", "QD 5S", third_hand], in_count=(0, 1, 2))
    for seat, card in [(0, "KH"), (1, "QD"), (2, "9C"), (0, "go"), (1, "go"), (2, "go")]:
        move(table, seat, card)
    assert table.pegged == [(2, ["go"])]
    assert table.turn == leader


def test_the_pegger_of_a_31_leads_when_the_game_says_so() -> None:
    table = PeggerTable(["KH AS 2D", "QS JD 3C"], in_count=(0, 1))
    for seat, card in [(0, "KH"), (1, "QS"), (0, "AS"), (1, "JD")]:
        move(table, seat, card)
    assert table.pegged == [(1, ["thirty-one"])]
    assert (table.count, table.turn) == (0, 1)
