"""Whole scripted hands of Cribbage for 2, 3 and 4 players and for teams (RULES.md §1):
the deal, the play with its goes and resets, the show in order and the scores."""

from __future__ import annotations

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
from cribbage_script import (
    deck,
    discard,
    hand,
    of_type,
    pegs,
    play,
    ready_all,
    scores,
    scripted,
    trail,
)

from pegboard.core import Game
from pegboard.games.cribbage.views import cribbage_view

# -- two players -------------------------------------------------------------------------------


def two_player_hand(**options: object) -> Game:
    game = scripted(2, 0, TWO, **options)
    discard(game, TWO_DISCARDS)
    return game


def test_two_player_deal_gives_six_cards_each_from_the_dealers_left() -> None:
    game = scripted(2, 0, TWO)
    (dealt,) = of_type(game, "deal")
    assert dealt["dealer"] == 0
    assert dealt["hand"] == 1
    assert sorted(dealt["hands"][1]) == hand("4C 5D 6H 7S KD QC")
    assert sorted(dealt["hands"][0]) == hand("5H 5C TD JS 2H 8D")
    assert dealt["crib"] == []
    assert game.to_act == (0, 1)  # both discard at the same time


def test_two_player_hand_play_and_show() -> None:
    game = two_player_hand()
    assert of_type(game, "starter") == [{"type": "starter", "card": "3S"}]
    assert game.to_act == (1,)  # the player after the dealer leads
    play(game, TWO_PLAY[0])
    # 27: neither can play (skip_pass is on), seat 1 played last and pegs the go.
    play(game, TWO_PLAY[1])
    assert trail(game.events) == [
        ("play", 1, "4C", 4),
        ("play", 0, "5H", 9),
        ("play", 1, "6H", 15),
        ("score", 1, 5),  # fifteen 2 + run 4-5-6 3
        ("play", 0, "5C", 20),  # 5-6-5 is no run
        ("play", 1, "7S", 27),
        ("score", 1, 3),  # 6-5-7: a run in any order
        ("go", 0),
        ("go", 1),
        ("score", 1, 1),  # the go
        ("reset",),
        ("play", 0, "TD", 10),  # the dealer, next after seat 1, leads
        ("play", 1, "5D", 15),
        ("score", 1, 2),
        ("play", 0, "JS", 25),
        ("go", 1),
        ("go", 0),
        ("score", 0, 1),  # the last card
        ("reset",),
        ("score", 1, 9),  # show: 4C 5D 6H 7S + 3S
        ("score", 0, 11),  # 5H 5C TD JS + 3S
        ("score", 0, 4),  # the crib 2H 8D KD QC + 3S
    ]
    assert pegs(game.events)[:5] == [
        (1, 5, ["fifteen", "run"]),
        (1, 3, ["run"]),
        (1, 1, ["go"]),
        (1, 2, ["fifteen"]),
        (0, 1, ["last-card"]),
    ]
    shows = [
        (e["seat"], e["crib"], sorted(e["cards"]), e["starter"]) for e in of_type(game, "show")
    ]
    assert shows == [
        (1, False, hand("4C 5D 6H 7S"), "3S"),
        (0, False, hand("5H 5C TD JS"), "3S"),
        (0, True, hand("2H 8D KD QC"), "3S"),
    ]
    assert scores(game) == [16, 20]
    assert of_type(game, "score")[-1]["scores"] == [16, 20]


def test_show_items_explain_each_count() -> None:
    game = two_player_hand()
    play(game, TWO_PLAY[0])
    play(game, TWO_PLAY[1])
    pone, dealer, crib = pegs(game.events)[-3:]
    assert pone == (1, 9, ["fifteen", "fifteen", "run"])  # 4-5-6, 3-5-7, run of five
    assert dealer == (0, 11, ["fifteen"] * 4 + ["pair", "nobs"])
    assert crib == (0, 4, ["fifteen", "fifteen"])  # 2-3-K, 2-3-Q
    run = of_type(game, "score")[-3]["items"][-1]
    assert run["points"] == 5 and sorted(run["cards"]) == hand("3S 4C 5D 6H 7S")


def test_after_the_show_the_deal_passes_to_the_left() -> None:
    game = two_player_hand()
    play(game, TWO_PLAY[0])
    play(game, TWO_PLAY[1])
    assert game.to_act == (0, 1)  # the post_show pause point
    ready_all(game)
    deals = of_type(game, "deal")
    assert [(d["hand"], d["dealer"]) for d in deals] == [(1, 0), (2, 1)]


# -- thirty-one --------------------------------------------------------------------------------


