"""docs/research.md's id tables and observation layouts are the code's."""

from __future__ import annotations

from pathlib import Path

import pytest

from pegboard.env import make

DOC = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text("utf-8")


def rows(table: list[tuple[int, int, str, str]]) -> list[str]:
    return [
        f"| {a if a == b else f'{a}–{b}'} | `{name}` | {meaning} |" for a, b, name, meaning in table
    ]


@pytest.mark.parametrize(("game", "players"), [("cribbage", 2), ("cribist", 4), ("not-enough", 2)])
def test_the_documented_tables_are_the_environment_s(game: str, players: int) -> None:
    env = make(game, players)
    for row in rows(env.space.table()) + rows(env.layout.table()):
        assert row in DOC
    assert f"{env.num_actions} ids" in DOC and f"{env.observation_size} values" in DOC


def test_the_documented_sizes_for_more_players_are_the_environment_s() -> None:
    three, four = make("cribbage", 3), make("cribbage", 4)
    assert f"{three.observation_size} and\n{four.observation_size} values" in DOC
    assert f"{make('not-enough', 4).observation_size}\nvalues" in DOC
