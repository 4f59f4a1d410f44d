"""Rob the cradle: the colour with more Magic in the crib bans a colour, adds a card, or does
nothing; then each team counts the crib cards it owns."""

from __future__ import annotations

import pytest
from not_enough_script import (
    acting,
    court,
    dice_summing,
    discard,
    in_order,
    of_type,
    phase,
    play_out,
    start,
    value,
)

from pegboard.core import Game
from pegboard.errors import IllegalAction
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import not_enough_view

TOPS = {GREY: "4C", BLUE: "3H"}
BLUE_HAND = "2H 4D 6H 8D 9H TD"


def magic_card() -> str:
    return court(GREY, lambda c: value(c, "magic") > 0)


def blue_top() -> str:
    """A blue King or Ace on top (no nob, no pot) whose Might two dice can tie."""
    return court(BLUE, lambda c: c[0] in "KA" and 2 <= value(c, "might") <= 12)


def robbing(
    blue_hand: str = BLUE_HAND, blue_discard: str = "9H TD", rolls: list[list[int]] | None = None
) -> Game:
    """Seat 0 (grey) throws a court card with Magic into the crib; nobody keeps Might, and the
    dealer's two dice tie the blue Top's Might (unless ``rolls`` say otherwise), so each team
    keeps its own pile."""
    card = magic_card()
    hands = [f"2C 3S 5C 7S 9C {card}", blue_hand]
    tie = [dice_summing(2, value(blue_top(), "might"))]
    tops = {GREY: "4C", BLUE: blue_top()}
    game = start(hands, tops=tops, below={GREY: "6C"}, rolls=rolls or tie)
    discard(game, {0: f"9C {card}", 1: blue_discard})
    game.apply(1, {"type": "power", "power": "might"})
    play_out(game)
    return game


def cribs(game: Game) -> list[tuple[int, list[str], list[str]]]:
    return [(e["seat"], e["cards"], e["tops"]) for e in of_type(game, "show") if e["crib"]]


def test_more_magic_in_one_colour_lets_that_team_decide() -> None:
    game = robbing()
    card = magic_card()
    (crib,) = of_type(game, "crib")
    assert crib["magic"] == {GREY: value(card, "magic"), BLUE: 0}
    assert crib["piles"] == {GREY: in_order(f"9C {card}"), BLUE: ["9H", "TD"]}
    assert phase(game) == "cradle" and acting(game) == (0,)  # grey's captain
    assert game.legal_actions(0) == [
        {"type": "cradle", "action": "ban", "colour": GREY},
        {"type": "cradle", "action": "ban", "colour": BLUE},
        {"type": "cradle", "action": "add"},
        {"type": "cradle", "action": "none"},
    ]
    for seat in (None, 0, 1):  # the crib is face up for everyone now
        assert not_enough_view(game.view(seat))["crib"] == crib["piles"]


def test_doing_nothing_counts_both_piles() -> None:
    game = robbing()
    game.apply(0, {"type": "cradle", "action": "none"})
    assert cribs(game) == [
        (1, ["9H", "TD"], [blue_top()]),
        (0, in_order(f"9C {magic_card()}"), ["4C"]),
    ]


def test_banning_your_own_colour_drops_its_cards_and_its_top() -> None:
    game = robbing()
    game.apply(0, {"type": "cradle", "action": "ban", "colour": GREY})
    assert of_type(game, "cradle") == [
        {"type": "cradle", "seat": 0, "action": "ban", "colour": GREY}
    ]
    assert cribs(game) == [(1, ["9H", "TD"], [blue_top()])]  # grey counts nothing


def test_banning_the_enemy_colour() -> None:
    game = robbing()
    game.apply(0, {"type": "cradle", "action": "ban", "colour": BLUE})
    assert [seat for seat, _, _ in cribs(game)] == [0]
    assert not_enough_view(game.view(None))["banned"] == BLUE


def test_adding_the_next_card_of_the_deck() -> None:
    game = robbing()
    game.apply(0, {"type": "cradle", "action": "add"})
    (event,) = of_type(game, "cradle")
    assert event == {"type": "cradle", "seat": 0, "action": "add", "card": "6C"}
    grey = [c for seat, cards, _ in cribs(game) if seat == 0 for c in cards]
    assert "6C" in grey and len(grey) == 3


def test_equal_magic_means_no_cradle() -> None:
    game = start(["2C 3S 5C 7S 9C TS", BLUE_HAND], tops=TOPS)
    discard(game, {0: "9C TS", 1: "9H TD"})
    play_out(game)
    assert of_type(game, "cradle") == [] and phase(game) == "post-show"


def test_a_team_that_lost_the_crib_may_ban_but_not_add() -> None:
    blue = court(BLUE, lambda c: value(c, "might") > 0)
    m = value(blue, "might")
    game = robbing(f"{blue} 2H 4D 6H 8D 9H", "8D 9H", rolls=[[6] * m, [1, 1]])
    assert of_type(game, "battle")[0]["winner"] == 1  # blue takes both piles
    assert acting(game) == (0,)
    assert {"type": "cradle", "action": "add"} not in game.legal_actions(0)
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "cradle", "action": "add"})
    game.apply(0, {"type": "cradle", "action": "ban", "colour": GREY})
    assert [(seat, cards) for seat, cards, _ in cribs(game)] == [(1, ["8D", "9H"])]
