"""Worlds where the others kept their best four (3 or 4 players, one card thrown each).

With 3 or 4 players each seat is dealt five cards and throws one to the crib. A player keeps
the four with the most points on average over the starters they could not see, so a world
should rarely deal a seat four cards it would have broken up. :func:`sample_kept_world` deals
each other seat, in turn, the cards it played, the number it still holds and one card for
the crib, and deals that seat again (up to ``TRIES`` times) while the best keep of those five
would have thrown a card it has since played, or kept one that would have fitted under a go
it said. Now and then (``STRAY``) a deal is kept as it is: people stray. The averages count
fifteens, pairs and runs by rank (:func:`pegboard.analysis.tables.hand_table`), not flushes
or nobs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from pegboard.analysis.tables import hand_table, multisets
from pegboard.bots.base import View
from pegboard.bots.search.play_history import PlaySoFar
from pegboard.bots.search.worlds import World, sample_world
from pegboard.cards import RANK_OF, VALUE_OF, parse_cards
from pegboard.scoring.tables import RANK_KEY

TRIES = 12
"""Deals of one seat's five cards tried before one is taken as it is."""
STRAY = 0.15
"""How often a seat's deal is taken without asking whether it kept its best four."""


@cache
def keep_values() -> dict[int, tuple[float, ...]]:
    """Per kept four-rank multiset key: its mean points with the thrown card of each rank
    (ace first), over the starters the keeper could not see (the other 47 cards, by rank)."""
    table = hand_table().astype(float)  # points of each kept multiset with each starter rank
    unseen = 4 - multisets(4).counts  # of each rank, before the thrown card is taken out
    total = (unseen * table).sum(axis=1)
    left = unseen.sum(axis=1) - 1
    means = (total[:, None] - table) / left[:, None]  # [row, thrown rank]
    return {key: tuple(row) for key, row in zip(multisets(4).keys, means.tolist(), strict=True)}


def keeps_best(kept: Sequence[int], thrown: int) -> bool:
    """Whether keeping ``kept`` and throwing ``thrown`` is (one of) the best keeps of the
    five."""
    values = keep_values()
    key = sum(RANK_KEY[c] for c in kept)
    chosen = values[key][RANK_OF[thrown] - 1]
    swapped = key + RANK_KEY[thrown]
    return all(values[swapped - RANK_KEY[c]][RANK_OF[c] - 1] <= chosen + 1e-9 for c in kept)


def sample_kept_world(
    view: View, history: PlaySoFar, rng: random.Random, unseen: list[int]
) -> World:
    """A world of the unseen cards (as :func:`~pegboard.bots.search.worlds.sample_world`)
    where each other seat's four shown cards are, but for strays, its best keep of five."""
    me = int(view["seat"])
    pool = list(unseen)
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    others: dict[int, list[int]] = {}
    kept: dict[int, list[int]] = {me: [int(c) for c in parse_cards(view["kept"])]}
    crib = [int(c) for c in parse_cards(view["discarded"])]
    # The most constrained seat first, so a go that allows only ten-cards is served.
    for seat in sorted(
        (s for s in history.seats if s != me), key=lambda s: -history.above.get(s, 0)
    ):
        played = [c for s, c in history.plays if s == seat]
        floor = history.above.get(seat, 0)
        dealt = _deal_seat(pool, played, int(sizes[seat]), floor, rng)
        if dealt is None:  # cannot happen with a real view: too few cards to deal
            return sample_world(view, history, rng, unseen)
        held, thrown = dealt
        others[seat] = held
        kept[seat] = played + held
        crib.append(thrown)
        taken = {thrown, *held}
        pool = [c for c in pool if c not in taken]
    crib.extend(pool[: int(view["crib_size"]) - len(crib)])
    return World(others, kept, crib)


def _deal_seat(
    pool: list[int], played: list[int], want: int, floor: int, rng: random.Random
) -> tuple[list[int], int] | None:
    """``want`` cards held (each worth more than ``floor``) and one thrown, from ``pool``."""
    fits = [c for c in pool if VALUE_OF[c] > floor]
    if len(fits) < want or len(pool) <= want:
        return None
    first: tuple[list[int], int] | None = None
    for _ in range(TRIES):
        held = rng.sample(fits, want)
        thrown = rng.choice([c for c in pool if c not in held])
        if first is None:
            first = (held, thrown)
            if rng.random() < STRAY:
                return first
        if keeps_best([*played, *held], thrown):
            return held, thrown
    return first
