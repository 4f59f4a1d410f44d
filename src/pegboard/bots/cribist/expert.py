"""Cribist expert: trick play by determinized search; every item claimed, every miss called.

Each decision samples hands for the other three seats consistent with the play so far
(cards seen, suits shown out of: :mod:`pegboard.bots.search.tricks`), plays each legal
card in each world and rolls the hand on to its end; the card with the best mean
value of the scores reached wins. The value is the place the seat can expect
(:func:`~pegboard.bots.search.objective.rank_value`): a world where someone reaches the
target has its places settled, otherwise each rival is weighed by how close the race with
them is, over the hands still to come.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from pegboard.bots.base import known
from pegboard.bots.claiming import perfect_count
from pegboard.bots.search.objective import deals_to_target
from pegboard.bots.search.tricks import (
    roll_out_values,
    sample_hands,
    seen_tricks,
    unseen,
    voids,
)
from pegboard.cards import RANK_OF, Card, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.games.cribist.views import CribistBotView
from pegboard.scoring import ScoreItem, score_trick

ROLLOUTS = 960
"""Rollouts per decision, shared among the legal cards."""
HORIZON = 13
"""Tricks rolled out: every one left in the hand (a hand has at most 13)."""
PER_HAND = 14.0
"""What a player scores in a hand of Cribist, on average."""
SPREAD = 9.0
"""The standard deviation of two players' difference over a hand."""
TIE = 1e-3
"""Weight of the points difference beside the expected place: it breaks ties."""


def count_trick(view: CribistBotView) -> Action:
    trump = "CDHS".index(known(view["trump"], "trump"))

    def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
        return score_trick(cards, trump).items

    return perfect_count(known(view["counting"], "count"), score)


def choose_trick_card(
    view: CribistBotView,
    rng: random.Random,
    *,
    rollouts: int = ROLLOUTS,
    deadline: float | None = None,
) -> int:
    options = [int(parse_card(a["card"])) for a in view["legal"]]
    if len(options) == 1:
        return options[0]
    totals, _ = _trick_totals(view, rng, rollouts, deadline)
    best = max(range(len(options)), key=lambda i: (totals[i], -RANK_OF[options[i]]))
    return options[best]


def deals_left(view: CribistBotView) -> float:
    """About how many hands the game has still to go (the search's horizon of rivalry)."""
    scores = [int(s) for s in view["scores"]]
    if view.get("end") == "target":
        return deals_to_target(scores, int(view["target"]), PER_HAND)
    if view.get("end") == "deals":
        return int(view["deals"]) - int(view["hand_number"]) + 0.5
    return 2.0  # a timed game: its end is not on the board


def trick_card_values(
    view: CribistBotView,
    rng: random.Random,
    *,
    rollouts: int = ROLLOUTS,
    deadline: float | None = None,
) -> list[tuple[int, float]]:
    """Each legal card with its mean value over the sampled worlds: minus the expected place,
    plus :data:`TIE` times the points (what :func:`choose_trick_card` maximises)."""
    options = [int(parse_card(a["card"])) for a in view["legal"]]
    totals, done = _trick_totals(view, rng, rollouts, deadline)
    return [(card, total / done) for card, total in zip(options, totals, strict=True)]


def _trick_totals(
    view: CribistBotView,
    rng: random.Random,
    rollouts: int,
    deadline: float | None,
) -> tuple[list[float], int]:
    """Each legal card's value summed over the worlds, and how many worlds."""
    options = [int(parse_card(a["card"])) for a in view["legal"]]
    me = known(view["seat"], "seat")
    tricks = seen_tricks(view)
    pool = unseen(view, tricks)
    void = voids(tricks)
    trump = "CDHS".index(known(view["trump"], "trump")) if view["trump"] is not None else -1
    current = tricks[-1]
    scores = [int(s) for s in view["scores"]]
    target = int(view["target"])
    need = [target - s for s in scores] if view.get("end") == "target" else None
    hand = [int(c) for c in parse_cards(view["hand"])]
    worlds = max(6, rollouts // len(options))
    totals = [0.0] * len(options)
    done = 0
    for n in range(worlds):
        hands = sample_hands(me, view["hand_sizes"], pool, void, rng)
        hands[me] = hand
        values = roll_out_values(
            hands,
            current,
            trump,
            me,
            options,
            tricks=HORIZON,
            need=need,
            scores=scores,
            deals_left=deals_left(view),
            spread=SPREAD,
            tie=TIE,
        )
        for i, value in enumerate(values):
            totals[i] += value
        done += 1
        if deadline is not None and n >= 1 and time.thread_time() > deadline:
            break
    return totals, done


def act_cribist(
    view: CribistBotView,
    rng: random.Random,
    *,
    deadline: float | None = None,
) -> Action:
    if view.get("counting") is not None:
        return count_trick(view)
    card = choose_trick_card(view, rng, deadline=deadline)
    return {"type": "play", "card": str(Card(card))}
