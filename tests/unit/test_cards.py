"""Cards and their text form (CONTRACT.md "Cards")."""

from __future__ import annotations

import pytest

from pegboard.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from pegboard.errors import CardError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ALL_TOKENS = [rank + suit for rank in RANKS for suit in SUITS]


def test_there_are_52_distinct_cards() -> None:
    assert len(ALL_TOKENS) == 52
    assert len({parse_card(token) for token in ALL_TOKENS}) == 52
    assert [str(card) for card in DECK] == ALL_TOKENS


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_parse_and_format_round_trip(token: str) -> None:
    card = parse_card(token)
    assert str(card) == token
    assert parse_card(str(card)) == card
    assert Card(card.id) == card


@pytest.mark.parametrize(
    ("token", "card_id"),
    [("AC", 0), ("AD", 1), ("AH", 2), ("AS", 3), ("2C", 4), ("5H", 18), ("TD", 37), ("KS", 51)],
)
def test_card_ids(token: str, card_id: int) -> None:
    card = parse_card(token)
    assert card.id == card_id
    assert str(Card(card_id)) == token


def test_card_id_is_rank_and_suit() -> None:
    for token in ALL_TOKENS:
        card = parse_card(token)
        assert card.id == (RANKS.index(token[0])) * 4 + SUITS.index(token[1])
        assert card.rank == Rank(RANKS.index(token[0]) + 1)
        assert card.suit == Suit(SUITS.index(token[1]))


@pytest.mark.parametrize(
    ("card", "value"), [("AC", 1), ("5H", 5), ("9S", 9), ("TD", 10), ("JC", 10), ("KS", 10)]
)
def test_counting_values(card: str, value: int) -> None:
    assert parse_card(card).value == value


@pytest.mark.parametrize(
    ("alias", "token"),
    [
        ("10D", "TD"),
        ("10d", "TD"),
        ("td", "TD"),
        ("5♥", "5H"),
        ("5♣", "5C"),
        ("q♠", "QS"),
        ("10♦", "TD"),
        ("ah", "AH"),
        ("kS", "KS"),
        (" 7c ", "7C"),
    ],
)
def test_aliases(alias: str, token: str) -> None:
    assert str(parse_card(alias)) == token


def test_parse_cards_reads_spaces_commas_and_lists() -> None:
    expected = [parse_card(t) for t in ("5H", "5C", "5S", "JD")]
    assert parse_cards("5H 5C 5S JD") == expected
    assert parse_cards("5h,5c, 5s  jd") == expected
    assert parse_cards(["5H", "5♣", "5s", "JD"]) == expected
    assert parse_cards("") == []


def test_format_cards() -> None:
    assert format_cards(parse_cards("5h 10d jc")) == "5H TD JC"


@pytest.mark.parametrize("token", ["5X", "11H", "1H", "ZZ", "5", "H", "", "10", "5HH", "0S"])
def test_a_bad_token_raises_card_error_naming_it(token: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_card(token)
    assert repr(token) in str(raised.value) or f'"{token}"' in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(CardError, match="5X"):
        parse_cards("5H 5X JD")


@pytest.mark.parametrize("card_id", [-1, 52, 100])
def test_card_ids_outside_the_deck_are_refused(card_id: int) -> None:
    with pytest.raises(CardError):
        Card(card_id)
