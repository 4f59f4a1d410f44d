"""Greedy Cribist: win the tricks worth most now, give away as little as possible otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.bots.base import known
from pegboard.bots.claiming import perfect_count
from pegboard.cards import RANK_OF, SUIT_OF, Card, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribist import trick_winner
from pegboard.games.cribist.views import CribistBotView
from pegboard.scoring import ScoreItem, combinations_of, score_trick


def trick_value(cards: Sequence[Card], trump: int) -> int:
    """Points in the trick so far (all of them once it has four cards), plus the trick point."""
    if len(cards) == 4:
        return score_trick(cards, trump).total + 1
    return sum(i.points for i in combinations_of(cards)) + 1


def choose_card(view: CribistBotView) -> Card:
    hand = parse_cards(view["hand"])
    playable = [parse_card(a["card"]) for a in view["legal"]]
    trick = [(int(t["seat"]), parse_card(t["card"])) for t in view["trick"]]
    if not trick:
        if view["trump"] is None:  # the first lead names trumps: lead from the longest suit
            longest = max(range(4), key=lambda s: (sum(SUIT_OF[c] == s for c in hand), s))
            return max((c for c in playable if SUIT_OF[c] == longest), key=RANK_OF.__getitem__)
        return max(playable, key=lambda c: (RANK_OF[c], c))
    seat = known(view["seat"], "seat")
    trump = "CDHS".index(known(view["trump"], "trump"))
    winning: list[tuple[int, int, Card]] = []
    losing: list[tuple[int, int, Card]] = []
    for card in playable:
        after = [*trick, (seat, card)]
        value = trick_value([c for _, c in after], trump)
        target = winning if trick_winner(after, trump) == seat else losing
        target.append((value, RANK_OF[card], card))
    if winning:  # the most valuable win, with the cheapest card that gets it
        return max(winning, key=lambda w: (w[0], -w[1]))[2]
    return min(losing)[2]  # give the winner as little as possible, and a low card


def act_cribist(view: CribistBotView) -> Action:
    counting = view.get("counting")
    if counting is not None:
        trump = "CDHS".index(known(view["trump"], "trump"))

        def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
            return score_trick(cards, trump).items

        return perfect_count(counting, score)
    return {"type": "play", "card": str(choose_card(view))}