def test_thirty_one_pegs_two_and_no_go_then_the_next_player_leads() -> None:
    game = scripted(2, 0, deck(["9D 5S 4H AC QH QS", "TC 7H 2C 3D KH KS"], dealer=0, starter="8C"))
    discard(game, {0: "QH QS", 1: "KH KS"})
    play(game, [(1, "TC"), (0, "9D"), (1, "7H"), (0, "5S")])
    play(game, [(1, "2C"), (0, "4H"), (1, "3D"), (0, "AC")])
    assert trail(game.events)[:17] == [
        ("play", 1, "TC", 10),
        ("play", 0, "9D", 19),
        ("play", 1, "7H", 26),
        ("play", 0, "5S", 31),
        ("score", 0, 2),  # thirty-one: 2, not 2 + a go
        ("reset",),
        ("play", 1, "2C", 2),  # the next player after the last to play leads
        ("play", 0, "4H", 6),
        ("play", 1, "3D", 9),
        ("score", 1, 3),  # 2-4-3
        ("play", 0, "AC", 10),
        ("score", 0, 4),  # 2-4-3-A: a run of four, in any order
        ("go", 1),
        ("go", 0),
        ("score", 0, 1),
        ("reset",),
        ("score", 1, 4),  # the show begins: TC 7H 2C 3D + 8C has 7-8 and T-2-3
    ]
    assert pegs(game.events)[0] == (0, 2, ["thirty-one"])


def test_the_last_card_at_thirty_one_pegs_two_only() -> None:
    game = scripted(2, 0, deck(["JD TD 8S 3S 6C 6D", "KC QC 9H AH 7C 7D"], dealer=0, starter="2D"))
    discard(game, {0: "6C 6D", 1: "7C 7D"})
    play(game, [(1, "KC"), (0, "JD"), (1, "9H")])
    # 29: the dealer holds nothing of 2 or less and passes by itself; seat 1 plays on.
    play(game, [(1, "AH")])
    play(game, [(0, "TD"), (1, "QC"), (0, "8S")])
    # Seat 1 has no cards left and is skipped; the dealer plays on to 31 with the last card.
    play(game, [(0, "3S")])
    assert trail(game.events) == [
        ("play", 1, "KC", 10),
        ("play", 0, "JD", 20),
        ("play", 1, "9H", 29),
        ("go", 0),
        ("play", 1, "AH", 30),
        ("go", 1),
        ("score", 1, 1),
        ("reset",),
        ("play", 0, "TD", 10),
        ("play", 1, "QC", 20),
        ("play", 0, "8S", 28),
        ("go", 1),
        ("play", 0, "3S", 31),
        ("score", 0, 2),
        ("reset",),
        # the show follows at once: no go and no last-card point at 31
        ("score", 0, 5),  # KC QC 9H AH + 2D scores nothing; JD TD 8S 3S: 2 fifteens, nobs
        ("score", 0, 12),  # the crib 6C 6D 7C 7D + 2D
    ]
    kinds = [kind for _, _, ks in pegs(game.events) for kind in ks]
    assert "last-card" not in kinds
    assert pegs(game.events)[1] == (0, 2, ["thirty-one"])


# -- three players -----------------------------------------------------------------------------


def three_player_hand(**options: object) -> Game:
    game = scripted(3, 0, THREE, **options)
    discard(game, THREE_DISCARDS)
    return game


def play_three_player_hand(game: Game) -> None:
    # At 29 seat 1 cannot play and passes; seat 2 can (AH), then seats 0 and 2 pass.
    for count in THREE_PLAY:
        play(game, count)


def test_three_player_deal_five_each_and_one_to_the_crib() -> None:
    game = scripted(3, 0, THREE)
    (dealt,) = of_type(game, "deal")
    assert [len(h) for h in dealt["hands"]] == [5, 5, 5]
    assert dealt["crib"] == ["KH"]
    discard(game, {1: "JC", 2: "3H", 0: "7C"})
    assert cribbage_view(game.view(0))["crib_size"] == 4


def test_three_player_goes_who_pegs_and_who_leads() -> None:
    game = three_player_hand()
    assert game.to_act == (1,)
    play_three_player_hand(game)
    assert trail(game.events)[:31] == [
        ("play", 1, "9C", 9),
        ("play", 2, "TD", 19),
        ("play", 0, "KS", 29),
        ("go", 1),
        ("play", 2, "AH", 30),
        ("go", 0),
        ("go", 2),  # seat 1 has passed already: seat 2 is asked again
        ("score", 2, 1),  # the last to play pegs the go
        ("reset",),
        ("play", 0, "5C", 5),  # the next after seat 2 leads
        ("play", 1, "6H", 11),
        ("play", 2, "4D", 15),
        ("score", 2, 5),
        ("play", 0, "5D", 20),
        ("score", 0, 3),  # 6-4-5
        ("play", 1, "4S", 24),
        ("play", 2, "2S", 26),
        ("go", 0),
        ("go", 1),
        ("go", 2),  # no cards left: skipped with a pass
        ("score", 2, 1),
        ("reset",),
        ("play", 0, "QH", 10),
        ("play", 1, "8C", 18),
        ("go", 2),
        ("go", 0),
        ("go", 1),
        ("score", 1, 1),  # the last card
        ("reset",),
        ("score", 1, 4),  # the show, from the dealer's left
        ("score", 2, 6),
    ]


