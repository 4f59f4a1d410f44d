"""The compiled Cribbage core plays the Python rules move for move: the same seats to act, the
same legal actions, the same views, the same refusals, and records equal byte for byte, over
seeded games of every player count and table option, with players leaving, clocks running
out, and manual counting with claims and Muggins calls right and wrong. Its scoring is held
to the Python tables hand by hand."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from itertools import combinations_with_replacement
from typing import Any

import pytest

from pegboard.cards import VALUE_OF, card_names
from pegboard.core import Game, get_spec
from pegboard.errors import PegboardError
from pegboard.games.cribbage import CribbageRules
from pegboard.scoring.pegging import pegging_points
from pegboard.scoring.show import show_total
from pegboard.scoring.tables import representative

fast = pytest.importorskip("pegboard.games.cribbage.fast", reason="compiled extensions not built")
core = pytest.importorskip("pegboard.games.cribbage._compiled_rules")
# tests/design/test_compiled.py fails where a compiler exists and these are missing.

SPEC = get_spec("cribbage")
PYTHON = dataclasses.replace(SPEC, create=CribbageRules)
COMPILED = dataclasses.replace(SPEC, create=fast.FastCribbageRules)

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"teams": True}),
    (2, {"post_show": False, "score_target": 61}),
    (3, {"pre_show": True}),
    (2, {"skip_pass": False, "skip_empty": False}),
    (3, {"skip_only_move": True}),
    (2, {"counting": "manual"}),
    (3, {"counting": "manual", "pre_show": True}),
    (4, {"counting": "manual", "teams": True, "post_show": False}),
    (4, {"counting": "manual", "score_target": 31}),
    (3, {"dealer": "rotate"}),
    (4, {"teams": True, "dealer": "rotate", "counting": "manual"}),
]


def item_json(item: Any) -> dict[str, Any]:
    return {"kind": item.kind, "cards": card_names(item.cards)}


def choose(game: Game, rng: random.Random) -> tuple[str, int | None, dict[str, Any] | None]:
    """A move a table could see: mostly a random legal action, sometimes a leave or the turn
    clock; in a manual count a claim of some real items, or a Muggins call (now and then
    overstated, to be refused or to cost its caller)."""
    roll = rng.random()
    in_game = [s for s in range(game.players) if game.rules.in_game(s)]
    if roll < 0.004:
        return "leave", rng.choice(in_game), None
    if roll < 0.02:
        return "timeout", None, None
    seat = rng.choice(game.to_act)
    action = dict(rng.choice(game.legal_actions(seat)))
    counting = getattr(game.rules, "counting", None)
    if action["type"] == "claim" and counting is not None and rng.random() < 0.8:
        items = counting.items[: rng.randrange(len(counting.items) + 1)]
        action = {"type": "claim", "items": [item_json(i) for i in items]}
    elif action["type"] == "pass" and counting is not None and rng.random() < 0.6:
        left = counting.unclaimed() or counting.items
        if left:
            item = rng.choice(left)
            points = item.points + (rng.random() < 0.3)
            action = {"type": "muggins", "items": [item_json(item)], "points": points}
    return "act", seat, action


def play_both(players: int, seed: int, options: dict[str, Any]) -> int:
    python = Game(PYTHON, players, seed, options)
    compiled = Game(COMPILED, players, seed, options)
    assert isinstance(compiled.rules, fast.FastCribbageRules)
    rng = random.Random(seed)
    moves = 0
    while python.outcome is None:
        assert compiled.to_act == python.to_act
        for seat in range(players):
            assert compiled.legal_actions(seat) == python.legal_actions(seat)
            assert compiled.view(seat) == python.view(seat)
            assert compiled.rules.secret_cards(seat) == python.rules.secret_cards(seat)
        kind, who, action = choose(python, rng)
        outcomes: list[object] = []
        for game in (python, compiled):
            try:
                if kind == "leave":
                    assert who is not None
                    game.leave(who)
                    outcomes.append(None)
                elif kind == "timeout":
                    outcomes.append(game.timeout())
                else:
                    assert who is not None and action is not None
                    game.apply(who, action)
                    outcomes.append(None)
            except PegboardError as error:  # refused alike, and nothing changed
                outcomes.append((type(error), str(error)))
        assert outcomes[0] == outcomes[1]
        moves += 1
    assert compiled.outcome == python.outcome
    assert compiled.view(None) == python.view(None)
    assert json.dumps(compiled.record()) == json.dumps(python.record())
    return moves


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_core_plays_the_python_rules(players: int, options: dict[str, Any]) -> None:
    assert sum(play_both(players, seed, options) for seed in range(30)) > 0


def test_a_deep_copy_plays_on_alone() -> None:
    game = Game(COMPILED, 2, 3, {})
    rng = random.Random(3)
    for _ in range(40):
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    twin = copy.deepcopy(game.rules)
    assert twin.events == game.rules.events and twin.events is not game.rules.events
    assert twin.view(0) == game.rules.view(0)
    seat = game.to_act[0]
    twin.apply(seat, twin.legal(seat)[0])
    assert twin.events != game.rules.events and twin.view(seat) != game.rules.view(seat)


def test_the_show_count_matches_the_tables() -> None:
    """Every rank multiset of five cards with the suits the tables pick, each card as the
    starter, plus 20,000 random hands for flushes and nobs, hand and crib."""
    cases: list[tuple[list[int], int]] = []
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if all(ranks.count(r) <= 4 for r in set(ranks)):
            cards = [int(c) for c in representative(ranks)]
            cases.extend((cards[:i] + cards[i + 1 :], cards[i]) for i in range(5))
    rng = random.Random(0)
    for _ in range(20_000):
        five = rng.sample(range(52), 5)
        cases.append((five[:4], five[4]))
    for hand, starter in cases:
        for crib in (False, True):
            assert core.c_show_total(hand, starter, crib) == show_total(hand, starter, crib)


def test_the_pegging_count_matches_the_python_one() -> None:
    """Random counts, half of them from the low cards, where pairs and runs are common."""
    rng = random.Random(1)
    for trial in range(20_000):
        deck = rng.sample(range(52) if trial % 2 else range(24), 13)
        cards: list[int] = []
        for card in deck:
            if sum(VALUE_OF[c] for c in cards) + VALUE_OF[card] > 31:
                break
            cards.append(card)
            count = sum(VALUE_OF[c] for c in cards)
            assert core.c_pegging_points(cards) == pegging_points(cards, count)
