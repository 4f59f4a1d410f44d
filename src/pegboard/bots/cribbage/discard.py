"""The expert's discard: the exact hand and crib expectations, plus the play and the board.

Every discard starts from :func:`pegboard.analysis.analyze_discards` (the kept hand over every
starter, the crib over every way the unseen cards can fill it). With 3 or 4 players each for
themselves, an opponent's crib counts at ``1 / (players - 1)`` of its value: it lifts one of
several opponents, and what decides the rank is this seat's score against theirs. Two
corrections follow:

* the play: what the kept cards are worth in the pegging (:mod:`pegboard.bots.search.peg_values`);
* the board: when the game can end in this hand, the chance of counting out matters more
  than the average (:func:`board_value`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.analysis import DiscardAnalysis, Tosses, analyze_discards
from pegboard.bots.base import View
from pegboard.bots.search.endgame import REACH, board_values
from pegboard.bots.search.peg_values import peg_value
from pegboard.cards import Card, parse_cards


def discard_values(view: View, tosses: Tosses = "strong") -> list[tuple[float, DiscardAnalysis]]:
    """Every discard with the expert's value for it, best first."""
    hand = parse_cards(view["hand"])
    me = int(view["seat"])
    dealer = int(view["dealer"])
    active = list(view["active"])
    players = len(active)
    teams = bool(view.get("teams"))
    partner_deals = teams and dealer != me and dealer % 2 == me % 2
    order = _seats_from_left(active, dealer, int(view["players"]))
    position = order.index(me)  # 0 = first after the dealer, players - 1 = the dealer
    choices = analyze_discards(
        hand,
        dealer=dealer == me,
        players=players,
        partner_deals=partner_deals,
        tosses=tosses if players == 2 else "random",
    )
    # Against one opponent among several, a point in their crib costs this seat only its
    # share: what counts is its score against the others' mean.
    sides = players // 2 if teams else players
    share = 1.0 if dealer == me or partner_deals else 1.0 / (sides - 1)
    valued = [
        (a.hand + a.crib_sign * share * a.crib + peg_value(a.keep, players, position), a)
        for a in choices
    ]
    valued.sort(key=lambda pair: -pair[0])
    return valued


def choose_discard(view: View, tosses: Tosses = "strong") -> tuple[Card, ...]:
    """The best discard; near the end of the game, with the board's correction."""
    valued = discard_values(view, tosses)
    me = int(view["seat"])
    need = int(view["target"]) - int(view["scores"][me])
    if need <= REACH:
        valued = board_values(
            parse_cards(view["hand"]), valued, dealer=int(view["dealer"]) == me, need=need
        )
    return valued[0][1].discard


def _seats_from_left(active: Sequence[int], dealer: int, players: int) -> list[int]:
    return [s for s in ((dealer + k) % players for k in range(1, players + 1)) if s in active]
