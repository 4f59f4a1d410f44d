"""Random Cribist playouts, both counting modes, with random claims and Muggins calls.

Whatever is claimed or called, a score changes only through a score event, the scores always
equal the sum of the score events, a claim or call does exactly what RULES.md §4 says (a claim
scores its items; a good call scores, a bad one costs the points stated), a refused claim
changes nothing, and every trick is worth what RULES.md §2 says (checked against a small
independent count written here from the rules, not the engine's scorer).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from cribist_script import scores, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cards import NAME_OF, RANK_OF, SUIT_OF, VALUE_OF, Card, parse_card
from pegboard.core import Game, new_game
from pegboard.core.claims import CountingRound
from pegboard.core.wire import Event
from pegboard.errors import IllegalAction
from pegboard.games.cribist import CribistRules

Key = tuple[str, frozenset[Card]]
KINDS = ("fifteen", "pair", "run", "flush", "jack-of-trumps")


def rules_items(cards: list[Card], trump: int) -> dict[Key, int]:
    """A trick's items as RULES.md §2 lists them: (kind, cards) -> points."""
    found: dict[Key, int] = {}
    for size in range(2, 5):
        for combo in combinations(cards, size):
            if sum(VALUE_OF[c] for c in combo) == 15:
                found["fifteen", frozenset(combo)] = 2
    for a, b in combinations(cards, 2):
        if RANK_OF[a] == RANK_OF[b]:
            found["pair", frozenset((a, b))] = 2
    for size in (4, 3):  # a 4-card straight, else each 3-card straight
        runs = [
            combo
            for combo in combinations(cards, size)
            if sorted(RANK_OF[c] for c in combo)
            == list(range(min(RANK_OF[c] for c in combo), min(RANK_OF[c] for c in combo) + size))
        ]
        for combo in runs:
            found["run", frozenset(combo)] = size
        if runs:
            break
    if len({SUIT_OF[c] for c in cards}) == 1:
        found["flush", frozenset(cards)] = 4
    for c in cards:
        if RANK_OF[c] == 11 and SUIT_OF[c] == trump:
            found["jack-of-trumps", frozenset((c,))] = 1
    return found


def as_json(key: Key) -> dict[str, Any]:
    return {"kind": key[0], "cards": [NAME_OF[c] for c in sorted(key[1])]}


def event_keys(items: Sequence[Mapping[str, Any]]) -> dict[Key, int]:
    return {
        (i["kind"], frozenset(parse_card(c) for c in i["cards"])): int(i["points"]) for i in items
    }


def bogus(rng: random.Random, cards: list[Card], real: dict[Key, int]) -> Key | None:
    """An item naming cards of the trick that is not one of its items, if one turns up."""
    for _ in range(50):
        kind = rng.choice(KINDS)
        size = 1 if kind == "jack-of-trumps" else 4 if kind == "flush" else rng.randint(2, 4)
        key = (kind, frozenset(rng.sample(cards, size)))
        if key not in real:
            return key
    return None


def nominal(key: Key) -> int:
    return {"fifteen": 2, "pair": 2, "jack-of-trumps": 1}.get(key[0], len(key[1]))


