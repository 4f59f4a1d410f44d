"""How each other player plays, learned from their own plays in this game.

After each show every hand is face up, so each play a seat made this hand can be replayed
with the cards it held: the cards it could have played, and the one it chose. Those choices
say which style fits the player: :data:`~pegboard.bots.search.pegging.GREEDY` (the most
points now, else the highest card), with 2 players :data:`~pegboard.bots.search.pegging.BOOK`
(the handbook's rules of thumb, as ``hoyle`` plays them) or
:data:`~pegboard.bots.search.pegging.SEARCHER` (a player who searches: each rank with a
chance, :mod:`.search_style`), or nothing in particular. Each choice with two ranks or more
to choose from scores every candidate model by its log-likelihood:

* a style of a fixed choice plays it with probability ``1 - SLIP``, any other with the rest;
  a searcher plays each rank with its chance;
* the null model, any playable rank alike;
* a player who takes their points (:data:`PEGS`): a rank that pegs ``k`` points fewer than
  the best is ``exp(-MISSED * k)`` times as likely, nothing else assumed.

A seat is taken to play a style once that style's log-likelihood beats the null model's and
:data:`~pegboard.bots.search.pegging.HEURISTIC`'s (the search's model of a thoughtful player)
by :data:`MARGIN`: a few plays a style explains and the others do not. A seat is taken to play
any card alike (:data:`~pegboard.bots.search.pegging.RANDOM`) once the null model beats every
other account by :data:`RANDOM_MARGIN`: points passed up time and again, which no account of a
thinking player explains. With 2 players the crib shows the opponent's toss too: a thinking
player's is ``exp(-TOSS_SHARPNESS * points)`` times less likely for each point of expected
hand and crib (:func:`pegboard.analysis.analyze_discards`) it gives up, a random player's is
any of the fifteen; that evidence counts for the null model beside the plays. Until then, and
for a person who plays their own way, the search assumes nothing beyond :mod:`.play_model`.
A seat whose plays fit a style is then rolled out with it, and the worlds in which its plays
so far were not that style's choices are weighed down (:func:`.play_model.likelihood`); a
``RANDOM`` one is rolled out playing any card, and with 2 players its hand and toss are dealt
at random, not by the toss model.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from pegboard.analysis import analyze_discards
from pegboard.bots.base import known
from pegboard.bots.search import search_style
from pegboard.bots.search.pegging import BOOK, GREEDY, HEURISTIC, RANDOM, SEARCHER
from pegboard.bots.search.play_history import play_so_far
from pegboard.bots.search.play_model import MISSED, SLIP, fits_style
from pegboard.cards import RANK_OF, VALUE_OF, Card, parse_cards
from pegboard.games.cribbage.views import CribbageBotView
from pegboard.scoring.pegging import pegging_points

K = TypeVar("K", bound=Hashable)

MARGIN = 1.0
"""How much better (in log-likelihood) a style must explain a seat's plays to be used."""
RULES = (GREEDY, BOOK)
"""The styles of a fixed choice a seat may be found to play."""
LEARNED = (*RULES, SEARCHER)
"""The styles a seat may be found to play (beside the search's own heuristic); :data:`BOOK`
and :data:`SEARCHER` only with 2 players, the table the handbooks' advice is written for and
the one the searcher's chances were fitted at (``ismcts``'s plays); :data:`SEARCHER` only when
the expert is asked to (``Thinking.searcher``)."""
ANY_CARD = -1
"""The null account's key in the evidence: any playable rank alike."""
PEGS = -2
"""The account of a player who takes their points, nothing else assumed (its key)."""
RANDOM_MARGIN = 3.0
"""How much better the null account must explain a seat's plays than every other for the
seat to be taken to play any card: more than a style needs, as a person who is rolled out
playing at random is badly misread."""
TOSS_SHARPNESS = 1.0
"""How much less likely a thinking player's toss is per point of expected value given up
(thinking bots give up 0.1 to 0.3 points a toss, the ``random`` bot 4)."""


def _log_chance(fits: bool, choices: int) -> float:
    return math.log(1.0 - SLIP) if fits else math.log(SLIP / (choices - 1))


