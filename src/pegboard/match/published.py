"""Published figures for expert 2-player Cribbage, to set measured points beside.

Mean points per deal as dealer and as pone, and the pegging part of each, as commonly quoted
from large collections of expert games (about 16.2 as dealer, 10.2 as pone; pegging about
3.5 as dealer and 2.0 as pone). They are reference points, not exact values.
"""

from __future__ import annotations

EXPERT_PER_DEAL = {
    "dealer": {"total": 16.2, "pegging": 3.5},
    "pone": {"total": 10.2, "pegging": 2.0},
}

CRIBBAGE_PER_DEAL = {2: EXPERT_PER_DEAL}
"""Cribbage's published figures by player count (its spec's ``"published"`` surface)."""
