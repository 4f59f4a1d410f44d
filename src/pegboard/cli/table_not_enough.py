"""Cribbage is not Enough's table as the person sees it before each decision.

Team scores, who deals, each team's colour and captain, both Tops with their powers (and what
they were used for), the cards Intel showed, the count, then as the hand goes on the
intelligence bonus, the dice and the battle's winner, the crib piles and who owns them, and
the court cards of the person's own hand with their powers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from pegboard.cli.action_text import colour_seats, powers_of
from pegboard.cli.cards_display import card_text, cards_text
from pegboard.cli.words import YOU, name_of, verb

View = dict[str, Any]


def team_names(view: View, names: Sequence[str], team: int) -> str:
    seats = (view.get("teams") or [[0], [1]])[team]
    return " & ".join(name_of(names, s) for s in seats)


def scores_line(view: View, names: Sequence[str]) -> Text:
    """``Scores: You 12 · Bob 17 — first to 121 · hand 3, Bob deals``."""
    scores = view.get("team_scores") or [0, 0]
    parts = [
        Text.assemble(team_names(view, names, t), " ", (str(scores[t]), "bold")) for t in (0, 1)
    ]
    line = Text("Scores: ") + Text(" · ").join(parts)
    line.append(f" — first to {view.get('target', '?')}", style="dim")
    dealer = view.get("dealer")
    if dealer is not None:
        number = int(view.get("hand_number") or 0) + (view.get("phase") == "colour")
        line.append(f" · hand {number}, ", style="dim")
        line.append(verb(name_of(names, dealer), "deals", "deal"))
    return line


def colours_line(view: View, names: Sequence[str]) -> Text | None:
    """``Colours: grey You · blue Bob`` (with four players, each team's captain too)."""
    colours = view.get("colours")
    if not colours:
        return None
    parts = []
    captains = view.get("captains") or []
    for colour, seats in colours.items():
        part = f"{colour} {colour_seats(view, names, colour)}"
        if len(seats) > 1 and captains:
            part += f" (captain {name_of(names, captains[seats[0] % 2])})"
        parts.append(part)
    return Text("Colours: ") + Text(" · ".join(parts))


def tops_line(view: View) -> Text | None:
    """``Tops: grey 5♣ · blue K♥ (Intel 3 · Might 5 · Magic 4) used for Might``."""
    tops = view.get("tops")
    if not tops:
        return None
    used = view.get("powers_used") or {}
    line = Text("Tops: ")
    for i, (colour, card) in enumerate(tops.items()):
        if i:
            line.append(" · ")
        line.append(f"{colour} ")
        line.append_text(card_text(card))
        values = powers_of(view, card)
        if values:
            line.append(f" ({values})", style="dim")
        if colour in used:
            power = used[colour]
            line.append(" no power used" if power == "none" else f" used for {power.capitalize()}")
    return line


def revealed_line(view: View, names: Sequence[str]) -> Text | None:
    shown = [(s, cards) for s, cards in enumerate(view.get("revealed") or []) if cards]
    if not shown:
        return None
    line = Text("Shown by Intel: ")
    for i, (seat, cards) in enumerate(shown):
        if i:
            line.append(" · ")
        line.append(f"{name_of(names, seat)} ")
        line.append_text(cards_text(cards))
    return line


def count_line(view: View) -> Text | None:
    if view.get("phase") != "play":
        return None
    line = Text(f"Count: {view.get('count', 0)}")
    if view.get("count_cards"):
        line.append(" (")
        line.append_text(cards_text(view["count_cards"]))
        line.append(")")
    return line


def after_play_lines(view: View, names: Sequence[str]) -> list[Text]:
    """The intelligence bonus, the battle and the crib, once they have happened."""
    lines: list[Text] = []
    intel = view.get("intel")
    if intel:
        sums = " · ".join(f"{name_of(names, s)} {n}" for s, n in enumerate(intel["sums"]))
        winner = intel.get("winner")
        won = "no bonus" if winner is None else f"bonus to {name_of(names, winner)}"
        lines.append(Text(f"Intel in hand: {sums} — {won}"))
    battle = view.get("battle")
    if battle and battle.get("totals"):
        totals = " · ".join(f"{name_of(names, s)} {t}" for s, t in enumerate(battle["totals"]))
        winner = battle.get("winner")
        won = "a tie" if winner is None else verb(name_of(names, winner), "takes", "take")
        won += "" if winner is None else " the crib"
        lines.append(Text(f"Battle: {totals} — {won}"))
    elif battle:
        lines.append(Text("Battle: none (nobody holds Might)"))
    crib = view.get("crib")
    if crib:
        owners = view.get("crib_owners") or {}
        line = Text("Crib: ")
        for i, (colour, cards) in enumerate(crib.items()):
            if i:
                line.append(" · ")
            line.append(f"{colour} ")
            line.append_text(cards_text(cards))
            line.append(f" ({owned_by(names, owners.get(colour, []))})")
        if view.get("banned"):
            line.append(f" — {view['banned']} banned", style="bold")
        lines.append(line)
    cradle = view.get("cradle")
    if cradle and cradle.get("colour") and cradle.get("action") is None:
        magic = ", ".join(f"{c} {n}" for c, n in (cradle.get("magic") or {}).items())
        lines.append(Text(f"Rob the cradle: {cradle['colour']} has more Magic ({magic})"))
    return lines


def owned_by(names: Sequence[str], seats: Sequence[int]) -> str:
    """``yours``, ``Bob's``, ``your team's`` or ``Bob & Dan's``."""
    who = [name_of(names, s) for s in seats]
    if YOU in who:
        return "yours" if len(who) == 1 else "your team's"
    return " & ".join(who) + "'s"


def court_line(view: View) -> Text | None:
    """``Powers in your hand: K♠ Intel 5 · Might 3 · Magic 4``."""
    court = [(c, powers_of(view, c)) for c in view.get("hand") or []]
    court = [(c, p) for c, p in court if p]
    if not court:
        return None
    line = Text("Powers in your hand: ", style="dim")
    for i, (card, values) in enumerate(court):
        if i:
            line.append(" · ")
        line.append_text(card_text(card))
        line.append(f" {values}")
    return line


def not_enough_view(view: View, names: Sequence[str]) -> list[RenderableType]:
    found = [
        scores_line(view, names),
        colours_line(view, names),
        tops_line(view),
        revealed_line(view, names),
        count_line(view),
        *after_play_lines(view, names),
        court_line(view),
    ]
    return [line for line in found if line is not None]
