"""The show, each hand with its own team's Top from the dealer's left (her heels against the
other team), then the intelligence bonus; the crib counts laid down the same way. In manual
counting each count is claimed by its owner, and Muggins waits (steps.muggins)."""

from __future__ import annotations

from pegboard.cards import card_names
from pegboard.core.claims import CountingRound
from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.might import single_highest
from pegboard.games.not_enough.phases import COUNT, Step
from pegboard.games.not_enough.points import her_heels, intel_bonus
from pegboard.games.not_enough.state import Count, NotEnoughState
from pegboard.scoring import score_show


def start_show(state: NotEnoughState) -> Step | None:
    """The show: each hand with its own team's Top, from the dealer's left, the dealer last."""
    state.stage = "hands"
    state.to_count = []
    for seat in seats_from_left(state.dealer, state.players):
        top = state.team_top(team_of(seat))
        hand = tuple(state.kept[seat])
        items = score_show(hand, top).items
        heels = her_heels(hand, top)
        state.to_count.append(Count(seat, hand, top, (top,), False, items, heels))
    return count_next(state)


def count_next(state: NotEnoughState) -> Step | None:
    """Lay down the next hand or crib and count it, or let its owner claim it."""
    while state.to_count:
        count = state.current = state.to_count.pop(0)
        points = sum(i.points for i in count.items)
        state.shown.append(
            {
                "seat": count.seat,
                "cards": card_names(count.cards),
                "tops": card_names(count.tops),
                "crib": count.crib,
                "points": None if state.manual else points,
            }
        )
        state.events.append(count.to_event())
        if state.manual:  # claimed now; Muggins waits until every count is claimed
            state.phase = COUNT
            state.counting = CountingRound(
                claimant=count.seat,
                label="crib" if count.crib else "hand",
                cards=(*count.cards, *count.tops),
                items=count.items,
                callers=(),
                penalty=False,
            )
            return None
        if points and state._score(count.seat, count.items):
            return None
        if her_heels_pegged(state, count):
            return None
    state.counting = None
    state.current = None
    if state.stage == "hands":
        return intelligence_bonus(state)
    if state.claimed:
        return Step.MUGGINS_ROUND
    return Step.END_SHOW


def her_heels_pegged(state: NotEnoughState, count: Count) -> bool:
    """A Queen of the Top's suit in hand: the other team (the next seat's) pegs -1. True if
    that ended the game."""
    if not count.heels:
        return False
    return state._score((count.seat + 1) % state.players, count.heels)


def intelligence_bonus(state: NotEnoughState) -> Step | None:
    """The single player with the most Intel in hand also counts the enemy Top."""
    sums = [state.powers.total(tuple(hand), "intel") for hand in state.kept]
    winner = single_highest(sums)
    state.intel_team = team_of(winner) if winner is not None else None
    state.intel = {"sums": sums, "winner": winner}
    state.events.append({"type": "intel", "sums": sums, "winner": winner})
    if winner is not None:
        team = team_of(winner)
        items = intel_bonus(state.kept[winner], state.team_top(team), state.team_top(1 - team))
        if sum(i.points for i in items) and state._score(winner, items):
            return None
    if state.claimed:
        return Step.MUGGINS_ROUND
    return Step.START_BATTLE
