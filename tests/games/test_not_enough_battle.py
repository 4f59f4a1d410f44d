"""The battle for the crib: Might dice (the dealer's two more), the Tops' Might, the single
highest player taking both piles, ties, and a battle every hand even without Might in hand."""

from __future__ import annotations

import pytest
from not_enough_script import court, dice_summing, discard, of_type, play_out, start, value

from pegboard.cards import parse_card
from pegboard.core import Game
from pegboard.games.not_enough import default_powers
from pegboard.games.not_enough.might import single_highest, top_bonus
from pegboard.games.not_enough.powers import BLUE, GREY

GREY_HAND = "2C 3S 5C 7S 9C TS"  # seat 0, the dealer: no court card
GREY_DISCARD = "9C TS"
TOPS = {GREY: "4C", BLUE: "3H"}


def blue_court() -> str:
    """A blue court card with Might, for seat 1 to hold."""
    return court(BLUE, lambda c: value(c, "might") > 0)


def battle_game(rolls: list[list[int]], blue: str | None = None) -> Game:
    card = blue or blue_court()
    game = start([GREY_HAND, f"{card} 2H 4D 6H 8D 9H"], tops=TOPS, rolls=rolls)
    discard(game, {0: GREY_DISCARD, 1: "8D 9H"})
    play_out(game)
    return game


def test_the_single_highest_player_wins_both_piles() -> None:
    card = blue_court()
    m = value(card, "might")
    game = battle_game([[6] * m, [1, 1]])  # seat 1 rolls first (the dealer's left)
    assert [(e["seat"], e["dice"]) for e in of_type(game, "roll")] == [(1, [6] * m), (0, [1, 1])]
    (battle,) = of_type(game, "battle")
    assert battle["dice"] == [2, m]  # the dealer's two dice
    assert battle["totals"] == [2, 6 * m] and battle["winner"] == 1
    (crib,) = of_type(game, "crib")
    assert crib["owners"] == {GREY: [1], BLUE: [1]}
    (shown,) = [e for e in of_type(game, "show") if e["crib"]]
    assert shown["seat"] == 1 and shown["cards"] == ["8D", "9C", "9H", "TS"]
    # Seat 1 also won the intelligence bonus, so the grey Top joins its crib.
    assert of_type(game, "intel")[0]["winner"] == 1
    assert shown["tops"] == ["3H", "4C"]


def test_a_tie_leaves_each_team_its_own_pile() -> None:
    card = blue_court()
    m = value(card, "might")
    same = max(m, 2)
    game = battle_game([dice_summing(m, same), dice_summing(2, same)])
    (battle,) = of_type(game, "battle")
    assert battle["totals"] == [same, same] and battle["winner"] is None
    (crib,) = of_type(game, "crib")
    assert crib["owners"] == {GREY: [0], BLUE: [1]}
    cribs = [(e["seat"], e["cards"]) for e in of_type(game, "show") if e["crib"]]
    assert cribs == [(1, ["8D", "9H"]), (0, ["9C", "TS"])]  # the dealer's team last


def test_a_hand_without_might_still_has_a_battle_the_dealers_two_dice() -> None:
    """Nobody holds Might: the dealer rolls two dice anyway, and a total above 0 wins."""
    game = start([GREY_HAND, "2H 4D 6H 8D 9H TD"], tops=TOPS, rolls=[[3, 4]])
    discard(game, {0: GREY_DISCARD, 1: "9H TD"})
    play_out(game)
    assert [(e["seat"], e["dice"]) for e in of_type(game, "roll")] == [(0, [3, 4])]
    (battle,) = of_type(game, "battle")
    assert battle["dice"] == [2, 0] and battle["totals"] == [7, 0] and battle["winner"] == 0
    assert of_type(game, "crib")[0]["owners"] == {GREY: [0], BLUE: [0]}


