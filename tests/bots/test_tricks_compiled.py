"""The compiled Cribist core (``bots/search/_tricks.pyx``) gives what the Python gives: the
same sampled hands from the same draws of the generator, the same rollouts (points and the
seat out first) and the same values to the last bit, on random positions; and a whole seeded
game of the expert is the same record with it and under ``PEGBOARD_PURE_PYTHON=1``."""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pegboard
from pegboard.arena import play_one
from pegboard.bots.search.tricks import (
    PLAYERS,
    Trick,
    roll_out,
    roll_out_values_python,
    sample_hands_python,
)
from pegboard.cards import DECK, SUIT_OF
from pegboard.core.compiled import PURE_PYTHON

core: Any = pytest.importorskip("pegboard.bots.search._tricks")


def legal(hand: Sequence[int], trick: Trick) -> list[int]:
    if not trick:
        return list(hand)
    led = SUIT_OF[trick[0][1]]
    return [c for c in hand if SUIT_OF[c] == led] or list(hand)


def position_from(seed: int) -> dict[str, Any]:
    """A random Cribist hand part-way: 13 cards a seat, some tricks played by random legal
    cards, a trick in progress of 0-3 cards; the trump named by the first lead (or, now and
    then, any suit or none, which the rollout takes as it comes); the card to try first among
    the legal ones; a horizon and maybe the points each seat needs."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = {s: deck[13 * s : 13 * s + 13] for s in range(PLAYERS)}
    turn = rng.randrange(PLAYERS)
    trump = -1
    trick: Trick = []
    for _ in range(rng.randrange(52)):
        card = rng.choice(legal(hands[turn], trick))
        hands[turn].remove(card)
        if trump < 0:
            trump = SUIT_OF[card]
        trick.append((turn, card))
        turn = (turn + 1) % PLAYERS
        if len(trick) == PLAYERS:
            trick, turn = [], rng.choice(trick)[0]  # any winner: the hands stay consistent
    if not hands[turn]:  # the hand is over: start a trick of the last cards again
        return position_from(seed + 1)
    if rng.random() < 0.1:
        trump = rng.randrange(-1, 4)
    return {
        "hands": hands,
        "trick": trick,
        "trump": trump,
        "turn": turn,
        "options": legal(hands[turn], trick),
        "tricks": rng.randrange(1, 6),
        "need": [rng.randrange(-2, 25) for _ in range(PLAYERS)] if rng.random() < 0.6 else None,
        "scores": [rng.randrange(0, 121) for _ in range(PLAYERS)],
        "deals_left": rng.choice((2.0, 0.5, 10.5, rng.uniform(-1.0, 12.0))),
        "spread": rng.choice((9.0, rng.uniform(0.5, 20.0))),
        "tie": rng.choice((1e-3, rng.uniform(0.0, 1.0))),
    }


def python_rollouts(p: dict[str, Any]) -> list[tuple[list[int], int]]:
    return [
        roll_out(
            {s: list(h) for s, h in p["hands"].items()},
            list(p["trick"]),
            p["trump"],
            p["turn"],
            card,
            tricks=p["tricks"],
            need=p["need"],
        )
        for card in p["options"]
    ]


def values_kwargs(p: dict[str, Any]) -> dict[str, Any]:
    keys = ("tricks", "need", "scores", "deals_left", "spread", "tie")
    return {key: p[key] for key in keys}


@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_compiled_rollouts_play_every_position_as_python(seed: int) -> None:
    p = position_from(seed)
    before = {s: list(h) for s, h in p["hands"].items()}
    compiled = core.roll_out_each(
        p["hands"],
        p["trick"],
        p["trump"],
        p["turn"],
        p["options"],
        tricks=p["tricks"],
        need=p["need"],
    )
    assert compiled == python_rollouts(p)
    assert p["hands"] == before


@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_compiled_values_are_the_python_doubles(seed: int) -> None:
    p = position_from(seed)
    args = (p["hands"], p["trick"], p["trump"], p["turn"], p["options"])
    compiled = core.roll_out_values(*args, **values_kwargs(p))
    python = roll_out_values_python(*args, **values_kwargs(p))
    assert [v.hex() for v in compiled] == [v.hex() for v in python]


def sampling_from(seed: int) -> tuple[int, list[int], list[Any], dict[int, set[int]], int]:
    """A random sampling problem: the other seats' sizes, a pool of ``pegboard.cards.Card``
    (as the expert's), voids that may leave no way to place the cards (the fallback), and
    the number of tries (the default mostly)."""
    rng = random.Random(seed)
    me = rng.randrange(PLAYERS)
    pool = rng.sample(DECK, rng.randrange(0, 40))
    sizes = [0] * PLAYERS
    for _ in range(len(pool)):
        if rng.random() < 0.95:
            sizes[rng.choice([s for s in range(PLAYERS) if s != me])] += 1
    sizes[me] = rng.randrange(14)
    void = {s: {suit for suit in range(4) if rng.random() < 0.25} for s in range(PLAYERS)}
    tries = rng.choice((40, 40, 40, 1, 0, 3))
    return me, sizes, pool, void, tries


class OtherRandom(random.Random):
    """A generator that is not ``random.Random`` itself: the core calls its ``shuffle``."""


@settings(max_examples=3000, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_compiled_sampling_deals_the_python_hands_from_the_same_draws(
    seed: int, subclass: bool
) -> None:
    me, sizes, pool, void, tries = sampling_from(seed)
    kind = OtherRandom if subclass else random.Random
    python_rng, compiled_rng = kind(seed), kind(seed)
    python = sample_hands_python(me, sizes, pool, void, python_rng, tries)
    compiled = core.sample_hands(me, sizes, pool, void, compiled_rng, tries)
    assert compiled == python
    assert list(compiled) == list(python)  # the seats in the same order
    for seat, hand in compiled.items():  # the pool's own objects
        assert all(a is b for a, b in zip(hand, python[seat], strict=True))
    assert compiled_rng.getstate() == python_rng.getstate()


def test_a_card_not_in_hand_is_refused_as_python_refuses_it() -> None:
    hands = {0: [0, 1], 1: [2], 2: [3], 3: [4]}
    with pytest.raises(ValueError):
        roll_out({s: list(h) for s, h in hands.items()}, [], -1, 0, 5, tricks=1)
    with pytest.raises(ValueError):
        core.roll_out_each(hands, [], -1, 0, [5], tricks=1)


GAMES: list[tuple[int, dict[str, object]]] = [
    (6000000, {}),
    (6000001, {"end": "deals", "deals": 2, "counting": "auto"}),
]
PLAY = """
import json, sys
from pegboard.arena import play_one
games = json.loads(sys.argv[1])
bots = ["expert", "greedy", "greedy", "greedy"]
print(json.dumps([play_one("cribist", 4, bots, s, o).record() for s, o in games]))
"""


def records_in_python(games: list[tuple[int, dict[str, object]]]) -> Any:
    env = dict(os.environ, PEGBOARD_PURE_PYTHON="1")
    src = str(Path(pegboard.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(games)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout)


def test_seeded_games_are_the_same_records_with_and_without_the_core() -> None:
    if PURE_PYTHON:
        pytest.skip("PEGBOARD_PURE_PYTHON is set: both would be the Python")
    from pegboard.bots.search import tricks

    assert vars(tricks)["_tricks"] is core, "this process plays on the compiled extension"
    here = [
        play_one("cribist", 4, ["expert", "greedy", "greedy", "greedy"], s, o) for s, o in GAMES
    ]
    assert json.loads(json.dumps([g.record() for g in here])) == records_in_python(GAMES)


def test_the_module_is_the_compiled_one() -> None:
    module = importlib.import_module("pegboard.bots.search._tricks")
    assert not str(module.__file__).endswith(".py")