class StyleMemory:
    """What one seat has learned about the others' play in the current game."""

    def __init__(self, searcher: bool = False) -> None:
        self.evidence: dict[int, dict[int, float]] = {}
        """Per seat: the log-likelihood of its choices so far under each account (a style,
        :data:`PEGS` or :data:`ANY_CARD`)."""
        self.learned_hands: set[int] = set()
        self.duel_styles = LEARNED if searcher else RULES
        """The styles a seat may be found to play with 2 players: :data:`SEARCHER` only when
        asked for (off as shipped: against ``ismcts`` it measured no gain, docs/bots.md)."""
        self.learnable: tuple[int, ...] = self.duel_styles
        """The styles a seat at this table may be found to play."""
        self.tossed: dict[int, float] = {}
        """Per seat: how much better any toss explains its tosses than a thinking player's
        (a log-likelihood ratio; 2 players only)."""

    def observe(self, view: CribbageBotView) -> None:
        """Learn from a view in which the hand's shows are complete (once per hand)."""
        hand_number = int(view["hand_number"])
        if hand_number in self.learned_hands:
            return
        kept = _shown_hands(view)
        if kept is None:
            return
        self.learned_hands.add(hand_number)
        self.learnable = self.duel_styles if int(view["players"]) == 2 else (GREEDY,)
        me = known(view["seat"], "seat")
        history = play_so_far(view)
        held = {seat: list(cards) for seat, cards in kept.items()}
        for (seat, card), before in zip(history.plays, history.before, strict=True):
            hand = held.get(seat)
            if hand is None or card not in hand:
                continue  # a hand not shown (the game ended), or not what was played
            if seat != me:
                self._learn(seat, card, hand, before)
            hand.remove(card)
        self._learn_toss(view)

    def _learn(self, seat: int, card: int, hand: Sequence[int], before: Sequence[int]) -> None:
        room = 31 - sum(VALUE_OF[c] for c in before)
        playable = [c for c in hand if VALUE_OF[c] <= room]
        choices = len({RANK_OF[c] for c in playable})
        if choices < 2:
            return
        evidence = self.evidence.setdefault(
            seat, dict.fromkeys((ANY_CARD, PEGS, HEURISTIC, *self.duel_styles), 0.0)
        )
        evidence[ANY_CARD] += math.log(1.0 / choices)
        evidence[PEGS] += _log_pegs(card, playable, before)
        if SEARCHER in self.duel_styles:
            count = sum(VALUE_OF[c] for c in before)
            evidence[SEARCHER] += search_style.log_chance(card, playable, count, before)
        for style in (HEURISTIC, *RULES):
            evidence[style] += _log_chance(fits_style(style, card, hand, before), choices)

    def _learn_toss(self, view: CribbageBotView) -> None:
        """How the opponent's toss, read from the crib, weighs for any toss (2 players)."""
        found = opponent_toss(view)
        if found is None:
            return
        other, kept, toss = found
        six = [Card(c) for c in (*kept, *toss)]
        choices = analyze_discards(six, dealer=known(view["dealer"], "dealer") == other, players=2)
        nets = {frozenset(int(c) for c in choice.discard): choice.net for choice in choices}
        thinking = _log_choice(nets, frozenset(toss), TOSS_SHARPNESS)
        self.tossed[other] = self.tossed.get(other, 0.0) + math.log(1.0 / len(nets)) - thinking

    def style(self, seat: int) -> int:
        """The style ``seat`` is taken to play."""
        evidence = self.evidence.get(seat)
        if evidence is None:
            return HEURISTIC
        # Any card, against the accounts of a thinker who pegs, plays the heuristic or greedy
        # (not BOOK too: one more account to beat would only find a random player later).
        thinking = max(evidence[PEGS], evidence[HEURISTIC], evidence[GREEDY])
        if evidence[ANY_CARD] + self.tossed.get(seat, 0.0) >= thinking + RANDOM_MARGIN:
            return RANDOM
        best = max(self.learnable, key=lambda s: evidence[s])
        if evidence[best] >= max(evidence[ANY_CARD], evidence[HEURISTIC]) + MARGIN:
            return best
        return HEURISTIC

    def styles(self, players: int) -> tuple[int, ...]:
        """Each seat's style, by seat."""
        return tuple(self.style(seat) for seat in range(players))


def opponent_toss(view: CribbageBotView) -> tuple[int, list[int], list[int]] | None:
    """With 2 players once the crib is shown: the opponent's seat, the four cards it kept
    (its shown hand) and the two it tossed (the crib less this seat's discards); else None."""
    if len(view["active"]) != 2 or view.get("teams"):
        return None
    me = known(view["seat"], "seat")
    shown = view.get("shown") or []
    crib = [s for s in shown if s["crib"]]
    theirs = [s for s in shown if not s["crib"] and int(s["seat"]) != me]
    if not crib or len(theirs) != 1:
        return None  # the shows are not complete (yet)
    mine = {int(c) for c in parse_cards(view["discarded"])}
    toss = [int(c) for c in parse_cards(crib[0]["cards"]) if int(c) not in mine]
    if len(toss) != 2:
        return None
    kept = [int(c) for c in parse_cards(theirs[0]["cards"])]
    return int(theirs[0]["seat"]), kept, toss


def _log_pegs(card: int, playable: Sequence[int], before: Sequence[int]) -> float:
    """The log-chance that a player who takes their points plays ``card``'s rank."""
    count = sum(VALUE_OF[c] for c in before)
    points = {RANK_OF[c]: pegging_points([*before, c], count + VALUE_OF[c]) for c in playable}
    return _log_choice(points, RANK_OF[card], MISSED)


def _log_choice(values: Mapping[K, float], chosen: K, sharpness: float) -> float:
    """The log-chance of ``chosen`` when each choice is ``exp(-sharpness)`` times less likely
    for every point of ``values`` it gives up against the best."""
    best = max(values.values())
    odds = {key: math.exp(-sharpness * (best - value)) for key, value in values.items()}
    return math.log(odds[chosen] / sum(odds.values()))


def _shown_hands(view: CribbageBotView) -> dict[int, list[int]] | None:
    """Each active seat's shown hand once every one is face up, else None."""
    shown = view.get("shown") or []
    hands = {int(s["seat"]): parse_cards(s["cards"]) for s in shown if not s["crib"]}
    if not view.get("played") or any(seat not in hands for seat in view["active"]):
        return None
    return {seat: [int(c) for c in cards] for seat, cards in hands.items()}
