"""The compiled searches' hooks for the session-18 screening (``benchmarks/ismcts_variants.py``):
``_play_search.sample_worlds`` deals the expert's own worlds, draw for draw as the Python does,
and ``_ismcts.root_visits`` plays given worlds (and values a drawn next dealer), finding the
card that wins by force in a world it is given."""

from __future__ import annotations

import random

import pytest
from test_last_play import at_scores, deal, true_world

from pegboard.bots.cribbage.ismcts import EXPLORE
from pegboard.bots.search.play_search import PlaySearch
from pegboard.bots.search.race import GAME, race_tables
from pegboard.cards import RANK_OF, parse_card
from pegboard.games.cribbage.views import cribbage_view

_ismcts = pytest.importorskip("pegboard.bots.cribbage._ismcts")
_play_search = pytest.importorskip("pegboard.bots.search._play_search")


def scripted_view(scores: tuple[int, int]) -> dict[str, object]:
    """test_last_play's deal: to 31, the dealer holds A 7 7 8 over the pone's 6 led."""
    game = deal(["AS 7D 7H 8C 6H TC", "5D 5H 6C 6S 8D KS"], "4S", 31)
    game.apply(1, {"type": "play", "card": "6C"})
    return {"game": game, "view": at_scores(cribbage_view(game.view(0)), scores)}


@pytest.mark.parametrize("model", [True, False])
def test_sample_worlds_deals_what_the_python_search_deals(model: bool) -> None:
    view = scripted_view((60, 70))["view"]
    search = PlaySearch(view, model=model)  # type: ignore[arg-type]
    compiled, python = random.Random(11), random.Random(11)
    worlds = _play_search.sample_worlds(search, compiled, 300)
    expected = [search.world(python) for _ in range(300)]
    assert [(w.others, w.kept, w.crib) for w in expected] == worlds
    assert compiled.getstate() == python.getstate()


def test_given_the_true_world_the_tree_finds_the_card_that_wins_by_force() -> None:
    """In test_last_play's deal the 8 wins against every defence and the ace loses against
    every one: a tree over that one world must see it, dealt in turn or drawn."""
    scripted = scripted_view((19, 3))
    view, game = scripted["view"], scripted["game"]
    world = true_world(game, 0)  # type: ignore[arg-type]
    search = PlaySearch(view)  # type: ignore[arg-type]
    given = [(world.others, world.kept, world.crib)]
    for rule in ("rotate", "random"):
        visits = _ismcts.root_visits(
            search,
            random.Random(5),
            3000,
            EXPLORE,
            *race_tables(GAME, rule),
            given,
            rule == "random",
        )
        visited = dict(visits)  # by rank: the 8, the ace and the 7 can be played
        assert sorted(visited) == [1, 7, 8]
        assert max(visited, key=visited.__getitem__) == RANK_OF[int(parse_card("8C"))]


def test_no_worlds_given_is_refused() -> None:
    search = PlaySearch(scripted_view((19, 3))["view"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no worlds"):
        _ismcts.root_visits(search, random.Random(1), 10, EXPLORE, *race_tables(GAME), [])
