"""The end of a Cribbage game (RULES.md §1 "Game end"): the instant a score reaches the target,
whether in the play, on his heels or in the show; ranks with shared ties; skunks at 121."""

from __future__ import annotations

import pytest
from cribbage_deals import (
    FOUR,
    FOUR_DISCARDS,
    FOUR_PLAY,
    THREE,
    THREE_DISCARDS,
    THREE_PLAY,
    TWO,
    TWO_DISCARDS,
    TWO_PLAY,
)
from cribbage_script import GO, deck, discard, of_type, pegs, play, scripted

from pegboard.core import Game
from pegboard.errors import GameOver

# -- his heels ---------------------------------------------------------------------------------

HEELS = deck(["5H 5C TD 2S 2H 8D", "4C 5D 6H 7S KD QC"], dealer=0, starter="JC")


def test_his_heels_gives_the_dealer_two_and_can_end_the_game() -> None:
    game = scripted(2, 0, HEELS, score_target=2)
    discard(game, TWO_DISCARDS)
    assert [e["type"] for e in game.events[-4:]] == ["discard", "starter", "score", "end"]
    assert pegs(game.events) == [(0, 2, ["heels"])]
    assert game.outcome is not None
    assert game.outcome.scores == (2, 0)
    assert game.outcome.ranks == (1, 2)
    assert game.outcome.reason == "target"
    assert of_type(game, "play") == []
    assert game.to_act == ()


def test_his_heels_below_the_target_and_the_play_goes_on() -> None:
    game = scripted(2, 0, HEELS, score_target=3)
    discard(game, TWO_DISCARDS)
    assert pegs(game.events) == [(0, 2, ["heels"])]
    assert game.outcome is None
    assert game.to_act == (1,)


# -- mid-play ----------------------------------------------------------------------------------


def test_the_game_ends_the_instant_a_peg_reaches_the_target() -> None:
    game = scripted(2, 0, TWO, score_target=5)
    discard(game, TWO_DISCARDS)
    play(game, [(1, "4C"), (0, "5H"), (1, "6H")])  # fifteen and a run: 5 for seat 1
    assert [e["type"] for e in game.events[-3:]] == ["play", "score", "end"]
    assert game.outcome is not None
    assert game.outcome.scores == (0, 5)
    assert game.outcome.ranks == (2, 1)
    end = game.events[-1]
    assert end == {"type": "end", "scores": [0, 5], "ranks": [2, 1], "reason": "target"}
    assert game.to_act == ()
    assert game.legal_actions(0) == [] and game.legal_actions(1) == []
    before = len(game.events)
    with pytest.raises(GameOver):
        game.apply(0, {"type": "play", "card": "5C"})
    with pytest.raises(GameOver):
        game.apply(1, GO)
    assert game.timeout() == []
    assert len(game.events) == before  # nothing after "end"


def test_a_go_point_can_end_the_game() -> None:
    game = scripted(3, 0, THREE, score_target=1)
    discard(game, THREE_DISCARDS)
    play(game, THREE_PLAY[0])
    assert pegs(game.events) == [(2, 1, ["go"])]
    assert game.events[-1]["type"] == "end"
    assert game.outcome is not None and game.outcome.ranks == (2, 2, 1)


# -- the counting order ------------------------------------------------------------------------


def three_player_to_the_show(target: int) -> Game:
    game = scripted(3, 0, THREE, score_target=target)
    discard(game, THREE_DISCARDS)
    for count in THREE_PLAY:
        play(game, count)
    return game


def test_the_player_nearer_the_dealers_left_wins_a_shared_show() -> None:
    # After the play: seat 0 has 3, seat 1 has 1, seat 2 has 7. The show gives seat 1 +4,
    # seat 2 +6 (13) and seat 0 +10 (13): both would reach 13, but seat 2 counts first.
    game = three_player_to_the_show(13)
    assert [e["seat"] for e in of_type(game, "show")] == [1, 2]
    assert game.outcome is not None
    assert game.outcome.scores == (3, 5, 13)
    assert game.outcome.ranks == (3, 2, 1)
    assert game.events[-1]["type"] == "end"


def test_the_dealers_crib_is_counted_last() -> None:
    # At 14 the dealer's hand (3 + 10) falls short and only the crib (+4) gets there.
    game = three_player_to_the_show(14)
    assert [(e["seat"], e["crib"]) for e in of_type(game, "show")] == [
        (1, False),
        (2, False),
        (0, False),
        (0, True),
    ]
    assert game.outcome is not None
    assert game.outcome.scores == (17, 5, 13)
    assert game.outcome.ranks == (1, 3, 2)


def test_the_pone_wins_before_the_dealer_counts() -> None:
    # Two players: the pone reaches 20 in its show; the dealer's 1 + 11 = 12 is never counted.
    game = scripted(2, 0, TWO, score_target=12)
    discard(game, TWO_DISCARDS)
    play(game, TWO_PLAY[0])
    play(game, TWO_PLAY[1])
    assert [e["seat"] for e in of_type(game, "show")] == [1]
    assert game.outcome is not None
    assert game.outcome.scores == (1, 20)
    assert game.outcome.ranks == (2, 1)


# -- ranks -------------------------------------------------------------------------------------


