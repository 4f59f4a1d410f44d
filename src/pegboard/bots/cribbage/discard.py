"""The expert's discard: the exact hand and crib expectations, plus the play and the board.

Every discard starts from :func:`pegboard.analysis.analyze_discards` (the kept hand over every
starter, the crib over every way the unseen cards can fill it). With 3 or 4 players each for
themselves, an opponent's crib counts at ``1 / (players - 1)`` of its value: it lifts one of
several opponents, and what decides the rank is this seat's score against theirs. Two
corrections follow:

* the play: what the kept cards are worth in the pegging (:mod:`pegboard.bots.search.peg_values`);
* the board: when the game can end in this hand, the chance of counting out matters more
  than the average (:func:`~pegboard.bots.search.endgame.board_values`).

At a match table (2 players) whose payoff is more than winning the game (game points: a
skunk is worth more than a win), the same ingredients are valued by what the deal's points
are expected to be worth in the match instead (:mod:`pegboard.bots.cribbage.race_discard`),
which takes the board in too. A payoff that only asks for the game (a single game, or a
best-of match where a skunk is one game) keeps the points discard while both players are far
from the target; once either is within :data:`~pegboard.bots.search.endgame.REACH` of it, the
race values the discard there too, for the chance of winning.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.analysis import DiscardAnalysis, Tosses, analyze_discards
from pegboard.bots.base import known
from pegboard.bots.cribbage.race_discard import race_discard_values
from pegboard.bots.search.endgame import REACH, board_values
from pegboard.bots.search.peg_values import peg_value
from pegboard.bots.search.race import GAME, Payoff
from pegboard.cards import Card, parse_cards
from pegboard.games.cribbage.views import CribbageBotView


def discard_values(
    view: CribbageBotView, tosses: Tosses = "strong"
) -> list[tuple[float, DiscardAnalysis]]:
    """Every discard with the expert's value for it, best first."""
    hand = parse_cards(view["hand"])
    me = known(view["seat"], "seat")
    dealer = known(view["dealer"], "dealer")
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


def choose_discard(
    view: CribbageBotView, tosses: Tosses = "strong", payoff: Payoff = GAME
) -> tuple[Card, ...]:
    """The best discard; near the end of the game, with the board's correction; with 2
    players and a match's ``payoff``, the one worth most to the match."""
    valued = discard_values(view, tosses)
    me = known(view["seat"], "seat")
    target = int(view["target"])
    need = target - int(view["scores"][me])
    alone = len(view["active"]) == 2 and not view.get("teams")
    theirs = min(target - int(view["scores"][s]) for s in view["active"] if s != me)
    # Near the end of a game for the win alone, the race values the deal's whole chances
    # (who counts first, the pegging that can take either out), not only this seat's count.
    if alone and (not only_winning(payoff) or min(need, theirs) <= REACH):
        valued = race_discard_values(
            parse_cards(view["hand"]),
            [a for _, a in valued],
            mine=need,
            theirs=theirs,
            dealer=known(view["dealer"], "dealer") == me,
            payoff=payoff,
            dealer_rule=str(view.get("dealer_rule", "rotate")),
        )
    elif need <= REACH:
        valued = board_values(
            parse_cards(view["hand"]),
            valued,
            dealer=known(view["dealer"], "dealer") == me,
            need=need,
        )
    return valued[0][1].discard


def only_winning(payoff: Payoff) -> bool:
    """Whether ``payoff`` values a game only by who wins it (as :data:`GAME` does, on any
    scale): then a skunk changes nothing."""
    return (
        payoff.win == payoff.skunk == payoff.double_skunk
        and payoff.loss == payoff.skunked == payoff.double_skunked
        and payoff.win > payoff.loss
    )


def _seats_from_left(active: Sequence[int], dealer: int, players: int) -> list[int]:
    return [s for s in ((dealer + k) % players for k in range(1, players + 1)) if s in active]
