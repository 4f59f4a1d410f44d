"""The cut and scoring from the Top (RULES.md §3): his nob, her pot, and each court Top's
powers — Intel (reveals), Might, Magic (exactly n or nothing) or none — with the dealer
ordering two court Tops."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest
from not_enough_script import (
    act,
    acting,
    court,
    discard,
    names,
    of_type,
    pegs,
    phase,
    rules_of,
    start,
    strings_in,
    table_with,
    value,
)

from pegboard.cards import parse_cards
from pegboard.core import Game, ScriptedChance, SeededChance, new_game
from pegboard.errors import IllegalAction
from pegboard.games.not_enough import spec_with_powers
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import not_enough_view
from registries import own_game_registry

# Two players, seat 0 deals and takes grey; no court card in either hand.
HANDS = ["2C 3S 5C 7S 9C TS", "2H 4D 6H 8D 9H TD"]
DISCARDS = {0: "9C TS", 1: "9H TD"}
KEPT = {0: "2C 3S 5C 7S", 1: "2H 4D 6H 8D"}
PLAIN = {GREY: "4C", BLUE: "3H"}

# Four players, seat 0 deals: seats 0 and 2 grey, 1 and 3 blue.
HANDS4 = ["2C 3C 4C 5C 6S", "2H 3H 4H 5H 6D", "2S 3S 4S 5S 6C", "2D 3D 4D 5D 6H"]
DISCARDS4 = {0: "6S", 1: "6D", 2: "6C", 3: "6H"}
BELOW4 = {GREY: "7C 8C 9C 7S 8S 9S TC TS"}


def dealt(tops: dict[str, str], below: dict[str, str] | None = None) -> Game:
    game = start(HANDS, tops=tops, below=below)
    discard(game, DISCARDS)
    return game


def free(colour: str, rank: str) -> str:
    """A card of ``rank`` and ``colour`` that is in neither hand."""
    suits = "CS" if colour == GREY else "HD"
    used = set(" ".join(HANDS).split())
    return next(rank + s for s in suits if rank + s not in used)


@pytest.mark.parametrize("rank", list("23456789T"))
def test_a_plain_top_does_nothing(rank: str) -> None:
    game = dealt({GREY: free(GREY, rank), BLUE: free(BLUE, rank)})
    (cut,) = of_type(game, "starter")
    assert cut["tops"] == {GREY: free(GREY, rank), BLUE: free(BLUE, rank)}
    assert pegs(game.events) == []
    assert not of_type(game, "power")
    assert phase(game) == "play"
    assert acting(game) == (1,)  # the dealer's left leads


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("colour", [GREY, BLUE])
def test_a_jack_on_either_top_gives_the_dealers_team_his_nob(dealer: int, colour: str) -> None:
    tops = dict(PLAIN)
    tops[colour] = "JC" if colour == GREY else "JH"
    game = start(HANDS, tops=tops, dealer=dealer, colour=GREY if dealer == 0 else BLUE)
    hands = {0: DISCARDS[0], 1: DISCARDS[1]}
    discard(game, hands)
    assert pegs(game.events) == [(dealer, 2, ["his-nob"])]
    # The Jack is a court card: its team's captain chooses a power.
    owner = rules_of(game).colour_of_team.index(colour)
    assert phase(game) == "power"
    assert acting(game) == (rules_of(game).captain(owner),)


def test_a_queen_on_top_costs_the_dealers_team_two_even_on_the_other_deck() -> None:
    game = dealt({GREY: "4C", BLUE: "QH"})
    assert pegs(game.events) == [(0, -2, ["her-pot"])]
    assert not_enough_view(game.view(None))["scores"] == [-2, 0]
    assert acting(game) == (1,)  # blue's captain: the dealer's left


def test_two_jacks_peg_four_and_the_dealer_orders_the_tops() -> None:
    game = dealt({GREY: "JC", BLUE: "JH"})
    assert pegs(game.events) == [(0, 4, ["his-nob", "his-nob"])]
    assert phase(game) == "order"
    assert acting(game) == (0,)
    assert game.legal_actions(0) == [
        {"type": "first", "colour": GREY},
        {"type": "first", "colour": BLUE},
    ]


def test_two_queens_cost_four() -> None:
    game = dealt({GREY: "QS", BLUE: "QD"})
    assert pegs(game.events) == [(0, -4, ["her-pot", "her-pot"])]


def test_a_jack_and_a_queen_cancel_out() -> None:
    game = dealt({GREY: "JC", BLUE: "QD"})
    assert pegs(game.events) == [(0, 0, ["his-nob", "her-pot"])]


def test_the_dealer_says_which_team_uses_its_top_first() -> None:
    game = dealt({GREY: "KC", BLUE: "KH"})
    act(game, 0, {"type": "first", "colour": BLUE})
    assert phase(game) == "power" and acting(game) == (1,)  # blue's captain
    act(game, 1, {"type": "power", "power": "none"})
    assert acting(game) == (0,)  # then grey's captain, the dealer
    act(game, 0, {"type": "power", "power": "might"})
    assert phase(game) == "play"
    assert not_enough_view(game.view(1))["powers_used"] == {BLUE: "none", GREY: "might"}


@pytest.mark.parametrize("power", ["intel", "might", "magic", "none"])
@pytest.mark.parametrize("rank", list("JQKA"))
def test_each_power_of_each_court_top(rank: str, power: str) -> None:
    top = rank + "C"
    game = dealt({GREY: top, BLUE: "3H"})
    assert phase(game) == "power" and acting(game) == (0,)
    n = value(top, power) if power != "none" else 0
    allowed = ["intel", "might"] + (["magic"] if 1 <= value(top, "magic") <= 4 else []) + ["none"]
    assert game.legal_actions(0) == [{"type": "power", "power": p} for p in allowed]
    if power not in allowed:
        with pytest.raises(IllegalAction):
            act(game, 0, {"type": "power", "power": power})
        assert phase(game) == "power"
        return
    act(game, 0, {"type": "power", "power": power})
    (used,) = of_type(game, "power")
    assert used == {
        "type": "power",
        "seat": 0,
        "colour": GREY,
        "power": power,
        "value": n if power != "none" else None,
    }
    if power == "intel" and 1 <= n < 4:
        assert phase(game) == "reveal" and acting(game) == (1,)
        assert len(game.legal_actions(1)) == comb(4, n)
    elif power == "intel" and n >= 4:
        assert of_type(game, "reveal") == [{"type": "reveal", "seat": 1, "cards": KEPT[1].split()}]
        assert phase(game) == "play"
    elif power == "magic":
        assert phase(game) == "magic" and acting(game) == (0,)
        assert len(game.legal_actions(0)) == comb(4, n)
    else:
        assert phase(game) == "play"


def test_intel_of_four_or_more_shows_every_enemy_hand_to_everyone() -> None:
    top = court(GREY, lambda c: value(c, "intel") >= 4)
    game = start(HANDS4, tops={GREY: top, BLUE: "7H"})
    discard(game, DISCARDS4)
    act(game, 0, {"type": "power", "power": "intel"})
    reveals = of_type(game, "reveal")
    assert [(e["seat"], e["cards"]) for e in reveals] == [
        (1, names("2H 3H 4H 5H")),
        (3, names("2D 3D 4D 5D")),
    ]
    assert phase(game) == "play"  # nothing to choose: no reveal action
    for seat in (None, 0, 1, 2, 3):
        assert not_enough_view(game.view(seat))["revealed"] == [
            [],
            names("2H 3H 4H 5H"),
            [],
            names("2D 3D 4D 5D"),
        ]
    # Revealed cards are no secret; the rest of a team-mate's hand still is.
    assert not set(parse_cards("2H 3H 4H 5H")) & rules_of(game).secret_cards(0)
    assert set(parse_cards("2S 3S 4S 5S")) <= rules_of(game).secret_cards(0)


def test_intel_below_four_each_enemy_chooses_what_to_show() -> None:
    top = court(GREY, lambda c: 1 <= value(c, "intel") < 4)
    n = value(top, "intel")
    game = start(HANDS4, tops={GREY: top, BLUE: "7H"})
    discard(game, DISCARDS4)
    act(game, 0, {"type": "power", "power": "intel"})
    assert phase(game) == "reveal"
    assert acting(game) == (1, 3)  # both enemies at once
    assert not_enough_view(game.view(1))["to_reveal"] == [0, n, 0, n]
    choices = [list(c) for c in combinations(names("2H 3H 4H 5H"), n)]
    assert [a["cards"] for a in game.legal_actions(1)] == choices
    with pytest.raises(IllegalAction):  # not the right number of cards
        act(game, 1, {"type": "reveal", "cards": names("2H 3H 4H 5H")[: n + 1]})
    act(game, 3, {"type": "reveal", "cards": names("5D 2D 3D 4D")[:n]})
    shown = sorted(names("5D 2D 3D 4D")[:n])
    assert not_enough_view(game.view(0))["revealed"][3] == shown
    assert (
        not_enough_view(game.view(1))["revealed"][3] == shown
    )  # the enemy's own team-mate sees them too
    assert acting(game) == (1,)
    act(game, 1, game.legal_actions(1)[-1])
    assert phase(game) == "play"


def test_magic_larger_than_the_team_can_discard_is_not_allowed() -> None:
    """Magic is n or nothing: a team of one player holds 4 cards, so n > 4 is refused."""
    top = court(GREY, lambda c: value(c, "magic") > 4)
    game = dealt({GREY: top, BLUE: "3H"})
    assert {"type": "power", "power": "magic"} not in game.legal_actions(0)
    before = len(game.events)
    with pytest.raises(IllegalAction):
        act(game, 0, {"type": "power", "power": "magic"})
    assert len(game.events) == before and phase(game) == "power"


def test_magic_of_five_with_a_variant_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same rule whatever the packaged values: a table where the King of clubs has Magic 5."""
    # The variant is registered for this test only: other tests enumerate the games.
    own_game_registry(monkeypatch)
    table = table_with("KC", "magic", 5)
    spec = spec_with_powers(table, name="not-enough-test-magic")
    grey = [int(c) for c in parse_cards("2C 3S 5C 7S 9C TS KC")]
    blue = [int(c) for c in parse_cards("2H 4D 6H 8D 9H TD 3H")]
    chance = ScriptedChance([(0,), grey, blue], then=SeededChance(1))
    game = new_game(spec.name, players=2, chance=chance)
    act(game, 0, {"type": "colour", "colour": GREY})
    discard(game, DISCARDS)
    assert [a["power"] for a in game.legal_actions(0)] == ["intel", "might", "none"]
    # Four players hold 8 cards between two: there Magic 5 is allowed.
    game4 = new_game(spec.name, players=4, seed=3)
    assert rules_of(game4).powers.value(parse_cards("KC")[0], "magic") == 5


