"""A searcher's chances (``bots/search/search_style.py``): one card a rank, the points taken
and 5 or 21 left rarely, drawn in the rollouts as often as their chances say; an expert asked
to (``Thinking.searcher``) reads ``ismcts`` as a searcher, and its search then keeps the toss
model and draws each world's luck; the expert as shipped never reads one."""

from __future__ import annotations

from collections import Counter

import pytest

from pegboard.bots.base import Bot
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.cribbage.ismcts import IsmctsBot
from pegboard.bots.expert import ExpertBot
from pegboard.bots.game_bot import Thinking
from pegboard.bots.search import search_style
from pegboard.bots.search.pegging import HEURISTIC, RANDOM, SEARCHER, styled
from pegboard.bots.search.play_search import PlaySearch
from pegboard.cards import RANK_OF, parse_card
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import cribbage_view


def ids(names: str) -> list[int]:
    return [int(parse_card(name)) for name in names.split()]


def chance_of(chances: list[tuple[int, float]], name: str) -> float:
    rank = RANK_OF[int(parse_card(name))]
    return sum(p for card, p in chances if RANK_OF[card] == rank)


def test_one_card_a_rank_and_the_fifteen_taken_most_of_the_time() -> None:
    """On a king led (10), holding 5H 5S 4C 9D: the five makes fifteen for 2."""
    chances = search_style.chances(ids("5H 5S 4C 9D"), 10, ids("KS"))
    assert [RANK_OF[c] for c, _ in chances] == [5, 4, 9]
    assert sum(p for _, p in chances) == pytest.approx(1.0)
    assert chance_of(chances, "5H") > 0.8


def test_leaving_21_is_rarer_than_leaving_20() -> None:
    """At 12 (7S 5D), a 9 leaves 21 (a ten-card makes 31) and an 8 leaves 20."""
    chances = search_style.chances(ids("9C 8H"), 12, ids("7S 5D"))
    assert chance_of(chances, "9C") < 0.3 < 0.7 < chance_of(chances, "8H")


def test_a_low_lead_is_likelier_than_a_five() -> None:
    chances = search_style.chances(ids("5C 4H KD"), 0, [])
    assert chance_of(chances, "4H") > chance_of(chances, "5C")


def test_pick_follows_the_running_sum_of_the_chances() -> None:
    playable, count, cards = ids("9C 8H 2D"), 12, ids("7S 5D")
    chances = search_style.chances(playable, count, cards)
    first, second = chances[0][1], chances[1][1]
    assert search_style.pick(playable, count, cards, 0.0) == chances[0][0]
    assert search_style.pick(playable, count, cards, first - 1e-9) == chances[0][0]
    assert search_style.pick(playable, count, cards, first + 1e-9) == chances[1][0]
    assert search_style.pick(playable, count, cards, first + second + 1e-9) == chances[2][0]
    assert search_style.pick(playable, count, cards, 0.999999) == chances[2][0]


def test_the_rollout_plays_each_rank_about_as_often_as_its_chance() -> None:
    playable, count, cards = ids("9C 8H 2D 2S"), 12, ids("7S 5D")
    chances = search_style.chances(playable, count, cards)

    def play(luck: int) -> int:
        return RANK_OF[styled([SEARCHER, HEURISTIC], luck)(0, playable, count, cards)]

    played = Counter(play(luck) for luck in range(3000))
    for card, chance in chances:
        assert played[RANK_OF[card]] / 3000 == pytest.approx(chance, abs=0.03)
    assert all(play(luck) == play(luck) for luck in range(20))


def test_a_card_that_cannot_be_played_has_no_chance() -> None:
    with pytest.raises(ValueError, match="not playable"):
        search_style.log_chance(int(parse_card("KD")), ids("9C 8H"), 12, ids("7S 5D"))


def test_ismcts_is_read_as_a_searcher_and_the_search_keeps_its_toss_and_draws_luck() -> None:
    """A whole seeded game against ``ismcts``: within a few hands the expert reads it as a
    searcher; from then on the play's worlds still deal its hand by the toss model, and each
    world draws the luck its rollouts play the searcher's chances with."""
    seed = 7_300_000
    game = Game(get_spec("cribbage"), 2, seed, {})
    expert = CribbageExpert(seed, Thinking(budget=None, searcher=True))
    seated: list[Bot] = [expert, IsmctsBot(seed + 1)]
    searched = 0
    while game.outcome is None:
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        if seat == 0 and view["phase"] == "play" and expert.styles.style(1) == SEARCHER:
            search = PlaySearch(view, styles=expert.styles.styles(2))
            assert search.lucky and search.strategy is not None
            # Against a player of any card the same view deals its hand at random.
            assert PlaySearch(view, styles=(HEURISTIC, RANDOM)).strategy is None
            searched += 1
        game.apply(seat, seated[seat].act(view))
    assert expert.styles.styles(2) == (HEURISTIC, SEARCHER)
    assert searched >= 10


@pytest.mark.parametrize("other", ["ismcts", "expert"])
def test_the_expert_as_shipped_reads_no_searcher(other: str) -> None:
    """Off as shipped: the searcher's account is not even kept, so nothing else moves."""
    seed = 7_300_000
    game = Game(get_spec("cribbage"), 2, seed, {})
    expert = CribbageExpert(seed, Thinking(budget=None))
    opponent: Bot = IsmctsBot(seed + 1) if other == "ismcts" else ExpertBot(seed + 1, budget=None)
    seated: list[Bot] = [expert, opponent]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].act(cribbage_view(game.view(seat))))
        assert expert.styles.style(1) != SEARCHER
    assert len(expert.styles.learned_hands) >= 5
    assert all(SEARCHER not in evidence for evidence in expert.styles.evidence.values())
