"""The strong-toss model: its toss rule against a scalar recount, and its exact crib
expectation against a simulation of the card process it describes."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from analysis_brute import crib_by_sampling, rule_tosses, unseen_of

from pegboard.analysis import analyze_discards
from pegboard.analysis.strong import Strategy
from pegboard.cards import parse_cards
from pegboard.scoring.tables import COMBO_POINTS_5, multiset_key

JACK = 11


def kept_value(keep: tuple[int, ...], six: tuple[int, ...]) -> Fraction:
    """Expected fifteens, pairs and runs of 4 kept ranks over the 46 starters the player
    cannot see, plus a quarter per jack."""
    total = Fraction(0)
    for rank in range(1, 14):
        left = 4 - six.count(rank)
        total += Fraction(left * COMBO_POINTS_5[multiset_key((*keep, rank))], 46)
    return total + Fraction(keep.count(JACK), 4)


def toss_value(toss: tuple[int, int]) -> Fraction:
    """Expected fifteens, pairs and runs of a crib with these 2 ranks and 3 cards of the
    other 50, plus a quarter per jack: every 3-card set of the 50 cards, counted."""
    deck = [rank for rank in range(1, 14) for _ in range(4)]
    for rank in toss:
        deck.remove(rank)
    total = sum(COMBO_POINTS_5[multiset_key((*toss, *three))] for three in combinations(deck, 3))
    return Fraction(total, 19_600) + Fraction(toss.count(JACK), 4)


@pytest.mark.parametrize(
    "six",
    [(5, 5, 5, 11, 7, 9), (1, 2, 3, 4, 12, 13), (5, 5, 10, 10, 11, 13), (2, 3, 7, 8, 8, 13)],
)
@pytest.mark.parametrize("strategy", ["dealer", "pone"])
def test_toss_rule_is_the_best_split(six: tuple[int, ...], strategy: Strategy) -> None:
    ranks = tuple(sorted(six))
    sign = 1 if strategy == "dealer" else -1
    values = {}
    for i, j in combinations(range(6), 2):
        toss = (ranks[i], ranks[j])
        keep = tuple(r for k, r in enumerate(ranks) if k not in (i, j))
        values[toss] = kept_value(keep, ranks) + sign * toss_value(toss)
    best = max(values.values())
    chosen = rule_tosses(strategy)[ranks]
    assert values[chosen] == pytest.approx(best, abs=1e-9)


@pytest.mark.parametrize(("dealer", "strategy"), [(True, "pone"), (False, "dealer")])
def test_strong_crib_matches_a_simulation(dealer: bool, strategy: Strategy) -> None:
    hand = parse_cards("5H 5C 5S JD 7C 9D")
    unseen = unseen_of(hand)
    results = analyze_discards(hand, dealer=dealer, tosses="strong")
    # The best discard, a suited discard with a jack (flush and nobs), and a pair of fives.
    for discard in ("7C 9D", "JD 9D", "5H 5C"):
        wanted = set(parse_cards(discard))
        r = next(r for r in results if set(r.discard) == wanted)
        mean, error = crib_by_sampling(r.discard, unseen, strategy, samples=60_000, seed=7)
        assert abs(mean - r.crib) < 4.5 * error, (discard, mean, r.crib, error)


def test_a_strong_dealer_feeds_their_crib_and_a_strong_pone_starves_yours() -> None:
    hand = parse_cards("5H 5C 5S JD 7C 9D")
    random_tosses = {r.discard: r.crib for r in analyze_discards(hand, dealer=True)}
    feeding = analyze_discards(hand, dealer=False, tosses="strong")  # opponent deals
    starving = analyze_discards(hand, dealer=True, tosses="strong")  # opponent is pone
    for r in feeding:
        assert r.crib > random_tosses[r.discard]
    # A pone tosses what helps a crib least on average, but they cannot see your discard:
    # their tens are good for your 5-5, so only most discards lose.
    lower = [r.crib < random_tosses[r.discard] for r in starving]
    assert sum(lower) >= 12
    assert lower[0]
    assert sum(r.crib for r in starving) < sum(random_tosses.values())
