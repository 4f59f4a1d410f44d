"""The environment plays the same rules as ``Game``: seeded random games through both give the
same actions, events, chance and final scores.

Cribbage's environment runs on the compiled rules core when it is built (and so does
``Game``), so ``Game`` here plays Cribbage with the pure-Python rules: the differential holds
the core to them. Cribbage for two runs 10,000 games here (in four chunks, so ``-n 2``
shares them); every other game and player count runs a smaller batch in the suite and 10,000
offline with ``python -m benchmarks.env_differential`` (docs/research.md has the last run).
The pure-Python environment is held to the same games by a batch of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from env_lockstep import CONFIGS, config_id, lockstep

from pegboard.env import Env

CRIBBAGE_TWO_GAMES = 10_000
CHUNKS = 4
OTHER_GAMES = 200


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_ten_thousand_two_player_cribbage_games_match_game(chunk: int) -> None:
    size = CRIBBAGE_TWO_GAMES // CHUNKS
    decisions = [
        lockstep("cribbage", 2, seed, {}) for seed in range(chunk * size, (chunk + 1) * size)
    ]
    assert len(decisions) == size and min(decisions) > 0


@pytest.mark.parametrize("config", CONFIGS[1:], ids=config_id)
def test_every_game_and_player_count_matches_game(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    game, players, options = config
    for seed in range(OTHER_GAMES):
        lockstep(game, players, seed, options)


@pytest.mark.parametrize(
    "options",
    [{"post_show": True, "pre_show": True}, {"skip_pass": False, "skip_empty": False}],
)
def test_pauses_and_explicit_goes_have_ids_too(options: Mapping[str, Any]) -> None:
    for seed in range(50):
        lockstep("cribbage", 2, seed, options)


@pytest.mark.parametrize("config", CONFIGS[:4], ids=config_id)
def test_the_pure_python_environment_plays_the_same_games(
    config: tuple[str, int, Mapping[str, Any]],
) -> None:
    """``Env`` itself (what ``make`` gives where no compiler built the core)."""
    game, players, options = config
    for seed in range(100):
        lockstep(game, players, seed, options, env=Env(game, players, **options))
