"""A table can be pointed at another powers file: the game then plays with its values."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pegboard.cards import parse_card
from pegboard.core import get_spec, register
from pegboard.games.not_enough.config import SPEC, use_powers
from pegboard.games.not_enough.powers import PowersError, default_powers


@pytest.fixture
def restore_default() -> Iterator[None]:
    yield
    register(SPEC)


def test_use_powers_replaces_the_table_for_new_games(tmp_path: Path, restore_default: None) -> None:
    data_file = Path(__file__).resolve().parents[2] / "src/pegboard/data/civil_four_powers.json"
    data = json.loads(data_file.read_text())
    role = data["roles"]["C"]
    data["powers"][role]["K"]["intel"] += 7
    mine = tmp_path / "my_deck.json"
    mine.write_text(json.dumps(data))
    use_powers(str(mine))
    king = parse_card("KC")
    rules = get_spec("not-enough").create(2, get_spec("not-enough").resolve(2, {}))
    assert rules.powers.values[king]["intel"] == default_powers().values[king]["intel"] + 7  # type: ignore[attr-defined]


def test_a_bad_powers_file_is_refused_with_its_name(tmp_path: Path, restore_default: None) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(PowersError, match=r"broken\.json"):
        use_powers(str(broken))