def test_three_player_show_order_and_totals() -> None:
    game = three_player_hand()
    play_three_player_hand(game)
    shows = [(e["seat"], e["crib"]) for e in of_type(game, "show")]
    assert shows == [(1, False), (2, False), (0, False), (0, True)]
    assert sorted(of_type(game, "show")[-1]["cards"]) == hand("KH JC 3H 7C")
    assert pegs(game.events)[-4:] == [
        (1, 4, ["fifteen", "fifteen"]),
        (2, 6, ["fifteen", "fifteen", "pair"]),
        (0, 10, ["fifteen"] * 4 + ["pair"]),
        (0, 4, ["fifteen", "fifteen"]),
    ]
    assert scores(game) == [17, 5, 13]


# -- four players ------------------------------------------------------------------------------


def four_player_hand(**options: object) -> Game:
    game = scripted(4, 0, FOUR, **options)
    discard(game, FOUR_DISCARDS)
    for count in FOUR_PLAY:
        play(game, count)
    return game


def test_four_player_goes_who_pegs_and_who_leads() -> None:
    game = four_player_hand()
    assert trail(game.events)[:48] == [
        ("play", 1, "TC", 10),
        ("play", 2, "TD", 20),
        ("score", 2, 2),  # a pair
        ("play", 3, "9S", 29),
        ("go", 0),
        ("play", 1, "AH", 30),  # after a go the others may still play
        ("go", 2),
        ("go", 3),
        ("go", 1),
        ("score", 1, 1),
        ("reset",),
        ("play", 2, "5D", 5),  # the player after the last to play leads
        ("play", 3, "5S", 10),
        ("score", 3, 2),
        ("play", 0, "5H", 15),
        ("score", 0, 8),  # fifteen 2 + pair royal 6
        ("play", 1, "5C", 20),
        ("score", 1, 12),  # double pair royal
        ("play", 2, "6D", 26),
        ("play", 3, "4C", 30),
        ("score", 3, 3),  # 5-6-4
        ("go", 0),
        ("go", 1),
        ("go", 2),
        ("go", 3),
        ("score", 3, 1),
        ("reset",),
        ("play", 0, "6H", 6),
        ("play", 1, "8H", 14),
        ("play", 2, "7S", 21),
        ("score", 2, 3),
        ("play", 3, "9D", 30),
        ("score", 3, 4),
        ("go", 0),
        ("go", 1),
        ("go", 2),
        ("go", 3),
        ("score", 3, 1),  # a go, not the last card: seat 0 still holds two
        ("reset",),
        ("play", 0, "QC", 10),
        ("go", 1),
        ("go", 2),
        ("go", 3),
        ("play", 0, "KH", 20),  # alone, seat 0 plays on
        ("go", 0),
        ("score", 0, 1),
        ("reset",),
        ("score", 1, 6),
    ]
    kinds = [ks for _, _, ks in pegs(game.events)]
    assert kinds[3] == ["fifteen", "pair"] and kinds[4] == ["pair"]
    assert pegs(game.events)[-6] == (0, 1, ["last-card"])


def test_four_player_show_and_totals() -> None:
    game = four_player_hand()
    shows = [(e["seat"], e["crib"]) for e in of_type(game, "show")]
    assert shows == [(1, False), (2, False), (3, False), (0, False), (0, True)]
    assert [(seat, points) for seat, points, _ in pegs(game.events)[-5:]] == [
        (1, 6),  # TC AH 5C 8H + AD: T-5, 8-5-A-A, the aces
        (2, 5),  # TD 5D 6D 7S + AD: T-5, 5-6-7 (no flush: 7S)
        (3, 6),  # 9S 5S 4C 9D + AD: 9-5-A twice, the nines
        (0, 4),  # 5H 6H QC KH + AD: Q-5, K-5
        (0, 5),  # crib 2S 3S JH 7C + AD: J-3-2, A-2-3
    ]
    assert scores(game) == [18, 19, 10, 17]


def test_four_player_teams_share_their_scores() -> None:
    game = four_player_hand(teams=True)
    # Same cards, same counts; partners (0+2, 1+3) peg onto one score.
    assert scores(game) == [28, 36, 28, 36]
    first_pair = of_type(game, "score")[0]
    assert first_pair["seat"] == 2 and first_pair["scores"] == [2, 0, 2, 0]
    assert [e["seat"] for e in of_type(game, "show")] == [1, 2, 3, 0, 0]


def test_first_dealer_is_drawn_and_the_player_on_the_left_leads() -> None:
    game = scripted(3, 2, [])  # the deck in id order
    assert of_type(game, "deal")[0]["dealer"] == 2
    for seat in (0, 1, 2):
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.to_act == (0,)
