"""The rows of the vectorized environment's state matrix (int16, one column per game).

Rows from :data:`CLEARED` on are set to :data:`CLEAR` when a hand is dealt, in one
assignment; :data:`OBSERVED` lists, for each seat, the rows its observation is read from,
in observation order (the table in :mod:`.vector`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np

NONE: Final = 99
"""The value and the rank of "no card": never playable, equal to no rank."""
DISCARD_PAIRS: Final = tuple(combinations(range(6), 2))

SCORE0, SCORE1 = 0, 1
SCORES: Final = slice(0, 2)
DEALER, NOT_DEALER, TURN, HAND, TARGET, CUT = 2, 3, 4, 5, 6, 7
"""The dealer, 1 - the dealer, the seat to act, the hand's number in the game (from 1),
the score target, and the card that will be the starter."""
HAND_CARDS: Final = slice(8, 20)
"""seat * 6 + slot: the 6 dealt cards, or the 4 kept (-1 once played) and -1, -1."""

PLAYING, COUNT, STARTER, PAIR, LAST_RANK = 20, 21, 22, 23, 24
"""1 in the play; the count; the starter (-1 before the cut); how many of the latest cards
share a rank, and that rank (0 for none)."""
KEPT: Final = slice(25, 33)
"""seat * 4 + slot: the 4 kept cards, for the show."""
CRIB: Final = slice(33, 37)
"""seat * 2 + card: each seat's discards."""
COUNT_CARDS: Final = slice(37, 45)
"""The current count's cards, the latest first (-1 for none)."""
SEEN: Final = slice(45, 52)
LOW: Final = slice(52, 59)
"""Row k: the rank bits (1 << rank) of the count's last k + 1 cards, and the lowest of those
ranks; 0 past the count's start, where a rank bit is never 0 and a run never starts at 0."""
PLAYED: Final = slice(59, 67)
"""Every card played this hand, the latest first."""
ROWS: Final = 67

CLEARED: Final = slice(PLAYING, ROWS)
CLEAR: Final = np.array(
    [0, 0, -1, 0, 0] + [-1] * 8 + [-1] * 4 + [-1] * 8 + [0] * 14 + [-1] * 8,
    dtype=np.int16,
)[:, None]

OPPONENT_HOLDS: Final = 31
"""The observation's field computed apart (from the opponent's hand rows), not gathered."""


def _observed(seat: int) -> list[int]:
    other = 1 - seat
    hand = HAND_CARDS.start + seat * 6
    return [
        PLAYING,
        TURN,
        NOT_DEALER if seat == 0 else DEALER,
        SCORE0 + seat,
        SCORE0 + other,
        COUNT,
        *range(hand, hand + 6),
        STARTER,
        *range(COUNT_CARDS.start, COUNT_CARDS.stop),
        *range(PLAYED.start, PLAYED.stop),
        CRIB.start + seat * 2,
        CRIB.start + seat * 2 + 1,
        TARGET,  # OPPONENT_HOLDS: filled in apart
        TARGET,
    ]


OBSERVED: Final = (np.array(_observed(0)), np.array(_observed(1)))

assert len(CLEAR) == ROWS - PLAYING
