"""The environment's interface: ids, masks, observations, refusals, rewards, clone, records."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from cribbage_view_observation import observe_view

import pegboard
from pegboard.cards import parse_card, parse_cards
from pegboard.core import ScriptedChance
from pegboard.core.wire import Record
from pegboard.env import Env, make
from pegboard.errors import GameOver, IllegalAction, OptionError
from pegboard.games.cribbage import stack_deck


def dealt(hands: list[str], dealer: int, starter: str) -> ScriptedChance:
    """A two-player Cribbage game whose first dealer and first hands are these."""
    deck = stack_deck([parse_cards(h) for h in hands], dealer, parse_card(starter))
    return ScriptedChance([(dealer,), [int(c) for c in deck]])


def random_steps(env: Env, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if env.done:
            return
        env.step(rng.choice(env.legal_actions()))


@pytest.mark.parametrize(
    ("game", "players", "actions"),
    [("cribbage", 2, 118), ("cribbage", 4, 118), ("cribist", 4, 52), ("not-enough", 4, 263)],
)
def test_each_game_has_a_fixed_action_space(game: str, players: int, actions: int) -> None:
    env = make(game, players)
    assert env.num_actions == actions
    assert env.legal_mask().shape == (actions,)
    table = env.space.table()
    assert table[0][0] == 0 and table[-1][1] == actions - 1


# Seat 1 (the dealer's left) holds 3C 4D 5H 5S 9C KD, in id order: positions 0..5.
HANDS = ["AS 2D 7H 8C TS QD", "3C 4D 5H 5S 9C KD"]


@pytest.mark.parametrize(
    ("positions", "discard"),
    [((0, 1), ["3C", "4D"]), ((4, 5), ["9C", "KD"]), ((2, 3), ["5H", "5S"])],
)
def test_a_discard_id_names_positions_of_the_sorted_hand(
    positions: tuple[int, int], discard: list[str]
) -> None:
    env = make("cribbage", 2)
    env.reset(1, chance=dealt(HANDS, dealer=0, starter="6C"))
    assert env.current_player == 0  # simultaneous discards: lowest seat first
    env.step(env.legal_actions()[0])
    assert env.current_player == 1
    action_id = env.space.start["discard"] + (1 << positions[0]) + (1 << positions[1])
    assert env.decode(action_id) == {"type": "discard", "cards": discard}
    assert env.encode({"type": "discard", "cards": list(reversed(discard))}) == action_id
    env.step(action_id)
    assert env.events[-2] == {"type": "discard", "seat": 1, "cards": discard}


def test_a_play_id_is_the_card_id() -> None:
    env = make("cribbage", 2)
    env.reset(1, chance=dealt(HANDS, dealer=0, starter="6C"))
    env.step(env.space.start["discard"] + 0b110000)  # seat 0 throws TS QD
    env.step(env.space.start["discard"] + 0b110000)  # seat 1 throws 9C KD
    assert env.current_player == 1
    assert env.legal_actions() == [int(parse_card(c)) for c in ("3C", "4D", "5H", "5S")]
    env.step(int(parse_card("5H")))
    assert env.events[-1] == {"type": "play", "seat": 1, "card": "5H", "count": 5}


@pytest.mark.parametrize("bad", [117, 999, -1, True, 2.5, "5H", None])
def test_an_illegal_or_malformed_id_is_refused_and_changes_nothing(bad: object) -> None:
    env = make("cribbage", 2)
    env.reset(3)
    before = env.record()
    with pytest.raises(IllegalAction):
        env.step(bad)  # type: ignore[arg-type]
    assert env.record() == before


def test_a_finished_game_refuses_further_steps() -> None:
    env = make("cribbage", 2, score_target=15)
    env.reset(4)
    random_steps(env, 10_000, random.Random(4))
    assert env.done and env.current_player is None and env.legal_actions() == []
    assert not env.legal_mask().any()
    with pytest.raises(GameOver):
        env.step(0)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("cribbage", 2, {"counting": "manual"}),
        ("cribist", 4, {"counting": "manual"}),
        ("cribist", 4, {"end": "minutes"}),
        ("not-enough", 2, {"counting": "manual"}),
        ("cribbage", 2, {"reward": "money"}),
        ("cribbage", 5, {}),
    ],
)
def test_what_the_environment_cannot_play_is_refused(
    game: str, players: int, options: dict[str, object]
) -> None:
    with pytest.raises(OptionError):
        make(game, players, **options)  # type: ignore[arg-type]


def test_the_same_seed_gives_the_same_game_and_unseeded_resets_follow_it() -> None:
    def games(seed: int) -> list[Record]:
        env = make("not-enough", 2)
        env.reset(seed)
        records = []
        for _ in range(3):
            random_steps(env, 10_000, random.Random(0))
            records.append(env.record())
            env.reset()
        return records

    first, second = games(8), games(8)
    assert first == second
    assert first[0]["events"] != first[1]["events"]


def test_a_clone_goes_its_own_way_and_the_original_is_untouched() -> None:
    env = make("not-enough", 4)
    env.reset(9)
    random_steps(env, 40, random.Random(1))
    before = env.record()
    twin = env.clone()
    assert twin.record() == before
    random_steps(twin, 10_000, random.Random(2))
    assert twin.done and env.record() == before
    # The same moves from the clone and from the original give the same game.
    again = env.clone()
    random_steps(env, 10_000, random.Random(3))
    random_steps(again, 10_000, random.Random(3))
    assert again.record() == env.record()


def test_a_clone_shares_what_the_rules_share_and_copies_the_rest() -> None:
    """``Rules.shared()`` names what a copy keeps (the powers table); every hand is its own."""
    env = make("not-enough", 2)
    env.reset(4)
    random_steps(env, 12, random.Random(4))
    twin = env.clone()
    assert twin.rules.shared() == env.rules.shared() != ()
    assert all(a is b for a, b in zip(twin.rules.shared(), env.rules.shared(), strict=True))
    assert twin.rules.hand(0) == env.rules.hand(0)
    assert twin.rules.hand(0) is not env.rules.hand(0)


def test_the_record_replays_through_game() -> None:
    env = make("cribist", 4)
    env.reset(12)
    random_steps(env, 10_000, random.Random(12))
    game = pegboard.replay(env.record())
    assert game.outcome is not None and game.outcome.scores == env.outcome.scores  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "players"), [("cribbage", 2), ("cribbage", 4), ("not-enough", 2)])
def test_score_rewards_add_up_to_the_final_margin(game: str, players: int) -> None:
    env = make(game, players, reward="score")
    env.reset(6)
    rng = random.Random(6)
    totals = np.zeros(players)
    while not env.done:
        totals += env.step(rng.choice(env.legal_actions()))
    scores = env.outcome.scores  # type: ignore[union-attr]
    for seat in range(players):
        others = [s for i, s in enumerate(scores) if i != seat]
        assert totals[seat] == pytest.approx(scores[seat] - sum(others) / len(others))


def test_the_observation_shows_the_seat_its_own_hand_and_the_layout_fits() -> None:
    env = make("cribbage", 2)
    env.reset(1, chance=dealt(HANDS, dealer=0, starter="6C"))
    obs = env.observation(1)
    assert obs.shape == (env.observation_size,) and obs.dtype == np.float32
    start = env.layout.offset["hand"]
    assert sorted(np.flatnonzero(obs[start : start + 52])) == sorted(parse_cards(HANDS[1]))
    assert env.layout.table()[-1][1] == env.observation_size - 1
    dealer = env.layout.offset["dealer"]
    assert list(obs[dealer : dealer + 2]) == [0.0, 1.0]  # the dealer sits one to seat 1's left
    with pytest.raises(IllegalAction):
        env.observation(2)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {}), (4, {"teams": True}), (2, {"post_show": True})]
)
def test_the_cribbage_observation_is_what_the_view_shows(
    players: int, options: dict[str, Any]
) -> None:
    """The state-built observation equals the one built field by field from the view."""
    for seed in range(15):
        env = make("cribbage", players, **options)
        env.reset(seed)
        rng = random.Random(seed)
        while not env.done:
            for seat in range(players):
                expected = observe_view(env.rules.view(seat), env.layout)
                assert np.array_equal(env.observation(seat), expected)
            env.step(rng.choice(env.legal_actions()))
