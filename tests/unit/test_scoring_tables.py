"""Scoring by the table: show hands, pegging counts and Cribist tricks with the points the rules
give them (RULES.md "Shared scoring vocabulary", §1 and §2). Every expected value here was
worked out by hand from the rules, combination by combination, never by running the code."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegboard.cards import DECK, Card, Suit, parse_card, parse_cards
from pegboard.errors import CardError
from pegboard.scoring import Score, score_pegging, score_show, score_trick


def kinds(score: Score) -> dict[str, int]:
    """Points per item kind."""
    points: Counter[str] = Counter()
    for item in score.items:
        points[item.kind] += item.points
    return dict(points)


def show(hand: str, starter: str, *, crib: bool = False) -> Score:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


# -- the show ----------------------------------------------------------------------------------

# hand, starter, total as a hand, total as the crib, why
SHOW_HANDS = [
    ("5H 5C 5S JD", "5D", 29, 29, "J-5 x4, 5-5-5 x4 (16), six pairs (12), nobs (1)"),
    ("5H 5C 5S 5D", "JD", 28, 28, "the same but the Jack is the starter: no nobs"),
    ("2C 4D 6H 8S", "KC", 0, 0, "a nineteen: all values even, so no fifteen at all"),
    ("4C 5D 5H 6S", "KC", 16, 16, "5-K x2, 4-5-6 x2 (8), a pair (2), double run (6)"),
    ("4C 5D 5H 6S", "2C", 12, 12, "4-5-6 x2 (4), a pair (2), double run (6)"),
    ("3C 3D 4H 4S", "5C", 20, 20, "3-3-4-5 x2 (4), two pairs (4), double-double run 4x3 (12)"),
    ("9C 9D TC TD", "JH", 16, 16, "double-double run with no fifteen: pairs 4, runs 12"),
    ("7C 7D 8H 8S", "9C", 24, 24, "7-8 x4 (8), two pairs (4), four runs of 3 (12)"),
    ("3C 3D 3H 3S", "9C", 24, 24, "3-3-9 x6 (12), four of a kind (12)"),
    ("4C 4D 4H 5S", "6C", 21, 21, "4-5-6 x3 (6), pair royal (6), triple run (9)"),
    ("5C 6D 6H 7S", "8C", 12, 12, "7-8 (2), a pair (2), double run of four (8)"),
    ("4C 5D 6H 7S", "KC", 8, 8, "5-K, 4-5-6 (4), one run of four (4) never 4+3+3"),
    ("4C 5D 6H 7S", "8C", 9, 9, "7-8, 4-5-6 (4), a run of five (5)"),
    ("TC JD QH KS", "5C", 12, 12, "each picture with the 5 (8), run of four (4)"),
    ("TC JD QH KS", "5D", 13, 13, "the same with nobs: JD and a diamond starter"),
    ("AC 2D 3H KS", "QC", 7, 7, "2-3-K, 2-3-Q (4), A-2-3 (3): Q-K-A-2-3 does not wrap"),
    ("AC AD 2H 3S", "3C", 16, 16, "no fifteen (sum 10), two pairs (4), four runs of 3 (12)"),
    ("KC KD QH QS", "JC", 16, 16, "two pairs (4), four runs J-Q-K (12)"),
    ("JC KD QH QS", "KC", 17, 17, "pairs 4, runs 12, nobs 1"),
    ("6C 6D 6H 2S", "9C", 12, 12, "6-9 x3 (6), pair royal (6)"),
    ("5C 5D 5H JS", "QC", 20, 20, "5-J x3, 5-Q x3, 5-5-5 (14), pair royal (6); JS is no nob"),
    ("KC QD 5H 2S", "9C", 4, 4, "fifteens only: K-5, Q-5"),
    ("JH 2C 4D 6S", "8H", 1, 1, "nobs only"),
    ("JH 2C 4D 6S", "8C", 0, 0, "a Jack of another suit than the starter: nothing"),
    ("5C 5D 2H 3S", "JC", 10, 10, "J-5 x2, J-2-3, 5-5-2-3 (8), a pair (2); heels are no show"),
    ("2H 4H 6H 8H", "KC", 4, 0, "a four-card flush counts in a hand, never in the crib"),
    ("2H 4H 6H 8H", "TH", 5, 5, "a five-card flush counts in both"),
    ("JH 2H 4H 6H", "8H", 6, 6, "five-card flush (5) and nobs (1)"),
    ("2D 3D 4D 6D", "KS", 11, 7, "2-3-K, 2-3-4-6 (4), 2-3-4 (3), flush of the hand (4)"),
    ("2H 4H 6H 8C", "TH", 0, 0, "three hearts and a heart starter is no flush"),
]


@pytest.mark.parametrize(
    ("hand", "starter", "as_hand", "as_crib", "why"), SHOW_HANDS, ids=[h[4] for h in SHOW_HANDS]
)
def test_show_hand_and_crib_totals(
    hand: str, starter: str, as_hand: int, as_crib: int, why: str
) -> None:
    assert show(hand, starter).total == as_hand, why
    assert show(hand, starter, crib=True).total == as_crib, why


@pytest.mark.parametrize(("hand", "starter", "as_hand", "as_crib", "why"), SHOW_HANDS)
def test_show_items_add_up_to_the_total(
    hand: str, starter: str, as_hand: int, as_crib: int, why: str
) -> None:
    for crib, total in ((False, as_hand), (True, as_crib)):
        score = show(hand, starter, crib=crib)
        assert sum(item.points for item in score.items) == total


def test_twenty_nine_item_by_item() -> None:
    score = show("5H 5C 5S JD", "5D")
    assert kinds(score) == {"fifteen": 16, "pair": 12, "nobs": 1}
    assert Counter(item.kind for item in score.items) == {"fifteen": 8, "pair": 6, "nobs": 1}
    (nobs,) = [item for item in score.items if item.kind == "nobs"]
    assert nobs.cards == (parse_card("JD"),)


def test_double_run_is_two_runs_of_three() -> None:
    score = show("4C 5D 5H 6S", "KC")
    runs = [item for item in score.items if item.kind == "run"]
    assert [item.points for item in runs] == [3, 3]
    assert kinds(score) == {"fifteen": 8, "pair": 2, "run": 6}


def test_double_double_run_is_four_runs_of_three() -> None:
    score = show("3C 3D 4H 4S", "5C")
    assert [item.points for item in score.items if item.kind == "run"] == [3, 3, 3, 3]
    assert kinds(score) == {"fifteen": 4, "pair": 4, "run": 12}


def test_a_run_of_four_is_one_item() -> None:
    score = show("4C 5D 6H 7S", "KC")
    runs = [item for item in score.items if item.kind == "run"]
    assert len(runs) == 1
    assert runs[0].points == 4
    assert sorted(runs[0].cards) == parse_cards("4C 5D 6H 7S")


def test_fifteens_only_hand() -> None:
    score = show("KC QD 5H 2S", "9C")
    assert {item.kind for item in score.items} == {"fifteen"}
    assert sorted(sorted(map(str, item.cards)) for item in score.items) == [
        ["5H", "KC"],
        ["5H", "QD"],
    ]


def test_flush_items() -> None:
    hand = show("2H 4H 6H 8H", "KC")
    assert [(i.kind, i.points, len(i.cards)) for i in hand.items] == [("flush", 4, 4)]
    assert show("2H 4H 6H 8H", "KC", crib=True).items == ()
    five = show("2H 4H 6H 8H", "TH", crib=True)
    assert [(i.kind, i.points, len(i.cards)) for i in five.items] == [("flush", 5, 5)]


@pytest.mark.parametrize(
    ("hand", "starter"),
    [("5H 5C 5S", "JD"), ("5H 5C 5S JD 2C", "3D"), ("5H 5C 5S JD", "JD")],
)
def test_show_refuses_a_wrong_hand(hand: str, starter: str) -> None:
    with pytest.raises(CardError):
        show(hand, starter)


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@given(five_cards)
def test_any_show_is_at_most_29_and_never_19_25_26_or_27(cards: list[Card]) -> None:
    hand, starter = cards[:4], cards[4]
    as_hand = score_show(hand, starter)
    as_crib = score_show(hand, starter, crib=True)
    assert 0 <= as_crib.total <= as_hand.total <= 29
    assert as_hand.total not in (19, 25, 26, 27)
    assert as_hand.total - as_crib.total in (0, 4)  # only a four-card flush differs
    assert sum(item.points for item in as_hand.items) == as_hand.total
    assert score_show(list(reversed(hand)), starter).total == as_hand.total


# -- pegging -----------------------------------------------------------------------------------

# the cards of the current count (the last one just played), its points, the kinds scored
PEGGING = [
    ("5H", 0, {}),
    ("5H TD", 2, {"fifteen": 2}),
    ("5H 5D", 2, {"pair": 2}),
    ("7C 7D 7H", 6, {"pair": 6}),  # pair royal
    ("2C 2D 2H 2S", 12, {"pair": 12}),  # double pair royal
    ("5C 5D 5H", 8, {"fifteen": 2, "pair": 6}),  # the count is 15 too
    ("6C 6D 7H 6S", 0, {}),  # the 6s are not all at the end
    ("5H 2C 5D", 0, {}),  # a pair must be adjacent
    ("3C 5D 4H", 3, {"run": 3}),  # a run in any order
    ("3C 5D 4H 6S", 4, {"run": 4}),
    ("KC 2D 4H 3S", 3, {"run": 3}),  # only the suffix counts
    ("KC 2D 4H", 0, {}),
    ("4C 3D 2H AS 5C", 7, {"fifteen": 2, "run": 5}),
    ("AC 2D 3H 4S 5C 6D 7H", 7, {"run": 7}),
    ("AC 2D 3H", 3, {"run": 3}),
    ("KC AD 2H", 0, {}),  # no run wraps K-A
    ("QC KD AH", 0, {}),
    ("3C 4D 4H 5S", 0, {}),  # the pair breaks the run, and 4-5 is no pair
    ("3C 4D 5H 5S", 2, {"pair": 2}),  # 4-5-5 is no run
    ("4C 4D 5H 6S", 3, {"run": 3}),  # the last three, 4-5-6, are a run again
    ("4C 5D 6H", 5, {"fifteen": 2, "run": 3}),
    ("6C 7D 8H 9S", 4, {"run": 4}),  # 30
    ("TC JD 6H 5S", 2, {"thirty-one": 2}),
    ("9C 6D 8H 8S", 4, {"thirty-one": 2, "pair": 2}),
    ("KC QD JH AS", 2, {"thirty-one": 2}),  # Q-J-A is no run
    ("9C 7D 8H 7S", 2, {"thirty-one": 2}),  # 7-8-7 is no run either
]


@pytest.mark.parametrize(("cards", "points", "by_kind"), PEGGING, ids=[p[0] for p in PEGGING])
def test_pegging(cards: str, points: int, by_kind: dict[str, int]) -> None:
    score = score_pegging(parse_cards(cards))
    assert score.total == points
    assert kinds(score) == by_kind


def test_pegging_items_name_the_cards_that_score() -> None:
    royal = score_pegging(parse_cards("4C 7C 7D 7H"))
    assert [(i.kind, i.points, i.cards) for i in royal.items] == [
        ("pair", 6, tuple(parse_cards("7C 7D 7H")))
    ]
    run = score_pegging(parse_cards("KC 2D 4H 3S"))
    assert [(i.kind, i.points, i.cards) for i in run.items] == [
        ("run", 3, tuple(parse_cards("2D 4H 3S")))
    ]


@pytest.mark.parametrize("cards", ["", "KC QD JH 2S"])
def test_pegging_refuses_no_card_or_a_count_past_31(cards: str) -> None:
    with pytest.raises(CardError):
        score_pegging(parse_cards(cards))


# -- Cribist tricks ----------------------------------------------------------------------------

ALL_TRUMPS = list(Suit)

# the trick, the trump suit, its points, the kinds scored
TRICKS = [
    ("4C 5D 5H 6S", "C", 12, {"fifteen": 4, "pair": 2, "run": 6}),
    ("7C 7D 7H 7S", "H", 12, {"pair": 12}),
    ("4C 5D 6H 7S", "S", 6, {"fifteen": 2, "run": 4}),  # one run of 4, never 4+3+3
    ("JH 2C 4D 6S", "H", 1, {"jack-of-trumps": 1}),
    ("JH 2C 4D 6S", "C", 0, {}),
    ("2H 4H 6H 8H", "S", 4, {"flush": 4}),
    ("JH 2H 4H 6H", "H", 5, {"flush": 4, "jack-of-trumps": 1}),
    ("KC AD 2H 3S", "D", 5, {"fifteen": 2, "run": 3}),  # K-A-2-3 does not wrap
    ("QC KD AH 2S", "D", 0, {}),
    ("2C 3D 4H 9S", "C", 5, {"fifteen": 2, "run": 3}),
    ("5C 5D 5H JS", "S", 15, {"fifteen": 8, "pair": 6, "jack-of-trumps": 1}),
    ("5C 5D 5H JS", "C", 14, {"fifteen": 8, "pair": 6}),
]


@pytest.mark.parametrize(("cards", "trump", "points", "by_kind"), TRICKS)
def test_trick(cards: str, trump: str, points: int, by_kind: dict[str, int]) -> None:
    score = score_trick(parse_cards(cards), "CDHS".index(trump))
    assert score.total == points
    assert kinds(score) == by_kind


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_seed_examples_do_not_depend_on_trumps(trump: Suit) -> None:
    assert score_trick(parse_cards("4C 5D 5H 6S"), trump).total == 12
    assert score_trick(parse_cards("7C 7D 7H 7S"), trump).total == 12


def test_trick_straight_of_four_is_one_item() -> None:
    score = score_trick(parse_cards("4C 5D 6H 7S"), Suit.SPADES)
    assert [item.points for item in score.items if item.kind == "run"] == [4]


@pytest.mark.parametrize("cards", ["4C 5D 5H", "4C 5D 5H 6S 7S", "4C 4C 5H 6S"])
def test_a_trick_is_four_different_cards(cards: str) -> None:
    with pytest.raises(CardError):
        score_trick(parse_cards(cards), Suit.CLUBS)
