"""Matches that measure: duplicate deals, win rates and ranks with 95% intervals, points by
phase, and a chart. ``run_match`` plays, ``summarize`` measures, ``write_chart`` draws."""

from pegboard.match.chart import write_chart
from pegboard.match.lineup import rotations
from pegboard.match.run import GameResult, Match, run_match
from pegboard.match.stats import Estimate, mean_interval, wilson_interval
from pegboard.match.summary import BotSummary, MatchSummary, summarize

__all__ = [
    "BotSummary",
    "Estimate",
    "GameResult",
    "Match",
    "MatchSummary",
    "mean_interval",
    "rotations",
    "run_match",
    "summarize",
    "wilson_interval",
    "write_chart",
]
