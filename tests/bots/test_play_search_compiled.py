"""The compiled play search (``bots/search/_play_search.pyx``) adds up exactly what
``play_search.totals_python`` adds up: the same worlds from the same generator, weighed and
valued to the same doubles, and the generator left where Python leaves it, at any table
(2, 3 or 4 players, teams, any target), with the models on or off and any seat playing a
learned style (any card, too: its rollouts' luck drawn alike), and with 2 players for the
game or for a match's payoff."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.arena import play_one
from pegboard.bots import make, registry
from pegboard.bots.expert import ExpertBot
from pegboard.bots.search import objective, play_model, play_search
from pegboard.bots.search.pegging import BOOK, GREEDY, HEURISTIC, RANDOM, SEARCHER
from pegboard.bots.search.play_search import PlaySearch, candidates, totals_python
from pegboard.bots.search.race import GAME, Payoff
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

core: Any = pytest.importorskip("pegboard.bots.search._play_search")

TABLES: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (2, {"score_target": 61}),
    (2, {"dealer": "rotate"}),  # the race with the roles swapping (random: the next drawn)
    (3, {}),
    (4, {}),
    (4, {"teams": True}),
    (4, {"teams": True, "score_target": 31}),
]


PAYOFFS = (GAME, GAME, Payoff(5, 6, 6, 1, 0, 0), Payoff(0.9, 1.0, 1.0, 0.3, 0.1, 0.0))
"""What a 2-player search plays for: the game; a match's game points; a payoff that is not
zero-sum (a match's chances, say)."""


def play_decision(seed: int) -> CribbageBotView:
    """The view of a seat choosing between two or more cards in the play, somewhere in a
    seeded game of greedy and random players (so some plays pass up points)."""
    rng = random.Random(seed)
    players, options = rng.choice(TABLES)
    game = Game(get_spec("cribbage"), players, seed, options)
    bots = [make(rng.choice(("greedy", "random")), seed=seed + s) for s in range(players)]
    stop = rng.random()
    found: CribbageBotView | None = None
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        if view["phase"] == "play" and view["turn"] == seat and len(candidates(view)) > 1:
            found = view
            if rng.random() < stop:
                return view
        game.apply(seat, bots[seat].act(view))
    assert found is not None
    return found


def search_case(seed: int) -> tuple[PlaySearch, list[int], int, float]:
    """A search of that view: the models on or off, the weighing forced on with 2 players
    now and then (as ``benchmarks/play_model_ab.py`` does), few worlds, a high floor or a
    harsh weight sometimes (so worlds are skipped, or none is kept), and half the time
    some seats playing the greedy style, any card or a searcher's chances (whose rollouts
    draw their luck)."""
    rng = random.Random(seed ^ 0x5EED)
    view = play_decision(seed)
    players = int(view["players"])
    styles = [
        rng.choice((HEURISTIC, HEURISTIC, GREEDY, RANDOM, BOOK, SEARCHER)) for _ in range(players)
    ]
    search = PlaySearch(
        view,
        model=rng.random() < 0.8,
        styles=styles if rng.random() < 0.5 else None,
        payoff=rng.choice(PAYOFFS),
    )
    if search.duel and search.history.plays and rng.random() < 0.3:
        search.weighs = True
    worlds = rng.choice((1, 2, 7, 20))
    missed = rng.choice((play_model.MISSED, play_model.MISSED, 0.1, 9.0))
    return search, candidates(view), worlds, missed


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_compiled_loop_adds_up_the_python_totals_from_the_same_draws(seed: int) -> None:
    search, cards, worlds, missed = search_case(seed)
    floor = random.Random(seed).choice((play_search.FLOOR, play_search.FLOOR, 0.5))
    python_rng, compiled_rng = random.Random(seed), random.Random(seed)
    saved = (play_model.MISSED, play_search.FLOOR)
    play_model.MISSED, play_search.FLOOR = missed, floor
    try:
        python = totals_python(search, cards, python_rng, worlds, None)
    finally:
        play_model.MISSED, play_search.FLOOR = saved
    sums, weight = core.totals(
        search,
        cards,
        compiled_rng,
        worlds,
        None,
        weighs=search.weighs,
        missed=missed,
        slip=play_model.SLIP,
        floor=floor,
        draws=search.draws,
        tie=play_search.TIE,
        per_deal=objective.PER_DEAL[search.teams],
        spread=objective.SPREAD[search.teams],
    )
    if python is None:
        assert weight == 0.0
    else:
        assert [v.hex() for v in sums] == [v.hex() for v in python]
        assert weight > 0.0
    assert compiled_rng.getstate() == python_rng.getstate()


def test_a_spent_deadline_stops_after_two_worlds_as_python_does() -> None:
    search, cards, _, _ = search_case(11)
    python_rng, compiled_rng = random.Random(1), random.Random(1)
    python = totals_python(search, cards, python_rng, 200, 0.0)
    compiled = play_search._totals(search, cards, compiled_rng, 200, 0.0)
    assert compiled == python
    assert compiled_rng.getstate() == python_rng.getstate()


class OtherRandom(random.Random):
    """Not ``random.Random`` itself: the search leaves it to the Python loop."""


def test_another_generator_or_a_subclassed_search_takes_the_python_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    search, cards, _, _ = search_case(5)
    monkeypatch.setattr(core, "totals", None)  # called, it would fail
    assert play_search._totals(search, cards, OtherRandom(3), 5, None) == totals_python(
        search, cards, OtherRandom(3), 5, None
    )


@pytest.mark.parametrize(
    ("players", "bots", "options"),
    [
        (2, "expert,hoyle", {}),
        (3, "expert,greedy,greedy", {}),
        (4, "expert,greedy,greedy,greedy", {}),
        (4, "expert,greedy,expert,greedy", {"teams": True}),
    ],
)
def test_whole_games_are_the_same_with_the_python_loop(
    players: int, bots: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Clock-free (budget None): the Python loop is several times slower and could meet the
    # 0.8 s deadline where the compiled one does not.
    monkeypatch.setitem(registry._FACTORIES, "expert", lambda seed: ExpertBot(seed, budget=None))
    seeds = (2000000, 2000001)
    compiled = [play_one("cribbage", players, bots.split(","), s, options).record() for s in seeds]
    monkeypatch.setattr(play_search, "_play_search", None)
    python = [play_one("cribbage", players, bots.split(","), s, options).record() for s in seeds]
    assert compiled == python
