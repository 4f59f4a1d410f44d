"""Cribbage with ``counting="manual"`` (RULES.md §1 option, §4): the show becomes a claim for
each hand from the dealer's left, then the crib by the dealer, each followed by Muggins from the
opponents clockwise; in ``teams`` mode a partner never calls on a partner. Pegging stays
automatic.

The two-player deal is ``TWO`` (cribbage_deals.py): after the play seat 1 (pone) has pegged 11
(fifteen 2 + run 3, run 3, the go 1, fifteen 2) and seat 0 (dealer) 1 (the last card).
Starter 3S. Pone's hand 4C 5D 6H 7S: a run of five 3-4-5-6-7 (5), fifteens 4+5+6 and 3+5+7
(4) = 9. Dealer's hand 5H 5C TD JS: four fifteens (8), a pair (2), nobs JS (1) = 11.
Crib 2H 8D KD QC: fifteens 2+3+K and 2+3+Q (4) = 4.
"""

from __future__ import annotations

import pytest
from cribbage_deals import FOUR, FOUR_DISCARDS, FOUR_PLAY, TWO, TWO_DISCARDS, TWO_PLAY
from cribbage_script import discard, of_type, play, ready_all, scores, scripted, snapshot
from cribist_script import PASS, claim, item_set, muggins

from pegboard import replay
from pegboard.core import Game
from pegboard.errors import IllegalAction, NotYourTurn
from pegboard.games.cribbage.views import cribbage_view

PONE_RUN = "run 3S 4C 5D 6H 7S"
PONE_FIFTEENS = ("fifteen 4C 5D 6H", "fifteen 3S 5D 7S")
DEALER_HAND = (
    "fifteen 5H TD",
    "fifteen 5H JS",
    "fifteen 5C TD",
    "fifteen 5C JS",
    "pair 5H 5C",
    "nobs JS",
)
CRIB = ("fifteen 2H 3S KD", "fifteen 2H 3S QC")


def two_player_show(**options: object) -> Game:
    game = scripted(2, 0, TWO, counting="manual", **options)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    play(game, TWO_PLAY[1])
    return game


def test_after_the_play_the_pone_claims_first_and_nothing_is_counted_for_them() -> None:
    game = two_player_show()
    assert scores(game) == [1, 11]  # pegging is counted automatically
    assert cribbage_view(game.view(None))["phase"] == "count"
    assert game.to_act == (1,)
    shows = of_type(game, "show")
    assert [(s["seat"], s["crib"]) for s in shows] == [(1, False)]
    assert game.legal_actions(1) == [{"type": "claim", "items": []}]


def test_the_pone_under_claims_and_the_dealer_calls_muggins() -> None:
    game = two_player_show()
    game.apply(1, claim(PONE_RUN))
    assert scores(game) == [1, 16]
    assert game.to_act == (0,)
    game.apply(0, muggins(*PONE_FIFTEENS, points=4))
    assert scores(game) == [5, 16]
    [call] = of_type(game, "muggins")
    assert (call["seat"], call["points"], call["valid"]) == (0, 4, True)
    # Then the dealer's own hand is laid down for the dealer to claim.
    assert game.to_act == (0,)
    assert [(s["seat"], s["crib"]) for s in of_type(game, "show")] == [(1, False), (0, False)]


def test_a_claim_naming_a_combination_not_in_the_hand_is_refused() -> None:
    game = two_player_show()
    before = snapshot(game)
    for wrong in (
        claim("run 4C 5D 6H 7S"),  # the run is of five with the starter, not four
        claim("nobs 7S"),
        claim("flush 4C 5D 6H 7S"),
    ):
        with pytest.raises(IllegalAction):
            game.apply(1, wrong)
        assert snapshot(game) == before
    game.apply(1, claim(PONE_RUN, *PONE_FIFTEENS))
    assert scores(game) == [1, 20]


def test_the_dealer_claims_the_hand_and_then_the_crib() -> None:
    game = two_player_show()
    game.apply(1, claim(PONE_RUN, *PONE_FIFTEENS))  # 9
    game.apply(0, PASS)
    game.apply(0, claim(*DEALER_HAND))  # 11
    assert scores(game) == [12, 20]
    assert game.to_act == (1,)
    game.apply(1, PASS)
    crib = of_type(game, "show")[-1]
    assert (crib["seat"], crib["crib"]) == (0, True)
    assert sorted(crib["cards"]) == ["2H", "8D", "KD", "QC"]
    assert game.to_act == (0,)
    game.apply(0, claim(CRIB[0]))  # under-claims the crib
    game.apply(1, muggins(CRIB[1]))  # the pone takes the other fifteen
    assert scores(game) == [14, 22]
    assert cribbage_view(game.view(None))["phase"] == "post-show"
    claims = [(e["seat"], e["points"]) for e in of_type(game, "claim")]
    assert claims == [(1, 9), (0, 11), (0, 2)]
    scored = [e for e in of_type(game, "score") if e["seat"] == 0][-2]
    assert item_set(scored["items"]) == item_set(claim(*DEALER_HAND)["items"])


