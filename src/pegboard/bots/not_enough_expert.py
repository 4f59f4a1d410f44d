"""Expert play for Cribbage is not Enough, from the view alone; random draws from ``rng`` only.

Beyond :mod:`pegboard.bots.not_enough_greedy`, the expert values what happens after the play:
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
(:func:`play_world`). Those loops, and the worlds' shuffle, run in C where the compiled core
was built (``bots/_not_enough.pyx``): the same doubles added in the same order, the same
draws from ``rng``, so a seeded game is the same with or without it
(``PEGBOARD_PURE_PYTHON=1``; tests/bots/test_not_enough_core.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from pegboard.bots.not_enough_greedy import (
    Powers,
    View,
    act_greedy,
    colour_of_team,
    combo_of_key,
    draw_pool,
    hand_value,
    known_cards,
    magic_gain,
    my_team,
    play_key,
    rank_key,
    tops_by_team,
)
from pegboard.cards import RANK_OF, VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.rules import Action
from pegboard.scoring.pegging import pegging_points
from pegboard.scoring.tables import RANK_KEY

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
DEALER_DICE = 2


# -- the battle's odds ---------------------------------------------------------------------


@lru_cache(maxsize=64)
def dice_pmf(n: int) -> tuple[float, ...]:
    """P(sum of n d6 = s) for s = 0 .. 6n (mean 3.5n)."""
    pmf = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(pmf) + 6)
        for s, p in enumerate(pmf):
            if p:
                for face in range(1, 7):
                    nxt[s + face] += p / 6
        pmf = nxt
    return tuple(pmf)


@lru_cache(maxsize=4096)
def battle_odds(rolls: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """Per seat, the chance that its roll of (dice, bonus) is the single highest total."""
    dists = []
    for dice, bonus in rolls:
        dists.append({s + bonus: p for s, p in enumerate(dice_pmf(dice)) if p})
    high = max(max(d) for d in dists)
    below = []  # below[i][v]: P(total_i < v)
    for dist in dists:
        acc, cdf = 0.0, [0.0] * (high + 2)
        for v in range(high + 2):
            cdf[v] = acc
            acc += dist.get(v, 0.0)
        below.append(cdf)
    odds = []
    for i, dist in enumerate(dists):
        total = 0.0
        for v, p in dist.items():
            others = 1.0
            for j in range(len(dists)):
                if j != i:
                    others *= below[j][v]
            total += p * others
        odds.append(total)
    return tuple(odds)


# -- what happens after the play -----------------------------------------------------------


@dataclass(frozen=True)
class Hands:
    """What the bonus, the battle and the crib need of the hands and the crib piles, whatever
    the Tops: rank keys (see :func:`rank_key`), Intel and Might by seat; piles by team."""

    keys: tuple[int, ...]
    intel: tuple[int, ...]
    might: tuple[int, ...]
    pile_keys: tuple[int, int]
    pile_sizes: tuple[int, int]
    robber: int | None  # the team whose crib cards hold more Magic


Holding = tuple[int, int, int]
"""A seat's kept cards as the settling reads them: rank key, Intel, Might."""
Pile = tuple[int, int, int]
"""Crib cards as the settling reads them: rank key, how many, Magic."""


