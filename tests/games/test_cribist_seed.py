"""Cribist as the seed describes it (RULES.md §2), one real scripted trick at a time.

Seat 0 deals every scripted hand here, so seat 1 leads the first trick and its suit is trumps.
Tricks are written in the order the cards are played, the leader first. Expected points are
worked out by hand in the comments; counting is automatic unless the test says otherwise.
"""

from __future__ import annotations

import pytest
from cribist_script import (
    ROUND,
    claim,
    deck,
    item_set,
    of_type,
    play_trick,
    play_tricks,
    scores,
    scripted,
    snapshot,
)

from pegboard.core.wire import Event
from pegboard.errors import IllegalAction, NotYourTurn
from pegboard.games.cribist.views import cribist_view


def one_trick(cards: str, **options: object) -> list[Event]:
    """Deal so that seat 1 leads ``cards`` (then seats 2, 3, 0 play), play it with automatic
    counting, and return the score events it caused."""
    game = scripted(0, deck([(1, cards)], dealer=0), counting="auto", **options)
    play_trick(game, cards)
    return of_type(game, "score")


# -- trick points -------------------------------------------------------------------------------


def test_four_five_five_six_scores_twelve_as_the_seed_says() -> None:
    game = scripted(0, deck([(1, "4C 5D 5H 6S")], dealer=0), counting="auto")
    play_trick(game, "4C 5D 5H 6S")
    [trick] = of_type(game, "trick")
    assert trick["winner"] == 1  # 4C is the only trump
    [score] = of_type(game, "score")
    # Two runs of 3 (4-5-6 with either five) = 6, two fifteens (4+5+6) = 4, a pair of fives = 2.
    assert score["seat"] == 1 and score["points"] == 12
    assert item_set(score["items"]) == item_set(
        [
            {"kind": "run", "cards": ["4C", "5D", "6S"]},
            {"kind": "run", "cards": ["4C", "5H", "6S"]},
            {"kind": "fifteen", "cards": ["4C", "5D", "6S"]},
            {"kind": "fifteen", "cards": ["4C", "5H", "6S"]},
            {"kind": "pair", "cards": ["5D", "5H"]},
        ]
    )
    assert [(i["kind"], i["points"]) for i in score["items"] if i["kind"] == "run"] == [
        ("run", 3),
        ("run", 3),
    ]
    assert scores(game) == [0, 12, 0, 0]


def test_four_sevens_score_six_pairs_for_twelve() -> None:
    [score] = one_trick("7C 7D 7H 7S")
    # 7+7 = 14 and 7+7+7 = 21: no fifteen; C(4,2) = 6 pairs of 2.
    assert score["points"] == 12
    assert sorted(i["kind"] for i in score["items"]) == ["pair"] * 6


def test_the_jack_of_trumps_scores_one() -> None:
    # JC (trumps are clubs) 2D 8H KS: no fifteen (10+2, 10+8, 2+8, ... never 15), no run.
    [score] = one_trick("JC 2D 8H KS")
    assert score["points"] == 1
    assert item_set(score["items"]) == item_set([{"kind": "jack-of-trumps", "cards": ["JC"]}])


