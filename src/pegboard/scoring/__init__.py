"""Scoring, shared by every game: scalar counts with explanations, and a batched numpy path."""

from pegboard.scoring.batch import show_totals
from pegboard.scoring.combos import combinations_of, fifteens, pairs, runs
from pegboard.scoring.items import KINDS, Score, ScoreItem
from pegboard.scoring.pegging import score_pegging
from pegboard.scoring.show import score_show, show_items
from pegboard.scoring.trick import score_trick

__all__ = [
    "KINDS",
    "Score",
    "ScoreItem",
    "combinations_of",
    "fifteens",
    "pairs",
    "runs",
    "score_pegging",
    "score_show",
    "score_trick",
    "show_items",
    "show_totals",
]
