"""A table's matches: a seating shuffled from the table's seed and match (a daily game's not),
a game with the seats named and each bot's own seed, the rematch asked for on the results only
(never at a daily game), who left, and a match of several games: its score game by game, the
loser of each dealing the next first, a leaver's side forfeiting, and what a bot sees of it."""

from __future__ import annotations

from typing import Any

import pytest
from room_parts import table_row

from pegboard.bots import make
from pegboard.core.chance import ScriptedChance, SeededChance, SystemChance, outcome_from_json
from pegboard.core.matchplay import MatchFormat
from pegboard.core.outcome import Outcome
from pegboard.core.spec import get_spec
from pegboard.errors import IllegalAction
from pegboard.server.store.sql_store import TableRow
from pegboard.server.tables.matches import Matches, first_dealer_of
from pegboard.server.tables.slot import Slot, bot_slot

SLOTS: list[Slot | None] = [
    Slot("Ann", "human", "a"),
    bot_slot("greedy", 1),
    Slot("Cy", "human", "c"),
]


def matches_for(daily: bool = False, **fields: Any) -> Matches:
    row = table_row(players=3, **fields)
    return Matches(row, get_spec(row.game), daily=daily)


def test_the_seating_is_a_shuffle_fixed_by_the_seed_and_the_match() -> None:
    first, dealer = matches_for(match=0).seating()
    assert sorted(first) == [0, 1, 2]
    assert dealer is None  # the game draws its first dealer
    assert matches_for(match=0).seating()[0] == first
    later = [matches_for(match=m).seating()[0] for m in range(1, 8)]
    assert any(order != first for order in later)  # each match shuffles again


def test_a_daily_game_seats_its_person_first_and_has_no_rematch() -> None:
    assert all(matches_for(daily=True, match=m).seating()[0] == [0, 1, 2] for m in range(1, 8))
    matches = matches_for(daily=True, status="results", seating=[0, 1, 2])
    with pytest.raises(IllegalAction, match="one attempt a day"):
        matches.want_rematch(0)
    assert matches.rematch == set()


def test_a_new_game_names_its_seats_and_seeds_each_bot() -> None:
    matches = matches_for(seating=[2, 0, 1], match=3)
    game, bots = matches.new_game(SLOTS, SystemChance())
    assert game.view(None)["seats"] == [
        {"name": "Cy", "kind": "human"},
        {"name": "Ann", "kind": "human"},
        {"name": "Greedy 2", "kind": "bot:greedy"},
    ]
    assert bots == {2: ("greedy", 7 * 1000 + 3 * 8 + 2)}
    assert game.seed is None  # a live game's deal comes from chance, never from a seed


def test_a_new_game_is_dealt_from_the_chance_it_is_given() -> None:
    matches = matches_for(seating=[0, 1, 2])
    game, _ = matches.new_game(SLOTS, SystemChance())
    stored = [outcome_from_json(o) for o in game.chance_log]
    again, _ = matches.new_game(SLOTS, ScriptedChance(stored, then=SystemChance()))
    assert again.view(0) == game.view(0)  # the same draw and deal


def test_the_rematch_is_asked_for_on_the_results_once() -> None:
    matches = matches_for(status="playing", seating=[1, 2, 0])
    with pytest.raises(IllegalAction, match="once the game is over"):
        matches.want_rematch(0)
    matches = matches_for(status="results", seating=[1, 2, 0])
    assert matches.want_rematch(0) is True
    assert matches.want_rematch(0) is False  # a repeat changes nothing
    matches.bots_want_rematch([2])
    assert matches.asked() == {1, 0}  # the slots of seats 0 and 2
    game, _ = matches.new_game(SLOTS, SystemChance())
    matches.begin(game)  # the rematch is dealt: nobody has asked yet
    assert matches.rematch == set() and matches.gone == set()


