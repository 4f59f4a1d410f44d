"""Batched show totals with numpy: many (hand, starter) pairs counted at once, exactly.

The total of a show splits into a part that depends only on the five ranks (fifteens,
pairs, runs) and a part that depends only on suits and jacks (flush, nobs). Both parts
come from tables built once, on first use, from the scalar code:

* the rank table has one entry per *ordered* 5-tuple of ranks (13**5 = 371,293 entries,
  hand cards first, then the starter), filled from ``tables.COMBO_POINTS_5`` through the
  sorted tuple, so no sorting is needed per hand;
* the bonus table has one entry per code of 4 hand suits, 4 "is a jack" flags and the
  starter's suit (2**14 entries, one table for hands and one for cribs), each filled by
  asking :func:`~pegboard.scoring.show.score_show` and taking away the rank part.

Per card, one small table holds both index contributions packed into an int64, so a
batch costs five gathers and four additions to find both indices, then one gather in
each table. Work goes in chunks small enough for the temporaries to stay in cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.cards import RANK_OF, Card, format_cards
from pegboard.errors import CardError
from pegboard.scoring.show import score_show
from pegboard.scoring.tables import COMBO_POINTS_5, multiset_key, rank_multisets

__all__ = ["all_hand_starter_pairs", "show_totals"]

_RANKS: Final = 13
_RANK_INDEXES: Final = _RANKS**5
"""How many ordered 5-tuples of ranks there are: the size of the rank table."""
_RANK_BITS: Final = 19
"""Bits of a packed value holding the rank index (13**5 = 371,293 < 2**19)."""
_RANK_MASK: Final = (1 << _RANK_BITS) - 1
_CODE_BITS: Final = 14
"""Bits of the suit-and-jack code: 3 per hand card (suit, is-a-jack) and 2 for the starter."""
_JACK: Final = 11
_CHUNK: Final = 1 << 16
"""Rows per step: the temporaries of one chunk fit in a core's cache."""

HAND_STARTER_PAIRS: Final = 270_725 * 48
"""How many (4-card hand, starter) pairs a 52-card deck has: C(52, 4) * 48 = 12,994,800."""


@dataclass(frozen=True)
class _Tables:
    combo: npt.NDArray[np.int16]
    """Fifteens + pairs + runs, by ordered rank index."""
    bonus: tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]
    """Flush + nobs by suit-and-jack code: ``bonus[crib]``."""
    packed: tuple[npt.NDArray[np.int64], ...]
    """Per position (4 hand cards, then the starter), by card id: the card's share of the
    rank index, plus its share of the code shifted left by ``_RANK_BITS``."""


def _rank_weight(position: int) -> int:
    """The weight of a position's rank digit in the rank index (the starter's is 1)."""
    return int(_RANKS ** (4 - position))


def _combo_table() -> npt.NDArray[np.int16]:
    by_sorted = np.zeros(_RANK_INDEXES, dtype=np.int16)
    for ranks in rank_multisets(5):
        index = sum((rank - 1) * _rank_weight(k) for k, rank in enumerate(ranks))
        by_sorted[index] = COMBO_POINTS_5[multiset_key(ranks)]
    # Column i of ``digits`` is the ordered tuple with rank index i (digit 0 leads).
    digits = np.indices((_RANKS,) * 5, dtype=np.int64).reshape(5, -1)
    weights = np.array([_rank_weight(k) for k in range(5)], dtype=np.int64)
    # Five of one rank cannot be dealt; those entries read 0 and are never used.
    return by_sorted[weights @ np.sort(digits, axis=0)]


def _bonus_tables() -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    hand_bonus = np.zeros(1 << _CODE_BITS, dtype=np.int16)
    crib_bonus = np.zeros(1 << _CODE_BITS, dtype=np.int16)
    for code in range(1 << _CODE_BITS):
        hand = [
            Card.of(_JACK if (code >> (3 * k + 2)) & 1 else k + 1, (code >> (3 * k)) & 3)
            for k in range(4)
        ]
        if len(set(hand)) < 4:
            continue  # the same jack twice: no real hand has this code
        starter = Card.of(6, code >> 12)  # neither a jack nor a rank used in the hand
        combo = COMBO_POINTS_5[multiset_key(tuple(RANK_OF[c] for c in [*hand, starter]))]
        hand_bonus[code] = score_show(hand, starter).total - combo
        crib_bonus[code] = score_show(hand, starter, crib=True).total - combo
    return hand_bonus, crib_bonus


def _packed_tables() -> tuple[npt.NDArray[np.int64], ...]:
    ids = np.arange(52, dtype=np.int64)
    rank0, suit = ids >> 2, ids & 3
    jack = (rank0 == _JACK - 1).astype(np.int64)
    hand = tuple(
        rank0 * _rank_weight(k) + (((suit | (jack << 2)) << (3 * k)) << _RANK_BITS)
        for k in range(4)
    )
    return (*hand, rank0 * _rank_weight(4) + ((suit << 12) << _RANK_BITS))


@cache
def _tables() -> _Tables:
    return _Tables(_combo_table(), _bonus_tables(), _packed_tables())


