"""The discard analysis against brute force: every starter and every crib counted one by one."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from analysis_brute import crib_by_loop, crib_by_numpy, hand_by_loop, unseen_of

from pegboard.analysis import (
    Unseen,
    analyze_discards,
    crib_expectations,
    hand_expectations,
    strong_crib_expectations,
)
from pegboard.cards import DECK, Card, parse_cards


def sampled_hands(size: int, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


SIX_CARD_HANDS = [
    parse_cards("5H 5C 5S JD 7C 9D"),
    parse_cards("2H 4H 6H 8H TH QH"),  # every discard keeps a flush
    parse_cards("JC JD JH JS 5C 5D"),  # jacks everywhere: nobs for hand, crib and starter
    parse_cards("AC 2D 3H 4S 5C 6D"),
    *sampled_hands(6, 8, seed=11),
]
FIVE_CARD_HANDS = [
    parse_cards("5H 5C 5S JD 7C"),
    parse_cards("3D 6D 9D QD KD"),
    *sampled_hands(5, 4, seed=12),
]


def names(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


@pytest.mark.parametrize("hand", SIX_CARD_HANDS, ids=lambda h: " ".join(map(str, h)))
@pytest.mark.parametrize("dealer", [True, False])
def test_hand_values_by_brute_force(hand: list[Card], dealer: bool) -> None:
    results = analyze_discards(hand, dealer=dealer)
    unseen = unseen_of(hand)
    assert len(results) == 15
    for r in results:
        assert r.hand_exact == hand_by_loop(r.keep, unseen), names(r.keep)
        assert r.hand == float(r.hand_exact)


@pytest.mark.parametrize("hand", FIVE_CARD_HANDS, ids=lambda h: " ".join(map(str, h)))
@pytest.mark.parametrize("players", [3, 4])
def test_five_card_hand_values_by_brute_force(hand: list[Card], players: int) -> None:
    results = analyze_discards(hand, dealer=True, players=players)
    unseen = unseen_of(hand)
    assert len(results) == 5
    for r in results:
        assert len(r.discard) == 1
        assert r.hand_exact == hand_by_loop(r.keep, unseen)


def test_every_crib_of_one_hand_counted_in_plain_python() -> None:
    """All 15 discards x 45,540 (opponent toss, starter) cases through ``score_show``."""
    hand = parse_cards("5H 5C 5S JD 7C 9D")
    unseen = unseen_of(hand)
    for r in analyze_discards(hand, dealer=True):
        assert r.crib_exact == crib_by_loop(r.discard, unseen), names(r.discard)


@pytest.mark.parametrize("hand", SIX_CARD_HANDS, ids=lambda h: " ".join(map(str, h)))
def test_crib_values_by_numpy_enumeration(hand: list[Card]) -> None:
    """The same 683,100 crib counts per hand, through ``show_totals``."""
    unseen = unseen_of(hand)
    for r in analyze_discards(hand, dealer=False):
        assert r.crib_exact == crib_by_numpy(r.discard, unseen), names(r.discard)


@pytest.mark.parametrize("hand", FIVE_CARD_HANDS[:3], ids=lambda h: " ".join(map(str, h)))
def test_three_and_four_player_cribs_by_numpy_enumeration(hand: list[Card]) -> None:
    """One discard, three other random cards (713,460 cases per discard)."""
    unseen = unseen_of(hand)
    three = analyze_discards(hand, dealer=True, players=3)
    four = {r.discard: r for r in analyze_discards(hand, dealer=False, players=4)}
    for r in three:
        assert r.crib_exact == crib_by_numpy(r.discard, unseen), names(r.discard)
        # Same crib either way; only its sign differs.
        assert four[r.discard].crib_exact == r.crib_exact
        assert four[r.discard].net == pytest.approx(r.hand - r.crib)


def test_crib_of_a_discard_in_plain_python_with_three_other_cards() -> None:
    hand = parse_cards("JH 5C 5S 9D 7C")
    discard = (hand[0],)
    unseen = unseen_of(hand)
    [expected] = crib_expectations([discard], Unseen.of(unseen), others=3)
    assert expected.value == crib_by_loop(discard, unseen)


@pytest.mark.parametrize("hand", SIX_CARD_HANDS[:6], ids=lambda h: " ".join(map(str, h)))
def test_uniform_tosses_through_the_strong_model_give_the_random_expectation(
    hand: list[Card],
) -> None:
    """The strong model's formulas with a uniformly random toss of the opponent's 6 cards
    must agree with the exact random-toss crib: this checks its flush and nobs terms."""
    results = analyze_discards(hand, dealer=True)
    discards = [r.discard for r in results]
    uniform = strong_crib_expectations(discards, Unseen.besides(hand), strategy="uniform")
    for r, value in zip(results, uniform, strict=True):
        assert r.crib_exact is not None
        assert value == pytest.approx(float(r.crib_exact), rel=1e-12)


def test_exact_values_are_fractions_with_the_case_counts() -> None:
    hand = parse_cards("5H 5C 5S JD 7C 9D")
    unseen = Unseen.besides(hand)
    [keep] = hand_expectations([hand[:4]], unseen)
    [crib] = crib_expectations([hand[4:]], unseen, others=2)
    assert keep.cases == 46
    assert crib.cases == 45_540  # C(46, 2) * 44
    assert keep.value == Fraction(765, 46)
    best = analyze_discards(hand, dealer=True)[0]
    assert best.hand_exact == keep.value
    assert best.crib_exact == crib.value
