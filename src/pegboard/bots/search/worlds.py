"""Cribbage worlds consistent with one seat's view: the hidden cards dealt out at random.

A world gives every other seat the cards it still holds and fills the crib, drawing only
from the cards this seat has not seen (not its own hand or discards, not the starter, not a
card played) and honouring every "go": a seat that passed at count ``c`` holds no card worth
``31 - c`` or less (:mod:`pegboard.bots.search.play_history`). Nothing hidden is read: the
view is the only input.

With 2 players :func:`sample_modelled_world` also weighs the opponent's hand by how likely a
good player was to keep it: their six cards are dealt at random (the cards they played among
them), they toss as :mod:`pegboard.bots.search.toss_model` says (or, now and then, anything),
and a deal whose toss does not fit what was seen is dealt again: the cards they played must
have been kept. Hands a good player would have broken up become rare. With 3 or 4 players a
seat known to play ``greedy`` is dealt the same way, five cards and ``greedy``'s throw
(:func:`greedy_keep`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pegboard.analysis.strong import Strategy
from pegboard.bots.base import known
from pegboard.bots.search.keep_model import greedy_throws
from pegboard.bots.search.play_history import PlaySoFar
from pegboard.bots.search.toss_model import STRAY, tossed_ranks
from pegboard.cards import DECK, RANK_OF, VALUE_OF, parse_card, parse_cards
from pegboard.games.cribbage.views import CribbageBotView
from pegboard.scoring.tables import RANK_KEY


@dataclass(frozen=True)
class World:
    others: dict[int, list[int]]
    """Per other seat: the cards it has not played yet."""
    kept: dict[int, list[int]]
    """Per seat (this one too): the four cards it shows."""
    crib: list[int]


TRIES = 30
"""Deals tried for a modelled hand (a 2-player toss, a ``greedy`` keep) before dealing it at
random."""


def seen_cards(view: CribbageBotView) -> set[int]:
    """Every card this seat has seen in the hand so far."""
    seen = {int(c) for c in parse_cards(view["hand"])}
    seen.update(int(c) for c in parse_cards(view["kept"]))
    seen.update(int(c) for c in parse_cards(view["discarded"]))
    if view["starter"] is not None:
        seen.add(int(parse_card(known(view["starter"], "starter"))))
    seen.update(int(parse_card(p["card"])) for p in view["played"])
    return seen


def unseen_cards(view: CribbageBotView) -> list[int]:
    """The cards this seat has not seen, in deck order."""
    seen = seen_cards(view)
    return [int(c) for c in DECK if c not in seen]


def sample_world(
    view: CribbageBotView,
    history: PlaySoFar,
    rng: random.Random,
    unseen: list[int] | None = None,
    greedy: Collection[int] = (),
) -> World:
    """One deal of the unseen cards that fits everything the view shows (``unseen`` is
    :func:`unseen_cards` of the view, given when sampling many worlds of one view). The
    seats of ``greedy`` (3 or 4 players) are dealt five cards and throw as ``greedy`` keeps
    (:func:`greedy_keep`); the rest of the crib is dealt at random."""
    me = known(view["seat"], "seat")
    pool = list(unseen) if unseen is not None else unseen_cards(view)
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    others: dict[int, list[int]] = {}
    thrown: list[int] = []
    # The most constrained seat first, so a go that allows only ten-cards is served.
    for seat in sorted(
        (s for s in history.seats if s != me), key=lambda s: -history.above.get(s, 0)
    ):
        floor = history.above.get(seat, 0)
        want = int(sizes[seat])
        if seat in greedy:
            keep = greedy_keep(pool, history.played_by(seat), floor, rng)
            if keep is not None:
                others[seat], throw = keep
                thrown.append(throw)
                pool = pool[len(others[seat]) + 1 :]
                continue
        chosen: list[int] = []
        rest: list[int] = []
        for card in pool:
            if len(chosen) < want and VALUE_OF[card] > floor:
                chosen.append(card)
            else:
                rest.append(card)
        if len(chosen) < want:  # cannot happen with a real history; fill from anything
            short = want - len(chosen)
            chosen.extend(rest[:short])
            rest = rest[short:]
        others[seat] = chosen
        pool = rest
    kept: dict[int, list[int]] = {me: [int(c) for c in parse_cards(view["kept"])]}
    for seat in others:
        kept[seat] = history.played_by(seat) + others[seat]
    crib = [int(c) for c in parse_cards(view["discarded"])] + thrown
    missing = int(view["crib_size"]) - len(crib)
    crib.extend(pool[:missing])
    return World(others, kept, crib)


def greedy_keep(
    pool: list[int], played: Sequence[int], floor: int, rng: random.Random
) -> tuple[list[int], int] | None:
    """A seat's unplayed cards and its throw, dealt as a ``greedy`` player keeps: the pool
    is shuffled and its first cards, with the seat's ``played``, make five; the rule's card
    (:func:`~pegboard.bots.search.keep_model.greedy_throws`; the first of several that tie)
    or, with chance ``STRAY``, the first dealt is thrown. A deal whose rule throws a card
    since played, or whose kept cards break a go (``floor``), is dealt again; None after
    ``TRIES``. The dealt cards are ``pool``'s first ones, shuffled in place."""
    if len(pool) < 5 - len(played):
        return None
    rule = greedy_throws()
    base = sum(RANK_KEY[c] for c in played)
    for _ in range(TRIES):
        rng.shuffle(pool)
        dealt = pool[: 5 - len(played)]
        if rng.random() < STRAY:
            throw = dealt[0]
        else:
            mask = rule[base + sum(map(RANK_KEY.__getitem__, dealt))]
            throw = next((c for c in dealt if mask >> (RANK_OF[c] - 1) & 1), -1)
            if throw < 0:
                continue  # the rule would have thrown a card they played
        held = [c for c in dealt if c != throw]
        if all(VALUE_OF[c] > floor for c in held):
            return held, throw
    return None


def sample_modelled_world(
    view: CribbageBotView,
    history: PlaySoFar,
    rng: random.Random,
    unseen: list[int],
    strategy: Strategy,
) -> World:
    """Like :func:`sample_world` for 2 players, the opponent keeping and tossing as a good
    player would (``strategy``: "dealer" when the opponent deals, else "pone")."""
    me = known(view["seat"], "seat")
    other = next(s for s in history.seats if s != me)
    played = history.played_by(other)
    holding = int(view["hand_sizes"][other])
    floor = history.above.get(other, 0)
    rule = tossed_ranks(strategy)
    mine = [int(c) for c in parse_cards(view["discarded"])]
    draw = holding + 2
    played_key = sum(RANK_KEY[c] for c in played)
    for _ in range(TRIES):
        dealt = rng.sample(unseen, draw)
        key = played_key + sum(map(RANK_KEY.__getitem__, dealt))
        if rng.random() < STRAY:
            toss = dealt[:2]
        else:
            low, high = rule[key]
            first = next((c for c in dealt if RANK_OF[c] == low), None)
            second = next((c for c in dealt if RANK_OF[c] == high and c != first), None)
            if first is None or second is None:
                continue  # the model would have tossed a card they played
            toss = [first, second]
        kept = [c for c in dealt if c not in toss]
        if any(VALUE_OF[c] <= floor for c in kept):
            continue  # they said go holding a card that fitted
        return World(
            {other: kept},
            {me: [int(c) for c in parse_cards(view["kept"])], other: played + kept},
            mine + toss,
        )
    return sample_world(view, history, rng, unseen)
