"""Chance as nodes (``ChanceEnv``): the outcomes listed are the ones the rules allow, each as
likely as the table makes it; sampling gives ``Game``'s own games; any outcomes picked make a
game ``Game`` plays the same way from its record."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
from env_lockstep import CONFIGS, config_id, reference_spec

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game
from pegboard.core.chance import ScriptedChance
from pegboard.env import Env
from pegboard.env.chance_env import CHANCE, ChanceEnv
from pegboard.env.resample import resample
from pegboard.errors import IllegalAction

GAMES_EACH = 12


def play(env: ChanceEnv, rng: random.Random, pick: bool) -> list[tuple[int, list[int]]]:
    """Random legal ids to the end; chance picked at random from the listed outcomes
    (``pick``) or sampled draw by draw. Returns (seat, legal ids) at every decision."""
    decisions: list[tuple[int, list[int]]] = []
    while not env.done:
        if env.is_chance_node:
            outcomes = env.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [o for o, _ in outcomes] == env.legal_actions()
            if pick:
                env.step(rng.choice(outcomes)[0])
            else:
                env.sample_chance()
            continue
        seat = env.current_player
        assert seat is not None and seat >= 0
        legal = env.legal_actions()
        decisions.append((seat, legal))
        env.step(legal[rng.randrange(len(legal))])
    return decisions


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_sampling_every_draw_plays_the_seeded_game(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    """Drawn one card, one die, one pick at a time from the seed, the game is the one ``Env``
    plays with that seed and the same actions: the records are the same JSON."""
    game, players, options = config
    for seed in range(GAMES_EACH):
        env = ChanceEnv(game, players, **options)
        env.reset(seed)
        twin = Env(game, players, **options)
        twin.reset(seed)
        rng = random.Random(seed)
        while not env.done:
            if env.is_chance_node:
                env.sample_chance()
                continue
            legal = env.legal_actions()
            assert legal == twin.legal_actions() and env.current_player == twin.current_player
            action = legal[rng.randrange(len(legal))]
            env.step(action)
            twin.step(action)
        assert json.dumps(env.record()) == json.dumps(twin.record())


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_picked_outcomes_make_a_game_that_game_replays(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    """Outcomes chosen at random among those listed: ``Game`` (the pure-Python rules for
    Cribbage), given the chance log as a script and the same actions, waits for the same
    seats, offers the same legal ids, and writes the same record."""
    game, players, options = config
    for seed in range(GAMES_EACH):
        env = ChanceEnv(game, players, **options)
        env.reset(seed)
        decisions = play(env, random.Random(seed), pick=True)
        script = ScriptedChance([outcome for _, outcome in env.chance_log])
        reference = Game(reference_spec(game), players, seed, dict(env.options), chance=script)
        for (seat, legal), (acting, action) in zip(decisions, env.actions, strict=True):
            assert seat == acting and seat in reference.to_act
            hand = reference.rules.hands[seat]  # type: ignore[attr-defined]
            assert legal == sorted(env.space.encode(hand, a) for a in reference.legal_actions(seat))
            reference.apply(seat, action)
        assert json.dumps(env.record()) == json.dumps(reference.record())


def test_a_cribbage_deal_is_drawn_card_by_card_and_the_starter_after_the_discards() -> None:
    env = ChanceEnv("cribbage", 2)
    env.reset(1)
    assert env.chance_kind == "pick" and env.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    env.step(1)  # seat 1 deals first
    dealt = parse_cards("5C 5D 5H JS 10C 4D  5S KD QH 2C 3C 9H")  # alternately from seat 0
    for drawn, card in enumerate(dealt):
        outcomes = env.chance_outcomes()
        assert env.chance_kind == "card"
        assert len(outcomes) == 52 - drawn and outcomes[0][1] == pytest.approx(1 / (52 - drawn))
        env.step(int(card))
    assert env.current_player == 0
    assert env.rules.hands == [  # type: ignore[attr-defined]
        sorted(parse_cards("5C 5H 10C 5S QH 3C")),
        sorted(parse_cards("5D JS 4D KD 2C 9H")),
    ]
    env.step(env.encode({"type": "discard", "cards": ["10C", "QH"]}))
    assert env.current_player == 1
    env.step(env.encode({"type": "discard", "cards": ["KD", "9H"]}))
    # The dealer's discard waits for the starter: its outcomes are the 40 cards not dealt.
    assert env.current_player == CHANCE and env.chance_kind == "face-down card"
    assert env.rules.phase == "discard"  # type: ignore[attr-defined]
    outcomes = env.chance_outcomes()
    assert [o for o, _ in outcomes] == sorted(int(c) for c in set(range(52)) - set(dealt))
    assert all(p == pytest.approx(1 / 40) for _, p in outcomes)
    with pytest.raises(IllegalAction):
        env.step(int(parse_card("5C")))  # dealt to seat 0: not an outcome
    env.step(int(parse_card("JC")))  # a Jack: his heels, 2 for the dealer
    assert env.rules.starter == parse_card("JC")  # type: ignore[attr-defined]
    assert env.rules.scores == [0, 2]
    assert [e["type"] for e in env.events[-3:]] == ["discard", "starter", "score"]
    assert env.chance_log[-1][1][12] == parse_card("JC")  # the deck's 13th card


def test_not_enough_dice_are_one_die_at_a_time() -> None:
    env = ChanceEnv("not-enough", 2)
    rng = random.Random(5)
    for seed in range(40):
        env.reset(seed)
        while not env.done:
            if env.chance_kind == "die":
                outcomes = env.chance_outcomes()
                assert [o for o, _ in outcomes] == list(range(6))
                assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
                env.step(5)  # every die a six
                rolls = [e for e in env.events if e["type"] == "roll"]
                if rolls and not env.is_chance_node:
                    assert set(rolls[-1]["dice"]) == {6}
                    return
            elif env.is_chance_node:
                env.sample_chance(whole=True)
            else:
                env.step(rng.choice(env.legal_actions()))
    raise AssertionError("no battle in 40 games")


def test_a_clone_at_a_chance_node_draws_on_its_own() -> None:
    env = ChanceEnv("cribbage", 2)
    env.reset(3)
    env.sample_chance()
    env.sample_chance(whole=True)
    env.step(env.legal_actions()[0])
    env.step(env.legal_actions()[0])
    assert env.is_chance_node
    twin = env.clone()
    before = json.dumps(env.record())
    first, last = twin.legal_actions()[0], twin.legal_actions()[-1]
    twin.step(first)
    env.step(last)
    assert env.rules.starter != twin.rules.starter  # type: ignore[attr-defined]
    assert twin.clone().record() == twin.record()
    other = ChanceEnv("cribbage", 2)
    other.reset(3)
    other.sample_chance()
    other.sample_chance(whole=True)
    other.step(other.legal_actions()[0])
    other.step(other.legal_actions()[0])
    assert json.dumps(other.record()) == before


def test_a_wrong_outcome_is_refused_and_changes_nothing() -> None:
    env = ChanceEnv("cribist", 4)
    env.reset(0)
    before = env.chance_outcomes()
    for bad in (4, -1, True, "1", 2.0):
        with pytest.raises(IllegalAction):
            env.step(bad)  # type: ignore[arg-type]
    assert env.chance_outcomes() == before and env.chance_log == []
    env.step(0)
    env.sample_chance(whole=True)
    assert not env.is_chance_node
    with pytest.raises(IllegalAction, match="not a chance node"):
        env.sample_chance()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_resampled_world_looks_the_same_to_the_seat(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    """``resample``: the seat's observation, view and redacted events are unchanged; the
    hidden cards did move (some other seat sees a difference)."""
    game, players, options = config
    moved = 0
    for trial in range(15):
        rng = random.Random(trial)
        env = ChanceEnv(game, players, **options)
        env.reset(trial)
        while not env.done and (env.is_chance_node or rng.random() > 1 / 40):
            env.step(rng.choice(env.legal_actions()))
        if env.done:
            continue
        seat = env.current_player
        assert seat is not None
        world = resample(env, seat, rng)
        assert np.array_equal(world.observation(seat), env.observation(seat))
        assert world.view(seat) == env.view(seat)
        assert [world.rules.redact(e, seat) for e in world.events] == [
            env.rules.redact(e, seat) for e in env.events
        ]
        moved += any(
            not np.array_equal(world.observation(s), env.observation(s)) for s in range(players)
        )
    assert moved > 0
