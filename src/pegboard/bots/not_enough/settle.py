"""What follows the play of a hand of Cribbage is not Enough, valued for the expert: the
intelligence bonus, the battle for the crib with its exact dice odds, who then owns which crib
pile, and rob the cradle (:class:`Settle`, in C where the compiled extension was built)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pegboard.bots.not_enough.greedy import (
    Powers,
    combo_of_key,
    rank_key,
)
from pegboard.core.compiled import PURE_PYTHON
from pegboard.scoring.tables import RANK_KEY

try:  # the settling and the play's rollouts in C (setup.py builds them where it can)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots import _not_enough as _core
except ImportError:
    _core = None  # type: ignore[assignment]


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

    ``compiled``: use the compiled extension (``_not_enough.pyx``) where it was built; it gives the
    same values, double for double (tests/bots/test_not_enough_compiled.py)."""

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
