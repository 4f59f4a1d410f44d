"""With 2 players the expert's worlds give the opponent hands a good player would keep."""

from __future__ import annotations

import random

import pytest

from pegboard.analysis.strong import Strategy
from pegboard.bots.search.play_history import play_so_far
from pegboard.bots.search.toss_model import STRAY, tossed_ranks
from pegboard.bots.search.worlds import sample_modelled_world, seen_cards, unseen_cards
from pegboard.cards import RANK_OF, VALUE_OF, parse_cards
from pegboard.core import new_game
from pegboard.games.cribbage import Table
from pegboard.games.cribbage.views import cribbage_view


def key(cards: list[int]) -> int:
    return sum(1 << (3 * (RANK_OF[c] - 1)) for c in cards)


@pytest.mark.parametrize("seed", range(6))
def test_modelled_worlds_fit_the_view_and_mostly_the_model(seed: int) -> None:
    # The seeded games this bound was set on deal in turn. Drawn dealers (the default) fit as
    # well: 84.3% of 1,440 worlds over seeds 0-23, against 85.7% dealt in turn.
    game = new_game("cribbage", players=2, seed=seed, score_target=1000, dealer="rotate")
    rules = game.rules
    assert isinstance(rules, Table)
    rng = random.Random(seed)
    worlds = fitting = 0
    while rules.hand_number < 4:
        if rules.phase == "play":
            me = game.to_act[0]
            view = cribbage_view(game.view(me))
            other = 1 - me
            strategy: Strategy = "pone" if view["dealer"] == me else "dealer"
            history = play_so_far(view)
            seen = seen_cards(view)
            played = [c for s, c in history.plays if s == other]
            for _ in range(20):
                world = sample_modelled_world(view, history, rng, unseen_cards(view), strategy)
                held = world.others[other]
                assert len(held) == len(rules.hands[other])
                assert not seen.intersection(held + world.crib[2:])
                assert all(VALUE_OF[c] > history.above[other] for c in held)
                assert world.kept[other] == played + held
                mine = [int(c) for c in parse_cards(view["discarded"])]
                assert world.crib[:2] == mine and len(set(world.crib)) == 4
                six = world.kept[other] + world.crib[2:]
                low, high = tossed_ranks(strategy)[key(six)]
                if not played:  # nothing seen of theirs yet: every deal is kept
                    worlds += 1
                    fitting += sorted(RANK_OF[c] for c in world.crib[2:]) == [low, high]
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    assert worlds >= 40
    # Before they play, a world strays from the model only with chance STRAY (and a
    # random toss can still be the model's).
    assert fitting / worlds > 1 - 1.6 * STRAY