class Checker:
    """Plays one random game, checking every step."""

    def __init__(self, seed: int, counting: str) -> None:
        self.rng = random.Random(seed)
        end = self.rng.choice(["target", "deals", "minutes"])
        self.game: Game = new_game(
            "cribist",
            players=4,
            seed=seed,
            counting=counting,
            end=end,
            score_target=self.rng.randint(15, 61),
            deals=self.rng.randint(1, 2),
        )
        self.timed = end == "minutes"
        self.taken: set[Key] = set()
        self.real: dict[Key, int] = {}
        self.tricks_won = [0, 0, 0, 0]

    @property
    def rules(self) -> CribistRules:
        rules = self.game.rules
        assert isinstance(rules, CribistRules)
        return rules

    def run(self) -> None:
        game = self.game
        steps = 0
        while game.outcome is None and steps < 1500:  # bad calls can keep a target far away
            steps += 1
            if self.timed and steps == 40:
                game.time_up()
            before = scores(game)
            start = len(game.events)
            expected = self.step()
            new = game.events[start:]
            after = scores(game)
            deltas = [0, 0, 0, 0]
            counted = [0, 0, 0, 0]  # what the move itself scored, before any points a trick
            for e in new:
                if e["type"] == "score":
                    deltas[e["seat"]] += e["points"]
                    assert e["points"] == sum(i["points"] for i in e["items"])
                    if e["items"][0]["kind"] == "tricks":
                        assert e["points"] == self.tricks_won[e["seat"]]
                    else:
                        counted[e["seat"]] += e["points"]
                elif e["type"] == "trick":
                    self.tricks_won[e["winner"]] += 1
                elif e["type"] == "deal":
                    self.tricks_won = [0, 0, 0, 0]
            assert [b + d for b, d in zip(before, deltas, strict=True)] == after
            if expected is not None:
                assert counted == expected, (new, expected)
            self.check_tricks(new)
        self.check_totals()

    def step(self) -> list[int] | None:
        """Make one move; the score changes it must cause, when they follow from the rules."""
        game = self.game
        counting = self.rules.counting
        seat = game.to_act[0]
        if counting is None:
            legal = game.legal_actions(seat)
            game.apply(seat, self.rng.choice(legal))
            return None
        if not counting.claimed:
            return self.claim(seat, counting)
        return self.call(seat, counting)

    def claim(self, seat: int, counting: CountingRound) -> list[int]:
        game = self.game
        cards = list(counting.cards)
        trump = self.rules.trump
        self.real = rules_items(cards, trump)
        assert event_keys([i.to_json() for i in counting.items]) == self.real
        self.taken = set()
        keys = list(self.real)
        chosen = self.rng.sample(keys, self.rng.randint(0, len(keys)))
        wrong = bogus(self.rng, cards, self.real)
        if wrong is not None and self.rng.random() < 0.3:
            before = snapshot(game)
            try:
                game.apply(seat, {"type": "claim", "items": [as_json(k) for k in [*chosen, wrong]]})
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"a claim of {wrong} was accepted")
            assert snapshot(game) == before
        expected = [0, 0, 0, 0]
        if self.rng.random() < 0.1:
            game.timeout()
            return expected
        game.apply(seat, {"type": "claim", "items": [as_json(k) for k in chosen]})
        self.taken.update(chosen)
        expected[seat] = sum(self.real[k] for k in chosen)
        assert game.events[-1]["type"] in ("claim", "score", "end")
        return expected

    def call(self, seat: int, counting: CountingRound) -> list[int]:
        game = self.game
        expected = [0, 0, 0, 0]
        free = [k for k in self.real if k not in self.taken]
        roll = self.rng.random()
        if roll < 0.3:
            if self.rng.random() < 0.5:
                game.timeout()
            else:
                game.apply(seat, {"type": "pass"})
            return expected
        if roll < 0.6 and free:  # a good call
            named = self.rng.sample(free, self.rng.randint(1, len(free)))
            points = sum(self.real[k] for k in named)
            self.taken.update(named)
            expected[seat] = points
        else:  # a bad call: an item that is not real, already taken, or the wrong points
            options = [k for k in self.real if k in self.taken]
            wrong = bogus(self.rng, list(counting.cards), self.real)
            if wrong is not None:
                options.append(wrong)
            named = [self.rng.choice(options)] if options else []
            if not named:
                game.apply(seat, {"type": "pass"})
                return expected
            points = nominal(named[0])
            if free and self.rng.random() < 0.5:  # a real free item, but the points are off
                named = [self.rng.choice(free)]
                points = self.real[named[0]] + self.rng.choice([-1, 1, 2])
                if points < 1:
                    points = self.real[named[0]] + 1
            expected[seat] = -points
        call = {"type": "muggins", "items": [as_json(k) for k in named], "points": points}
        game.apply(seat, call)
        muggins = [e for e in game.events if e["type"] == "muggins"][-1]
        assert muggins["valid"] is (expected[seat] > 0)
        return expected

    def check_tricks(self, new: list[Event]) -> None:
        """In auto counting a trick's score event lists exactly the rules' items."""
        if self.rules.manual:
            return
        for i, e in enumerate(new):
            if e["type"] != "trick":
                continue
            cards = [parse_card(c) for c in e["cards"]]
            real = rules_items(cards, "CDHS".index(e["trump"]))
            following = new[i + 1] if i + 1 < len(new) else None
            if real:
                assert following is not None and following["type"] == "score"
                assert following["seat"] == e["winner"]
                assert event_keys(following["items"]) == real
            else:
                assert (
                    following is None
                    or following["type"] != "score"
                    or (following["items"][0]["kind"] == "tricks")
                )

    def check_totals(self) -> None:
        game = self.game
        totals = [0, 0, 0, 0]
        for e in game.events:
            if e["type"] == "score":
                totals[e["seat"]] += e["points"]
                assert e["scores"] == totals
        assert totals == scores(game)
        if game.outcome is not None:
            assert list(game.outcome.scores) == totals
            assert min(game.outcome.ranks) == 1
        else:
            assert self.rules.end == "target"


@settings(max_examples=60, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**31), counting=st.sampled_from(["manual", "auto"]))
def test_scores_move_only_through_score_events(seed: int, counting: str) -> None:
    Checker(seed, counting).run()
