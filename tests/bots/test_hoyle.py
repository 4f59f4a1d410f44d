"""``hoyle`` follows the handbook's rules of thumb on hand-picked hands."""

from __future__ import annotations

import pytest

from pegboard.bots.cribbage.hoyle import hoyle_discard, hoyle_play
from pegboard.cards import RANK_OF, parse_cards
from pegboard.core import new_game


def toss(hand: str, own_crib: bool) -> set[str]:
    return {str(c) for c in hoyle_discard(parse_cards(hand), own_crib)}


@pytest.mark.parametrize(
    "hand",
    ["5H 5C JD QS 7S 2H", "5H 6C 7D KS QH 2C", "5H 5C 5D KS 9H 2C", "5S TD JC QH KS AC"],
)
def test_never_a_five_to_the_opponents_crib(hand: str) -> None:
    assert all(RANK_OF[c] != 5 for c in parse_cards(" ".join(toss(hand, own_crib=False))))


def test_a_pair_goes_to_your_own_crib_not_theirs() -> None:
    assert toss("8H 8C AD 4S KH QC", own_crib=True) == {"8H", "8C"}
    assert toss("8H 8C AD 4S KH QC", own_crib=False) == {"AD", "QC"}


def test_a_fifteen_goes_to_your_own_crib_not_theirs() -> None:
    assert toss("7H 8C 2D 4S KH JC", own_crib=True) == {"7H", "8C"}
    assert toss("7H 8C 2D 4S KH JC", own_crib=False) == {"2D", "KH"}


def test_balk_the_opponents_crib_with_separated_cards() -> None:
    # Keep the 5s with two pictures (fifteens and a pair): throw the ace with a picture,
    # ranks far apart, never the touching pair of pictures.
    thrown = parse_cards(" ".join(toss("5H 5C JD QS KH AC", own_crib=False)))
    assert "AC" in {str(c) for c in thrown}
    assert abs(RANK_OF[thrown[0]] - RANK_OF[thrown[1]]) >= 6


def test_keep_the_hand_that_counts() -> None:
    # 7-8 fifteen with a run 6-7-8 and a 9: keep 6-7-8-9 and throw the rest.
    assert toss("6H 7C 8D 9S KH 2C", own_crib=True) == {"KH", "2C"}


@pytest.mark.parametrize(
    ("hand", "count_cards", "expected"),
    [
        ("4H 9C KD 5S", "", "4H"),  # lead a card below 5
        ("5H 9C KD QS", "", "9C"),  # never lead a 5
        ("3H 3C KD QS", "", "3H"),  # lead from a pair
        ("5H 9C KD 2S", "TD", "5H"),  # take the fifteen
        ("7H 9C KD 2S", "7D", "7H"),  # take the pair
        ("TH 9C 4D 6S", "TD KH AC", "TH"),  # 31 for two
        ("9C 8D 6S QH", "TD 2C", "6S"),  # not 21 (a ten makes 31); nothing else scores
    ],
)
def test_pegging_rules_of_thumb(hand: str, count_cards: str, expected: str) -> None:
    cards = parse_cards(count_cards)
    count = sum(min(RANK_OF[c], 10) for c in cards)
    card = hoyle_play(parse_cards(hand), cards, count)
    assert str(card)[0] == expected[0]  # the rank is the choice; the suit is any


def test_go_when_nothing_fits() -> None:
    assert hoyle_play(parse_cards("TH KD"), parse_cards("TC TD 5H"), 25) is None


def test_hoyle_plays_whole_games_legally() -> None:
    from pegboard import simulate

    result = simulate("cribbage", players=2, bots=["hoyle", "random"], games=10, seed=2)
    assert result.wins[0] >= 8
    manual = simulate(
        "cribbage",
        players=3,
        bots=["hoyle", "greedy", "hoyle"],
        games=2,
        options={"counting": "manual"},
    )
    assert manual.games == 2
    assert new_game("cribist", players=4).view(0)["game"] == "cribist"


@pytest.mark.parametrize("game", ["cribist", "not-enough"])
def test_hoyle_plays_the_other_games_as_greedy_does(game: str) -> None:
    """``simulate -g not-enough -b hoyle,greedy`` works (the README says hoyle plays all
    three games): outside Cribbage it is greedy, move for move."""
    from pegboard import simulate

    players = 4 if game == "cribist" else 2
    hoyle = simulate(
        game,
        players=players,
        bots=["hoyle", "greedy"] * (players // 2),
        games=2,
        seed=9,
        record=True,
    )
    greedy = simulate(
        game, players=players, bots=["greedy"] * players, games=2, seed=9, record=True
    )
    assert [r["actions"] for r in hoyle.records] == [r["actions"] for r in greedy.records]
