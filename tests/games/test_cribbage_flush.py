"""Flushes in a played hand (RULES.md §1 "Show"): four cards of a hand count 4 (5 with the
starter); the crib's flush counts only when all five cards share a suit."""

from __future__ import annotations

import pytest
from cribbage_script import Event, deck, discard, scripted

from pegboard.core import Game
from pegboard.games.cribbage.views import cribbage_view


def play_out(game: Game) -> None:
    """Play the first legal card (or go) until the hand has been shown."""
    while cribbage_view(game.view(None))["phase"] == "play":
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])


def flush_hand(starter: str) -> Game:
    # The dealer (seat 0) and the pone each put two hearts in the crib: 2H 4H 6H 8H, all
    # values even, so with a starter worth 10 or an even card it scores a flush or nothing.
    # The pone keeps four clubs: 3C 5C 9C KC.
    cards = deck(["2H 4H AD AS 7D 7S", "6H 8H 3C 5C 9C KC"], dealer=0, starter=starter)
    game = scripted(2, 0, cards)
    discard(game, {0: "2H 4H", 1: "6H 8H"})
    play_out(game)
    return game


def show_and_score(game: Game, *, crib: bool) -> tuple[Event, int]:
    """The show event for the pone's hand or the crib, and the points it scored."""
    events = game.events
    for i, event in enumerate(events):
        if event["type"] == "show" and event["crib"] is crib:
            after = events[i + 1 : i + 2]
            scored = bool(after) and after[0]["type"] == "score"
            return event, int(after[0]["points"]) if scored else 0
    raise AssertionError("no such show")


def test_a_five_card_crib_flush_counts_five() -> None:
    game = flush_hand("TH")
    event, points = show_and_score(game, crib=True)
    assert sorted(event["cards"]) == ["2H", "4H", "6H", "8H"]
    assert points == 5
    items = [e for e in game.events if e["type"] == "score"][-1]["items"]
    assert items == [{"kind": "flush", "points": 5, "cards": ["2H", "4H", "6H", "8H", "TH"]}]


@pytest.mark.parametrize("starter", ["KD", "QS", "TC"])
def test_a_four_card_crib_flush_counts_nothing(starter: str) -> None:
    game = flush_hand(starter)
    _, points = show_and_score(game, crib=True)
    assert points == 0
    assert cribbage_view(game.view(None))["shown"][-1] == {
        "seat": 0,
        "cards": ["2H", "4H", "6H", "8H"],
        "crib": True,
        "points": 0,
    }


def test_a_four_card_hand_flush_counts_four() -> None:
    game = flush_hand("TH")
    # 3C 5C 9C KC + TH: K-5, T-5 (4), no pairs, no runs, a flush of four (4).
    _, points = show_and_score(game, crib=False)
    assert points == 8
    items = [e for e in game.events if e["type"] == "score" and e["seat"] == 1][-1]["items"]
    assert {"kind": "flush", "points": 4, "cards": ["3C", "5C", "9C", "KC"]} in items
