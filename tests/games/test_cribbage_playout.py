"""The rollout fast path plays exactly the rules: same decks, same choices, same scores."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

import pytest

from pegboard.cards import DECK, card_names
from pegboard.core import Game, ScriptedChance, get_spec
from pegboard.core.chance import SeededChance, Shuffle
from pegboard.games.cribbage.playout import play_game, random_game


def name_of(option: object) -> object:
    """A fast-path option (a card id, or a tuple of ids to discard) in its JSON form."""
    if isinstance(option, tuple):
        return card_names(option)
    assert isinstance(option, int)
    return str(DECK[option])


def pick(seat: int, count: int, salt: int) -> int:
    """A deterministic choice both engines can make from the same information."""
    return (seat * 7 + count * 3 + salt) % count


@pytest.mark.parametrize(
    ("players", "teams", "seed"),
    [(2, False, s) for s in range(12)]
    + [(3, False, s) for s in range(6)]
    + [(4, False, s) for s in range(4)]
    + [(4, True, s) for s in range(4)],
)
def test_playout_scores_match_the_rules_engine(players: int, teams: bool, seed: int) -> None:
    source = SeededChance(seed)
    decks = [source.resolve(Shuffle(DECK), i) for i in range(60)]
    dealer = seed % players
    game = Game(
        get_spec("cribbage"),
        players,
        seed,
        {"teams": teams, "post_show": False, "dealer": "rotate"},
        chance=ScriptedChance([(dealer,), *decks]),
    )
    while game.outcome is None:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[pick(seat, len(legal), game.version % 5)])

    # The fast path has no event counter: it replays each seat's choices from the record.
    made: dict[int, deque[object]] = {s: deque() for s in range(players)}
    for entry in game.record()["actions"]:
        action = entry["action"]
        if action["type"] in ("discard", "play"):
            assert entry["seat"] is not None  # only the driver's time-up has none
            made[entry["seat"]].append(action.get("cards", action.get("card")))

    def replay_choice(seat: int, options: Sequence[object]) -> int:
        names = [name_of(o) for o in options]
        return names.index(made[seat].popleft())

    hands = iter(decks)
    scores = play_game(players, dealer, lambda: next(hands), replay_choice, teams=teams)
    assert game.outcome is not None
    assert tuple(scores) == game.outcome.scores


def test_random_games_end_at_the_target() -> None:
    for seed in range(50):
        players = 2 + seed % 3
        scores = random_game(seed, players)
        assert max(scores) >= 121
        assert sorted(scores)[-2] < 121
    assert random_game(7) == random_game(7)
    assert random_game(7) != random_game(8) or random_game(7) != random_game(9)


def test_random_game_uses_only_its_seed() -> None:
    random.seed(0)
    first = random_game(3)
    random.seed(99)
    assert random_game(3) == first
