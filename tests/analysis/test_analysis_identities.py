"""Exact identities: averaged over every situation, the random-toss crib expectation is the
mean crib over every (4-card crib, starter) pair of the deck.

The chain: a uniformly random 6-card hand with a uniformly random discard puts a uniformly
random 2 cards in the crib, and the other 2 crib cards and the starter are uniformly random
among the other 50. So the average of E[crib | hand, discard] over all hands and discards is
the average over the 1,326 discards of E[crib | discard, 50 unseen] (seeing a card you do
not put in the crib changes nothing on average: the one-card tower step below, applied four
times), and that is the mean crib over all 12,994,800 pairs.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import pytest

from pegboard.analysis import Unseen, crib_expectations, hand_expectations
from pegboard.cards import parse_cards
from pegboard.scoring import show_totals
from pegboard.scoring.batch import HAND_STARTER_PAIRS, all_hand_starter_pairs


@cache
def mean_crib_over_every_pair() -> Fraction:
    hands, starters = all_hand_starter_pairs()
    totals = show_totals(hands, starters, crib=True)
    return Fraction(int(totals.sum(dtype=np.int64)), HAND_STARTER_PAIRS)


def test_two_card_discards_average_to_the_mean_crib() -> None:
    discards = list(combinations(range(52), 2))
    total = sum(
        (crib_expectations([d], Unseen.besides(d), others=2)[0].value for d in discards),
        Fraction(0),
    )
    assert total / len(discards) == mean_crib_over_every_pair()


def test_one_card_discards_average_to_the_mean_crib() -> None:
    total = sum(
        (crib_expectations([(c,)], Unseen.besides([c]), others=3)[0].value for c in range(52)),
        Fraction(0),
    )
    assert total / 52 == mean_crib_over_every_pair()


def test_the_mean_crib_value() -> None:
    mean = mean_crib_over_every_pair()
    # The hand mean is 60759/12740; a crib loses the 4-card flushes but nothing else.
    assert Fraction(4, 1) < mean < Fraction(60759, 12740)
    assert mean == Fraction(1_025_467, 216_580)  # 4.734819 points


@pytest.mark.parametrize(
    ("hand", "discard"),
    [
        ("5H 5C 5S JD 7C 9D", "7C 9D"),
        ("5H 5C 5S JD 7C 9D", "JD 9D"),
        ("2H 4H 6H 8H TH QH", "TH QH"),
        ("JC JD JH JS 5C 5D", "JC JD"),
        ("JC 5C 5S 9D 7C", "JC"),
    ],
)
def test_seeing_one_more_card_changes_nothing_on_average(hand: str, discard: str) -> None:
    """E[crib | unseen U] is the mean over c in U of E[crib | unseen U - {c}], exactly; the
    same holds for the kept hand's expectation."""
    cards = parse_cards(hand)
    tossed = parse_cards(discard)
    kept = [c for c in cards if c not in tossed]
    others = 4 - len(tossed)
    unseen = Unseen.besides(cards)
    [crib] = crib_expectations([tossed], unseen, others=others)
    after = [
        crib_expectations([tossed], Unseen.of(unseen.cards - {c}), others=others)[0].value
        for c in unseen.cards
    ]
    assert sum(after, Fraction(0)) / len(after) == crib.value
    if len(kept) == 4:
        [keep] = hand_expectations([kept], unseen)
        after = [
            hand_expectations([kept], Unseen.of(unseen.cards - {c}))[0].value for c in unseen.cards
        ]
        assert sum(after, Fraction(0)) / len(after) == keep.value
