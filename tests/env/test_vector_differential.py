"""The vectorized environment plays ``Game``'s Cribbage: every game of a batch, replayed
through ``Game`` with the same deals (``VectorChance``) and the same actions, has the same
player to act, the same legal actions, the same hand and count, and the same scores after
every decision, and ends on the same step with the same final scores."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pegboard.cards import NAME_OF, parse_card
from pegboard.core import Game, new_game
from pegboard.env.vector import ACTIONS, DISCARD_PAIRS, PLAY, CribbageVector, make
from pegboard.env.vector_chance import VectorChance


def replay_game(seed: int, env: int, game: int, target: int) -> Game:
    return new_game(
        "cribbage",
        players=2,
        seed=seed,
        chance=VectorChance(seed, env, game),
        post_show=False,
        dealer="rotate",
        score_target=target,
    )


def action_ids(game: Game, seat: int, hand: list[int]) -> list[int]:
    """``Game``'s legal actions for ``seat`` as vector action ids, given the seat's hand
    slots as the observation shows them."""
    ids = []
    for action in game.legal_actions(seat):
        if action["type"] == "discard":
            slots = tuple(hand.index(parse_card(c)) for c in action["cards"])
            ids.append(DISCARD_PAIRS.index(slots))
        else:
            assert action["type"] == "play", action
            ids.append(PLAY + hand.index(parse_card(action["card"])))
    return sorted(ids)


def as_action(action: int, hand: list[int]) -> dict[str, Any]:
    if action < PLAY:
        return {"type": "discard", "cards": [NAME_OF[hand[s]] for s in DISCARD_PAIRS[action]]}
    return {"type": "play", "card": NAME_OF[hand[action - PLAY]]}


def uniform_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    return np.asarray(np.argmax(rng.random(mask.shape) * mask, axis=1), dtype=np.int64)


def check_batch(seed: int, n: int, target: int, games: int) -> int:
    """Step ``n`` environments with random legal actions until ``games`` games have ended,
    replaying each through ``Game``; the number of decisions checked."""
    venv = make("cribbage", n=n, score_target=target)
    obs = venv.reset(seed)
    replays = [replay_game(seed, i, 0, target) for i in range(n)]
    rng = np.random.default_rng(seed)
    decisions = 0
    while venv.games_finished < games:
        mask = venv.legal_mask()
        actions = uniform_legal(mask, rng)
        for i, game in enumerate(replays):
            seat = int(venv.current_player[i])
            assert seat in game.to_act
            hand = [int(c) for c in obs[i, 6:12]]
            state = game.rules
            mine = state.hands[seat]  # type: ignore[attr-defined]
            assert sorted(c for c in hand if c >= 0) == sorted(mine)
            assert obs[i, 5] == state.count  # type: ignore[attr-defined]
            count_cards = obs[i, 13:21].tolist()
            assert count_cards == [*reversed(state.count_cards), *[-1] * 8][:8]  # type: ignore[attr-defined]
            played = [card for _seat, card in reversed(state.plays)]  # type: ignore[attr-defined]
            assert obs[i, 21:29].tolist() == [*played, *[-1] * 8][:8]
            assert action_ids(game, seat, hand) == np.flatnonzero(mask[i]).tolist()
            game.apply(seat, as_action(int(actions[i]), hand))
        obs, _rewards, done = venv.step(actions)
        decisions += n
        for i, game in enumerate(replays):
            outcome = game.outcome
            assert (outcome is not None) == bool(done[i]), f"env {i} game {venv.games[i]}"
            if outcome is None:
                assert list(game.rules.scores) == venv.scores[i].tolist()
                continue
            assert list(outcome.scores) == venv.final_scores[i].tolist()
            replays[i] = replay_game(seed, i, int(venv.games[i]), target)
    return decisions


@pytest.mark.parametrize(
    ("seed", "target", "games"), [(0, 121, 1000), (2**64 - 1, 121, 300), (3, 31, 1000)]
)
def test_batches_play_the_same_games_as_game(seed: int, target: int, games: int) -> None:
    assert check_batch(seed, n=64, target=target, games=games) > 0


def test_a_small_target_ends_games_in_every_phase() -> None:
    """With 5 points to win, games end on his heels, in the play and in the show."""
    check_batch(11, n=32, target=5, games=400)


def test_action_table_has_fifteen_discards_and_four_plays() -> None:
    assert ACTIONS == 19
    assert len(set(DISCARD_PAIRS)) == 15
    assert isinstance(make("cribbage", n=1), CribbageVector)
