"""Precomputed rank tables: fifteens + pairs + runs depend only on the multiset of ranks.

There are 1,820 four-card and 6,175 five-card rank multisets. Each is keyed by
``sum(RANK_KEY[card])``, three bits of count per rank, so a lookup needs no sorting.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Final

from pegboard.cards import RANK_OF, Card
from pegboard.scoring.combos import combination_points, combinations_of
from pegboard.scoring.items import ScoreItem

RANK_KEY: Final[tuple[int, ...]] = tuple(1 << (3 * (i >> 2)) for i in range(52))
"""Per card id: the increment its rank adds to a rank-multiset key."""


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of ``size`` ranks (1..13) with no rank more than 4 times."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(1, 14), size)
        if all(ranks.count(r) <= 4 for r in set(ranks))
    ]


def representative(ranks: tuple[int, ...]) -> list[Card]:
    """Cards with these ranks, suits assigned so that equal ranks differ in suit."""
    seen: dict[int, int] = {}
    cards = []
    for rank in ranks:
        suit = seen.get(rank, 0)
        seen[rank] = suit + 1
        cards.append(Card.of(rank, suit))
    return cards


def multiset_key(ranks: tuple[int, ...]) -> int:
    return sum(1 << (3 * (r - 1)) for r in ranks)


def _build(size: int) -> dict[int, int]:
    return {
        multiset_key(ranks): combination_points(representative(ranks))
        for ranks in rank_multisets(size)
    }


COMBO_POINTS_4: Final[dict[int, int]] = _build(4)
COMBO_POINTS_5: Final[dict[int, int]] = _build(5)


Template = tuple[tuple[str, int, tuple[int, ...]], ...]


class _Templates(dict[int, Template]):
    """Per rank-multiset key: the combination items as positions into the cards sorted by
    rank, filled on first use so that explaining a count costs a lookup, not a search."""

    def __missing__(self, key: int) -> Template:
        ranks: list[int] = []
        for rank in range(1, 14):
            ranks.extend([rank] * ((key >> (3 * (rank - 1))) & 7))
        cards = representative(tuple(ranks))
        position = {card: i for i, card in enumerate(cards)}
        template = tuple(
            (item.kind, item.points, tuple(position[c] for c in item.cards))
            for item in combinations_of(cards)
        )
        self[key] = template
        return template


COMBO_TEMPLATES: Final[dict[int, Template]] = _Templates()
"""Fifteens, pairs and runs of any rank multiset, as positions (see :class:`_Templates`)."""


def combinations_fast(cards: Sequence[Card]) -> list[ScoreItem]:
    """The same items as :func:`combinations_of`, from the rank-multiset templates."""
    ordered = sorted(cards, key=RANK_OF.__getitem__)
    template = COMBO_TEMPLATES[sum(RANK_KEY[c] for c in ordered)]
    return [
        ScoreItem(kind, points, tuple(ordered[i] for i in where))
        for kind, points, where in template
    ]
