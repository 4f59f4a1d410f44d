"""The discard at a match table: each keep valued by the payoff the deal is expected to bring
(the hand over every starter, the crib, the pegging, the opponent's hand, counted in order,
then the score race), so the skunk line and the target weigh in, not only the points."""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt
import pytest

from pegboard.analysis import analyze_discards
from pegboard.bots.cribbage.discard import choose_discard, discard_values, only_winning
from pegboard.bots.cribbage.race_discard import (
    expected_payoff,
    hand_chances,
    race_discard_values,
)
from pegboard.bots.expert import ExpertBot
from pegboard.bots.search.endgame import board_values
from pegboard.bots.search.match_objective import best_of_payoff, points_payoff
from pegboard.bots.search.race import GAME, Payoff
from pegboard.cards import card_names, parse_cards
from pegboard.core.matchplay import MatchFormat, MatchScore
from pegboard.core.spec import get_spec
from pegboard.core.wire import MatchInfo
from pegboard.games.cribbage.views import CribbageBotView

ACC_POINTS = points_payoff(get_spec("cribbage").worth)


def points(chances: dict[int, float]) -> npt.NDArray[np.float64]:
    """A show's chances by points."""
    out = np.zeros(30)
    for k, w in chances.items():
        out[k] = w
    return out


def value(mine: int, theirs: int, own: dict[int, float], payoff: Payoff, *, dealer: bool) -> float:
    """The deal's expected payoff against an opponent whose show is surely 2 points."""
    return expected_payoff(
        mine,
        theirs,
        points(own),
        points({2: 1.0}),
        0.0,
        dealer=dealer,
        payoff=payoff,
        dealer_rule="rotate",
    )


def test_a_pone_who_surely_counts_out_wins_by_the_skunk_it_leaves() -> None:
    """The pone shows first: needing 5 with a sure 10, it is out, the dealer still far
    behind (needing 61 or more: a double skunk)."""
    assert value(5, 100, {10: 1.0}, ACC_POINTS, dealer=False) == pytest.approx(
        ACC_POINTS.double_skunk
    )


def test_a_dealer_loses_when_the_pone_surely_counts_out_first() -> None:
    """The dealer needs 100 and holds a 29 hand, but the pone needing 2 shows first (if the
    pegging has not already taken it out): the dealer is double skunked."""
    assert value(100, 2, {29: 1.0}, ACC_POINTS, dealer=True) == pytest.approx(
        ACC_POINTS.double_skunked
    )


def test_far_behind_for_game_points_a_sure_hand_past_the_skunk_line_beats_a_long_shot() -> None:
    """A pone needing 36 (at 85) against a dealer needing 8 has all but lost. Playing for the
    game, a hand of 2 or 12 (a chance to go out) beats a sure 6; playing for game points, the
    sure 6 takes it past the skunk line (to 91 or more) and saves a game point."""
    sure, long_shot = {6: 1.0}, {2: 0.5, 12: 0.5}
    assert value(36, 8, long_shot, GAME, dealer=False) > value(36, 8, sure, GAME, dealer=False)
    assert value(36, 8, sure, ACC_POINTS, dealer=False) > value(
        36, 8, long_shot, ACC_POINTS, dealer=False
    )


def view(hand: list[str], scores: list[int], *, dealer: int) -> CribbageBotView:
    """A 2-player discard's view, with only the keys the discard reads."""
    partial = {
        "game": "cribbage",
        "hand": hand,
        "seat": 0,
        "dealer": dealer,
        "active": [0, 1],
        "players": 2,
        "target": 121,
        "scores": scores,
    }
    return cast(CribbageBotView, partial)


def test_a_pone_about_to_be_skunked_keeps_the_sure_four_and_gives_the_crib_away() -> None:
    """At 85 against a dealer at 113 the game is as good as lost. For the game the pone keeps
    7 7 9 10 and throws 10 6 (the pair of sevens is kept out of the dealer's crib); for game
    points it keeps 6 9 10 10, a sure 4 (fifteen 2, a pair 2) past the skunk line, and throws
    the sevens: the dealer's crib no longer matters."""
    hand = ["7C", "TC", "6H", "9H", "TD", "7H"]
    assert card_names(choose_discard(view(hand, [85, 113], dealer=1))) == ["TC", "6H"]
    thrown = choose_discard(view(hand, [85, 113], dealer=1), payoff=ACC_POINTS)
    assert card_names(thrown) == ["7C", "7H"]
    cards = parse_cards(hand)
    unseen = [c for c in range(52) if c not in {int(x) for x in cards}]
    kept = [c for c in cards if c not in thrown]
    assert hand_chances(kept, unseen)[:4].sum() == 0.0  # never below 4 points