def test_without_might_in_hand_a_tops_might_can_beat_the_dealers_dice() -> None:
    """The other team's Top, used for Might, is its whole total; the dealer rolls low."""
    top = court(BLUE, lambda c: value(c, "might") > 2)
    game = start([GREY_HAND, "2H 4D 6H 8D 9H TD"], tops={GREY: "4C", BLUE: top}, rolls=[[1, 1]])
    discard(game, {0: GREY_DISCARD, 1: "9H TD"})
    game.apply(1, {"type": "power", "power": "might"})
    play_out(game)
    (battle,) = of_type(game, "battle")
    assert battle["bonus"] == [0, value(top, "might")]
    assert battle["totals"] == [2, value(top, "might")] and battle["winner"] == 1
    assert of_type(game, "crib")[0]["owners"] == {GREY: [1], BLUE: [1]}


def test_a_tie_without_might_in_hand_leaves_each_team_its_own_pile() -> None:
    top = court(BLUE, lambda c: value(c, "might") in range(2, 13))
    m = value(top, "might")
    game = start(
        [GREY_HAND, "2H 4D 6H 8D 9H TD"], tops={GREY: "4C", BLUE: top}, rolls=[dice_summing(2, m)]
    )
    discard(game, {0: GREY_DISCARD, 1: "9H TD"})
    game.apply(1, {"type": "power", "power": "none"})  # unused: its Might counts all the same
    play_out(game)
    (battle,) = of_type(game, "battle")
    assert battle["totals"] == [m, m] and battle["winner"] is None
    assert of_type(game, "crib")[0]["owners"] == {GREY: [0], BLUE: [1]}


def test_the_intel_winner_takes_the_enemy_tops_might_and_the_loser_loses_its_own() -> None:
    top = court(GREY, lambda c: value(c, "might") > 0)
    card = court(BLUE, lambda c: value(c, "might") > 0 and value(c, "intel") > 0)
    m = value(card, "might")
    game = start(
        [GREY_HAND, f"{card} 2H 4D 6H 8D 9H"], tops={GREY: top, BLUE: "3H"}, rolls=[[1] * m, [1, 1]]
    )
    discard(game, {0: GREY_DISCARD, 1: "8D 9H"})
    game.apply(0, {"type": "power", "power": "might"})
    play_out(game)
    assert of_type(game, "intel")[0]["winner"] == 1
    (battle,) = of_type(game, "battle")
    assert battle["bonus"] == [0, value(top, "might")]
    assert battle["totals"] == [2, m + value(top, "might")]


def test_with_no_intel_winner_an_unspent_top_adds_its_might() -> None:
    top = court(GREY, lambda c: value(c, "might") > 0)
    grey = court(GREY, lambda c: value(c, "intel") > 0 and value(c, "might") > 0, avoid=top)
    blue = court(BLUE, lambda c: value(c, "intel") == value(grey, "intel"))
    dice = [value(blue, "might"), value(grey, "might") + 2]
    game = start(
        [f"{grey} 2C 3S 5C 7S 9C", f"{blue} 2H 4D 6H 8D 9H"],
        tops={GREY: top, BLUE: "3H"},
        rolls=[[1] * n for n in dice if n],
    )
    discard(game, {0: "7S 9C", 1: "8D 9H"})
    game.apply(0, {"type": "power", "power": "none"})
    play_out(game)
    assert of_type(game, "intel")[0]["winner"] is None
    assert of_type(game, "battle")[0]["bonus"] == [value(top, "might"), 0]


@pytest.mark.parametrize(
    ("used", "intel_team", "expected"),
    [
        (None, None, ("own",)),  # a plain Top, or a court Top not used: its Might counts
        ("might", None, ("own",)),
        ("none", None, ("own",)),
        ("intel", None, ()),
        ("magic", None, ()),
        ("might", 0, ("own", "enemy")),
        ("intel", 0, ("enemy",)),
        ("might", 1, ()),  # the team lost the intelligence bonus
    ],
)
def test_what_the_tops_add_to_a_roll(
    used: str | None, intel_team: int | None, expected: tuple[str, ...]
) -> None:
    powers = default_powers()
    own, enemy = parse_card("KC"), parse_card("AH")
    want = sum(powers.value({"own": own, "enemy": enemy}[k], "might") for k in expected)
    assert top_bonus(0, own, enemy, used, intel_team, powers) == want


def test_any_tie_for_the_highest_is_no_winner() -> None:
    assert single_highest([3, 9, 2, 5]) == 1
    assert single_highest([9, 2, 9, 5]) is None  # team-mates tying too
    assert single_highest([0, 0]) is None
