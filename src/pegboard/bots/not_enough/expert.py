"""Expert play for Cribbage is not Enough, from the view alone; random draws from ``rng`` only.

Beyond :mod:`pegboard.bots.not_enough.greedy`, the expert values what happens after the play:
the intelligence bonus, the battle for the crib with its exact dice odds (n d6 per seat, the
dealer's two more, the Tops' Might), who then owns which crib pile, and rob the cradle. Those
depend on cards it cannot see, so it deals them out in *worlds* consistent with the view
(every card it has not seen, of the right colour, in the right hands, Intel reveals kept):

* **discard**: every keep, its show exactly over every possible own Top, and what follows
  (bonus, battle, crib, cradle) over :data:`DEAL_WORLDS` worlds of the hidden cards, each
  with :data:`TOPS_PER_WORLD` of the possible own Tops;
* **power**: Might (or none), Intel and each Magic discard valued the same way, Intel also
  worth :data:`INTEL_INFO` per card it shows (the play sees them);
* **magic**: the swap with the best value, hand exactly and the rest over worlds;
* **play**: :data:`PLAY_WORLDS` worlds of the hidden hands (reveals and "go"s honoured), each
  candidate rank played and the rest of the play rolled out with a fast policy for everyone;
  worth our pegging less theirs, or ±:data:`WIN` for reaching the target first.

Everything else (colour, first, reveal, split, cradle, counting) is greedy's, already exact.

Each decision reads the view once (:class:`Deal`, what each world is dealt from) and hands
the inner loops small integers: rank keys and power totals (:class:`Settle`), card ids
(:func:`play_world`). Those loops, and the worlds' shuffle, run in C where the compiled extension
was built (``bots/_not_enough.pyx``): the same doubles added in the same order, the same
draws from ``rng``, so a seeded game is the same with or without it
(``PEGBOARD_PURE_PYTHON=1``; tests/bots/test_not_enough_compiled.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from pegboard.bots.base import known
from pegboard.bots.not_enough.greedy import (
    Powers,
    View,
    act_greedy,
    colour_of_team,
    draw_pool,
    hand_value,
    magic_gain,
    my_team,
    play_key,
    tops_by_team,
)
from pegboard.bots.not_enough.worlds import Deal, World, own_piles, settle_frame
from pegboard.cards import RANK_OF, VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.rules import Action
from pegboard.scoring.pegging import pegging_points

try:  # the settling and the play's rollouts in C (setup.py builds them where it can)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots import _not_enough as _core
except ImportError:
    _core = None  # type: ignore[assignment]


DEAL_WORLDS = 48
"""Worlds per discard decision: the other hands and crib cards, and the enemy Top."""
TOPS_PER_WORLD = 4
"""Own Tops tried in each world for what follows the show (the show itself is exact)."""
POWER_WORLDS = 48
"""Worlds per power or Magic decision."""
PLAY_WORLDS = 120
"""Worlds per card played (every candidate is rolled out in each)."""
INTEL_INFO = 0.3
"""What one card shown by Intel is worth to us in the play, in points."""
WIN = 60.0
"""Reaching the target first during the play, in points of pegging difference."""


# -- the discard ---------------------------------------------------------------------------


def expert_discard(view: View, rng: random.Random) -> Action:
    legal, totals = discard_totals(view, rng)
    best = max(range(len(legal)), key=lambda i: totals[i])
    return legal[best]


def discard_totals(view: View, rng: random.Random) -> tuple[list[Action], list[float]]:
    powers = Powers.of(view)
    frame = settle_frame(view, powers)
    me = known(view["seat"], "seat")
    team = my_team(view)
    hand = parse_cards(view["hand"])
    colours = colour_of_team(view)
    own_pool = [c for c in powers.cards_of(colours[team]) if c not in hand]
    legal: list[Action] = view["legal"]
    choices = []
    for action in legal:
        thrown = parse_cards(action["cards"])
        kept = [c for c in hand if c not in thrown]
        shown = sum(hand_value(kept, t) for t in own_pool) / len(own_pool)
        choices.append((action, kept, thrown, shown))
    totals = [c[3] * DEAL_WORLDS for c in choices]
    toss = {s: len(hand) - 4 for s in view["discarded_seats"]}
    deal = Deal(view, powers, toss)
    held = [(frame.holding(kept), frame.pile(thrown)) for _, kept, thrown, _ in choices]
    for _ in range(DEAL_WORLDS):
        world = deal.draw(rng)
        for seat, cards in world.hands.items():  # a seat still to discard keeps four
            world.hands[seat], more = cards[:4], cards[4:]
            world.tossed[seat] = world.tossed[seat] + more
        enemy_top = world.left[colours[1 - team]][0]
        own_tops = world.left[colours[team]][:TOPS_PER_WORLD]  # shuffled: a random few
        holdings = [
            frame.holding(world.hands[s]) if s != me else (0, 0, 0) for s in range(frame.players)
        ]
        piles = [frame.pile(p) for p in own_piles(view, world, [])]
        tops = [(top, enemy_top) if team == 0 else (enemy_top, top) for top in own_tops]
        frame.discard_world(me, holdings, piles, held, tops, totals)
    return legal, totals


# -- the power and Magic ---------------------------------------------------------------------


def spent_tops(view: View, ours: bool) -> list[bool]:
    """Per team: whether its Top is used up (Intel or Magic); ``ours`` for our own."""
    used = view["powers_used"]
    colours = colour_of_team(view)
    spent = [used.get(colours[t]) in ("intel", "magic") for t in (0, 1)]
    spent[my_team(view)] = ours
    return spent


class Outlook:
    """Worlds for a decision after the cut: our hand valued with the Tops known."""

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view = view
        self.powers = Powers.of(view)
        self.frame = settle_frame(view, self.powers)
        self.me = known(view["seat"], "seat")
        self.tops = tops_by_team(view)
        self.top = self.tops[my_team(view)]
        self.mine = parse_cards(view["discarded"])
        self.colour = colour_of_team(view)[my_team(view)]
        self.spent = {ours: spent_tops(view, ours) for ours in (False, True)}
        piles = view["crib_sizes"]
        deal = Deal(view, self.powers)
        self.worlds = []
        for _ in range(POWER_WORLDS):
            world = deal.draw(rng)
            self._fill_piles(world, piles)
            self.worlds.append(world)
        # What the settling reads of each world: every other seat's holding, the piles.
        self.settled = [
            (
                [
                    self.frame.holding(w.hands[s]) if s != self.me else (0, 0, 0)
                    for s in range(self.frame.players)
                ],
                [self.frame.pile(p) for p in own_piles(view, w, self.mine)],
            )
            for w in self.worlds
        ]

    def _fill_piles(self, world: World, sizes: dict[str, int]) -> None:
        """The other seats' crib cards: the rest of each colour's pile from its unseen cards."""
        colours = colour_of_team(self.view)
        team = my_team(self.view)
        for t in (0, 1):
            have = len(self.mine) if t == team else 0
            need = int(sizes[colours[t]]) - have
            if need <= 0:
                continue
            left = world.left[colours[t]]
            owner = next(s for s in range(self.frame.players) if s % 2 == t and s != self.me)
            world.tossed[owner] = left[:need]
            world.left[colours[t]] = left[need:]

    def value(self, hand: Sequence[int], spent: bool, index: int) -> float:
        """Our ``hand`` in world ``index``, our Top ``spent`` or not."""
        holdings, piles = self.settled[index]
        holdings[self.me] = self.frame.holding(hand)
        hands = self.frame.combine(holdings, piles)
        return self.frame.value(hands, self.tops, self.spent[spent])

    def mean(self, hand: Sequence[int], spent: bool) -> float:
        return sum(self.value(hand, spent, i) for i in range(len(self.worlds))) / len(self.worlds)

    def magic(self, hand: Sequence[Card], thrown: Sequence[Card]) -> float:
        """The hand after swapping ``thrown`` (exact show, sampled rest), spent Top."""
        pool = draw_pool(self.view, self.powers)
        shown = hand_value(hand, self.top) + magic_gain(hand, thrown, self.top, pool)
        kept = [c for c in hand if c not in thrown]
        total = 0.0
        for i, world in enumerate(self.worlds):
            left = world.left[self.colour]
            drawn = left[: len(thrown)] if len(left) >= len(thrown) else list(thrown)
            total += self.value([*kept, *drawn], True, i)
        return shown + total / len(self.worlds)


def magic_shares(view: View, n: int, hand: int) -> list[int]:
    """How many cards our seat itself may swap for a team Magic of ``n``."""
    if int(view["players"]) == 2:
        return [n] if n <= hand else []
    return list(range(max(0, n - 4), min(n, hand) + 1))


def expert_power(view: View, rng: random.Random) -> Action:
    return max(power_choices(view, rng), key=lambda pair: pair[0])[1]


def power_choices(
    view: View, rng: random.Random, outlook: Outlook | None = None
) -> list[tuple[float, Action]]:
    outlook = outlook if outlook is not None else Outlook(view, rng)
    powers = outlook.powers
    hand = parse_cards(view["hand"])
    legal: list[Action] = view["legal"]
    allowed = {a["power"]: a for a in legal}
    shown = hand_value(hand, outlook.top)
    keep = shown + outlook.mean(hand, False)
    valued = [(keep, allowed["might" if powers.value(outlook.top, "might") else "none"])]
    intel = powers.value(outlook.top, "intel")
    if intel:
        enemies = sum(1 for s in range(int(view["players"])) if s % 2 != my_team(view))
        info = INTEL_INFO * min(intel, 4) * enemies
        valued.append((shown + outlook.mean(hand, True) + info, allowed["intel"]))
    if "magic" in allowed:
        for size in magic_shares(view, powers.value(outlook.top, "magic"), len(hand)):
            for thrown in combinations(sorted(hand), size):
                valued.append((outlook.magic(hand, thrown), allowed["magic"]))
    return valued


def expert_magic(view: View, rng: random.Random) -> Action:
    outlook = Outlook(view, rng)
    hand = parse_cards(view["hand"])
    return max(view["legal"], key=lambda a: outlook.magic(hand, parse_cards(a["cards"])))


# -- the play ------------------------------------------------------------------------------


@dataclass
class Peg:
    """The rest of the 31 count, as the game plays it: after a go or a 31 the player who
    pegged leads (or the next player with cards)."""

    hands: dict[int, list[Card]]
    count: int
    cards: list[Card]
    passed: set[int]
    turn: int
    last: int
    players: int

    def next_in_count(self, seat: int) -> int:
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if nxt not in self.passed:
                return nxt
        return seat

    def run(self, first: Card, need: Sequence[int]) -> tuple[list[int], int]:
        """Play ``first`` for the seat to play, then everyone by :func:`rollout_choice`: the
        points each team pegs, and the team that reached ``need`` first (or -1)."""
        gained = [0, 0]
        forced: Card | None = first
        while True:
            hand = self.hands[self.turn]
            playable = [c for c in hand if VALUE_OF[c] <= 31 - self.count]
            if playable:
                card = forced if forced is not None else rollout_choice(playable, self)
                forced = None
                hand.remove(card)
                self.count += VALUE_OF[card]
                self.cards.append(card)
                self.last = self.turn
                points = pegging_points(self.cards, self.count)
                team = self.turn % 2
                gained[team] += points
                if points and gained[team] >= need[team]:
                    return gained, team
                if self.count < 31:
                    self.turn = self.next_in_count(self.turn)
                    continue
            else:
                self.passed.add(self.turn)
                if len(self.passed) < self.players:
                    self.turn = self.next_in_count(self.turn)
                    continue
                team = self.last % 2
                gained[team] += 1
                if gained[team] >= need[team]:
                    return gained, team
            if not any(self.hands.values()):
                return gained, -1
            self.count, self.cards, self.passed = 0, [], set()
            self.turn = self.leader()

    def leader(self) -> int:
        """Who leads a new count: the last to play (who pegged), or the next with cards."""
        for k in range(self.players):
            seat = (self.last + k) % self.players
            if self.hands[seat]:
                return seat
        raise AssertionError("no cards left to lead")


def rollout_choice(playable: Sequence[Card], peg: Peg) -> Card:
    return max(playable, key=lambda c: play_key(c, peg.count, peg.cards))


def play_world(
    hands: Sequence[Sequence[Card]],
    count: int,
    cards: Sequence[Card],
    passed: Sequence[int],
    me: int,
    last: int,
    need: Sequence[int],
    candidates: Sequence[Card],
    totals: list[float],
    *,
    compiled: bool = True,
) -> None:
    """One world of the play: each candidate played by ``me`` from the same position
    (``hands`` by seat), the rest rolled out by :meth:`Peg.run`; add to ``totals`` ±:data:`WIN`
    for the team out first, or else our pegging less theirs. ``compiled``: the compiled extension
    where it was built (the same sums)."""
    if compiled and _core is not None:
        _core.play_world(hands, count, cards, passed, me, last, need, candidates, WIN, totals)
        return
    team = me % 2
    for i, card in enumerate(candidates):
        seats = {s: list(h) for s, h in enumerate(hands)}
        peg = Peg(seats, count, list(cards), set(passed), me, last, len(hands))
        gained, first = peg.run(card, need)
        if first >= 0:
            totals[i] += WIN if first == team else -WIN
        else:
            totals[i] += gained[team] - gained[1 - team]


def expert_play(view: View, rng: random.Random) -> Action:
    candidates, totals = play_totals(view, rng)
    if len(candidates) == 1:
        return candidates[0]
    count = int(view["count"])
    cards = parse_cards(view["count_cards"])
    first = [parse_card(a["card"]) for a in candidates]
    best = max(
        range(len(candidates)),
        key=lambda i: (totals[i], play_key(first[i], count, cards)),
    )
    return candidates[best]


def play_totals(view: View, rng: random.Random) -> tuple[list[Action], list[float]]:
    by_rank: dict[int, Action] = {}
    for action in view["legal"]:
        by_rank.setdefault(RANK_OF[parse_card(action["card"])], action)
    candidates = sorted(by_rank.values(), key=lambda a: parse_card(a["card"]))
    if len(candidates) == 1:
        return candidates, [0.0]
    powers = Powers.of(view)
    me = known(view["seat"], "seat")
    players = int(view["players"])
    scores = view["team_scores"]
    need = [int(view["target"]) - int(s) for s in scores]
    played = view["played"]
    last = int(played[-1]["seat"]) if view["count_cards"] and played else -1
    count = int(view["count"])
    cards = parse_cards(view["count_cards"])
    hand = parse_cards(view["hand"])
    passed = list(view["passed"])
    first = [parse_card(a["card"]) for a in candidates]
    totals = [0.0] * len(candidates)
    deal = Deal(view, powers)
    for _ in range(PLAY_WORLDS):
        world = deal.draw(rng)
        hands = [hand if s == me else world.hands.get(s, []) for s in range(players)]
        play_world(hands, count, cards, passed, me, last, need, first, totals)
    return candidates, totals


# -- the expert ----------------------------------------------------------------------------


def act_expert(view: View, rng: random.Random) -> Action:
    """The expert's action for ``view``; every random draw comes from ``rng``."""
    legal: list[Action] = view["legal"]
    if len(legal) <= 1 or view.get("counting") is not None:
        return act_greedy(view)
    kind = legal[0]["type"]
    if kind == "discard":
        return expert_discard(view, rng)
    if kind == "power":
        return expert_power(view, rng)
    if kind == "magic":
        return expert_magic(view, rng)
    if kind == "play":
        return expert_play(view, rng)
    return act_greedy(view)
