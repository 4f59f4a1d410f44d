"""The expert's sampled worlds fit everything its seat has seen, and nothing else is read."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.search.play_history import play_so_far
from pegboard.bots.search.tricks import sample_hands, seen_tricks, unseen, voids
from pegboard.bots.search.worlds import sample_world, seen_cards
from pegboard.cards import SUIT_OF, VALUE_OF, parse_card, parse_cards
from pegboard.core import Game, new_game
from pegboard.games.cribbage import Table
from pegboard.games.cribbage.views import cribbage_view
from pegboard.games.cribist.rules import CribistRules
from pegboard.games.cribist.views import cribist_view


def random_move(game: Game, rng: random.Random) -> None:
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    game.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("players", "seed", "greedy"),
    [(2, s, False) for s in range(8)] + [(3, 1, False), (4, 2, False), (3, 3, True), (4, 4, True)],
)
def test_cribbage_worlds_hold_only_unseen_cards_and_honour_every_go(
    players: int, seed: int, greedy: bool
) -> None:
    """Also when the other seats are dealt as ``greedy`` keeps (five cards, one thrown)."""
    game = new_game("cribbage", players=players, seed=seed, score_target=1000)
    rules = game.rules
    assert isinstance(rules, Table)
    rng = random.Random(seed)
    checked = 0
    while rules.hand_number < 3:
        if rules.phase == "play":
            me = game.to_act[0]
            view = cribbage_view(game.view(me))
            history = play_so_far(view)
            seen = seen_cards(view)
            for _ in range(5):
                kept_as = [s for s in range(players) if s != me] if greedy else []
                world = sample_world(view, history, rng, greedy=kept_as)
                dealt = [c for cards in world.others.values() for c in cards]
                assert not seen.intersection(dealt)
                mine = [int(c) for c in parse_cards(view["discarded"])]
                assert world.crib[: len(mine)] == mine
                assert not seen.intersection(world.crib[len(mine) :])
                assert len(set(dealt + world.crib)) == len(dealt) + len(world.crib)
                for seat, cards in world.others.items():
                    assert len(cards) == len(rules.hands[seat])
                    assert all(VALUE_OF[c] > history.above[seat] for c in cards)
                    assert len(world.kept[seat]) == 4
                assert len(world.crib) == 4
                assert me not in world.others
            checked += 1
        random_move(game, rng)
    assert checked > 10


@pytest.mark.parametrize("seed", range(6))
def test_cribist_worlds_respect_voids_and_the_cards_seen(seed: int) -> None:
    game = new_game("cribist", players=4, seed=seed, counting="auto", end="deals", deals=1)
    rules = game.rules
    assert isinstance(rules, CribistRules)
    rng = random.Random(seed)
    checked = 0
    while game.outcome is None:
        me = game.to_act[0]
        view = cribist_view(game.view(me))
        tricks = seen_tricks(view)
        void = voids(tricks)
        pool = unseen(view, tricks)
        # What the seat inferred is true of the real hands, and its pool holds them all.
        for seat in range(4):
            if seat != me:
                assert all(SUIT_OF[c] not in void[seat] for c in rules.hands[seat])
                assert set(rules.hands[seat]) <= set(pool)
        played = {int(parse_card(t["card"])) for t in view["trick"]}
        for _ in range(4):
            hands = sample_hands(me, view["hand_sizes"], pool, void, rng)
            assert set(hands) == {0, 1, 2, 3} - {me}
            for seat, cards in hands.items():
                assert len(cards) == len(rules.hands[seat])
                assert all(SUIT_OF[c] not in void[seat] for c in cards)
                assert not set(cards) & (set(parse_cards(view["hand"])) | played)
        checked += 1
        random_move(game, rng)
    assert checked == 52


def rules_hands(game: Game, seat: int) -> list[int]:
    rules = game.rules
    assert isinstance(rules, CribistRules)
    return [int(c) for c in rules.hands[seat]]


def test_a_seat_that_starts_mid_hand_still_samples_full_hands() -> None:
    """A bot created mid-game (a server restart) needs no memory: its view lists the hand's
    finished tricks, so every card played is seen and the other seats are dealt exactly the
    cards they may hold, each its right number."""
    game = new_game("cribist", players=4, seed=3, counting="auto")
    rng = random.Random(0)
    for _ in range(23):
        random_move(game, rng)
    me = game.to_act[0]
    view = cribist_view(game.view(me))
    tricks = seen_tricks(view)
    assert len(tricks) - 1 == sum(view["tricks_won"]) > 0  # the finished ones, then the current
    pool = unseen(view, tricks)
    assert sorted(pool) == sorted(c for s in range(4) if s != me for c in rules_hands(game, s))
    hands = sample_hands(me, view["hand_sizes"], pool, voids(tricks), rng)
    assert [len(hands.get(s, [])) for s in range(4) if s != me] == [
        view["hand_sizes"][s] for s in range(4) if s != me
    ]
