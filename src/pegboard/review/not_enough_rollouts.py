"""Cribbage is not Enough's decisions that the bots make by rule (the colour, which team's Top
resolves first, the cards shown to an enemy's Intel, a captain's split of a team Magic), valued
by rollouts: each option played from :data:`WORLDS` worlds consistent with what the seat saw,
the rest of the hand played out by everyone, worth the seat's team's points less the other
team's over the rest of the hand (±:data:`~pegboard.bots.not_enough.expert.WIN` for reaching
the target first, as the expert's play counts it).

A world is the game's own state with every card hidden from the seat (its
``secret_cards``: others' hands, crib cards, the decks under the Tops) dealt again: the hidden
places are visited in a fixed order and filled, colour by colour, with the same cards sorted and
shuffled by the world's generator. So a world depends on where cards are hidden, never on which
cards are there, and relabelling a hidden card leaves every world, and the values, as they
were. Every option is played from the same worlds with the same dice (common random numbers),
so the differences between options are far steadier than each value.

The players of a rollout are greedy's (:func:`~pegboard.bots.not_enough.greedy.act_greedy`),
with one thing more in the play: a card after which the next player's cards shown by Intel
would peg is put off (what a reveal gives away is then worth something).
"""

from __future__ import annotations

import copy
import math
import random
import statistics
from collections.abc import Iterable, Sequence
from typing import cast

from pegboard.bots.base import known
from pegboard.bots.not_enough.expert import WIN
from pegboard.bots.not_enough.greedy import act_greedy, play_key
from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.chance import Pick, Shuffle, draw, shuffle
from pegboard.core.rules import Action
from pegboard.games.not_enough.actions import NotEnoughAction
from pegboard.games.not_enough.phases import COLOUR
from pegboard.games.not_enough.powers import COLOURS, COURT, POWERS, PowerTable
from pegboard.games.not_enough.rules import NotEnoughRules
from pegboard.games.not_enough.views import NotEnoughChoice
from pegboard.scoring.pegging import pegging_points

WORLDS = 48
"""Worlds per decision: each option is played out from each. A hand's difference between the
teams varies by about 14 points; with the same worlds, deals and dice for every option the
difference between two options varies far less (a colour's mean difference by about a point
over 48 worlds)."""
SURE = 2.0
"""Standard errors taken off an option's mean loss: what it surely lost (about 98 %)."""

DECK_SIZE = 26
"""Cards in a team's deck."""

KINDS = ("colour", "first", "reveal", "split")
"""The decisions valued here."""

CARD_LISTS = ("hands", "kept", "tossed", "magicked", "revealed")
"""Per-seat card lists of the state; ``shuffled``, ``decks`` and ``piles`` are by colour."""


def rollout_values(
    rules: NotEnoughRules, seat: int, legal: Sequence[Action], rng: random.Random
) -> list[tuple[Action, float]]:
    """Each of ``legal`` (``seat``'s options now) with its value: the best option's mean over
    the worlds, less what the option surely loses against it (its mean loss less
    :data:`SURE` standard errors of that loss, never below 0): a difference the worlds
    cannot tell from chance costs nothing."""
    seeds = [rng.getrandbits(64) for _ in range(WORLDS)]
    team = seat % 2
    results = [[0.0] * WORLDS for _ in legal]
    for w, world_seed in enumerate(seeds):
        world = hidden_dealt_again(rules, seat, random.Random(world_seed))
        for i, action in enumerate(legal):
            state = copy.deepcopy(world)
            dice = random.Random(f"{world_seed}/dice")  # the same for every option
            results[i][w] = hand_played_out(state, seat, action, team, dice)
    means = [statistics.fmean(r) for r in results]
    best = max(range(len(legal)), key=lambda i: means[i])
    values = []
    for i, action in enumerate(legal):
        losses = [b - r for b, r in zip(results[best], results[i], strict=True)]
        error = statistics.stdev(losses) / math.sqrt(WORLDS)
        sure = max(0.0, statistics.fmean(losses) - SURE * error)
        values.append((action, means[best] - sure))
    return values


def hidden_dealt_again(rules: NotEnoughRules, seat: int, rng: random.Random) -> NotEnoughRules:
    """A copy of ``rules`` (its events left behind) with the cards hidden from ``seat`` dealt
    again, depending only on where cards are hidden."""
    secret = rules.secret_cards(seat)
    places: list[Card] = []  # the hidden cards in the order their places are visited
    found: set[Card] = set()
    for cards in _places(rules):
        for card in cards:
            if card in secret and card not in found:
                found.add(card)
                places.append(card)
    if found != secret:
        raise AssertionError("a hidden card is somewhere the review does not look")
    again: dict[int, Card] = {}
    for colour in COLOURS:
        mine = [c for c in places if rules.powers.colour_of(c) == colour]
        fresh = sorted(mine)
        shuffle(rng, fresh)
        again.update(zip(mine, fresh, strict=True))
    world = copy.deepcopy(rules, {id(rules.events): []})
    for name in CARD_LISTS:
        setattr(world, name, [_moved(cards, again) for cards in getattr(world, name)])
    for name in ("shuffled", "decks", "piles"):
        by_colour = getattr(world, name)
        setattr(world, name, {c: _moved(cards, again) for c, cards in by_colour.items()})
    return world


