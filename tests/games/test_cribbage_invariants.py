"""Whole random games checked event by event against the rules (RULES.md §1): deals of the right
size, plays that keep the count at 31 or less, goes only when no card fits, pegging worked out
afresh from the count, the go or last card to the last player, the lead to the next player after
them, the show in order, running totals that add up, and nothing after the end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cribbage_script import Event

from pegboard.cards import parse_card, parse_cards
from pegboard.core import Game, new_game
from pegboard.scoring import score_show


def value(card: str) -> int:
    return min(int(parse_card(card).rank), 10)


def rank(card: str) -> int:
    return int(parse_card(card).rank)


def pegging_points(cards: list[str]) -> int:
    """What the last card of a count pegs: 15 or 31 (2), the pairs and the run at the end."""
    count = sum(value(c) for c in cards)
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(cards) and rank(cards[-same - 1]) == rank(cards[-1]):
        same += 1
    points += same * (same - 1)  # 1 pair for two, 3 pairs for three, 6 pairs for four: 2 each
    for length in range(len(cards), 2, -1):
        ranks = {rank(c) for c in cards[-length:]}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            points += length
            break
    return points


def from_left(dealer: int, seats: list[int], players: int) -> list[int]:
    return [
        (dealer + k) % players for k in range(1, players + 1) if (dealer + k) % players in seats
    ]


def check_events(game: Game) -> None:
    players = game.players
    teams = bool(game.options["teams"])
    target = int(game.options["score_target"])
    events: list[Event] = game.events
    scores = [0] * players
    active = list(range(players))
    held: dict[int, list[str]] = {}
    kept: dict[int, list[str]] = {}
    crib: list[str] = []
    count = 0
    count_cards: list[str] = []
    last_player = -1
    lead: int | None = None
    dealer = -1
    starter = ""
    shows: list[tuple[int, bool]] = []

    def partners(seat: int) -> list[int]:
        return [seat, (seat + 2) % 4] if teams else [seat]

    for i, event in enumerate(events):
        kind = event["type"]
        following: Event = events[i + 1] if i + 1 < len(events) else {"type": None}
        if kind == "deal":
            dealer = event["dealer"]
            n = len(active)
            assert dealer in active
            for seat, cards in enumerate(event["hands"]):
                assert len(cards) == ((6 if n == 2 else 5) if seat in active else 0)
            assert len(event["crib"]) == (1 if n == 3 else 0)
            dealt = [c for h in event["hands"] for c in h] + event["crib"]
            assert len(set(dealt)) == len(dealt)
            held = {s: list(h) for s, h in enumerate(event["hands"])}
            crib = list(event["crib"])
            kept, shows, count, count_cards, last_player, lead = {}, [], 0, [], -1, None
        elif kind == "discard":
            seat = event["seat"]
            for card in event["cards"]:
                held[seat].remove(card)
            crib += event["cards"]
            assert len(held[seat]) == 4
            kept[seat] = list(held[seat])
        elif kind == "starter":
            assert len(crib) == 4 and len(kept) == len(active)
            starter = event["card"]
            assert starter not in crib and all(starter not in h for h in kept.values())
            if rank(starter) == 11:
                assert following["type"] == "score" and following["seat"] == dealer
                assert following["items"][0]["kind"] == "heels"
            elif following["type"] != "end":
                lead = from_left(dealer, active, players)[0]
        elif kind == "play":
            seat, card = event["seat"], event["card"]
            if lead is not None:
                assert seat == lead, f"event {i}: seat {seat} led, expected {lead}"
                lead = None
            held[seat].remove(card)
            count += value(card)
            assert event["count"] == count <= 31
            count_cards.append(card)
            last_player = seat
            points = pegging_points(count_cards)
            if points:
                assert following["type"] == "score", f"event {i}: {count_cards} pegs {points}"
                assert (following["seat"], following["points"]) == (seat, points)
            else:
                assert following["type"] != "score", f"event {i}: {count_cards} pegs nothing"
        elif kind == "go":
            seat = event["seat"]
            assert all(value(c) > 31 - count for c in held[seat]), f"event {i}: a go with a card"
        elif kind == "reset":
            before = events[i - 1]
            if count < 31:
                anyone_holds = any(held[s] for s in active)
                assert before["type"] == "score" and before["seat"] == last_player
                assert before["items"] == [
                    {"kind": "go" if anyone_holds else "last-card", "points": 1, "cards": []}
                ]
            else:
                assert before["type"] == "score" and before["items"][0]["kind"] == "thirty-one"
            holders = [s for s in from_left(last_player, active, players) if held[s]]
            lead = holders[0] if holders else None
            count, count_cards = 0, []
        elif kind == "show":
            assert not any(held[s] for s in active)  # every card has been played
            shows.append((event["seat"], event["crib"]))
            order = [(s, False) for s in from_left(dealer, active, players)] + [(dealer, True)]
            assert shows == order[: len(shows)]
            cards = crib if event["crib"] else kept[event["seat"]]
            assert sorted(event["cards"]) == sorted(cards)
            total = score_show(parse_cards(cards), parse_card(starter), crib=event["crib"]).total
            if total:
                assert following["type"] == "score" and following["points"] == total
            else:
                assert following["type"] != "score"
        elif kind == "score":
            assert event["points"] == sum(item["points"] for item in event["items"]) > 0
            for seat in partners(event["seat"]):
                scores[seat] += event["points"]
            assert event["scores"] == scores
            if following["type"] != "end":
                assert max(scores) < target, f"event {i}: the game should have ended"
        elif kind == "end":
            assert i == len(events) - 1
            assert event["scores"] == scores
        elif kind == "leave":
            for seat in partners(event["seat"]):
                active.remove(seat)
    outcome = game.outcome
    assert outcome is not None and events[-1]["type"] == "end"
    if outcome.reason == "target":
        winner = outcome.ranks.index(1)
        assert scores[winner] >= target
        worst = sorted(outcome.ranks)[-1]
        for seat in set(range(players)) - set(active):
            assert outcome.ranks[seat] == worst  # a leaver is ranked by leaving
        for a in active:
            for b in active:
                if scores[a] > scores[b]:
                    assert outcome.ranks[a] < outcome.ranks[b]
                if scores[a] == scores[b]:
                    assert outcome.ranks[a] == outcome.ranks[b]


def random_game(players: int, seed: int, options: dict[str, Any]) -> Game:
    rng = random.Random(seed)
    game = new_game("cribbage", players=players, seed=seed, **options)
    while game.outcome is None:
        if rng.random() < 0.1:
            game.timeout()
            continue
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


GAMES: list[tuple[int, int, dict[str, Any]]] = (
    [(2, seed, {}) for seed in range(20)]
    + [(3, seed, {}) for seed in range(10)]
    + [(4, seed, {}) for seed in range(8)]
    + [(4, seed, {"teams": True}) for seed in range(8)]
    + [(2, seed, {"skip_empty": False, "skip_pass": False}) for seed in range(3)]
    + [(3, seed, {"skip_only_move": True, "pre_show": True}) for seed in range(3)]
    + [(2, seed, {"score_target": 31}) for seed in range(10)]
)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_random_game_follows_the_rules(players: int, seed: int, options: dict[str, Any]) -> None:
    check_events(random_game(players, seed, options))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_game_with_a_leaver_follows_the_rules(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game("cribbage", players=players, seed=seed, score_target=61)
    left = False
    while game.outcome is None:
        if not left and len(game.events) > 40:
            game.leave(rng.randrange(players))
            left = True
            continue
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    check_events(game)
