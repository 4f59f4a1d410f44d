"""The compiled extension of the Cribbage is not Enough expert (``bots/_not_enough.pyx``) gives
exactly what the Python gives: every settling value to the last bit, every rollout's sums,
every shuffle draw for draw, every Magic total; and whole seeded games (2 and 4 players,
expert v greedy) are the same records as under ``PEGBOARD_PURE_PYTHON=1``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.arena import play_one
from pegboard.bots.not_enough import expert, worlds
from pegboard.bots.not_enough.expert import play_world
from pegboard.bots.not_enough.greedy import Powers, combo_of_key, draws_total, rank_key
from pegboard.bots.not_enough.settle import (
    DEALER_DICE,
    Hands,
    Holding,
    Pile,
    Settle,
    battle_odds,
)
from pegboard.cards import DECK, VALUE_OF
from pegboard.core.compiled import PURE_PYTHON

core: Any = pytest.importorskip("pegboard.bots._not_enough")

seeds = st.integers(min_value=0, max_value=2**32)


def same(a: object, b: object) -> bool:
    """Equal, floats bit for bit (``repr`` tells -0.0 from 0.0 and shows every digit)."""
    return repr(a) == repr(b)


# -- counting and the dice ------------------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(DECK), max_size=14, unique=True))
def test_combination_counts_as_python(cards: list[int]) -> None:
    key = rank_key(cards)
    assert core.combo_of_key(key) == combo_of_key(key)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=60)),
        min_size=1,
        max_size=4,
    )
)
def test_battle_odds_as_python(rolls: list[tuple[int, int]]) -> None:
    assert same(core.battle_odds(tuple(rolls)), battle_odds(tuple(rolls)))


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=4))
def test_magic_totals_as_python(seed: int, n: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(DECK, 4 - n + 1 + rng.randrange(18 if n < 3 else 12))
    kept, top, pool = cards[: 4 - n], cards[4 - n], cards[5 - n :]
    assert core.hand_total(kept, pool, n, top) == draws_total(kept, pool, n, top, compiled=False)


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=50))
def test_shuffles_draw_for_draw_as_python(seed: int, size: int, before: int) -> None:
    python, compiled = random.Random(seed), random.Random(seed)
    for rng in (python, compiled):  # anywhere in the generator's stream
        rng.getrandbits(before + 1)
    cards, copy = list(range(size)), list(range(size))
    python.shuffle(cards)
    core.shuffle(compiled, copy)
    assert cards == copy
    assert python.getstate() == compiled.getstate()


def test_the_expert_shuffles_in_c_where_the_core_runs() -> None:
    if PURE_PYTHON:
        pytest.skip("PEGBOARD_PURE_PYTHON: the Python runs")
    assert worlds.FAST_SHUFFLE


# -- the settling ---------------------------------------------------------------------------

POWERS = ("intel", "might", "magic")


def powers_from(rng: random.Random) -> Powers:
    """Intel, Might and Magic for every card, small (many ties) or now and then as large as
    a table may have them (99)."""
    top = 99 if rng.random() < 0.03 else rng.choice((1, 2, 3, 6))
    values = {
        card: {p: rng.randrange(top + 1) if rng.random() < 0.6 else 0 for p in POWERS}
        for card in range(52)
    }
    return Powers(values, {"grey": (0, 3), "blue": (1, 2)})


def frames(seed: int) -> tuple[Settle, Settle, random.Random, list[int]]:
    """The same seat's frame twice, Python and compiled (whatever PEGBOARD_PURE_PYTHON says),
    a generator for the rest, and a shuffled deck."""
    rng = random.Random(seed)
    players = rng.choice((2, 4))
    powers = powers_from(rng)
    dealer, team = rng.randrange(players), rng.randrange(2)
    python = Settle(powers, players, dealer, team, compiled=False)
    compiled = Settle(powers, players, dealer, team, compiled=False)
    compiled.core = core.Settle(players, dealer, team, compiled.might, DEALER_DICE)
    deck = list(range(52))
    rng.shuffle(deck)
    return python, compiled, rng, deck


def deal_hands(frame: Settle, rng: random.Random, deck: list[int]) -> Hands:
    kept = [[deck.pop() for _ in range(rng.randrange(5))] for _ in range(frame.players)]
    piles = [[deck.pop() for _ in range(rng.randrange(5))] for _ in range(2)]
    return frame.hands(kept, piles)


@settings(max_examples=1000, deadline=None)
@given(seeds)
def test_settling_values_as_python(seed: int) -> None:
    python, compiled, rng, deck = frames(seed)
    hands = deal_hands(python, rng, deck)
    tops = [deck.pop(), deck.pop()]
    spent = [rng.random() < 0.3, rng.random() < 0.3]
    assert same(compiled.value(hands, tops, spent), python.value(hands, tops, spent))


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_discard_worlds_as_python(seed: int) -> None:
    python, compiled, rng, deck = frames(seed)
    me = rng.randrange(python.players)
    holdings: list[Holding] = [python.holding(deck[4 * s : 4 * s + 4]) for s in range(4)]
    del deck[:16]
    piles: list[Pile] = [python.pile([deck.pop() for _ in range(rng.randrange(3))]) for _ in "ab"]
    choices = []
    for _ in range(rng.randrange(1, 8)):
        hand = rng.sample(deck[:10], 6)
        choices.append((python.holding(hand[:4]), python.pile(hand[4 : rng.randrange(4, 7)])))
    tops = [(deck.pop(), deck.pop()) for _ in range(rng.randrange(5))]
    start = [rng.uniform(-50, 50) for _ in choices]
    totals = {}
    for name, frame in (("python", python), ("compiled", compiled)):
        totals[name] = list(start)
        frame.discard_world(me, holdings[: python.players], piles, choices, tops, totals[name])
    assert same(totals["compiled"], totals["python"])


# -- the play -------------------------------------------------------------------------------


def play_from(seed: int) -> dict[str, Any]:
    """A play part-way: 2 or 4 seats holding 0-4 cards, a count with some seats passed, the
    targets near or far, and our playable cards as the candidates."""
    rng = random.Random(seed)
    players = rng.choice((2, 4))
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(rng.randrange(5))] for _ in range(players)]
    cards: list[int] = []
    if rng.random() < 0.6:
        for card in deck[-rng.randrange(9) :]:
            if sum(VALUE_OF[c] for c in cards) + VALUE_OF[card] < 31:
                cards.append(card)
                deck.remove(card)
    count = sum(VALUE_OF[c] for c in cards)
    me = rng.randrange(players)
    playable = [c for c in hands[me] if count + VALUE_OF[c] <= 31]
    if not playable:
        fits = [c for c in deck if count + VALUE_OF[c] <= 31]
        if not fits:  # nothing left fits this count: start a new one
            cards, count, fits = [], 0, deck
        card = fits[0]
        deck.remove(card)
        hands[me].append(card)
        playable = [card]
    passed = [s for s in range(players) if s != me and cards and rng.random() < 0.3]
    return {
        "hands": hands,
        "count": count,
        "cards": cards,
        "passed": passed,
        "me": me,
        "last": rng.randrange(players) if cards else -1,
        "need": [rng.randrange(1, 40), rng.randrange(1, 40)],
        "candidates": rng.sample(playable, rng.randrange(1, len(playable) + 1)),
    }


def rolled_out(play: dict[str, Any], compiled: bool) -> object:
    totals = [0.0] * len(play["candidates"])
    try:
        play_world(**play, totals=totals, compiled=compiled)
    except (AssertionError, ValueError) as error:
        return type(error).__name__
    return totals


@settings(max_examples=3000, deadline=None)
@given(seeds)
def test_rollouts_as_python(seed: int) -> None:
    play = play_from(seed)
    if PURE_PYTHON:  # play_world runs the Python: call the core itself
        totals = [0.0] * len(play["candidates"])
        core.play_world(**{**play, "win": expert.WIN, "totals": totals})
        assert same(totals, rolled_out(play, compiled=False))
    else:
        assert same(rolled_out(play, compiled=True), rolled_out(play, compiled=False))


# -- whole games ----------------------------------------------------------------------------

GAMES = [(2, 9000000), (2, 9000001), (2, 9000002), (4, 9100000), (4, 9100001)]
SEATS = ["expert", "greedy", "expert", "greedy"]

PLAY_PURE = """
import json, sys
from pegboard.arena import play_one
games = json.loads(sys.argv[1])
seats = json.loads(sys.argv[2])
print(json.dumps([play_one("not-enough", p, seats[:p], s, {}).record() for p, s in games]))
"""


def test_seeded_games_are_the_records_of_the_pure_python() -> None:
    if PURE_PYTHON or vars(expert)["_core"] is None:
        pytest.skip("PEGBOARD_PURE_PYTHON: the compiled extension is not in use here")
    env = {**os.environ, "PEGBOARD_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-c", PLAY_PURE, json.dumps(GAMES), json.dumps(SEATS)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    pure = json.loads(done.stdout)
    compiled = [
        json.loads(json.dumps(play_one("not-enough", p, SEATS[:p], s, {}).record()))
        for p, s in GAMES
    ]
    assert len(pure) == len(compiled) == len(GAMES)
    for (players, seed), a, b in zip(GAMES, compiled, pure, strict=True):
        assert a == b, f"{players} players, seed {seed}: compiled and pure Python differ"