def test_magic_discards_and_draws_the_cards_under_the_top() -> None:
    top = court(GREY, lambda c: 1 <= value(c, "magic") <= 4)
    n = value(top, "magic")
    game = dealt({GREY: top, BLUE: "3H"}, below={GREY: "4S 6C 8C TC"})
    act(game, 0, {"type": "power", "power": "magic"})
    thrown = KEPT[0].split()[:n]
    act(game, 0, {"type": "magic", "cards": thrown})
    drawn = names("4S 6C 8C TC")[:n]
    assert sorted(not_enough_view(game.view(0))["hand"]) == sorted(KEPT[0].split()[n:] + drawn)
    assert not_enough_view(game.view(0))["magicked"] == sorted(
        thrown, key=lambda c: parse_cards(c)[0]
    )
    # The other seat sees that cards changed hands, never which.
    events = game.events_for(1)
    magic = next(e for e in events if e["type"] == "discard" and e.get("magic"))
    draw = next(e for e in events if e["type"] == "draw")
    assert magic["cards"] is None and magic["count"] == n
    assert draw["cards"] is None and draw["count"] == n
    assert not set(drawn + thrown) & strings_in(not_enough_view(game.view(1)))
    assert set(parse_cards(" ".join(drawn + thrown))) <= rules_of(game).secret_cards(1)
    assert phase(game) == "play"


