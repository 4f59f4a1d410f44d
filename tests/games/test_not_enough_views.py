"""What each seat may see: its own cards only (never a team-mate's), what Intel revealed, the
Tops, the dice and the crib once it is turned up; redacted deal, discard and draw events."""

from __future__ import annotations

from not_enough_script import (
    court,
    discard,
    names,
    phase,
    play_out,
    rules_of,
    start,
    strings_in,
    value,
)

from pegboard.cards import DECK, parse_cards
from pegboard.core import Game
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import not_enough_view

ALL_CARDS = {str(card) for card in DECK}
HANDS4 = ["2C 3C 4C 5C 6S", "2H 3H 4H 5H 6D", "2S 3S 4S 5S 6C", "2D 3D 4D 5D 6H"]
DISCARDS4 = {0: "6S", 1: "6D", 2: "6C", 3: "6H"}
TOPS = {GREY: "7C", BLUE: "7H"}


def four() -> Game:
    return start(HANDS4, tops=TOPS)


def test_the_colour_choice_comes_first_and_is_the_dealers() -> None:
    from pegboard.core import new_game

    game = new_game("not-enough", players=4, seed=9)
    dealer = not_enough_view(game.view(None))["dealer"]
    assert dealer is not None
    assert game.to_act == (dealer,)
    assert game.legal_actions(dealer) == [
        {"type": "colour", "colour": GREY},
        {"type": "colour", "colour": BLUE},
    ]
    game.apply(dealer, {"type": "colour", "colour": BLUE})
    mine = [dealer, (dealer + 2) % 4]
    colours = not_enough_view(game.view(None))["colours"]
    assert colours is not None and colours[BLUE] == sorted(mine)


def test_each_player_is_dealt_from_their_own_teams_deck() -> None:
    game = four()
    for seat in range(4):
        hand = parse_cards(not_enough_view(game.view(seat))["hand"])
        colour = GREY if seat % 2 == 0 else BLUE
        assert len(hand) == 5
        assert all(rules_of(game).powers.colour_of(c) == colour for c in hand)
    two = start(["2C 3S 5C 7S 9C TS", "2H 4D 6H 8D 9H TD"], tops=TOPS)
    assert [len(not_enough_view(two.view(s))["hand"]) for s in (0, 1)] == [6, 6]


def test_a_seat_sees_its_own_hand_only_never_a_team_mates() -> None:
    game = four()
    view = not_enough_view(game.view(0))
    assert view["hand"] == names("2C 3C 4C 5C 6S")
    assert not set(names("2S 3S 4S 5S 6C")) & strings_in(view)  # the partner's
    assert not set(names("2H 3H 4H 5H 6D 2D 3D 4D 5D 6H")) & strings_in(view)
    assert view["hand_sizes"] == [5, 5, 5, 5]
    deal = next(e for e in game.events_for(0) if e["type"] == "deal")
    assert deal["hands"] == [names("2C 3C 4C 5C 6S"), None, None, None]
    assert not_enough_view(game.view(None))["hand"] == []


def test_discards_are_seen_by_their_owner_only() -> None:
    game = four()
    game.apply(2, {"type": "discard", "cards": ["6C"]})
    assert not_enough_view(game.view(2))["discarded"] == ["6C"]
    for seat in (0, 1, None):
        assert "6C" not in strings_in(not_enough_view(game.view(seat)))
        event = game.events_for(seat)[-1]
        assert event == {"type": "discard", "seat": 2, "cards": None, "count": 1}
    assert not_enough_view(game.view(0))["discarded_seats"] == [2]


def test_the_tops_are_face_up_after_the_cut_only() -> None:
    game = four()
    assert not_enough_view(game.view(None))["tops"] is None
    discard(game, DISCARDS4)
    for seat in (None, 0, 1, 2, 3):
        view = not_enough_view(game.view(seat))
        assert view["tops"] == TOPS
        own = set(view["hand"]) | set(view["discarded"])
        assert strings_in(view) & ALL_CARDS - own == {"7C", "7H"}


def test_the_crib_and_the_dice_are_shown_to_everyone_in_time() -> None:
    card = court(BLUE, lambda c: value(c, "might") > 0)
    m = value(card, "might")
    game = start(
        ["2C 3S 5C 7S 9C TS", f"{card} 2H 4D 6H 8D 9H"], tops=TOPS, rolls=[[6] * m, [1, 1]]
    )
    discard(game, {0: "9C TS", 1: "8D 9H"})
    assert not_enough_view(game.view(1))["crib"] is None
    assert set(rules_of(game).secret_cards(1)) >= set(parse_cards("9C TS"))
    play_out(game)
    assert phase(game) == "post-show"
    for seat in (None, 0, 1):
        view = not_enough_view(game.view(seat))
        assert view["crib"] == {GREY: ["9C", "TS"], BLUE: ["8D", "9H"]}
        battle = view["battle"]
        assert battle is not None
        assert battle.get("rolls") == [[1, 1], [6] * m]
        assert battle["winner"] == 1
        assert view["crib_owners"] == {GREY: [1], BLUE: [1]}


def test_secret_cards_are_hands_crib_and_decks_less_what_is_face_up() -> None:
    game = four()
    discard(game, DISCARDS4)
    rules = rules_of(game)
    secret = {str(c) for c in rules.secret_cards(0)}
    assert secret.isdisjoint(names("2C 3C 4C 5C 6S 7C 7H"))  # own cards and the Tops
    assert set(names("2S 3S 4S 5S 6C 2H 6D")) <= secret  # the partner's cards, others' discards
    assert len(secret) == 52 - 5 - 2  # everything else is still hidden
    assert {str(c) for c in rules.secret_cards(None)} == ALL_CARDS - {"7C", "7H"}


def test_views_carry_the_powers_table_without_card_tokens() -> None:
    view = not_enough_view(four().view(0))
    assert view["powers"]["colours"] == {GREY: ["C", "S"], BLUE: ["D", "H"]}
    assert not strings_in(view["powers"]) & ALL_CARDS
