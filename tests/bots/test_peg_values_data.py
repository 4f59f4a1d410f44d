"""The play table (``pegboard/data/peg_values.json``) is what its build script writes: every
row measured again from its own seed gives the stored number, and the file's text is the
script's."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pegboard.analysis.tables import multisets
from pegboard.bots.search.peg_values import (
    COLUMNS,
    DATA_FILE,
    ROLLOUTS,
    centred,
    column_names,
    peg_value,
)
from pegboard.bots.search.peg_values_build import dumps, header, measure
from pegboard.cards import parse_cards

TEXT = resources.files("pegboard").joinpath(DATA_FILE).read_text("utf-8")
DATA = json.loads(TEXT)
ROWS = len(multisets(4).ranks)
SAMPLE = [*range(0, ROWS, 280), ROWS - 1]  # 8 keeps from all over the table
FIVES_AND_FACES = [int(c) for c in parse_cards("5H 5C TD JS")]


def test_the_file_is_what_the_script_writes() -> None:
    assert {key: DATA[key] for key in header(ROLLOUTS, 0)} == header(ROLLOUTS, 0)
    assert list(DATA) == [*header(ROLLOUTS, 0), *COLUMNS]
    assert all(len(DATA[column]) == ROWS == 1820 for column in COLUMNS)
    assert dumps(DATA) == TEXT


@pytest.mark.parametrize("column", COLUMNS)
@pytest.mark.parametrize("row", SAMPLE)
def test_a_row_measured_again_gives_the_stored_total(column: str, row: int) -> None:
    assert measure(multisets(4).ranks[row], column, ROLLOUTS, 0) == DATA[column][row]


@pytest.mark.parametrize(
    ("players", "teams", "columns"),
    [
        (2, False, ("pone", "dealer")),
        (3, False, ("three-0", "three-1", "three-2")),
        (4, False, ("four-0", "four-1", "four-2", "four-3")),
        (4, True, ("teams-0", "teams-1", "teams-2", "teams-3")),
        (3, True, ("three-0", "three-1", "three-2")),  # a team table a player has left
    ],
)
def test_each_table_reads_its_own_columns_by_place_after_the_dealer(
    players: int, teams: bool, columns: tuple[str, ...]
) -> None:
    assert column_names(players, teams) == columns


def test_the_bots_read_each_column_centred_in_hundredths() -> None:
    pone = centred(DATA["pone"], ROLLOUTS)
    assert abs(sum(pone)) < len(pone)  # rounding only: an average keep is worth 0
    row = multisets(4).ranks.index((5, 5, 10, 11))
    assert peg_value(FIVES_AND_FACES, 2, 0) == pone[row] / 100
    # Each for themselves, the total is against each of the other seats: read per seat.
    three = centred(DATA["three-1"], ROLLOUTS * 2)
    assert peg_value(FIVES_AND_FACES, 3, 1) == three[row] / 100
    teams = centred(DATA["teams-3"], ROLLOUTS)
    assert peg_value(FIVES_AND_FACES, 4, 3, teams=True) == teams[row] / 100


def test_low_cards_peg_better_than_picture_cards_wherever_someone_else_leads() -> None:
    # The low cards take the go and the 31s, the pictures give away 15s. Only the 2-player
    # pone, who must lead from four low cards into the dealer's pairs, does worse with them.
    low = [int(c) for c in parse_cards("AH 2C 3D 4S")]
    faces = [int(c) for c in parse_cards("TH JC QD KS")]
    assert peg_value(low, 2, 0) < peg_value(faces, 2, 0)
    places = [(2, 1, False)] + [
        (players, place, teams)
        for players, teams in ((3, False), (4, False), (4, True))
        for place in range(players)
    ]
    for players, place, teams in places:
        assert peg_value(low, players, place, teams=teams) > peg_value(
            faces, players, place, teams=teams
        )
