"""Game review: every decision of every seat of a finished game, valued as the expert values
it, with marks, accuracy, a standing graph and luck (docs/review.md)."""

from pegboard.review.model import (
    REVIEW_FORMAT,
    Decision,
    Judgement,
    Luck,
    Option,
    Point,
    Review,
    SeatSummary,
)
from pegboard.review.reviewer import GameReviewer, register_reviewer, reviewer_for
from pegboard.review.walk import review_record, review_records

__all__ = [
    "REVIEW_FORMAT",
    "Decision",
    "GameReviewer",
    "Judgement",
    "Luck",
    "Option",
    "Point",
    "Review",
    "SeatSummary",
    "register_reviewer",
    "review_record",
    "review_records",
    "reviewer_for",
]
