"""Tournaments: round robin, Swiss and the ACC's qualifying with its cut to a seeded playoff;
standings in the ACC's order with every tie-break. :class:`Tournament` is the pure state a
runner drives round by round; :func:`run_bot_tournament` plays one between bots."""

from pegboard.tournament.bracket import BracketMatch
from pegboard.tournament.director import Tournament, start
from pegboard.tournament.pairing import Pairing, acc_round, grouped, round_robin, swiss
from pegboard.tournament.playoff import bracket_size, byes, first_round, qualifiers, seed_order
from pegboard.tournament.results import Round, Table
from pegboard.tournament.rules import FORMATS, TournamentRules
from pegboard.tournament.standings import Standing, standings

__all__ = [
    "FORMATS",
    "BracketMatch",
    "Pairing",
    "Round",
    "Standing",
    "Table",
    "Tournament",
    "TournamentRules",
    "acc_round",
    "bracket_size",
    "byes",
    "first_round",
    "grouped",
    "qualifiers",
    "round_robin",
    "seed_order",
    "standings",
    "start",
    "swiss",
]