def test_a_wrong_muggins_call_in_the_show_costs_the_caller() -> None:
    game = two_player_show()
    game.apply(1, claim(PONE_RUN))
    game.apply(0, muggins("run 4C 5D 6H 7S"))  # not real (it is a run of five), worth 4
    assert scores(game) == [1 - 4, 16]


def test_the_manual_hand_replays_to_the_same_game() -> None:
    game = two_player_show()
    game.apply(1, claim(PONE_RUN))
    game.apply(0, muggins(*PONE_FIFTEENS, points=4))
    game.apply(0, claim(*DEALER_HAND[:4]))  # forgets the pair and nobs
    game.apply(1, muggins("pair 5H 5C", "nobs JS", points=4))  # wrong: they make 3
    game.timeout()  # the dealer claims nothing for the crib
    game.apply(1, muggins(*CRIB))
    ready_all(game)
    assert of_type(game, "deal")[-1]["hand"] == 2
    record = game.record()
    again = replay(record)
    assert again.record() == record
    assert cribbage_view(again.view(None)) == cribbage_view(game.view(None))
    assert scores(again) == [1 + 4 + 8, 11 + 5 - 4 + 4]


def test_the_game_ends_the_instant_a_claim_reaches_the_target() -> None:
    game = two_player_show(score_target=16)
    game.apply(1, claim(PONE_RUN))
    assert game.outcome is not None and game.outcome.reason == "target"
    assert list(game.outcome.scores) == [1, 16]
    assert [e["type"] for e in game.events[-3:]] == ["claim", "score", "end"]


def test_the_game_ends_the_instant_a_muggins_call_reaches_the_target() -> None:
    game = two_player_show(score_target=19)
    game.apply(1, claim())
    game.apply(0, PASS)
    game.apply(0, claim())  # the dealer claims nothing for a hand worth 11
    game.apply(1, muggins(*DEALER_HAND[:4]))  # the pone takes the four fifteens: 11 + 8
    assert game.outcome is not None and game.outcome.reason == "target"
    assert list(game.outcome.scores) == [1, 19]
    assert game.outcome.ranks == (2, 1)
    assert [e["type"] for e in game.events[-3:]] == ["muggins", "score", "end"]
    assert not [e for e in game.events if e["type"] == "show" and e["crib"]]


# -- four players ------------------------------------------------------------------------------


def four_player_show(**options: object) -> Game:
    game = scripted(4, 0, FOUR, counting="manual", score_target=121, **options)
    discard(game, FOUR_DISCARDS)
    for count in FOUR_PLAY:
        play(game, count)
    return game


def muggins_rounds(game: Game) -> list[tuple[int, list[int]]]:
    """Time every count out, noting each claimant and who was asked to call after them."""
    rounds: list[tuple[int, list[int]]] = []
    while cribbage_view(game.view(None))["phase"] == "count":
        (claimant,) = game.to_act
        game.timeout()
        callers: list[int] = []
        while (
            cribbage_view(game.view(None))["phase"] == "count"
            and (counting := cribbage_view(game.view(None))["counting"]) is not None
            and counting["claimed"]
        ):
            (seat,) = game.to_act
            callers.append(seat)
            game.timeout()
        rounds.append((claimant, callers))
    return rounds


def test_team_mates_never_call_muggins_on_each_other() -> None:
    game = four_player_show(teams=True)
    # Seats 0+2 and 1+3 are partners. Hands from the dealer's left, then the crib.
    assert muggins_rounds(game) == [
        (1, [2, 0]),
        (2, [3, 1]),
        (3, [0, 2]),
        (0, [1, 3]),
        (0, [1, 3]),
    ]
    assert cribbage_view(game.view(None))["phase"] == "post-show"


def test_a_partner_who_tries_to_call_is_turned_away() -> None:
    game = four_player_show(teams=True)
    game.apply(1, claim())
    assert game.to_act == (2,)
    before = snapshot(game)
    with pytest.raises(NotYourTurn):
        game.apply(3, muggins("fifteen 5C TC"))
    game.apply(2, PASS)
    assert game.to_act == (0,)
    with pytest.raises(NotYourTurn):
        game.apply(3, muggins("fifteen 5C TC"))
    game.apply(0, PASS)
    assert 3 not in {e["seat"] for e in game.events[-4:] if "seat" in e}
    assert snapshot(game) != before


def test_without_teams_every_other_player_may_call() -> None:
    game = four_player_show()
    assert muggins_rounds(game) == [
        (1, [2, 3, 0]),
        (2, [3, 0, 1]),
        (3, [0, 1, 2]),
        (0, [1, 2, 3]),
        (0, [1, 2, 3]),
    ]


def test_in_teams_a_claim_and_a_muggins_penalty_are_shared_by_partners() -> None:
    game = four_player_show(teams=True)
    pegged = scores(game)
    assert pegged[0] == pegged[2] and pegged[1] == pegged[3]
    game.apply(1, claim())
    game.apply(2, muggins("pair 5C 5D", points=2))  # seat 1 holds no such pair
    assert scores(game) == [pegged[0] - 2, pegged[1], pegged[2] - 2, pegged[3]]
