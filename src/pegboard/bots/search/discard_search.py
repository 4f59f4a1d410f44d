"""The discard with several sides: each keep played out to the place it finishes.

With 3 or 4 players, and in teams, the exact analysis
(:func:`pegboard.analysis.analyze_discards`) says what each keep's hand and the crib are worth
on average, but not what they are worth to this seat's place: whose crib it feeds, how close
the others are, who counts first when the game can end in this deal, and how the keep fares
in the play against hands dealt from the same deck. So each keep is played: in every sampled
world (the starter runs through the unseen cards in turn; the other seats are dealt five
cards at random and each tosses one of them, as the exact analysis assumes; with 3 players
the crib's last card comes from the deck) the pegging is played out with the rollout policy
(each seat its learned style, :mod:`.play_styles`), the hands and the crib are shown in their
order, and the scores reached are valued by :func:`.objective.place_value`, as the play
search values them. Every keep meets the same worlds.

Most of a world's noise is its luck in points, which the exact analysis already knows on
average: each keep's mean is corrected by its points' sampling error (its hand, and the crib
at the share :mod:`pegboard.bots.expert_discard` gives it) times how much the place moved
with the points across the worlds, a control variate.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from pegboard.analysis import DiscardAnalysis
from pegboard.bots.base import View
from pegboard.bots.search.objective import counted_out, place_value
from pegboard.bots.search.pegging import PegPosition, play_out_heuristic
from pegboard.cards import RANK_OF, parse_cards
from pegboard.scoring.show import show_total

WORLDS = 240
"""Worlds a discard is played in (each keep in every one)."""
JACK = 11
HEELS = 2
"""A Jack turned up is 2 for the dealer ("his heels")."""


def discard_totals(
    view: View,
    choices: Sequence[DiscardAnalysis],
    share: float,
    rng: random.Random,
    *,
    worlds: int = WORLDS,
    styles: Sequence[int] | None = None,
    deadline: float | None = None,
) -> list[float]:
    """Each choice's estimated value (minus the expected place, corrected by the control
    variate) over ``worlds`` worlds, fewer if the thread's CPU clock passes ``deadline``.
    ``share`` is what the crib counts for this seat in the points the analysis gives."""
    me = int(view["seat"])
    players = int(view["players"])
    dealer = int(view["dealer"])
    active = [s for s in range(players) if s in view["active"]]
    sides = [s % 2 for s in range(players)] if view.get("teams") else list(range(players))
    teams = bool(view.get("teams"))
    target = int(view["target"])
    score = [0] * (max(sides) + 1)
    for seat, side in enumerate(sides):
        score[side] = int(view["scores"][seat])
    in_game = sorted({sides[s] for s in active})
    i = active.index(dealer)
    order = [active[(i + k) % len(active)] for k in range(1, len(active) + 1)]  # dealer last
    others = [s for s in order if s != me]
    extra = 4 - len(active)  # crib cards from the deck (1 with 3 players)
    hand = [int(c) for c in parse_cards(view["hand"])]
    unseen = [c for c in range(52) if c not in hand]
    starters = list(unseen)
    rng.shuffle(starters)
    mine = [[int(c) for c in a.keep] for a in choices]
    thrown = [[int(c) for c in a.discard] for a in choices]
    my_side, dealer_side = sides[me], sides[dealer]
    values: list[list[float]] = [[] for _ in choices]
    points: list[list[float]] = [[] for _ in choices]
    for n in range(worlds):
        starter = starters[n % len(starters)]
        pool = [c for c in unseen if c != starter]
        dealt = rng.sample(pool, 5 * len(others) + extra)
        kept = {seat: dealt[5 * j + 1 : 5 * j + 5] for j, seat in enumerate(others)}
        base = [dealt[5 * j] for j in range(len(others))] + dealt[5 * len(others) :]
        shown = {seat: show_total(cards, starter) for seat, cards in kept.items()}
        start = list(score)
        first = -1
        if RANK_OF[starter] == JACK:
            start[dealer_side] += HEELS
            first = dealer_side if start[dealer_side] >= target else -1
        for c, (keep, toss) in enumerate(zip(mine, thrown, strict=True)):
            crib = base + toss
            mine_shown = show_total(keep, starter)
            crib_shown = show_total(crib, starter, True)
            after = list(start)
            out = first
            if out < 0:
                hands = {seat: list(cards) for seat, cards in kept.items()}
                hands[me] = list(keep)
                position = PegPosition(tuple(active), hands, turn=order[0])
                need = [target - s for s in start]
                gained, out = play_out_heuristic(position, side_of=sides, need=need, styles=styles)
                after = [s + g for s, g in zip(after, gained, strict=True)]
            if out < 0:
                shown[me] = mine_shown
                shows = [(sides[seat], shown[seat]) for seat in order]
                out = counted_out(after, [*shows, (dealer_side, crib_shown)], target)
            values[c].append(
                place_value(after, my_side, out, in_game=in_game, target=target, teams=teams)
            )
            sign = 1.0 if dealer_side == my_side else -1.0
            points[c].append(mine_shown + sign * share * crib_shown)
        if deadline is not None and n >= 1 and time.thread_time() > deadline:
            break
    exact = [a.hand + a.crib_sign * share * a.crib for a in choices]
    return corrected(values, points, exact)


def corrected(
    values: Sequence[Sequence[float]], points: Sequence[Sequence[float]], exact: Sequence[float]
) -> list[float]:
    """Each choice's mean value less ``beta`` times its points' sampling error (the mean of
    ``points`` minus their ``exact`` expectation), ``beta`` the slope of value on points over
    every choice and world."""
    means = [sum(v) / len(v) for v in values]
    centres = [sum(p) / len(p) for p in points]
    cov = var = 0.0
    for v, p, mv, mp in zip(values, points, means, centres, strict=True):
        for x, y in zip(v, p, strict=True):
            cov += (x - mv) * (y - mp)
            var += (y - mp) ** 2
    beta = cov / var if var > 0 else 0.0
    return [m - beta * (c - e) for m, c, e in zip(means, centres, exact, strict=True)]
