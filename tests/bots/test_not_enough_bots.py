"""Greedy and expert play for Cribbage is not Enough: legal everywhere (2 and 4 players, auto
and manual counting), deterministic, blind to hidden cards, exact where they claim to be, and
stronger in that order: random < greedy < expert."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import cast

import pytest

from pegboard.bots import make
from pegboard.bots.not_enough.expert import act_expert
from pegboard.bots.not_enough.greedy import (
    act_greedy,
    combo_points,
    cradle_values,
    hand_value,
    least_telling,
)
from pegboard.bots.not_enough.settle import battle_odds, dice_pmf
from pegboard.cards import DECK, parse_card, parse_cards
from pegboard.core import Action, Game, ScriptedChance, SeededChance, new_game
from pegboard.games.not_enough import NotEnoughRules, stack_decks
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.games.not_enough.views import NotEnoughBotView, NotEnoughChoice, not_enough_view
from pegboard.scoring import score_show
from pegboard.scoring.combos import combination_points

View = NotEnoughBotView
Chooser = Callable[[View], Action]


def expert(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda view: act_expert(view, rng)


def random_bot(seed: int) -> Chooser:
    return make("random", seed=seed).act


def check(view: View, action: Action) -> None:
    """An action the rules will take: one of the legal ones, or a claim or call while counting."""
    if view["phase"] == "count" and action["type"] in ("claim", "muggins"):
        return
    assert action in view["legal"], (action, view["legal"])


def play(game: Game, seats: list[Chooser], *, check_all: bool = True) -> Game:
    """Play ``game`` to the end, each seat choosing from its own view only."""
    while game.outcome is None:
        seat = game.to_act[0]
        view = not_enough_view(game.view(seat))
        action = seats[seat](view)
        if check_all:
            check(view, action)
        game.apply(seat, action)
        if action["type"] == "muggins":  # the bots call only on real misses
            assert next(e for e in reversed(game.events) if e["type"] == "muggins")["valid"]
    return game


def kinds_met(game: Game) -> set[str]:
    return {entry["action"]["type"] for entry in game.actions}


# -- legal everywhere ----------------------------------------------------------------------


def noisy_greedy_game(players: int, counting: str, seed: int, met: Counter[str]) -> None:
    """Greedy answers every position of a game where half the moves played are random (so
    that it meets many positions); each answer must be legal."""
    game = new_game("not-enough", players=players, seed=seed, counting=counting)
    noise = random.Random(seed)
    while game.outcome is None:
        seat = game.to_act[0]
        view = not_enough_view(game.view(seat))
        action = act_greedy(view)
        check(view, action)
        met[action["type"]] += 1
        if noise.random() < 0.5:  # while counting: claim nothing, or pass
            action = noise.choice(view["legal"])
        game.apply(seat, action)


def test_greedy_is_legal_in_many_random_positions() -> None:
    """2 and 4 players, auto and manual counting: every kind of decision met and answered."""
    met: Counter[str] = Counter()
    for players in (2, 4):
        for counting in ("auto", "manual"):
            for seed in range(4):
                noisy_greedy_game(players, counting, seed, met)
    wanted = {"colour", "discard", "first", "power", "reveal", "split", "magic", "play"}
    wanted |= {"cradle", "claim", "muggins", "pass", "ready"}
    assert wanted <= set(met), wanted - set(met)
    assert sum(met.values()) > 2000


@pytest.mark.parametrize(("players", "counting"), [(2, "auto"), (4, "manual")])
def test_expert_is_legal_in_whole_games(players: int, counting: str) -> None:
    seats: list[Chooser] = [expert(1), random_bot(2), expert(3), random_bot(4)][:players]
    met: set[str] = set()
    for seed in range(2):
        game = new_game(
            "not-enough", players=players, seed=seed, counting=counting, score_target=61
        )
        play(game, seats)
        met |= kinds_met(game)
        assert game.outcome is not None and game.outcome.reason == "target"
    assert {"discard", "play", "power"} <= met


def test_perfect_counting_leaves_nothing_for_muggins() -> None:
    """Greedy claims everything the game counts, so the other side never finds a miss; against
    a random claimant (claims nothing) every Muggins call it makes is good."""
    game = play(new_game("not-enough", players=2, seed=5, counting="manual"), [act_greedy] * 2)
    assert not [e for e in game.events if e["type"] == "muggins"]
    game = play(
        new_game("not-enough", players=2, seed=6, counting="manual"),
        [act_greedy, random_bot(6)],
    )
    calls = [e for e in game.events if e["type"] == "muggins"]
    assert calls and all(e["valid"] and e["seat"] == 0 for e in calls)


# -- deterministic, and blind to what it may not see ---------------------------------------


def test_expert_is_deterministic_for_a_seed() -> None:
    records = []
    for _ in range(2):
        game = new_game("not-enough", players=2, seed=11, score_target=61)
        play(game, [expert(7), expert(8)])
        records.append(json.dumps(game.record()["actions"]))
    assert records[0] == records[1]


SEAT0 = "2C 5S 6C 7S 9C JS"  # grey: seat 0 leads, seat 1 deals and takes blue
TOPS = {GREY: "4C", BLUE: "3H"}


def stacked(opponent: str) -> Game:
    hands = [parse_cards(SEAT0), parse_cards(opponent)]
    decks = stack_decks(hands, 1, BLUE, {c: parse_card(t) for c, t in TOPS.items()})
    order = [(1,), [int(c) for c in decks[GREY]], [int(c) for c in decks[BLUE]]]
    chance = ScriptedChance(order, then=SeededChance("rolls"))
    game = new_game("not-enough", players=2, seed=1, chance=chance)
    game.apply(1, {"type": "colour", "colour": BLUE})
    return game


def hidden_hand(game: Game) -> list[int]:
    assert isinstance(game.rules, NotEnoughRules)
    return [int(c) for c in game.rules.hands[1]]


def same_choices(views: Iterable[View]) -> None:
    """Both bots choose the same from views that are the same, whatever is hidden."""
    first, second = views
    assert first == second
    assert act_greedy(first) == act_greedy(second)
    assert act_expert(first, random.Random(3)) == act_expert(second, random.Random(3))
    assert act_expert(json.loads(json.dumps(first)), random.Random(3)) == act_expert(
        first, random.Random(3)
    )


def test_the_bots_see_only_the_view() -> None:
    games = [stacked("2H 4D 6H 8D 9H TD"), stacked("AH 5D 7H 7D JH KD")]
    assert hidden_hand(games[0]) != hidden_hand(games[1])
    same_choices(not_enough_view(g.view(0)) for g in games)  # the discard
    for game in games:
        game.apply(1, game.legal_actions(1)[0])
        game.apply(0, act_greedy(not_enough_view(game.view(0))))
    assert games[0].view(0)["phase"] == "play" and games[0].to_act == (0,)
    same_choices(not_enough_view(g.view(0)) for g in games)  # the lead


# -- exact where they say so ---------------------------------------------------------------


def test_combination_counts_match_the_scorer() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(DECK, rng.randint(0, 7))
        assert combo_points(cards) == combination_points(cards)


def test_hand_value_is_the_show_plus_her_heels() -> None:
    hand = parse_cards("QH 5H 5C TD")
    top = parse_card("6H")  # a Queen of the Top's suit: the other team loses 1
    assert hand_value(hand, top) == score_show(hand, top).total + 1


def test_dice_odds() -> None:
    for n in (1, 3, 8):
        pmf = dice_pmf(n)
        assert sum(pmf) == pytest.approx(1.0)
        assert sum(s * p for s, p in enumerate(pmf)) == pytest.approx(3.5 * n)
    even = battle_odds(((3, 0), (3, 0)))
    assert even[0] == pytest.approx(even[1]) and sum(even) < 1  # ties leave the piles
    assert battle_odds(((0, 7), (1, 0))) == pytest.approx((1.0, 0.0))  # 1 die never beats 7
    four = battle_odds(((2, 0), (5, 0), (2, 0), (0, 3)))
    assert four[1] > 0.8 and sum(four) <= 1


def cradle_positions(count: int) -> Iterable[Game]:
    """Games (with a far target) waiting for a cradle decision."""
    found = 0
    for seed in range(200):
        game = new_game("not-enough", players=2, seed=seed, score_target=1000)
        bots = [random_bot(seed), random_bot(seed + 1)]
        while game.outcome is None and not_enough_view(game.view(None))["hand_number"] <= 6:
            seat = game.to_act[0]
            if not_enough_view(game.view(None))["phase"] == "cradle":
                yield game
                found += 1
                if found >= count:
                    return
            game.apply(seat, bots[seat](not_enough_view(game.view(seat))))


def crib_swing(game: Game, seat: int, action: Action) -> int:
    """Our crib points less theirs when ``seat`` takes ``action``, as the game counts them."""
    trial = copy.deepcopy(game)
    before = not_enough_view(trial.view(None))["team_scores"]
    trial.apply(seat, action)
    after = not_enough_view(trial.view(None))["team_scores"]
    gain = [int(a) - int(b) for a, b in zip(after, before, strict=True)]
    return gain[seat % 2] - gain[1 - seat % 2]


def test_the_cradle_is_valued_as_the_game_counts_it() -> None:
    for game in cradle_positions(12):
        seat = game.to_act[0]
        view = not_enough_view(game.view(seat))
        for value, action in cradle_values(view):
            if action["action"] != "add":
                assert value == crib_swing(game, seat, action), action
        best = act_greedy(view)
        exact = [crib_swing(game, seat, a) for a in view["legal"] if a["action"] != "add"]
        if best["action"] != "add":
            assert crib_swing(game, seat, best) == max(exact)


def test_power_choice_reads_the_hand() -> None:
    """A poor hand swaps for Magic; a strong one with Might in it keeps the Top for the battle
    (the dealer, seat 0, grey, with a King on top: it has every power in the table)."""
    assert power_choice("2C 4S 8C 9S 3S 7C", "KC") == "magic"
    assert power_choice("5C 5S TC JS 3S 7C", "KC") == "might"


def power_choice(hand: str, top: str) -> str:
    """What greedy does with ``top`` as its Top, keeping the first four cards of ``hand``."""
    decks = stack_decks(
        [parse_cards(hand), parse_cards("2H 4D 6H 8D 9H TD")],
        0,
        GREY,
        {GREY: parse_card(top), BLUE: parse_card("3D")},
    )
    chance = ScriptedChance([(0,), [int(c) for c in decks[GREY]], [int(c) for c in decks[BLUE]]])
    game = new_game("not-enough", players=2, seed=1, chance=chance)
    game.apply(0, {"type": "colour", "colour": GREY})
    game.apply(0, {"type": "discard", "cards": hand.split()[4:]})
    game.apply(1, {"type": "discard", "cards": ["9H", "TD"]})
    view = not_enough_view(game.view(0))
    assert view["phase"] == "power"
    return str(act_greedy(view)["power"])


def test_reveal_shows_what_tells_least() -> None:
    view = {"legal": [{"type": "reveal", "cards": list(p)} for p in _pairs("2C 5S 9C TS")]}
    assert least_telling(cast(NotEnoughChoice, view))["cards"] == ["9C", "TS"]  # partial


def _pairs(cards: str) -> list[tuple[str, str]]:
    names = cards.split()
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


# -- stronger in that order ----------------------------------------------------------------


def match(first: Callable[[int], Chooser], second: Callable[[int], Chooser], deals: int) -> int:
    """Games ``first`` wins against ``second`` over ``deals`` seeds, each played twice with
    the seats swapped (the same cards to the same seats: less luck in the count)."""
    won = 0
    for seed in range(deals):
        for mine in (0, 1):
            seats = [second(seed * 2), second(seed * 2)]
            seats[mine] = first(seed * 2 + 1)
            game = play(new_game("not-enough", players=2, seed=seed), seats, check_all=False)
            assert game.outcome is not None
            won += int(game.outcome.ranks[mine] == 1)
    return won


def test_greedy_beats_random() -> None:
    won = match(lambda s: act_greedy, random_bot, 10)
    print(f"greedy {won} - random {20 - won} over 20 games")
    assert won >= 16


def test_expert_beats_greedy() -> None:
    won = match(expert, lambda s: act_greedy, 20)
    print(f"expert {won} - greedy {40 - won} over 40 games")
    assert won >= 40 - won