def test_equal_scores_share_the_better_rank() -> None:
    # Four players; seat 0 pegs 8 (fifteen and pair royal) with the others at 1, 2 and 2.
    game = scripted(4, 0, FOUR, score_target=8)
    discard(game, FOUR_DISCARDS)
    play(game, FOUR_PLAY[0])
    play(game, FOUR_PLAY[1][:3])
    assert game.outcome is not None
    assert game.outcome.scores == (8, 1, 2, 2)
    assert game.outcome.ranks == (1, 4, 2, 2)
    assert game.outcome.winners == (0,)


def test_teams_share_their_rank() -> None:
    game = scripted(4, 0, FOUR, score_target=8, teams=True)
    discard(game, FOUR_DISCARDS)
    play(game, FOUR_PLAY[0])
    play(game, FOUR_PLAY[1][:2])
    # seat 2 pegged a pair (2), seat 1 a go (1), seat 3 a pair (2): team 0+2 has 2, 1+3 has 3;
    # then seat 0's fifteen and pair royal (8) takes its team to 10.
    play(game, FOUR_PLAY[1][2:3])
    assert game.outcome is not None
    assert game.outcome.scores == (10, 3, 10, 3)
    assert game.outcome.ranks == (1, 2, 1, 2)


# -- skunks ------------------------------------------------------------------------------------

# Seat 0 always holds 5C 5D 5S JH and the starter is always 5H: a 29 every hand.
# Seat 1 holds 4C 4D 6C 6D (24 with the starter) in the skunk game, AC AD 2C 2D (4) in the
# double-skunk game. Both games deal from seat 0, so the dealer alternates 0, 1, 0, 1.


def skunk_game(**options: object) -> Game:
    as_dealer = deck(["5C 5D 5S JH KC KD", "4C 4D 6C 6D QC QD"], dealer=0, starter="5H")
    as_pone = deck(["5C 5D 5S JH 9C 9D", "4C 4D 6C 6D 2C 2D"], dealer=1, starter="5H")
    game = scripted(2, 0, as_dealer, as_pone, as_dealer, as_pone, post_show=False, **options)
    for hand in range(4):
        if game.outcome is not None:
            break
        if hand % 2 == 0:
            # Seat 0 deals: crib KC KD QC QD + 5H = 12. Seat 1 pegs a run and a go (4),
            # seat 0 the last card (1); the show: seat 1 24, seat 0 29 and 12.
            discard(game, {0: "KC KD", 1: "QC QD"})
            play(game, [(1, "4C"), (0, "JH"), (1, "4D"), (0, "5C"), (1, "6C")])
            play(game, [(0, "5D"), (1, "6D"), (0, "5S")])
        else:
            # Seat 1 deals: crib 9C 9D 2C 2D + 5H = 4. Each pegs 1; seat 0 shows 29 first.
            discard(game, {0: "9C 9D", 1: "2C 2D"})
            play(game, [(0, "5C"), (1, "4C"), (0, "JH"), (1, "4D"), (0, "5D")])
            play(game, [(1, "6C"), (0, "5S"), (1, "6D")])
    return game


def double_skunk_game(**options: object) -> Game:
    as_dealer = deck(["5C 5D 5S JH 9C 9D", "AC AD 2C 2D 4C 4D"], dealer=0, starter="5H")
    as_pone = deck(["5C 5D 5S JH 9C 9D", "AC AD 2C 2D 4C 4D"], dealer=1, starter="5H")
    game = scripted(2, 0, as_dealer, as_pone, as_dealer, as_pone, post_show=False, **options)
    for hand in range(4):
        if game.outcome is not None:
            break
        # The crib is 9C 9D 4C 4D + 5H = 4 either way; whoever plays the jack or the last
        # deuce makes 31 (2). Seat 1 shows AC AD 2C 2D + 5H = 4.
        discard(game, {0: "9C 9D", 1: "4C 4D"})
        if hand % 2 == 0:
            play(game, [(1, "AC"), (0, "5C"), (1, "AD"), (0, "5D")])
            play(game, [(1, "2C"), (0, "5S"), (1, "2D"), (0, "JH")])
        else:
            play(game, [(0, "5C"), (1, "AC"), (0, "5D"), (1, "AD")])
            play(game, [(0, "5S"), (1, "2C"), (0, "JH"), (1, "2D")])
    return game


def test_skunk_at_121() -> None:
    game = skunk_game()
    # hand 1: 42-28; hand 2: 72-57; hand 3: 114-85; hand 4: seat 0 pegs 1 and shows 29 first.
    assert game.outcome is not None
    assert game.outcome.scores == (144, 86)
    assert game.outcome.ranks == (1, 2)
    assert game.outcome.skunked == (1,)
    assert game.outcome.double_skunked == ()
    assert game.events[-1]["skunked"] == [1]
    assert [d["hand"] for d in of_type(game, "deal")] == [1, 2, 3, 4]


def test_double_skunk_at_121() -> None:
    game = double_skunk_game()
    # hand 1: 35-4; hand 2: 64-14; hand 3: 99-18; hand 4: seat 1 makes 31, seat 0 shows 29.
    assert game.outcome is not None
    assert game.outcome.scores == (128, 20)
    assert game.outcome.skunked == ()
    assert game.outcome.double_skunked == (1,)
    assert game.events[-1]["double_skunked"] == [1]


def test_skunks_are_reported_only_at_121() -> None:
    game = double_skunk_game(score_target=61)
    # hand 1: 35-4; hand 2: seat 1 pegs 31 (6), then seat 0 shows 29 and reaches 64.
    assert game.outcome is not None
    assert game.outcome.scores == (64, 6)
    assert game.outcome.skunked == () and game.outcome.double_skunked == ()
    assert "skunked" not in game.events[-1]
