"""Exact discard analysis: every discard with its expected hand, crib and net value.

``analyze_discards(hand, dealer=True)`` looks at each way to discard from a 6-card hand
(2 players) or a 5-card hand (3 or 4 players):

* the hand: the kept 4 cards' show, averaged exactly over every starter you cannot see;
* the crib: your discard, the other players' crib cards and the starter, averaged exactly
  over every way the unseen cards can fill it. By default the other players' cards are
  uniformly random unseen cards (with 2 players: a random 2 of the opponent's random 6; with
  3 players: each opponent's toss and the card dealt to the crib; with 4 players: the three
  other tosses). With 2 players ``tosses="strong"`` instead has the opponent toss like a
  strong player (:mod:`pegboard.analysis.strong`);
* the net: hand plus crib when the crib is yours (or, with 4 players in teams, your
  partner's: ``partner_deals=True``), hand minus crib when an opponent's.

Fifteens, pairs and runs are summed over rank multisets weighted by how many sets of unseen
cards have them (there are only 455 three-card and 1,820 four-card rank multisets), flushes
and nobs by counting, so a full 2-player analysis (15 discards x 46 starters, and 45,540
(opponent toss, starter) cases per discard) costs a fraction of a millisecond, not 683,100
show counts.
"""

from pegboard.analysis.discards import PLAYERS, DiscardAnalysis, Tosses, analyze_discards
from pegboard.analysis.exact import Expectation, Unseen, crib_expectations, hand_expectations
from pegboard.analysis.strong import strong_crib_expectations
from pegboard.analysis.tables import clear_caches as _clear_tables

__all__ = [
    "PLAYERS",
    "DiscardAnalysis",
    "Expectation",
    "Tosses",
    "Unseen",
    "analyze_discards",
    "clear_caches",
    "crib_expectations",
    "hand_expectations",
    "strong_crib_expectations",
]


def clear_caches() -> None:
    """Forget every precomputed table, so the next analysis builds them again (cold)."""
    from pegboard.analysis.strong import toss_rule

    _clear_tables()
    toss_rule.cache_clear()
