"""The play rollout follows the rules engine move for move, and the view tells the truth
about every go."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pegboard.bots.search.pegging import PegPosition, heuristic_policy, play_out
from pegboard.bots.search.play_history import play_so_far, position_from_view
from pegboard.cards import VALUE_OF, Card
from pegboard.core import Game, new_game
from pegboard.games.cribbage import Table
from pegboard.games.cribbage.views import cribbage_view

CASES = (
    [(2, False, s) for s in range(30)]
    + [(3, False, s) for s in range(15)]
    + [(4, False, s) for s in range(10)]
    + [(4, True, s) for s in range(10)]
)


def rules_of(game: Game) -> Table:
    rules = game.rules
    assert isinstance(rules, Table)
    return rules


def to_play(seed: int, players: int, teams: bool = False) -> Game:
    """A game at the start of its first play (random discards), never ending early."""
    game = new_game("cribbage", players=players, seed=seed, teams=teams, score_target=1000)
    rng = random.Random(seed)
    while rules_of(game).phase == "discard":
        for seat in game.to_act:
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def choose(seat: int, playable: Sequence[int], count: int, cards: Sequence[int]) -> int:
    return heuristic_policy(seat, playable, count, cards)


def engine_step(game: Game) -> None:
    """One move in the engine, chosen by the same policy the rollout uses."""
    rules = rules_of(game)
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    playable = [int(c) for c in rules.hands[seat] if rules.count + VALUE_OF[c] <= 31]
    if legal[0]["type"] != "play" or len(playable) == 1:
        game.apply(seat, legal[0])
    else:
        card = choose(seat, playable, rules.count, [int(c) for c in rules.count_cards])
        game.apply(seat, {"type": "play", "card": str(Card(card))})


def play_points_since(game: Game, since: int) -> dict[int, int]:
    """Points pegged in the play from event ``since`` on, by the scoring seat."""
    points: dict[int, int] = {}
    for event in game.events[since:]:
        if event["type"] == "show":
            break
        if event["type"] == "score":
            points[event["seat"]] = points.get(event["seat"], 0) + event["points"]
    return points


@pytest.mark.parametrize(("players", "teams", "seed"), CASES)
def test_rollout_pegs_what_the_rules_engine_pegs(players: int, teams: bool, seed: int) -> None:
    game = to_play(seed, players, teams)
    for _ in range(seed % 7):  # start the rollout somewhere inside the play
        if rules_of(game).phase != "play":
            break
        engine_step(game)
    rules = rules_of(game)
    if rules.phase != "play":
        pytest.skip("the play ended before the rollout could start")
    position = PegPosition(
        seats=tuple(rules.active),
        hands={s: [int(c) for c in rules.hands[s]] for s in rules.active},
        count=rules.count,
        count_cards=[int(c) for c in rules.count_cards],
        passed=set(rules.passed),
        turn=rules.turn,
        last=rules.last_player,
    )
    sides = [s % 2 for s in range(players)] if teams else list(range(players))
    gained, first = play_out(position, choose, side_of=sides)
    since = len(game.events)
    while rules_of(game).phase == "play":
        engine_step(game)
    pegged = [0] * (max(sides) + 1)
    for seat, points in play_points_since(game, since).items():
        pegged[sides[seat]] += points
    assert (gained, first) == (pegged, -1)


@pytest.mark.parametrize(("players", "teams", "seed"), CASES[::3])
def test_the_rollout_stops_when_a_side_reaches_its_target(
    players: int, teams: bool, seed: int
) -> None:
    game = to_play(seed, players, teams)
    rules = rules_of(game)
    position = PegPosition(
        seats=tuple(rules.active),
        hands={s: [int(c) for c in rules.hands[s]] for s in rules.active},
        turn=rules.turn,
    )
    sides = [s % 2 for s in range(players)] if teams else list(range(players))
    gained, first = play_out(position, choose, side_of=sides, need=[1] * (max(sides) + 1))
    assert first >= 0
    assert gained[first] >= 1
    assert sum(gained) == gained[first]  # nobody scored before the first points


@pytest.mark.parametrize(("players", "teams", "seed"), CASES)
def test_the_view_shows_every_go_and_its_proof(players: int, teams: bool, seed: int) -> None:
    """Rebuilt from the view alone, the passes are the engine's, and every card a seat
    still holds is worth more than what its goes proved."""
    game = to_play(seed, players, teams)
    while rules_of(game).phase == "play":
        rules = rules_of(game)
        seat = game.to_act[0]
        view = cribbage_view(game.view(seat))
        history = play_so_far(view)
        engine_goes = sum(1 for e in game.events if e["type"] == "go")
        assert history.goes == engine_goes
        for other in rules.active:
            assert all(VALUE_OF[c] > history.above[other] for c in rules.hands[other])
        position = position_from_view(view, {s: list(rules.hands[s]) for s in rules.active})
        assert position.count == rules.count
        assert position.turn == rules.turn
        assert position.passed == rules.passed
        assert position.last == rules.last_player
        engine_step(game)


def test_the_rollouts_count_what_the_scoring_counts() -> None:
    """``pegging_points`` (inlined for speed) totals what ``score_pegging`` itemizes, over
    many counts of up to eight cards that stay within 31."""
    from pegboard.scoring.pegging import pegging_points, score_pegging

    rng = random.Random(3)
    checked = 0
    while checked < 5000:
        cards: list[int] = []
        count = 0
        for card in rng.sample(range(52), 8):
            if count + VALUE_OF[card] > 31:
                break
            cards.append(card)
            count += VALUE_OF[card]
            expected = score_pegging([Card(c) for c in cards]).total
            assert pegging_points(cards, count) == expected, cards
            checked += 1
    # Runs and pairs come up often when ranks are drawn close together.
    for _ in range(3000):
        ranks = [rng.randint(3, 7) for _ in range(rng.randint(1, 5))]
        cards = [(r - 1) * 4 + rng.randrange(4) for r in ranks]
        if len(set(cards)) < len(cards) or sum(VALUE_OF[c] for c in cards) > 31:
            continue
        count = sum(VALUE_OF[c] for c in cards)
        assert pegging_points(cards, count) == score_pegging([Card(c) for c in cards]).total
