"""Whole seeded games of Cribbage is not Enough hold RULES.md §3 at every hand: the pegger
leads after a go or a 31, the battle for the crib is held every hand, and manual counting
follows the seed's Muggins timing with no penalty."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pegboard.arena import play_one
from pegboard.bots import make
from pegboard.core import Action, Game, new_game
from pegboard.core.wire import Event
from pegboard.errors import IllegalAction
from pegboard.games.not_enough.views import not_enough_view

KEPT = 4  # every hand is played out from four cards


def hands_of(game: Game) -> Iterator[list[Event]]:
    """The events of each hand, from its deal to the next."""
    hand: list[Event] = []
    for event in game.events:
        if event["type"] == "deal":
            if hand:
                yield hand
            hand = []
        if hand or event["type"] == "deal":
            hand.append(event)
    yield hand


def test_after_a_go_or_a_31_the_pegger_or_the_next_player_with_cards_leads() -> None:
    game = play_one("not-enough", 4, ["random", "greedy", "random", "greedy"], 600, {})
    checked = pegger_led = 0
    for hand in hands_of(game):
        left = [KEPT] * 4
        last = -1
        leader_due: int | None = None
        for event in hand:
            if event["type"] == "play":
                if leader_due is not None:
                    assert event["seat"] == leader_due, (event, hand[0]["hand"])
                    checked += 1
                    pegger_led += leader_due != (last + 1) % 4
                    leader_due = None
                left[event["seat"]] -= 1
                last = event["seat"]
            elif event["type"] == "reset" and any(left):
                leader_due = next(s % 4 for s in range(last, last + 4) if left[s % 4])
            elif event["type"] == "go":
                assert leader_due is None, "a new count is led by a player who has cards"
    assert checked >= 10 and pegger_led >= 5  # Cribbage's next-player rule would fail these


def test_seed_40005_hand_4_has_a_battle_though_nobody_holds_might() -> None:
    """The audit's example: ``simulate -g not-enough -n 2 -b random,greedy --seed 40005``."""
    game = play_one("not-enough", 2, ["random", "greedy"], 40005, {})
    hand = list(hands_of(game))[3]
    assert hand[0]["hand"] == 4
    dealer = hand[0]["dealer"]
    (battle,) = [e for e in hand if e["type"] == "battle"]
    assert battle["dice"] == [2 if s == dealer else 0 for s in range(2)]  # no Might in hand
    assert [e["seat"] for e in hand if e["type"] == "roll"] == [dealer]
    assert battle["totals"][dealer] == sum(battle["rolls"][dealer]) + battle["bonus"][dealer]


def test_every_hand_of_a_seeded_game_holds_the_battle_with_the_dealers_two_dice() -> None:
    game = play_one("not-enough", 2, ["random", "greedy"], 40005, {})
    hands = [h for h in hands_of(game) if any(e["type"] == "crib" for e in h)]
    assert len(hands) >= 5
    for hand in hands:
        dealer = hand[0]["dealer"]
        (battle,) = [e for e in hand if e["type"] == "battle"]
        assert battle["dice"][dealer] >= 2 and "totals" in battle
        rolled = {e["seat"] for e in hand if e["type"] == "roll"}
        assert dealer in rolled and rolled == {s for s, n in enumerate(battle["dice"]) if n}


class WrongCallFirst:
    """A bot that, whenever it may call Muggins, first tries a call naming an item that is not
    there (it must be refused with nothing changed), then does what the bot does."""

    def __init__(self, name: str, seed: int) -> None:
        self.bot = make(name, seed=seed)
        self.refused = 0

    def act(self, game: Game, seat: int) -> Action:
        view = not_enough_view(game.view(seat))
        counting = view["counting"]
        if counting is not None and counting["claimed"]:
            wrong = {"type": "muggins", "items": [{"kind": "pair", "cards": ["AS", "AD"]}]}
            before = (len(game.events), not_enough_view(game.view(None)))
            with pytest.raises(IllegalAction, match="AD AS is not in this"):
                game.apply(seat, wrong)
            assert (len(game.events), not_enough_view(game.view(None))) == before
            self.refused += 1
        action: Action = self.bot.act(view)
        return action


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_manual_game_claims_every_hand_then_the_bonus_then_muggins(players: int) -> None:
    game = new_game("not-enough", players=players, seed=70 + players, counting="manual")
    seats = [WrongCallFirst(("random", "greedy")[s % 2], s) for s in range(players)]
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, seats[seat].act(game, seat))
    assert sum(s.refused for s in seats) > 10
    calls = [e for e in game.events if e["type"] == "muggins"]
    assert calls and all(e["valid"] for e in calls)  # greedy calls the random claimant's misses
    whole = [h for h in hands_of(game) if any(e["type"] == "ready" for e in h)]
    assert whole
    for hand in whole:
        kinds = [e["type"] for e in hand if e["type"] not in ("score", "ready")]
        show = kinds[kinds.index("show") : kinds.index("intel")]
        assert show == ["show", "claim"] * players  # every hand claimed, nobody called yet
        first_round = kinds[kinds.index("intel") + 1 : kinds.index("roll")]
        on_hands = [e["seat"] for e in hand if e["type"] == "calls" and not e["crib"]]
        assert on_hands == [(hand[0]["dealer"] + k) % players for k in range(1, players + 1)]
        assert set(first_round) <= {"calls", "muggins", "pass"}
        assert first_round.count("calls") == players
        assert len(first_round) == players + players * (players // 2)  # each enemy once
        crib = kinds[kinds.index("crib") :]
        cribs = crib.count("show")
        assert crib[crib.index("show") :][: 2 * cribs] == ["show", "claim"] * cribs
        assert crib.count("calls") == cribs and crib.index("calls") > crib.index("claim")
