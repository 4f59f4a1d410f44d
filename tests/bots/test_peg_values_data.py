"""The play table (``pegboard/data/peg_values.json``) is what its build script writes: every
row measured again from its own seed gives the stored number, and the file's text is the
script's."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pegboard.analysis.tables import multisets
from pegboard.bots.search.peg_values import DATA_FILE, ROLES, ROLLOUTS, centred, peg_value
from pegboard.bots.search.peg_values_build import dumps, header, measure
from pegboard.cards import parse_cards

TEXT = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
DATA = json.loads(TEXT)
ROWS = len(multisets(4).ranks)
SAMPLE = [*range(0, ROWS, 140), ROWS - 1]  # 14 keeps from all over the table


def test_the_file_is_what_the_script_writes() -> None:
    assert {key: DATA[key] for key in header(ROLLOUTS, 0)} == header(ROLLOUTS, 0)
    assert len(DATA["pone"]) == len(DATA["dealer"]) == ROWS == 1820
    assert dumps(DATA) == TEXT


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("row", SAMPLE)
def test_a_row_measured_again_gives_the_stored_total(role: str, row: int) -> None:
    ranks = multisets(4).ranks[row]
    assert measure(ranks, role == "dealer", ROLLOUTS, 0) == DATA[role][row]


def test_the_bots_read_each_column_centred_in_hundredths() -> None:
    pone = centred(DATA["pone"], ROLLOUTS)
    assert abs(sum(pone)) < len(pone)  # rounding only: an average keep is worth 0
    row = multisets(4).ranks.index((5, 5, 10, 11))
    assert peg_value([int(c) for c in parse_cards("5H 5C TD JS")], 2, 0) == pone[row] / 100
    assert peg_value([int(c) for c in parse_cards("5H 5C TD JS")], 3, 0) == 0.0
