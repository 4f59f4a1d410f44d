"""Session 20's measuring tools (``benchmarks/ismcts_where.py``, ``expert-rollout-discard`` in
``benchmarks/ismcts_variants.py``): the chance a phase adds is read off the score race's own
model, a game's phases add up to its result, and the discard valued by deals played out sees
a keep that surely counts out."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from test_last_play import at_scores, deal

from pegboard.analysis.tables import multisets
from pegboard.bots import registry
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.search.last_play import choose_card_exactly
from pegboard.bots.search.race import TARGET, hand_point_chances
from pegboard.cards import SUIT_OF, Card, parse_card, parse_cards
from pegboard.core.chance import ScriptedChance
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage import stack_deck
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

# The measuring tools register their variants and opponents as bots when imported; every test
# of this process after collection (the web form's list of bots among them) must see the
# product's bots only (those its packages declare too: loaded first, once for the process).
registry.bot_names()
_PRODUCT_BOTS = dict(registry._FACTORIES)
try:
    from benchmarks.ismcts_tosses import spread_suits
    from benchmarks.ismcts_variants import ExactPone, RolloutDiscard, deal_values
    from benchmarks.ismcts_where import _after_pegging, _chances, phase_gains
finally:
    registry._FACTORIES.clear()
    registry._FACTORIES.update(_PRODUCT_BOTS)

RUN = Path(__file__).parents[2] / "docs/bots/runs/where-ismcts-s20.jsonl"


@pytest.mark.parametrize("needs", [(60, 80), (45, 100), (90, 41), (33, 33)])
@pytest.mark.parametrize("deals", [True, False])
def test_the_chance_before_a_deal_is_the_mean_after_its_pegging(
    needs: tuple[int, int], deals: bool
) -> None:
    """Both far enough that nobody pegs out: the race table's chance before the deal is the
    mean, over the pegging's chances, of the chance with both shows still to come."""
    mine, theirs = needs
    pegging = hand_point_chances()[0]  # [dealer's][pone's]
    mean = 0.0
    for dealer, pone in zip(*np.nonzero(pegging), strict=True):
        own, other = (dealer, pone) if deals else (pone, dealer)
        after = _after_pegging(mine - int(own), theirs - int(other), deals)
        mean += float(pegging[dealer, pone]) * after
    assert mean == pytest.approx(float(_chances()[0 if deals else 1][mine, theirs]), abs=1e-12)


def test_a_games_phases_add_up_to_its_result() -> None:
    lines = [json.loads(t) for t in RUN.read_text("utf-8").splitlines()[:15]]
    for game in (line[g] for line in lines for g in ("g1", "g2")):
        total = sum(gain for _, _, _, gain in phase_gains(game))
        assert total == pytest.approx((1.0 if game["expert_won"] else 0.0) - 0.5)
    assert _chances()[2][TARGET, TARGET] == pytest.approx(0.5)


def test_a_deal_that_ends_in_the_pegging_adds_nothing_after_it() -> None:
    """The pone needing 1 pegs out with the go (the hand's pegging 1): the game is over."""
    game = {
        "expert_seat": 1,
        "expert_won": True,
        "hands": [
            {
                "dealer": 0,
                "before": [100, 120],
                "points": [
                    {"pegging": 0, "heels": 0, "hand": 0, "crib": 0},
                    {"pegging": 1, "heels": 0, "hand": 0, "crib": 0},
                ],
            }
        ],
    }
    gains = list(phase_gains(game))
    assert [(step, where, role) for step, where, role, _ in gains] == [
        ("dealer drawn", "near", "pone"),
        ("pegging", "near", "pone"),
    ]
    assert gains[1][3] == pytest.approx(1.0 - float(_chances()[1][1, 21]))


def pone_view(hand: str, scores: tuple[int, int]) -> CribbageBotView:
    """Seat 1's view before the discard, seat 0 dealing."""
    cards = [parse_cards("AS 7D 7H 8C 6H TC"), parse_cards(hand)]
    deck = stack_deck(cards, 0, parse_card("4S"))
    chance = ScriptedChance([(0,), [int(c) for c in deck]])
    game = Game(get_spec("cribbage"), 2, 0, {}, chance=chance)
    return at_scores(cribbage_view(game.view(1)), scores)


def test_the_keep_that_surely_counts_out_wins_in_every_deal() -> None:
    """The pone needs 4 and the dealer 61: 5 5 5 J counts 14 or more with any starter, so
    every world is won; keeping 2 9 J 5 counts 2 with some starters and loses some worlds.
    The bot keeps a hand that wins them all."""
    view = pone_view("5D 5H 5C JS 2C 9D", (60, 117))
    hand = [int(c) for c in parse_cards(view["hand"])]
    choices = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
    values = deal_values(view, hand, choices, random.Random(3), 300, (0, 0))
    by_toss = {
        frozenset(str(Card(c)) for c in pair): v for pair, v in zip(choices, values, strict=True)
    }
    assert set(by_toss[frozenset({"2C", "9D"})]) == {1.0}
    assert 0.0 < sum(by_toss[frozenset({"5H", "5C"})]) / 300 < 1.0
    thrown = RolloutDiscard(seed=1).act(view)["cards"]
    assert set(by_toss[frozenset(thrown)]) == {1.0}


def test_the_toss_tables_hands_can_hold_no_flush() -> None:
    for ranks in multisets(6).ranks:
        cards = spread_suits(ranks)
        assert len(set(cards)) == 6
        assert max(sum(SUIT_OF[c] == s for c in cards) for s in range(4)) <= 2


def test_the_exact_pone_searches_only_the_pones_play_far_from_the_end() -> None:
    """Seat 1 is pone and leads; far from the end its lead is the exact search's over the
    same worlds, while as dealer, and near the end, the variant leaves the play to the
    expert as shipped."""
    game = deal(["AS 7D 7H 8C 6H TC", "5D 5H 6C 6S 8D KS"], "4S", 121)
    lead = at_scores(cribbage_view(game.view(1)), (40, 52))
    rng = random.Random(f"{lead['hand']} {lead['scores']} {lead['played']}")
    exact = str(Card(choose_card_exactly(lead, rng, worlds=200)))
    assert ExactPone(seed=3).decide(lead) == {"type": "play", "card": exact}
    assert ExactPone(seed=3).decide(at_scores(lead, (40, 100))) is None  # near the end
    game.apply(1, {"type": "play", "card": "6C"})
    answer = at_scores(cribbage_view(game.view(0)), (52, 40))
    assert ExactPone(seed=3).decide(answer) is None  # the dealer's play
    assert ExactPone(seed=3).act(answer) == CribbageExpert(seed=3).act(answer)
