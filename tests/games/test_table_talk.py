"""Table talk (docs/rules.md, "Cribbage is not Enough"; seed 001_5556b57256b556f3.txt: "Team members
may not communicate about card content"): at a table with partners, while a hand is in play, only
quick phrases may be said (``Game.table_talk`` is ``phrases``); free text returns between hands and
after the game. Each game says whether it has partners (its spec's sides) and when a hand is in
play (its rules)."""

from __future__ import annotations

import pytest

from pegboard.bots import make
from pegboard.core import Game
from pegboard.core.spec import get_spec


def talk_by_phase(game_name: str, players: int, options: dict[str, object]) -> set[tuple[str, str]]:
    """(phase, table_talk) pairs seen over a seeded greedy game, and the talk at its end."""
    game = Game(get_spec(game_name), players, 3, options)
    bots = [make("greedy", seed=s) for s in range(players)]
    seen: set[tuple[str, str]] = set()
    while game.outcome is None:
        seen.add((str(game.view(None)["phase"]), game.table_talk))
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    seen.add(("the end", game.table_talk))
    return seen


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("not-enough", 4, {"score_target": 61}), ("cribbage", 4, {"teams": True, "score_target": 61})],
)
def test_partners_say_only_phrases_while_a_hand_is_in_play(
    game: str, players: int, options: dict[str, object]
) -> None:
    seen = talk_by_phase(game, players, options)
    assert {("discard", "phrases"), ("play", "phrases")} <= seen
    assert ("post-show", "free") in seen  # between hands
    assert ("the end", "free") in seen
    assert not {("discard", "free"), ("play", "free"), ("post-show", "phrases")} & seen


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("not-enough", 2, {"score_target": 61}),
        ("cribbage", 4, {"score_target": 61}),
        ("cribbage", 2, {"score_target": 61}),
        ("cribist", 4, {"end": "deals", "deals": 1}),
    ],
)
def test_without_partners_talk_is_free_throughout(
    game: str, players: int, options: dict[str, object]
) -> None:
    assert {talk for _, talk in talk_by_phase(game, players, options)} == {"free"}