def deck_order(powers: PowerTable, cards: Iterable[Card]) -> list[Card]:
    """A deck's cards by rank, then by suit, its suits in the order of their court cards'
    powers: the two decks listed alike, so that with a table that treats the colours alike a
    team holds the same cards, suit for suit, whichever colour it takes."""
    cards = list(cards)

    def powers_of(suit: int) -> tuple[int, ...]:
        return tuple(powers.value((rank - 1) * 4 + suit, p) for rank in COURT for p in POWERS)

    suits = sorted({SUIT_OF[c] for c in cards}, key=lambda s: (powers_of(s), s))
    return sorted(cards, key=lambda c: (RANK_OF[c], suits.index(SUIT_OF[c])))


def _places(rules: NotEnoughRules) -> Iterable[Sequence[Card]]:
    """Every list of cards in the state, in a fixed order (the decks first)."""
    for name in ("shuffled", "decks"):
        by_colour = getattr(rules, name)
        yield from (by_colour[c] for c in COLOURS if c in by_colour)
    for seat in range(rules.players):
        for name in CARD_LISTS:
            yield getattr(rules, name)[seat]
    yield from (rules.piles[c] for c in COLOURS)


def _moved(cards: Iterable[Card], again: dict[int, Card]) -> list[Card]:
    return [again.get(c, c) for c in cards]


def hand_played_out(
    state: NotEnoughRules, seat: int, action: Action, team: int, rng: random.Random
) -> float:
    """Play ``action`` for ``seat``, then everyone on to the next hand (or the end): the
    points ``team`` gained less the other team's (±WIN for the team that reached the target)."""
    before = [state.scores[0], state.scores[1]]
    # Each team's deck is shuffled by the same order of places whatever its colour (both decks
    # listed alike by deck_order), so a team is dealt the same hand whichever colour it takes,
    # but for the suits' powers.
    orders = [list(range(DECK_SIZE)) for _ in (0, 1)]
    for order in orders:
        shuffle(rng, order)
    # Every action here is one of the rules' own legal actions, read back from a view.
    state.apply(seat, cast(NotEnoughAction, action))
    while state.outcome is None:
        step = state.pending_chance()
        if isinstance(step, Shuffle) and len(step.cards) == DECK_SIZE:
            order = orders[state.colour_of_team.index(state.powers.colour_of(step.cards[0]))]
            cards = deck_order(state.powers, step.cards)
            state.resolve_chance(tuple(cards[i] for i in order))
            continue
        if step is not None:
            if isinstance(step, Pick):  # only the first dealer is picked: never here
                break
            state.resolve_chance(draw(step, rng))
            continue
        if state.phase == COLOUR:  # the next hand
            break
        auto = state.auto_action()
        if auto is not None:
            state.apply(*auto)
            continue
        player = state.to_act[0]
        view = cast(NotEnoughChoice, state.view(player))  # a fresh dict: its legal added here
        view["legal"] = list(state.legal(player))
        state.apply(player, cast(NotEnoughAction, rollout_action(view)))
    if state.outcome is not None:
        winners = [s for s, rank in enumerate(state.outcome.ranks) if rank == 1]
        return WIN if winners and winners[0] % 2 == team else -WIN
    gained = [state.scores[t] - before[t] for t in (0, 1)]
    return float(gained[team] - gained[1 - team])


def rollout_action(view: NotEnoughChoice) -> Action:
    """Greedy's action; in the play, greedy's card among those after which no card the next
    player showed to Intel would peg (where there is one)."""
    legal: list[Action] = view["legal"]
    if view["phase"] != "play" or len(legal) < 2 or legal[0]["type"] != "play":
        return act_greedy(view)
    nxt = _next_player(view)
    shown = set(parse_cards(view["revealed"][nxt])) - {
        parse_card(p["card"]) for p in view["played"]
    }
    count = int(view["count"])
    cards = parse_cards(view["count_cards"])

    def key(action: Action) -> tuple[int, tuple[int, int, int]]:
        card = parse_card(action["card"])
        after = count + VALUE_OF[card]
        gives = max((_pegs([*cards, card], after, c) for c in shown), default=0)
        return -gives, play_key(card, count, cards)

    return max(legal, key=key)


def _next_player(view: NotEnoughChoice) -> int:
    return (known(view["seat"], "seat") + 1) % int(view["players"])


def _pegs(cards: Sequence[Card], count: int, card: Card) -> int:
    if count + VALUE_OF[card] > 31:
        return 0
    return pegging_points([*cards, card], count + VALUE_OF[card])
