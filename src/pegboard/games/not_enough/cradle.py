"""Rob the cradle: the colour with more Magic in the crib may ban a colour or add a card;
then which crib cards and Tops each team counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pegboard.cards import Card
from pegboard.games.not_enough.actions import Cradle
from pegboard.games.not_enough.deal import other
from pegboard.games.not_enough.powers import COLOURS, PowerTable


def magic_sums(piles: Mapping[str, Sequence[Card]], powers: PowerTable) -> dict[str, int]:
    return {colour: powers.total(tuple(piles[colour]), "magic") for colour in COLOURS}


def robbing_colour(sums: Mapping[str, int]) -> str | None:
    """The colour whose crib cards hold strictly more Magic, if either does."""
    grey, blue = (sums[c] for c in COLOURS)
    if grey == blue:
        return None
    return COLOURS[0] if grey > blue else COLOURS[1]


def cradle_choices(owns_crib: bool, deck_has_card: bool) -> list[Cradle]:
    """Ban either colour, add a card (only for a team that owns crib cards, while its deck
    has one left under the Top), or do nothing."""
    choices: list[Cradle] = [
        {"type": "cradle", "action": "ban", "colour": colour} for colour in COLOURS
    ]
    if owns_crib and deck_has_card:
        choices.append({"type": "cradle", "action": "add"})
    choices.append({"type": "cradle", "action": "none"})
    return choices


def crib_count(
    team: int,
    colour_of_team: Sequence[str],
    piles: Mapping[str, Sequence[Card]],
    owners: Mapping[str, int],
    tops: Mapping[str, Card],
    banned: str | None,
    intel_team: int | None,
    battle_team: int | None,
) -> tuple[list[Card], Card | None, list[Card]]:
    """(the crib cards ``team`` counts, its own Top unless banned, every Top it counts them
    with); no cards: no count.

    Its own Top always joins, unless banned; the enemy Top joins if the team won the
    intelligence bonus and has lost it neither to the battle (the other team won) nor to a ban.
    """
    cards = sorted(
        card
        for colour in COLOURS
        if owners.get(colour) == team and colour != banned
        for card in piles[colour]
    )
    if not cards:
        return [], None, []
    own = colour_of_team[team]
    enemy = other(own)
    starter = tops[own] if own != banned else None
    used = [starter] if starter is not None else []
    if intel_team == team and battle_team != 1 - team and enemy != banned:
        used.append(tops[enemy])
    return cards, starter, used
