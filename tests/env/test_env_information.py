"""An observation holds only what its seat may see: two games that differ only in cards a seat
cannot see give that seat the same observation.

The twin game relabels the cards hidden from the seat (``rules.secret_cards``) among
themselves, in the current hand's shuffles and in every action since its deal, keeping what
the rules could reveal through play alike (Cribbage: the counting value; Cribist: the suit;
not-enough: colour and value, court cards left alone for their powers), and is replayed
through ``Game`` so it is a real game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest
from env_lockstep import CONFIGS, config_id

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF, Card, card_names, parse_cards
from pegboard.core import ScriptedChance, new_game
from pegboard.core.chance import outcome_from_json
from pegboard.env import Env, make

TRIALS = 40
KEYS: dict[str, Callable[[int], object]] = {
    "cribbage": lambda c: VALUE_OF[c],
    "cribist": lambda c: SUIT_OF[c],
    "not-enough": lambda c: (
        None if RANK_OF[c] in (1, 11, 12, 13) else (SUIT_OF[c] in (0, 3), VALUE_OF[c])
    ),
}


def play_to_a_decision(env: Env, rng: random.Random) -> list[int]:
    """Random steps to a random decision point; per step, how many hands had been dealt."""
    hands_at_step: list[int] = []
    while not env.done and rng.random() > 1 / 60:
        hands_at_step.append(deals(env))
        env.step(rng.choice(env.legal_actions()))
    return hands_at_step


def deals(env: Env) -> int:
    return sum(1 for e in env.events if e["type"] == "deal")


def relabelling(env: Env, seat: int, rng: random.Random) -> dict[Card, Card]:
    key = KEYS[env.spec.name]
    groups: dict[object, list[Card]] = {}
    for card in sorted(env.rules.secret_cards(seat)):
        if key(card) is not None:
            groups.setdefault(key(card), []).append(card)
    relabel: dict[Card, Card] = {}
    for cards in groups.values():
        shuffled = list(cards)
        rng.shuffle(shuffled)
        relabel.update(zip(cards, shuffled, strict=True))
    return relabel


def relabel_action(action: Mapping[str, Any], relabel: Mapping[Card, Card]) -> dict[str, Any]:
    out = dict(action)
    if "card" in out:
        (out["card"],) = card_names([relabel.get(c, c) for c in parse_cards([out["card"]])])
    if "cards" in out:
        out["cards"] = card_names(relabel.get(c, c) for c in parse_cards(out["cards"]))
    return out


def twin(env: Env, hands_at_step: list[int], relabel: Mapping[Card, Card]) -> Env:
    """The same game with the current hand's hidden cards relabelled, checked through Game."""
    record = env.record()
    shuffles = [i for i, c in enumerate(record["chance"]) if "shuffle" in c]
    per_hand = 2 if env.spec.name == "not-enough" else 1
    current = set(shuffles[-per_hand:]) if deals(env) else set()
    outcomes = []
    for i, entry in enumerate(record["chance"]):
        outcome = outcome_from_json(entry)
        if i in current:
            outcome = tuple(relabel.get(Card(c), Card(c)) for c in outcome)
        outcomes.append(outcome)
    hand_now = deals(env)
    actions = [
        (a["seat"], relabel_action(a["action"], relabel) if hands == hand_now else a["action"])
        for a, hands in zip(record["actions"], hands_at_step, strict=True)
    ]
    options: dict[str, Any] = dict(env.options)
    game = new_game(
        env.spec.name,
        players=env.players,
        seed=env.seed,
        chance=ScriptedChance(outcomes),
        **options,
    )
    double = make(env.spec.name, env.players, **options)
    double.reset(env.seed, chance=ScriptedChance(outcomes))
    for seat, action in actions:
        assert seat is not None  # a game of the env has no clock
        game.apply(seat, action)
        double.step(double.encode(action))
    assert double.current_player == env.current_player
    assert game.events == double.events
    return double


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_cards_a_seat_cannot_see_do_not_change_its_observation(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    game, players, options = config
    others_differ = 0
    for trial in range(TRIALS):
        rng = random.Random(trial)
        env = make(game, players, **options)
        env.reset(trial)
        hands_at_step = play_to_a_decision(env, rng)
        if env.done:
            continue
        seat = rng.randrange(players)
        relabel = relabelling(env, seat, rng)
        other = twin(env, hands_at_step, relabel)
        assert np.array_equal(env.observation(seat), other.observation(seat)), (trial, seat)
        others_differ += any(
            not np.array_equal(env.observation(s), other.observation(s)) for s in range(players)
        )
    # The relabelling is not idle: some other seat does see the difference.
    assert others_differ > 0
