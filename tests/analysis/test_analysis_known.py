"""Known cases and invariants of the discard analysis."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.analysis import DiscardAnalysis, analyze_discards
from pegboard.cards import DECK, Card, parse_cards
from pegboard.errors import CardError, OptionError, PegboardError


def find(results: list[DiscardAnalysis], discard: str) -> tuple[int, DiscardAnalysis]:
    wanted = set(parse_cards(discard))
    for place, r in enumerate(results):
        if set(r.discard) == wanted:
            return place, r
    raise AssertionError(f"no discard {discard}")


def keeps_5_5_5_j(r: DiscardAnalysis) -> bool:
    return sorted(str(c)[0] for c in r.keep) == ["5", "5", "5", "J"]


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("hand", ["5H 5C 5S JD 7C 9D", "5D 5C 5S JH 8C 8D", "5H 5C 5S JD 2C AD"])
def test_keeping_5_5_5_j_is_best(hand: str, dealer: bool) -> None:
    best = analyze_discards(parse_cards(hand), dealer=dealer)[0]
    assert keeps_5_5_5_j(best)
    assert best.hand > 16  # 14 before the starter, 29 with the right five


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("hand", ["5H 5C 5S JD KC 2D", "5H 5C 5S JD QC TD"])
def test_keeping_5_5_5_j_is_near_the_top(hand: str, dealer: bool) -> None:
    """With a ten-card beside it, the dealer may rather keep 5-5-5-K and give the jack to
    their own crib; the pone keeps the jack."""
    results = analyze_discards(parse_cards(hand), dealer=dealer)
    place = next(i for i, r in enumerate(results) if keeps_5_5_5_j(r))
    assert place == 0 if not dealer else place <= 2
    assert results[place].net > results[0].net - 1


def test_the_5_5_5_j_example_in_numbers() -> None:
    results = analyze_discards(parse_cards("5H 5C 5S JD 7C 9D"), dealer=True)
    best = results[0]
    assert best.hand_exact == Fraction(765, 46)
    assert best.crib == pytest.approx(4.2567413, abs=1e-6)
    assert best.net == pytest.approx(best.hand + best.crib)


def test_tossing_5_5_to_your_own_crib_beats_tossing_them_to_the_opponent() -> None:
    hand = parse_cards("5H 5C 7D 8S 9C TH")
    as_dealer = analyze_discards(hand, dealer=True)
    as_pone = analyze_discards(hand, dealer=False)
    dealer_place, dealer_55 = find(as_dealer, "5H 5C")
    pone_place, pone_55 = find(as_pone, "5H 5C")
    assert dealer_place == 0  # the dealer throws the fives into their own crib…
    assert pone_place == len(as_pone) - 1  # …the pone never gives them away
    assert dealer_55.crib > 8.5  # a pair of fives is the best crib toss there is
    assert dealer_55.crib == max(r.crib for r in as_dealer)
    assert dealer_55.net - pone_55.net == pytest.approx(2 * dealer_55.crib)
    assert dealer_55.net > pone_55.net


def test_three_and_four_players_hand_and_role() -> None:
    hand = parse_cards("5H 5C 5S JD 7C")
    for players in (3, 4):
        dealer = analyze_discards(hand, dealer=True, players=players)
        pone = analyze_discards(hand, dealer=False, players=players)
        assert [str(c) for c in dealer[0].discard] == ["7C"]
        assert [str(c) for c in pone[0].discard] == ["7C"]
    partner = analyze_discards(hand, dealer=False, players=4, partner_deals=True)
    assert [r.net for r in partner] == [
        r.net for r in analyze_discards(hand, dealer=True, players=4)
    ]


cards_6 = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)


@settings(max_examples=60, deadline=None)
@given(hand=cards_6)
def test_dealer_and_pone_see_the_same_values(hand: list[Card]) -> None:
    dealer = analyze_discards(hand, dealer=True)
    pone = analyze_discards(hand, dealer=False)
    assert [r.net for r in dealer] == sorted((r.net for r in dealer), reverse=True)
    assert [r.net for r in pone] == sorted((r.net for r in pone), reverse=True)
    by_discard = {r.discard: r for r in pone}
    assert len(by_discard) == 15
    for r in dealer:
        other = by_discard[r.discard]
        assert set(r.discard) | set(r.keep) == set(hand)
        assert r.hand_exact == other.hand_exact and r.crib_exact == other.crib_exact
        assert r.crib > 0
        assert r.net - other.net == pytest.approx(2 * r.crib)
    # Crib values are positive, so the dealer is never worse off than the pone.
    assert dealer[0].net >= pone[0].net


@settings(max_examples=30, deadline=None)
@given(hand=cards_6)
def test_strong_tosses_keep_the_hand_values(hand: list[Card]) -> None:
    random_tosses = {r.discard: r for r in analyze_discards(hand, dealer=True)}
    for dealer in (True, False):
        strong = analyze_discards(hand, dealer=dealer, tosses="strong")
        assert [r.net for r in strong] == sorted((r.net for r in strong), reverse=True)
        for r in strong:
            assert r.hand_exact == random_tosses[r.discard].hand_exact
            assert r.crib_exact is None and r.crib > 0


def test_to_json() -> None:
    best = analyze_discards(parse_cards("5H 5C 5S JD 7C 9D"), dealer=False)[0]
    data = best.to_json()
    assert data["discard"] == ["7C", "9D"]
    assert data["keep"] == ["5H", "5C", "5S", "JD"]
    assert data["crib_sign"] == -1
    assert data["net"] == pytest.approx(data["hand"] - data["crib"])


@pytest.mark.parametrize(
    ("hand", "options", "error"),
    [
        ("5H 5C 5S JD 7C", {}, CardError),
        ("5H 5C 5S JD 7C 9D", {"players": 3}, CardError),
        ("5H 5C 5S JD 7C 5H", {}, CardError),
        ("5H 5C 5S JD 7C 9D", {"players": 5}, OptionError),
        ("5H 5C 5S JD 7C", {"players": 3, "tosses": "strong"}, OptionError),
        ("5H 5C 5S JD 7C 9D", {"tosses": "clever"}, OptionError),
        ("5H 5C 5S JD 7C", {"players": 3, "partner_deals": True}, OptionError),
        ("5H 5C 5S JD 7C", {"players": 4, "partner_deals": True, "dealer": True}, OptionError),
    ],
)
def test_bad_input(hand: str, options: dict[str, object], error: type[PegboardError]) -> None:
    kwargs: dict[str, object] = {"dealer": False, **options}
    with pytest.raises(error):
        analyze_discards(parse_cards(hand), **kwargs)  # type: ignore[arg-type]