def show_totals(
    hands: npt.ArrayLike, starters: npt.ArrayLike, *, crib: bool = False, check: bool = True
) -> npt.NDArray[np.int16]:
    """Show totals of many hands at once: ``show_totals(hands, starters)[i]`` equals
    ``score_show(hands[i], starters[i], crib=crib).total``.

    ``hands`` holds card ids with shape (N, 4); ``starters`` holds N card ids. Any
    integer dtype works; uint8 (as from :func:`all_hand_starter_pairs`) is the fastest.
    Raises :class:`~pegboard.errors.CardError` on a wrong shape, an id outside 0..51,
    or a row that repeats a card. ``check=False`` skips those checks, for callers whose
    cards are dealt by the program itself (the vectorized environment counts a few hundred
    hands per step, where the checks would cost as much as the count).
    """
    if check:
        hand_ids, starter_ids = _validated(hands, starters)
    else:
        hand_ids, starter_ids = np.asarray(hands), np.asarray(starters)
    tables = _tables()
    combo, bonus, packed = tables.combo, tables.bonus[bool(crib)], tables.packed
    n = len(starter_ids)
    out = np.empty(n, dtype=np.int16)
    for lo in range(0, n, _CHUNK):
        hi = min(lo + _CHUNK, n)
        rows = np.ascontiguousarray(hand_ids[lo:hi].T, dtype=np.uint8)  # (4, chunk)
        starts = np.ascontiguousarray(starter_ids[lo:hi], dtype=np.uint8)
        if check:
            _check_distinct(rows, starts, lo)
        value = packed[4].take(starts)
        for k in range(4):
            value += packed[k].take(rows[k])
        rank_index = value & _RANK_MASK
        value >>= _RANK_BITS
        np.add(combo.take(rank_index), bonus.take(value), out=out[lo:hi])
    return out


def _validated(
    hands: npt.ArrayLike, starters: npt.ArrayLike
) -> tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]:
    try:
        hand_ids = np.asarray(hands)
        starter_ids = np.asarray(starters)
    except ValueError as error:  # ragged nested lists
        raise CardError(
            f"hands must be N rows of 4 card ids, starters N card ids: {error}"
        ) from None
    for name, array in (("hands", hand_ids), ("starters", starter_ids)):
        if array.dtype.kind not in "iu" and array.size:
            raise CardError(f"{name} must hold integer card ids 0..51, not {array.dtype} values")
    if hand_ids.ndim != 2 or hand_ids.shape[1] != 4:
        raise CardError(
            f"hands must have shape (N, 4), one row of 4 card ids each, not {hand_ids.shape}"
        )
    n = hand_ids.shape[0]
    if starter_ids.shape != (n,):
        raise CardError(
            f"starters must have shape ({n},), one card id per hand, not {starter_ids.shape}"
        )
    if n == 0:
        return hand_ids.astype(np.uint8), starter_ids.astype(np.uint8)
    for name, array in (("hands", hand_ids), ("starters", starter_ids)):
        if array.min() < 0 or array.max() > 51:
            bad = np.argwhere((array < 0) | (array > 51))[0]
            where = ", ".join(str(int(i)) for i in bad)
            raise CardError(f"card ids must be 0..51, but {name}[{where}] is {array[tuple(bad)]}")
    return hand_ids, starter_ids


def _check_distinct(
    rows: npt.NDArray[np.uint8], starts: npt.NDArray[np.uint8], offset: int
) -> None:
    """Refuse a chunk where some row uses a card twice (``rows`` is hand-card major)."""
    repeated = rows[0] == starts
    for k in range(1, 4):
        repeated |= rows[k] == starts
        for j in range(k):
            repeated |= rows[j] == rows[k]
    if repeated.any():
        i = int(np.argmax(repeated))
        cards = format_cards([*(int(c) for c in rows[:, i]), int(starts[i])])
        raise CardError(
            f"row {offset + i}: the hand and the starter must be 5 different cards, not {cards}"
        )


def all_hand_starter_pairs() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every (4-card hand, starter) pair once: ``hands`` (12,994,800 x 4), ``starters``.

    Canonical order: hands as ``itertools.combinations(range(52), 4)`` gives them (each
    hand's ids ascending, hands in lexicographic order), each repeated for its 48
    starters in ascending id order. Both arrays are uint8 card ids (65 MB together).
    """
    hand_count = HAND_STARTER_PAIRS // 48
    distinct = np.fromiter(
        chain.from_iterable(combinations(range(52), 4)), dtype=np.uint8, count=hand_count * 4
    ).reshape(hand_count, 4)
    # The j-th card not in a sorted hand: step j past each hand card at or below it.
    starters = np.tile(np.arange(48, dtype=np.uint8), (hand_count, 1))
    for k in range(4):
        starters += starters >= distinct[:, k : k + 1]
    # Repeat each hand's 4 bytes 48 times, moving them as one uint32.
    hands = np.repeat(distinct.view(np.uint32).ravel(), 48).view(np.uint8).reshape(-1, 4)
    return hands, starters.reshape(-1)