def test_four_players_the_captain_splits_magic_and_draws_first() -> None:
    top = court(GREY, lambda c: 2 <= value(c, "magic") <= 5)
    n = value(top, "magic")
    game = start(HANDS4, tops={GREY: top, BLUE: "7H"}, below=BELOW4)
    discard(game, DISCARDS4)
    act(game, 0, {"type": "power", "power": "magic"})
    assert phase(game) == "split" and acting(game) == (0,)
    low = max(0, n - 4)
    assert game.legal_actions(0) == [
        {"type": "split", "captain": k, "partner": n - k} for k in range(low, min(4, n) + 1)
    ]
    act(game, 0, {"type": "split", "captain": 1, "partner": n - 1})
    assert acting(game) == (0, 2)  # each member picks their own cards
    assert not_enough_view(game.view(2))["magic_share"] == [1, 0, n - 1, 0]
    act(game, 2, {"type": "magic", "cards": names("2S 3S 4S 5S")[: n - 1]})
    act(game, 0, {"type": "magic", "cards": ["2C"]})
    below = BELOW4[GREY].split()
    draws = [(e["seat"], e["cards"]) for e in of_type(game, "draw")]
    assert draws == [(0, below[:1]), (2, below[1:n])]
    assert phase(game) == "play"


def test_refusals_say_why() -> None:
    top = court(GREY, lambda c: value(c, "magic") > 4)
    game = dealt({GREY: top, BLUE: "3H"})
    with pytest.raises(IllegalAction, match="n or nothing"):
        act(game, 0, {"type": "power", "power": "magic"})
    top = court(GREY, lambda c: 1 <= value(c, "intel") < 4)
    n = value(top, "intel")
    game = dealt({GREY: top, BLUE: "3H"})
    act(game, 0, {"type": "power", "power": "intel"})
    with pytest.raises(IllegalAction, match=f"reveal exactly {n} card"):
        act(game, 1, {"type": "reveal", "cards": names("2H 4D 6H 8D")[: n + 1]})