class Settle:
    """One seat's frame for valuing the intelligence bonus, the battle and the crib.

    ``compiled``: use the compiled core (``_not_enough.pyx``) where it was built; it gives the
    same values, double for double (tests/bots/test_not_enough_core.py)."""

    def __init__(
        self, powers: Powers, players: int, dealer: int, team: int, *, compiled: bool = True
    ) -> None:
        self.players = players
        self.dealer = dealer
        self.team = team
        self.intel = powers.by_card("intel")
        self.might = powers.by_card("might")
        self.magic = powers.by_card("magic")
        self.core = (
            _core.Settle(players, dealer, team, self.might, DEALER_DICE)
            if compiled and _core is not None
            else None
        )

    def holding(self, cards: Sequence[int]) -> Holding:
        return rank_key(cards), sum(self.intel[c] for c in cards), sum(self.might[c] for c in cards)

    def pile(self, cards: Sequence[int]) -> Pile:
        return rank_key(cards), len(cards), sum(self.magic[c] for c in cards)

    def hands(self, kept: Sequence[Sequence[int]], piles: Sequence[Sequence[int]]) -> Hands:
        """``kept`` by seat, crib ``piles`` by team."""
        return self.combine([self.holding(k) for k in kept], [self.pile(p) for p in piles])

    @staticmethod
    def combine(holdings: Sequence[Holding], piles: Sequence[Pile]) -> Hands:
        """:class:`Hands` from each seat's holding and each team's pile."""
        magic = [p[2] for p in piles]
        robber = None if magic[0] == magic[1] else (0 if magic[0] > magic[1] else 1)
        return Hands(
            tuple(h[0] for h in holdings),
            tuple(h[1] for h in holdings),
            tuple(h[2] for h in holdings),
            (piles[0][0], piles[1][0]),
            (piles[0][1], piles[1][1]),
            robber,
        )

    def value(self, hands: Hands, tops: Sequence[int], spent: Sequence[bool]) -> float:
        """Our points less theirs from the bonus, the battle and the crib, with the Tops by
        team and whether each Top was used up (Intel or Magic)."""
        if self.core is not None:
            robber = -1 if hands.robber is None else hands.robber
            return self.core.value(
                hands.keys,
                hands.intel,
                hands.might,
                hands.pile_keys,
                hands.pile_sizes,
                robber,
                tops[0],
                tops[1],
                bool(spent[0]),
                bool(spent[1]),
            )
        return self._value(hands, tops, spent)

    def discard_world(
        self,
        me: int,
        holdings: Sequence[Holding],
        piles: Sequence[Pile],
        choices: Sequence[tuple[Holding, Pile]],
        tops: Sequence[tuple[int, int]],
        totals: list[float],
    ) -> None:
        """One world of the discard: for each choice (what we keep, what we throw), add its
        :meth:`value` with each pair of Tops (by team), divided by how many pairs, to
        ``totals``, choice by choice and pair by pair; no Top used up yet. ``holdings``:
        every seat's (ours is the choice's); ``piles``: by team, without our throw."""
        if self.core is not None:
            self.core.discard_world(me, holdings, piles, choices, tops, totals)
            return
        seats = list(holdings)
        team = me % 2
        n = len(tops)
        for i, (kept, thrown) in enumerate(choices):
            seats[me] = kept
            both = list(piles)
            mine = piles[team]
            both[team] = (mine[0] + thrown[0], mine[1] + thrown[1], mine[2] + thrown[2])
            hands = self.combine(seats, both)
            for pair in tops:
                totals[i] += self._value(hands, pair, (False, False)) / n

    def _value(self, hands: Hands, tops: Sequence[int], spent: Sequence[bool]) -> float:
        """Our points less theirs from the bonus, the battle and the crib, with the Tops by
        team and whether each Top was used up (Intel or Magic)."""
        winner = _single(hands.intel)
        intel_team = winner % 2 if winner is not None else None
        top_keys = (RANK_KEY[tops[0]], RANK_KEY[tops[1]])
        value = 0.0
        if winner is not None:
            t = winner % 2
            own = hands.keys[winner] + top_keys[t]
            bonus = combo_of_key(own + top_keys[1 - t]) - combo_of_key(own)
            value += bonus if t == self.team else -bonus
        rolls = []  # the battle is held every hand: the dealer always has two dice
        for seat in range(self.players):
            t = seat % 2
            bonus = 0
            if intel_team == t:
                bonus += self.might[tops[1 - t]]
            if not spent[t] and intel_team in (None, t):
                bonus += self.might[tops[t]]
            dice = hands.might[seat] + (DEALER_DICE if seat == self.dealer else 0)
            rolls.append((dice, bonus))
        odds = battle_odds(tuple(rolls))
        by_team = [sum(odds[s] for s in range(t, self.players, 2)) for t in (0, 1)]
        outcomes: list[tuple[int | None, float]] = [
            (None, max(0.0, 1.0 - sum(by_team))),
            (0, by_team[0]),
            (1, by_team[1]),
        ]
        for battle_team, p in outcomes:
            if p > 1e-9:
                value += p * self._crib(hands, top_keys, intel_team, battle_team)
        return value

    def _crib(
        self,
        hands: Hands,
        top_keys: tuple[int, int],
        intel_team: int | None,
        battle_team: int | None,
    ) -> float:
        """Our crib count less theirs, the cradle's team choosing its best ban (or none)."""
        robber = hands.robber
        bans: tuple[int | None, ...] = (None,) if robber is None else (None, 0, 1)
        best: float | None = None
        for banned in bans:
            points = [0, 0]
            for team in (0, 1):
                key = size = 0
                for pile in (0, 1):
                    owner = battle_team if battle_team is not None else pile
                    if owner == team and pile != banned:
                        key += hands.pile_keys[pile]
                        size += hands.pile_sizes[pile]
                if not size:
                    continue
                if banned != team:
                    key += top_keys[team]
                if intel_team == team and battle_team != 1 - team and banned != 1 - team:
                    key += top_keys[1 - team]
                points[team] = combo_of_key(key)
            ours = points[self.team] - points[1 - self.team]
            if best is None or (ours > best if robber == self.team else ours < best):
                best = ours
        return best or 0.0


def _single(values: Sequence[int]) -> int | None:
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


# -- worlds --------------------------------------------------------------------------------


@dataclass
class World:
    """Hidden cards dealt out: each other seat's hand (and pile cards), the unknown Tops."""

    hands: dict[int, list[Card]] = field(default_factory=dict)
    tossed: dict[int, list[Card]] = field(default_factory=dict)
    left: dict[str, list[Card]] = field(default_factory=dict)  # unseen cards still unplaced


