"""Every option of a Cribbage is not Enough decision with the expert's value of it, for a game
review (docs/review.md): the same valuations :mod:`pegboard.bots.not_enough.expert` maximises,
every value kept."""

from __future__ import annotations

import random

from pegboard.bots.not_enough.expert import (
    DEAL_WORLDS,
    PLAY_WORLDS,
    Outlook,
    discard_totals,
    play_totals,
    power_choices,
)
from pegboard.bots.not_enough.greedy import View, hand_value
from pegboard.cards import parse_cards
from pegboard.core.rules import Action


def discard_values(view: View, rng: random.Random) -> list[tuple[Action, float]]:
    """Each legal discard with its expected points (the show exactly, what follows over
    :data:`DEAL_WORLDS` worlds): what :func:`expert_discard` maximises."""
    legal, totals = discard_totals(view, rng)
    return [(action, total / DEAL_WORLDS) for action, total in zip(legal, totals, strict=True)]


def power_values(view: View, rng: random.Random) -> list[tuple[Action, float]]:
    """Each power the captain may use with its expected points (Magic: its best swap), in
    the order :func:`expert_power` weighs them."""
    best: dict[str, tuple[Action, float]] = {}
    outlook = Outlook(view, rng)
    for value, action in power_choices(view, rng, outlook):
        held = best.get(action["power"])
        if held is None or value > held[1]:
            best[action["power"]] = (action, value)
    declined = next((a for a in view["legal"] if a["power"] == "none"), None)
    if declined is not None and "none" not in best:
        # Declining a Top's Might: the hand kept, no Might in the battle (a spent Top's).
        hand = parse_cards(view["hand"])
        shown = hand_value(hand, outlook.top)
        best["none"] = (declined, shown + outlook.mean(hand, True))
    return list(best.values())


def magic_values(view: View, rng: random.Random) -> list[tuple[Action, float]]:
    """Each legal Magic discard with the hand's expected points after the swap."""
    outlook = Outlook(view, rng)
    hand = parse_cards(view["hand"])
    return [(a, outlook.magic(hand, parse_cards(a["cards"]))) for a in view["legal"]]


def play_values(view: View, rng: random.Random) -> list[tuple[Action, float]]:
    """Each candidate card (one per rank) with its mean over :data:`PLAY_WORLDS` worlds: our
    pegging less theirs, or ±:data:`WIN` for reaching the target first."""
    candidates, totals = play_totals(view, rng)
    return [(a, t / PLAY_WORLDS) for a, t in zip(candidates, totals, strict=True)]
