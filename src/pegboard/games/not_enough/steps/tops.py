"""Scoring from the Top: the dealer orders two court Tops, each team's captain uses its Top's
Intel (the enemies reveal cards), Might (nothing now) or Magic (discard and draw), or none."""

from __future__ import annotations

from pegboard.cards import Card, card_names
from pegboard.games.not_enough.deal import KEPT, members_in_order, team_seats
from pegboard.games.not_enough.phases import MAGIC, POWER, REVEAL, SPLIT, Step
from pegboard.games.not_enough.state import NotEnoughState


def first(state: NotEnoughState, seat: int, colour: str) -> Step | None:
    """The dealer says which of two court Tops goes first."""
    team = state.colour_of_team.index(colour)
    state.top_queue = [team, 1 - team]
    state.events.append({"type": "first", "seat": seat, "colour": colour})
    return next_top(state)


def next_top(state: NotEnoughState) -> Step | None:
    if not state.top_queue:
        return Step.START_PLAY
    state.resolving = state.top_queue.pop(0)
    state.phase = POWER
    return None


def powers_allowed(state: NotEnoughState) -> list[str]:
    """Intel, Might and none always; Magic only if the team can discard exactly n cards
    and its deck holds n replacements ("# or none": a smaller Magic is not allowed)."""
    allowed = ["intel", "might"]
    n = top_value(state, "magic")
    team = state.resolving
    cards = sum(len(state.hands[s]) for s in team_seats(team, state.players))
    if 1 <= n <= cards and n <= state.deck_left(state.colour_of_team[team]):
        allowed.append("magic")
    allowed.append("none")
    return allowed


def top_value(state: NotEnoughState, power: str) -> int:
    """The ``power`` of the Top of the team using its Top now."""
    return state.powers.value(state.team_top(state.resolving), power)


def power(state: NotEnoughState, seat: int, power: str) -> Step | None:
    team = state.resolving
    state.used[team] = power
    value = top_value(state, power) if power != "none" else None
    state.events.append(
        {
            "type": "power",
            "seat": seat,
            "colour": state.colour_of_team[team],
            "power": power,
            "value": value,
        }
    )
    if power == "intel" and value:
        return start_intel(state, team, min(value, KEPT))
    if power == "magic" and value:
        return start_magic(state, team, value)
    return next_top(state)


def start_intel(state: NotEnoughState, team: int, n: int) -> Step | None:
    enemies = team_seats(1 - team, state.players)
    if n >= KEPT:  # the whole hand: nothing to choose
        for seat in enemies:
            show_cards(state, seat, list(state.hands[seat]))
        return next_top(state)
    state.to_reveal = dict.fromkeys(enemies, n)
    state.phase = REVEAL
    return None


def show_cards(state: NotEnoughState, seat: int, cards: list[Card]) -> None:
    state.revealed[seat].extend(cards)
    state.events.append({"type": "reveal", "seat": seat, "cards": card_names(cards)})


def reveal(state: NotEnoughState, seat: int, cards: list[Card]) -> Step | None:
    show_cards(state, seat, cards)
    del state.to_reveal[seat]
    if not state.to_reveal:
        return next_top(state)
    return None


def start_magic(state: NotEnoughState, team: int, n: int) -> Step | None:
    members = members_in_order(team, state.dealer, state.players)
    captain = state.captain(team)
    if len(members) == 1:
        state.share = {captain: n}
        state.phase = MAGIC
        return None
    shares = splits(n)
    if len(shares) == 1:  # e.g. 8 of 8: nothing for the captain to decide
        return split(state, captain, shares[0], n - shares[0])
    state.phase = SPLIT
    return None


def split(state: NotEnoughState, seat: int, mine: int, partner: int) -> Step | None:
    state.share = {s: k for s, k in ((seat, mine), ((seat + 2) % 4, partner)) if k}
    state.events.append({"type": "split", "seat": seat, "captain": mine, "partner": partner})
    state.phase = MAGIC
    return None


def magic(state: NotEnoughState, seat: int, cards: list[Card]) -> Step | None:
    for card in cards:
        state.hands[seat].remove(card)
    state.magicked[seat] = cards
    state.events.append(
        {"type": "discard", "seat": seat, "cards": card_names(cards), "magic": True}
    )
    if any(not state.magicked[s] for s in state.share):
        return None
    # Everyone has discarded: replacements come off the deck, the captain's first.
    colour = state.colour_of_team[state.resolving]
    captain = state.captain(state.resolving)
    for member in sorted(state.share, key=lambda s: s != captain):
        drawn = state._draw(colour, state.share[member])
        state.hands[member] = sorted(state.hands[member] + drawn)
        state.events.append({"type": "draw", "seat": member, "cards": card_names(drawn)})
    state.share = {}
    return next_top(state)


def splits(n: int) -> list[int]:
    """The captain's possible shares of a Magic discard of ``n`` over two hands of 4."""
    return list(range(max(0, n - KEPT), min(KEPT, n) + 1))