def test_a_table_is_deserted_once_every_person_has_left_the_match() -> None:
    matches = matches_for(seating=[0, 1, 2])
    game, _ = matches.new_game(SLOTS, SystemChance())
    assert not matches.deserted(None, [0, 2])
    assert not matches.deserted(game, [0, 2])
    game.leave(0)  # seat 0 is slot 0
    assert matches.left(game) == {0}
    matches.gone.add(2)  # slot 2 stayed away past the grace
    assert matches.deserted(game, [0, 2])
    assert not matches.deserted(game, [])  # bots alone never desert a table


PAIR: list[Slot | None] = [Slot("Ann", "human", "a"), bot_slot("greedy", 1)]


def best_of_3(**fields: Any) -> tuple[Matches, TableRow]:
    row = table_row(players=2, match_format=MatchFormat(3, best_of=True), **fields)
    return Matches(row, get_spec(row.game)), row


def test_a_match_of_several_games_goes_on_and_its_loser_deals_the_next_game_first() -> None:
    matches, row = best_of_3(match=1)
    order, first = matches.seating()
    assert first is None and not matches.goes_on()  # a new match: the game draws its dealer
    row.seating = order
    game, _ = matches.new_game(PAIR, SystemChance())
    matches.begin(game)
    assert matches.first_dealer == first_dealer_of(game) is not None
    assert matches.info() == {
        **matches.score.to_json(),  # type: ignore[union-attr]
        "name": "best-of-3",
        "title": "best of 3",
    }
    assert matches.score is not None
    won = Outcome(scores=(121, 90), ranks=(1, 2), reason="score")  # seat 0 wins game 1
    matches.score = matches.score.add_outcome(won, get_spec("cribbage").worth)
    assert matches.goes_on()
    again, dealer = matches.seating()
    assert again == order  # the seats are kept
    assert dealer == 1  # the loser, seat 1, deals the next game first


def test_a_side_that_leaves_a_game_forfeits_the_match_and_the_record_says_so() -> None:
    matches, _ = best_of_3(match=1, seating=[0, 1])
    matches.seating()
    game, _ = matches.new_game(PAIR, SystemChance())
    matches.begin(game)
    game.leave(0)
    assert game.outcome is not None
    block = matches.end_of_game(game)
    assert block is not None and block["first_dealer"] == matches.first_dealer
    assert len(block["score"]["results"]) == 1 and matches.score is not None
    assert matches.score.decided and matches.score.winner == 1  # the leaver's side forfeits
    assert not matches.goes_on()
    assert matches.end_of_game(game) is None  # a decided match scores nothing more


def test_a_bot_sees_the_match_and_its_side_in_it_beside_its_view() -> None:
    matches, _ = best_of_3(match=1, seating=[1, 0])
    matches.seating()
    game, _ = matches.new_game(PAIR, SystemChance())
    view = matches.seat_view(game, 1)
    assert view["match"] == {"score": matches.info(), "side": 1}
    single = matches_for(seating=[0, 1, 2])
    single.seating()
    three, _ = single.new_game(SLOTS, SystemChance())
    assert single.info() is None and "match" not in single.seat_view(three, 0)


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_a_tables_match_counts_a_score_at_most_to_the_target_in_the_spread(seed: int) -> None:
    """A game to 15 played out by two bots: the winner often ends past 15 (the last count
    carries it), and the match's spread counts it at 15 (docs/rules.md, "Matches")."""
    matches, _ = best_of_3(match=1, seating=[0, 1], options={"score_target": 15})
    matches.seating()
    bots: list[Slot | None] = [bot_slot("greedy", 1), bot_slot("greedy", 2)]
    game, _ = matches.new_game(bots, SeededChance(seed))
    matches.begin(game)
    players = [make("greedy", seed=s) for s in range(2)]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, players[seat].act(game.view(seat)))
    matches.end_of_game(game)
    assert matches.score is not None
    (result,) = matches.score.results
    high, low = max(result.scores), min(result.scores)
    winner = result.ranks.index(1)
    assert result.target == 15 and high >= 15
    assert result.spread(winner) == 15 - low == -result.spread(1 - winner)
    assert matches.score.totals[winner].spread == 15 - low