def _core_shuffles_as_python() -> bool:
    """Whether the core's shuffle draws exactly as this Python's ``random.Random.shuffle``
    (the same cards in the same places, the generator left in the same state)."""
    if _core is None:
        return False
    for seed in range(4):
        for size in (0, 1, 2, 3, 13, 26, 52):
            python, compiled = random.Random(seed), random.Random(seed)
            cards, copy = list(range(size)), list(range(size))
            python.shuffle(cards)
            _core.shuffle(compiled, copy)
            if cards != copy or python.getstate() != compiled.getstate():
                return False
    return True


FAST_SHUFFLE = _core_shuffles_as_python()
"""Shuffle the worlds' cards in C (a ``random.Random`` only; its own draws, the same ones)."""


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``, in C where that draws the same (:data:`FAST_SHUFFLE`)."""
    if FAST_SHUFFLE and type(rng) is random.Random:
        _core.shuffle(rng, cards)
    else:
        rng.shuffle(cards)


class Deal:
    """What :func:`sample_world` reads of the view, read once a decision: each colour's
    unseen cards in id order (before the shuffle), and for every other seat, in the order
    dealt to, the cards it showed and still holds, how many more it holds, the lowest value
    it may hold (a seat that passed in this count) and how many crib cards it tossed."""

    def __init__(self, view: View, powers: Powers, tossed: dict[int, int] | None = None) -> None:
        me = int(view["seat"])
        players = int(view["players"])
        self.colours = colour_of_team(view)
        known = known_cards(view)
        played = {parse_card(p["card"]) for p in view["played"]}
        magicked = set(view["magic_seats"])
        self.pools: list[list[Card]] = []
        for colour in self.colours:
            deck = powers.cards_of(colour)
            pool = [c for c in deck if c not in known]
            for seat in magicked:  # what they showed may since have gone to Magic
                if seat != me:
                    pool.extend(c for c in parse_cards(view["revealed"][seat]) if c not in played)
            self.pools.append(sorted(set(pool) & set(deck)))
        room = 31 - int(view["count"])
        passed = set(view["passed"]) if view["phase"] == "play" else set()
        others = [s for s in range(players) if s != me]
        self.seats: list[tuple[int, list[Card], int, int, int]] = []
        for seat in sorted(others, key=lambda s: s not in passed):
            shown = [] if seat in magicked else parse_cards(view["revealed"][seat])
            hand = [c for c in shown if c not in played]
            want = int(view["hand_sizes"][seat]) - len(hand)
            floor = room if seat in passed else -1
            self.seats.append((seat, hand, want, floor, (tossed or {}).get(seat, 0)))

    def draw(self, rng: random.Random) -> World:
        """One world: each colour's unseen cards shuffled (team 0's colour first), then
        dealt out seat by seat."""
        pools = [list(pool) for pool in self.pools]
        for pool in pools:
            shuffle(rng, pool)
        world = World()
        for seat, hand, want, floor, extra in self.seats:
            pool = pools[seat % 2]
            if floor < 0 and want >= 0:  # every card fits: the first ``want``
                picked, rest = pool[:want], pool[want:]
            else:
                picked = [c for c in pool if VALUE_OF[c] > floor][:want]
                if len(picked) < want:
                    picked += [c for c in pool if c not in picked][: want - len(picked)]
                rest = [c for c in pool if c not in picked]
            world.hands[seat] = hand + picked
            world.tossed[seat] = rest[:extra]
            pools[seat % 2] = rest[extra:]
        world.left = {self.colours[0]: pools[0], self.colours[1]: pools[1]}
        return world


def sample_world(
    view: View, powers: Powers, rng: random.Random, tossed: dict[int, int] | None = None
) -> World:
    """Every other seat's unplayed cards (``hand_sizes``), drawn from the unseen cards of its
    colour; cards it showed by Intel stay in its hand; a seat that passed in this count holds
    nothing that fits. ``tossed``: also deal these seats that many crib cards each. (A
    decision drawing many worlds reads the view once: :class:`Deal`.)"""
    return Deal(view, powers, tossed).draw(rng)


def settle_frame(view: View, powers: Powers) -> Settle:
    return Settle(powers, int(view["players"]), int(view["dealer"]), my_team(view))


def own_piles(view: View, world: World, mine: Sequence[int]) -> list[list[int]]:
    """The crib piles by team: our discards (``mine``) and everyone's in the world."""
    me = int(view["seat"])
    piles: list[list[int]] = [[], []]
    piles[me % 2].extend(mine)
    for seat, cards in world.tossed.items():
        piles[seat % 2].extend(cards)
    return piles


# -- the discard ---------------------------------------------------------------------------


def expert_discard(view: View, rng: random.Random) -> Action:
    legal, totals = discard_totals(view, rng)
    best = max(range(len(legal)), key=lambda i: totals[i])
    return legal[best]


def discard_totals(view: View, rng: random.Random) -> tuple[list[Action], list[float]]:
    powers = Powers.of(view)
    frame = settle_frame(view, powers)
    me = int(view["seat"])
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
        self.me = int(view["seat"])
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
    for the team out first, or else our pegging less theirs. ``compiled``: the compiled core
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
    me = int(view["seat"])
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