def test_a_jack_that_is_not_trumps_scores_nothing() -> None:
    tricks = [(1, "AC 3D 9H KS"), (1, "2C JD 9S QH")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_tricks(game, tricks)
    # Neither trick has a fifteen, pair or run, and JD is not the Jack of clubs.
    assert of_type(game, "score") == []
    assert [t["winner"] for t in of_type(game, "trick")] == [1, 1]


def test_a_flush_of_four_scores_four() -> None:
    game = scripted(0, deck(ROUND, dealer=0), counting="auto")
    play_trick(game, "KC AC 9C 3C")
    # Every card a club; K+A+9+3: no two or three of them make 15, no run, no pair.
    [score] = of_type(game, "score")
    assert (score["seat"], score["points"]) == (1, 4)
    assert item_set(score["items"]) == item_set(
        [{"kind": "flush", "cards": ["KC", "AC", "9C", "3C"]}]
    )


def test_a_four_card_straight_is_one_run_of_four_never_four_and_two_threes() -> None:
    [score] = one_trick("4C 5D 6H 7S")
    # One run of 4 (4) and one fifteen 4+5+6 (2) = 6; 7+... never makes 15 here.
    assert score["points"] == 6
    runs = [i for i in score["items"] if i["kind"] == "run"]
    assert len(runs) == 1 and runs[0]["points"] == 4 and len(runs[0]["cards"]) == 4
    assert item_set(score["items"]) == item_set(
        [
            {"kind": "run", "cards": ["4C", "5D", "6H", "7S"]},
            {"kind": "fifteen", "cards": ["4C", "5D", "6H"]},
        ]
    )


def test_no_run_wraps_from_king_to_ace() -> None:
    # Q-K-A-2 is no run; Q+K+A+2: no fifteen (10+1+2 = 13 at most with three cards).
    assert one_trick("QC KD AH 2S") == []


def test_a_trick_worth_nothing_changes_no_score() -> None:
    tricks = [(1, "QC KD AH 2S")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_tricks(game, tricks)
    assert scores(game) == [0, 0, 0, 0]
    assert of_type(game, "trick")[0]["winner"] == 1
    assert game.to_act == (1,)


def test_manual_counting_offers_the_same_items_as_the_seed_example() -> None:
    game = scripted(0, deck([(1, "4C 5D 5H 6S")], dealer=0), counting="manual")
    play_trick(game, "4C 5D 5H 6S")
    game.apply(
        1,
        claim(
            "run 4C 5D 6S",
            "run 4C 5H 6S",
            "fifteen 4C 5D 6S",
            "fifteen 4C 5H 6S",
            "pair 5D 5H",
        ),
    )
    assert scores(game) == [0, 12, 0, 0]


# -- the tricks ---------------------------------------------------------------------------------


def test_the_ace_is_the_lowest_card_for_winning_a_trick() -> None:
    # Hearts are led and so trumps; 2H beats AH; seats 3 and 0 have no heart.
    tricks = [(1, "2H AH 9C KS")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_tricks(game, tricks)
    [trick] = of_type(game, "trick")
    assert trick["winner"] == 1
    assert trick["cards"] == ["KS", "2H", "AH", "9C"]  # by seat


def test_a_king_beats_an_ace_of_the_same_suit() -> None:
    game = scripted(0, deck(ROUND, dealer=0), counting="auto")
    play_trick(game, "KC AC 9C 3C")
    assert of_type(game, "trick")[0]["winner"] == 1  # seat 1's KC, not seat 2's AC


def test_players_must_follow_suit_when_they_can() -> None:
    game = scripted(0, deck(ROUND, dealer=0), counting="auto")
    game.apply(1, {"type": "play", "card": "KC"})
    # Seat 2 holds AC 2C TC 5C: only those may be played.
    assert sorted(a["card"] for a in game.legal_actions(2)) == ["2C", "5C", "AC", "TC"]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="follow suit"):
        game.apply(2, {"type": "play", "card": "KD"})
    assert snapshot(game) == before
    game.apply(2, {"type": "play", "card": "AC"})
    assert of_type(game, "play")[-1] == {"type": "play", "seat": 2, "card": "AC"}


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    tricks = [(1, "2H AH 9C KS")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_trick(game, "2H AH")
    hand = cribist_view(game.view(3))["hand"]
    assert not any(card.endswith("H") for card in hand)
    assert sorted(a["card"] for a in game.legal_actions(3)) == sorted(hand)
    assert len(hand) == 13


def test_a_card_not_held_or_a_play_out_of_turn_is_refused() -> None:
    game = scripted(0, deck(ROUND, dealer=0), counting="auto")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "play", "card": "AC"})  # seat 2's card
    with pytest.raises(NotYourTurn):
        game.apply(2, {"type": "play", "card": "AC"})  # seat 1 leads
    assert snapshot(game) == before


def test_the_first_lead_names_trumps_and_a_trump_beats_the_suit_led() -> None:
    tricks = [(1, "3H 6H 8H KH"), (0, "KS QS 2H AS")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_tricks(game, tricks)
    first, second = of_type(game, "trick")
    assert first["trump"] == "H" and first["winner"] == 0 and first["leader"] == 1
    # Seat 2 has no spade and ruffs with the 2 of trumps: it beats the King led.
    assert second["trump"] == "H" and second["leader"] == 0 and second["winner"] == 2
    assert cribist_view(game.view(None))["trump"] == "H"


def test_the_highest_trump_wins_when_several_are_played() -> None:
    tricks = [(1, "2D 3D 4D 6D"), (0, "KS 5D 9D AS")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_tricks(game, tricks)
    # Seats 1 and 2 are out of spades and both trump: 9D beats 5D, and both beat KS.
    assert of_type(game, "trick")[1]["winner"] == 2


def test_the_winner_of_a_trick_leads_the_next() -> None:
    tricks = [(1, "3H 6H 8H KH"), (0, "KS QS 2H AS")]
    game = scripted(0, deck(tricks, dealer=0), counting="auto")
    play_trick(game, tricks[0][1])
    assert game.to_act == (0,)
    play_trick(game, tricks[1][1])
    assert game.to_act == (2,)


def test_the_player_left_of_the_dealer_leads_the_first_trick() -> None:
    for dealer in range(4):
        game = scripted(dealer, counting="auto")
        assert game.to_act == ((dealer + 1) % 4,)
        assert of_type(game, "deal")[0]["dealer"] == dealer
        assert all(len(h) == 13 for h in of_type(game, "deal")[0]["hands"])
