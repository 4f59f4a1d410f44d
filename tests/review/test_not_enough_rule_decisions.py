"""Cribbage is not Enough's decisions the bots make by rule (the colour, which Top resolves first,
the cards shown to an enemy's Intel, a captain's split of a Magic) are valued by rollouts from
worlds consistent with what the seat saw, marked and counted in accuracy like every other."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games import play_game
from pegboard.bots import make
from pegboard.core import Game, get_spec
from pegboard.core.rules import Action
from pegboard.core.wire import TableView
from pegboard.games.not_enough import default_powers, spec_with_powers
from pegboard.games.not_enough.powers import GREY, PowerTable
from pegboard.games.not_enough.rules import NotEnoughRules
from pegboard.games.not_enough.views import not_enough_view
from pegboard.review import review_record
from pegboard.review.not_enough_rollouts import rollout_values
from registries import own_game_registry

RULE_DECISIONS = ("colour", "first", "reveal", "split")


def lopsided_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """A variant (registered for this test only) whose grey court cards have Might 30 and
    blue's none: the team that takes grey wins nearly every battle for the crib."""
    own_game_registry(monkeypatch)
    base = default_powers()
    values = {
        card: {**powers, "might": 30 if base.colour_of(card) == GREY else 0}
        for card, powers in base.values.items()
    }
    table = PowerTable(base.suits, values, "grey Might 30, blue Might 0")
    return spec_with_powers(table, name="not-enough-lopsided").name


def first_colour(review: Any) -> Any:
    return next(d for d in review.decisions if d.phase == "colour")


def test_taking_the_powerless_colour_is_flagged_and_the_strong_one_is_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = lopsided_game(monkeypatch)

    def blue_first_hand(seat: int, view: TableView) -> Action | None:
        if view["phase"] == "colour" and not_enough_view(view)["hand_number"] == 0:
            return {"type": "colour", "colour": "blue"}
        return None

    weak = first_colour(
        review_record(play_game(name, ["greedy", "greedy"], 5, override=blue_first_hand))
    )
    strong = first_colour(review_record(play_game(name, ["greedy", "greedy"], 5)))
    for decision in (weak, strong):
        assert [o.label for o in decision.options] == ["grey", "blue"]
        assert decision.options[decision.best].label == "grey"
    assert weak.options[weak.chosen].label == "blue"
    assert weak.cost_points > 2, "giving the other team every battle costs points"
    assert weak.mark in ("mistake", "blunder") and weak.accuracy < 90
    assert strong.chosen == strong.best and strong.cost == 0 and strong.mark == ""
    assert strong.accuracy == 100


def test_with_colours_alike_the_colour_costs_nothing() -> None:
    """The packaged table treats grey and blue alike: either colour is worth the same."""
    review = review_record(play_game("not-enough", ["expert", "random"], 3))
    colours = [d for d in review.decisions if d.phase == "colour"]
    assert len(colours) >= 3
    assert all(d.cost == 0 and d.mark == "" for d in colours)
    assert all(d.options[0].value == d.options[1].value for d in colours)


def position(players: int, seed: int, kind: str) -> tuple[Game, int]:
    """A greedy game played up to the first ``kind`` decision with more than one option."""
    game = Game(get_spec("not-enough"), players, seed, {})
    bots = [make("greedy", seed=seed * 16 + s) for s in range(players)]
    while game.outcome is None:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 and legal[0]["type"] == kind:
            return game, seat
        game.apply(seat, bots[seat].act(game.view(seat)))
    raise AssertionError(f"no {kind} decision in this game")


def swapped(rules: NotEnoughRules, a: int, b: int) -> NotEnoughRules:
    """The same state with cards ``a`` and ``b`` trading places everywhere."""
    other = copy.deepcopy(rules)
    trade = {a: b, b: a}

    def moved(cards: list[Any]) -> list[Any]:
        return [type(c)(trade.get(c, c)) for c in cards]

    for name in ("hands", "kept", "tossed", "magicked", "revealed"):
        setattr(other, name, [moved(cards) for cards in getattr(other, name)])
    for name in ("decks", "piles", "shuffled"):
        setattr(other, name, {c: moved(cards) for c, cards in getattr(other, name).items()})
    return other


@pytest.mark.parametrize(("players", "seed", "kind"), [(4, 0, "reveal"), (2, 8, "first")])
def test_a_card_hidden_from_the_seat_does_not_change_its_values(
    players: int, seed: int, kind: str
) -> None:
    game, seat = position(players, seed, kind)
    rules = game.rules
    assert isinstance(rules, NotEnoughRules)
    secret = rules.secret_cards(seat)
    # A card another seat holds, traded for one still in the same deck, unseen by this seat.
    held = next(c for s in range(players) if s != seat for c in rules.hands[s] if c in secret)
    colour = rules.powers.colour_of(held)
    buried = next(c for c in rules.decks[colour][1:] if c in secret)
    relabelled = swapped(rules, held, buried)
    assert relabelled.hands != rules.hands and relabelled.secret_cards(seat) == secret
    assert relabelled.view(seat) == rules.view(seat), "the seat sees the same"
    legal = game.legal_actions(seat)
    before = rollout_values(rules, seat, legal, random.Random(7))
    after = rollout_values(relabelled, seat, legal, random.Random(7))
    assert before == after


def test_every_decision_made_by_rule_is_in_the_review_and_its_accuracy() -> None:
    record = play_game("not-enough", ["greedy"] * 4, 11)
    review = review_record(record)
    phases = {d.phase for d in review.decisions}
    assert {"colour", "split", "reveal"} <= phases
    split = next(d for d in review.decisions if d.phase == "split")
    shares = [(o.action["captain"], o.action["partner"]) for o in split.options]
    assert len(shares) >= 2 and len({c + p for c, p in shares}) == 1, "one Magic, shared out"
    assert [o.label for o in split.options] == [f"captain {c}, partner {p}" for c, p in shares]
    for seat in review.seats:
        mine = [d for d in review.decisions if d.seat == seat.seat]
        assert seat.decisions == len(mine)
        assert seat.accuracy == pytest.approx(sum(d.accuracy for d in mine) / len(mine))
    assert not any("rule" in note for note in review.notes)
    judged = [d for d in review.decisions if d.phase in RULE_DECISIONS]
    assert all(d.unit == "points" and d.cost_win is not None for d in judged)
