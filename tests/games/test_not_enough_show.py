"""The show with the team's own Top (his heels, her heels), and the intelligence bonus."""

from __future__ import annotations

from not_enough_script import (
    after,
    court,
    discard,
    of_type,
    pegs,
    phase,
    play_out,
    start,
    value,
)

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game
from pegboard.games.not_enough.points import intel_bonus
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import not_enough_view

PLAIN_BLUE = "2H 4D 6H 8D 5D TD"  # seat 1's deal: no court card
BLUE_DISCARD = "5D TD"


def shown_hand(hand0: str, discard0: str, tops: dict[str, str]) -> Game:
    """Seat 0 (grey, the dealer) is dealt ``hand0`` and discards ``discard0``; play to the show."""
    game = start([hand0, PLAIN_BLUE], tops=tops)
    discard(game, {0: discard0, 1: BLUE_DISCARD})
    while phase(game) == "power":  # a court Top: use nothing, keep the hand as dealt
        game.apply(game.to_act[0], {"type": "power", "power": "none"})
    play_out(game)
    return game


def score_after_show(game: Game, seat: int) -> list[tuple[int, int, list[str]]]:
    """The scores that follow ``seat``'s show, up to the next show or the intel contest."""
    events = game.events
    at = next(
        i
        for i, e in enumerate(events)
        if e["type"] == "show" and e["seat"] == seat and not e["crib"]
    )
    found = []
    for event in events[at + 1 :]:
        if event["type"] != "score":
            break
        found.append(event)
    return pegs(found)


def test_the_seeds_example_a_4_5_j_with_the_other_4_counts_8() -> None:
    # The Jack is not of the Top's suit: no his heels. 5+J, A+4+J, A+other 4+J, the pair of 4s.
    game = shown_hand("AC 4C 5S JC 9C TS", "9C TS", {GREY: "4S", BLUE: "3H"})
    (show,) = [e for e in of_type(game, "show") if e["seat"] == 0 and not e["crib"]]
    assert show["cards"] == ["AC", "4C", "5S", "JC"]
    assert show["starter"] == "4S" and show["tops"] == ["4S"]
    assert score_after_show(game, 0) == [(0, 8, ["fifteen", "fifteen", "fifteen", "pair"])]


def test_each_hand_counts_with_its_own_teams_top() -> None:
    game = shown_hand("2C 3S 5C 7S 9C TS", "9C TS", {GREY: "4C", BLUE: "3H"})
    shows = [(e["seat"], e["starter"]) for e in of_type(game, "show") if not e["crib"]]
    assert shows == [(1, "3H"), (0, "4C")]  # from the dealer's left, the dealer last


def test_his_heels_is_a_jack_of_the_tops_suit() -> None:
    game = shown_hand("JC 2C 3S 7S 9C TS", "9C TS", {GREY: "5C", BLUE: "3H"})
    ((_, _, kinds),) = score_after_show(game, 0)
    assert "nobs" in kinds


def test_her_heels_costs_the_other_team_a_point() -> None:
    game = shown_hand("QC 2C 3S 7S 9C TS", "9C TS", {GREY: "5C", BLUE: "3H"})
    following = score_after_show(game, 0)
    assert following[-1] == (1, -1, ["her-heels"])  # seat 1's team loses it
    heels = next(e for e in of_type(game, "score") if e["items"][0]["kind"] == "her-heels")
    assert heels["items"] == [{"kind": "her-heels", "points": -1, "cards": ["QC"]}]


def test_a_queen_of_another_suit_is_no_her_heels() -> None:
    game = shown_hand("QS 2C 3S 7S 9C TS", "9C TS", {GREY: "5C", BLUE: "3H"})
    assert all(kind != "her-heels" for _, _, kinds in pegs(game.events) for kind in kinds)


def test_a_tie_at_zero_intel_gives_no_bonus() -> None:
    game = shown_hand("2C 3S 5C 7S 9C TS", "9C TS", {GREY: "4C", BLUE: "3H"})
    (intel,) = of_type(game, "intel")
    assert intel == {"type": "intel", "sums": [0, 0], "winner": None}
    assert pegs(after(game, "intel")[:1]) == []  # straight on to the battle
    assert not_enough_view(game.view(None))["intel"] == {"sums": [0, 0], "winner": None}


def test_a_tie_above_zero_gives_no_bonus_either() -> None:
    grey = court(GREY, lambda c: value(c, "intel") > 0)
    blue = court(BLUE, lambda c: value(c, "intel") == value(grey, "intel"))
    game = start(
        [f"{grey} 2C 3S 7S 9C TS", f"{blue} 2H 4D 6H 8D 9H"], tops={GREY: "4C", BLUE: "3H"}
    )
    discard(game, {0: "9C TS", 1: "8D 9H"})
    play_out(game)
    (intel,) = of_type(game, "intel")
    assert intel["sums"] == [value(grey, "intel")] * 2 and intel["winner"] is None


def test_the_intel_winner_counts_the_enemy_top_seven_eight_eight_nine_ten() -> None:
    """The seed: 7-8-8-9-10 and an enemy 9 give two more runs of 4, not four.

    A hand is 4 cards + the Top, and the bonus needs Intel in hand, so the five cards can
    not all be 7-8-8-9-10 *and* hold a court card. Here the hand is 7-8-8 + a court card
    (no Jack, which would lengthen the run), the own Top the 10, the enemy Top the 9: the
    hand with its Top has no run at all; with the enemy 9 it has 7-8-9-10 twice.
    """
    card = court(GREY, lambda c: c[0] != "J" and value(c, "intel") > 0)
    game = shown_hand(f"7C 8C 8S {card} 2C 3S", "2C 3S", {GREY: "TC", BLUE: "9H"})
    (intel,) = of_type(game, "intel")
    assert intel["winner"] == 0 and intel["sums"] == [value(card, "intel"), 0]
    (bonus, *_) = after(game, "intel")
    assert bonus["type"] == "score" and bonus["seat"] == 0
    assert bonus["items"] == [
        {"kind": "run", "points": 4, "cards": ["7C", "8C", "9H", "TC"]},
        {"kind": "run", "points": 4, "cards": ["7C", "8S", "9H", "TC"]},
    ]
    assert bonus["points"] == 8


def test_the_seeds_hand_exactly_gains_two_runs_of_four_and_a_pair() -> None:
    """7-8-8-9-10 (hand 7 8 8 9, own Top 10) + enemy 9: the two runs of 4 already counted stay;
    two new ones and the pair of 9s are added."""
    items = intel_bonus(parse_cards("7C 8C 8S 9S"), parse_card("TC"), parse_card("9H"))
    runs = [i for i in items if i.kind == "run"]
    assert [(i.points, parse_card("9H") in i.cards) for i in runs] == [(4, True), (4, True)]
    assert [i.kind for i in items if i.kind != "run"] == ["pair"]
    assert sum(i.points for i in items) == 10


def test_a_run_the_enemy_top_lengthens_adds_only_the_extension() -> None:
    items = intel_bonus(parse_cards("7C 8C 9S KS"), parse_card("2C"), parse_card("TH"))
    assert [(i.kind, i.points) for i in items] == [("run", 4), ("run-replaced", -3)]