@pytest.mark.parametrize(
    ("hand", "dealer"),
    [
        (["5H", "5S", "JD", "4C", "6C", "KS"], True),
        (["5H", "5S", "JD", "4C", "6C", "KS"], False),
        (["AH", "2C", "3D", "9S", "QH", "KC"], False),
        (["7S", "8S", "8D", "9C", "2H", "QD"], True),
    ],
)
def test_early_in_the_game_the_match_discard_is_the_points_discard(
    hand: list[str], dealer: bool
) -> None:
    """At the start, far from the target and the skunk line, a point is a point: the
    match's discard is the one worth the most points."""
    the_view = view(hand, [0, 0], dealer=0 if dealer else 1)
    best_points = discard_values(the_view)[0][1].discard
    assert choose_discard(the_view, payoff=ACC_POINTS) == best_points


def test_every_discard_is_valued_and_both_must_still_need_points() -> None:
    cards = parse_cards(["5H", "5S", "JD", "4C", "6C", "KS"])
    choices = analyze_discards(cards, dealer=True, players=2, tosses="strong")
    valued = race_discard_values(cards, choices, mine=60, theirs=60, dealer=True, payoff=ACC_POINTS)
    assert len(valued) == 15
    assert [v for v, _ in valued] == sorted((v for v, _ in valued), reverse=True)
    with pytest.raises(ValueError, match="still need points"):
        race_discard_values(cards, choices, mine=0, theirs=60, dealer=True, payoff=ACC_POINTS)


def test_the_expert_at_a_game_points_match_discards_for_the_match() -> None:
    """The same hand at a table of a 9-game match scored in game points, and at one game."""
    score = MatchScore.start(MatchFormat.parse("games-9", "points"), ((0,), (1,)))
    hand = ["7C", "TC", "6H", "9H", "TD", "7H"]
    alone: CribbageBotView = {
        **view(hand, [85, 113], dealer=1),
        "phase": "discard",
        "legal": [{}, {}],
    }
    info: MatchInfo = {**score.to_json(), "name": "", "title": ""}
    at_match: CribbageBotView = {**alone, "match": {"score": info, "side": 0}}
    expert = ExpertBot(seed=1, model=False)
    assert expert.act(alone) == {"type": "discard", "cards": ["TC", "6H"]}
    assert expert.act(at_match) == {"type": "discard", "cards": ["7C", "7H"]}


def test_a_best_of_match_with_a_skunk_worth_one_game_discards_as_for_the_game() -> None:
    """Two games up in a best of 5 of Cribbage the payoff is the match's chance, but a skunk
    counts one game like any win: only winning matters, and the discard is the game's."""
    two_up = best_of_payoff(1, 3, get_spec("cribbage").worth)
    assert only_winning(two_up) and only_winning(GAME)
    assert not only_winning(ACC_POINTS)
    hand = ["7C", "TC", "6H", "9H", "TD", "7H"]
    at_85 = view(hand, [85, 113], dealer=1)
    assert choose_discard(at_85, payoff=two_up) == choose_discard(at_85)


# A single game near its end (either side within REACH of 121): the race values the discard
# for the chance of winning (who counts first, the pegging that can take either out); the
# points discard with the board's count-out bonus chose otherwise in these positions.
NEAR_THE_END = [
    (["KH", "8S", "9S", "8C", "2H", "JC"], [113, 106], 1, ["KH", "2H"], ["KH", "JC"]),
    (["KC", "2D", "4D", "3C", "KS", "JH"], [116, 104], 0, ["KC", "JH"], ["KC", "KS"]),
    (["QS", "AH", "7D", "9D", "8D", "6C"], [100, 113], 0, ["QS", "9D"], ["QS", "AH"]),
]


@pytest.mark.parametrize(("hand", "scores", "dealer", "race", "board"), NEAR_THE_END)
def test_near_the_end_of_one_game_the_discard_plays_the_race_for_the_win(
    hand: list[str], scores: list[int], dealer: int, race: list[str], board: list[str]
) -> None:
    the_view = view(hand, scores, dealer=dealer)
    valued = discard_values(the_view)
    need, theirs = 121 - scores[0], 121 - scores[1]
    by_board = board_values(parse_cards(hand), valued, dealer=dealer == 0, need=need)
    assert card_names(by_board[0][1].discard) == board  # the rule of thumb's choice
    by_race = race_discard_values(
        parse_cards(hand), [a for _, a in valued], mine=need, theirs=theirs,
        dealer=dealer == 0, payoff=GAME,
    )  # fmt: skip
    assert card_names(by_race[0][1].discard) == race
    assert card_names(choose_discard(the_view)) == race


@pytest.mark.parametrize("scores", [[0, 0], [60, 85], [90, 90]])
def test_far_from_the_end_of_one_game_the_discard_is_the_points_discard(
    scores: list[int],
) -> None:
    """Both needing more than REACH: the expert's discard is as it was, the points discard."""
    for hand in (["KH", "8S", "9S", "8C", "2H", "JC"], ["7D", "2D", "4C", "3C", "3D", "7C"]):
        for dealer in (0, 1):
            the_view = view(hand, scores, dealer=dealer)
            assert choose_discard(the_view) == discard_values(the_view)[0][1].discard
