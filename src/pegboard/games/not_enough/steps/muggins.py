"""Manual counting's claims and Muggins rounds, with the seed's timing: every hand claimed, the
intelligence bonus, then one round over the hands; the cribs claimed, then a second round. A
call's caller is on the other team only; a wrong call is refused at no cost (the
:class:`~pegboard.core.claims.CountingRound` has no penalty here)."""

from __future__ import annotations

from dataclasses import replace

from pegboard.core.wire import CountAction
from pegboard.games.not_enough.deal import seats_from_left, team_of
from pegboard.games.not_enough.phases import COUNT, Step
from pegboard.games.not_enough.state import NotEnoughState
from pegboard.games.not_enough.steps.show import her_heels_pegged


def count_step(state: NotEnoughState, seat: int, action: CountAction) -> Step | None:
    """A claim, a Muggins call or a pass in manual counting."""
    counting = state.counting
    assert counting is not None and state.current is not None
    event, items = counting.step(seat, action)
    state.events.append(event)
    if event["type"] == "claim":
        state.shown[-1]["points"] = event["points"]
    if items and state._score(seat, items):
        return None
    if not counting.done:
        return None
    if counting.callers:  # the Muggins round
        return call_next(state)
    state.claimed.append((state.current, counting))
    if her_heels_pegged(state, state.current):
        return None
    return Step.COUNT_NEXT


def muggins_round(state: NotEnoughState) -> Step | None:
    """After the claims (and, for the hands, the intelligence bonus): the other team may call
    Muggins on each claimed count in turn, in the order they were claimed."""
    state.to_call, state.claimed = state.claimed, []
    return call_next(state)


def call_next(state: NotEnoughState) -> Step | None:
    if state.to_call:
        count, counting = state.to_call.pop(0)
        state.current = count
        state.counting = replace(counting, callers=callers(state, count.seat))
        state.phase = COUNT
        state.events.append({"type": "calls", "seat": count.seat, "crib": count.crib})
        return None
    state.counting = None
    state.current = None
    if state.stage == "hands":
        return Step.START_BATTLE
    return Step.END_SHOW


def callers(state: NotEnoughState, claimant: int) -> tuple[int, ...]:
    """The other team, clockwise from the claimant: team-mates never call on each other."""
    order = seats_from_left(claimant, state.players)
    return tuple(s for s in order if team_of(s) != team_of(claimant))
