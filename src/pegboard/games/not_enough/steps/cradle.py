"""The crib turned up and given to its owners, rob the cradle (ban a colour or add a card),
and each owning team's crib count, the dealer's team last."""

from __future__ import annotations

from pegboard.cards import NAME_OF, card_names
from pegboard.games.not_enough.actions import Cradle
from pegboard.games.not_enough.cradle import (
    cradle_choices,
    crib_count,
    magic_sums,
    robbing_colour,
)
from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.events import CradleEvent
from pegboard.games.not_enough.phases import CRADLE, Step
from pegboard.games.not_enough.points import crib_items
from pegboard.games.not_enough.powers import COLOURS
from pegboard.games.not_enough.state import Count, NotEnoughState


def reveal_crib(state: NotEnoughState) -> Step | None:
    """The winner of the battle takes both piles; otherwise each team keeps its own."""
    for team, colour in enumerate(state.colour_of_team):
        state.owners[colour] = state.battle_team if state.battle_team is not None else team
    state.crib_shown = True
    sums = magic_sums(state.piles, state.powers)
    robbing = robbing_colour(sums)
    state.cradle_team = state.colour_of_team.index(robbing) if robbing else None
    state.events.append(
        {
            "type": "crib",
            "piles": {c: card_names(state.piles[c]) for c in COLOURS},
            "owners": {c: team_seats(t, state.players) for c, t in state.owners.items()},
            "magic": sums,
        }
    )
    state.cradle = {"magic": sums, "colour": robbing, "action": None}
    if robbing is None:
        return count_cribs(state)
    state.phase = CRADLE
    return None


def choices(state: NotEnoughState) -> list[Cradle]:
    """What the robbing team may do: ban a colour, or add a card if it owns crib cards."""
    team = state.cradle_team
    assert team is not None
    owns = team in state.owners.values()
    return cradle_choices(owns, state.deck_left(state.colour_of_team[team]) > 0)


def rob_the_cradle(state: NotEnoughState, seat: int, action: Cradle) -> Step | None:
    assert state.cradle is not None and state.cradle_team is not None
    what = action["action"]
    event: CradleEvent = {"type": "cradle", "seat": seat, "action": what}
    state.cradle["action"] = what  # the view's cradle says what was done, as the event
    if what == "ban":
        state.banned = event["colour"] = state.cradle["colour"] = action["colour"]
    elif what == "add":
        colour = state.colour_of_team[state.cradle_team]
        (card,) = state._draw(colour, 1)
        state.piles[colour].append(card)
        event["card"] = state.cradle["card"] = NAME_OF[card]
    state.events.append(event)
    return count_cribs(state)


def count_cribs(state: NotEnoughState) -> Step | None:
    """Each team owning crib cards counts them, the dealer's team last."""
    state.stage = "cribs"
    state.to_count = []
    dealers = team_of(state.dealer)
    for team in (1 - dealers, dealers):
        cards, starter, tops = crib_count(
            team,
            state.colour_of_team,
            state.piles,
            state.owners,
            state.tops,
            state.banned,
            state.intel_team,
            state.battle_team,
        )
        if cards:
            items = crib_items([*cards, *tops])
            state.to_count.append(
                Count(state.captain(team), tuple(cards), starter, tuple(tops), True, items, ())
            )
    return Step.COUNT_NEXT
