"""Cribist's luck: each hand's 13 cards dealt, valued against the average deal for the seat's
place at the table (docs/review.md, "Luck against skill")."""

from __future__ import annotations

import random

import pytest

from games import play_game
from pegboard.bots.search.tricks import PLAYERS
from pegboard.cards import DECK, parse_cards
from pegboard.review import review_record
from pegboard.review.cribist_deal import AVERAGE_BY_PLACE, average_by_place, deal_luck, place_of


def deal_with(seat: int, cards: str, seed: int) -> list[list[int]]:
    """``seat`` holds ``cards``; the other 39 are dealt out at random."""
    mine = [int(c) for c in parse_cards(cards)]
    rest = [int(c) for c in DECK if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = [rest[k * 13 : (k + 1) * 13] for k in range(3)]
    hands.insert(seat, mine)
    return hands


def test_a_hand_of_every_spade_is_lucky_and_a_hand_of_low_odd_cards_is_not() -> None:
    # Seat 1 leads (the dealer is 0): with every spade it names spades and takes every trick.
    spades = deal_with(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", 1)
    low = deal_with(1, "AC 2D 3H 2C AD 3C 2H AH 3D 4C 4D 2S AS", 1)
    assert place_of(1, 0) == 0
    assert deal_luck(spades, 1, 0, random.Random(1)) > 30
    assert deal_luck(low, 1, 0, random.Random(1)) < -3


def test_the_average_deal_by_place() -> None:
    # 60 other deals than the constants' (a standard error of about 0.9 points each).
    fresh = average_by_place(60, seed="a fresh sample")
    for measured, constant in zip(fresh, AVERAGE_BY_PLACE, strict=True):
        assert measured == pytest.approx(constant, abs=3.0)


def test_a_seats_deal_luck_is_the_sum_over_its_hands() -> None:
    record = play_game("cribist", ["greedy"] * 4, 3, options={"score_target": 61})
    review = review_record(record)
    deals = [e for e in record["events"] if e["type"] == "deal"]
    assert len(deals) >= 2
    for summary in review.seats:
        expected = 0.0
        for event in deals:
            hands = [[int(c) for c in parse_cards(h)] for h in event["hands"]]
            rng = random.Random(f"review/deal/{event['hand']}/{summary.seat}")
            expected += deal_luck(hands, summary.seat, int(event["dealer"]), rng)
        assert summary.luck.deal == pytest.approx(expected)
        assert summary.luck.total == summary.luck.deal and summary.luck.starter == 0.0
    assert sum(1 for s in review.seats if abs(s.luck.deal) > 1) >= 1
    assert review.notes == ()
    assert len(review.seats) == PLAYERS
