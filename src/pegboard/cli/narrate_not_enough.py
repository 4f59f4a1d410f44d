"""Cribbage is not Enough's own events as sentences: colours, the Tops' powers, Intel reveals,
Magic draws, the intelligence bonus, the dice, the battle for the crib, rob the cradle, and
the Muggins round over each claimed hand or crib.

:mod:`pegboard.cli.narrate` tells every game's shared events (deal, discard, play, show,
score, claims) and looks up these in :data:`EVENTS`; both build on :mod:`pegboard.cli.words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from pegboard.cli.cards_display import cards_text
from pegboard.cli.words import YOU, Event, Names, describe_items, inner_verb, name_of, subject, verb


def seats_text(names: Names, seats: Sequence[int]) -> str:
    return " & ".join(name_of(names, s) for s in seats)


def _colours(event: Event, names: Names) -> Text:
    """``Bob takes blue: blue Bob · grey You``."""
    who = name_of(names, event.get("seat"))
    colours: dict[str, list[int]] = event.get("colours") or {}
    mine = next((c for c, seats in colours.items() if event.get("seat") in seats), "?")
    line = Text(verb(who, "takes", "take") + f" {mine}: ")
    parts = [f"{colour} {seats_text(names, seats)}" for colour, seats in colours.items()]
    return line + Text(" · ".join(parts), style="bold")


def _first(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    return Text(verb(who, "lets", "let") + f" the {event.get('colour')} Top resolve first")


def _power(event: Event, names: Names) -> Text:
    """``You use the grey Top for Might 5`` or ``Bob uses no power of the blue Top``."""
    who = name_of(names, event.get("seat"))
    colour = event.get("colour")
    power = str(event.get("power"))
    if power == "none":
        return Text(verb(who, "uses", "use") + f" no power of the {colour} Top")
    line = Text(verb(who, "uses", "use") + f" the {colour} Top for ")
    line.append(f"{power.capitalize()} {event.get('value')}", style="bold")
    return line


def _reveal(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    return Text(verb(who, "shows", "show") + " ") + cards_text(event.get("cards") or [])


def _split(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    mine, partner = event.get("captain"), event.get("partner")
    return Text(
        verb(who, "splits", "split")
        + f" the Magic: {mine} for {subject(who)}, {partner} for the partner"
    )


def _draw(event: Event, names: Names) -> Text:
    """``You draw 7♥ 8♦`` or ``Bob draws 2 cards`` (others' draws are hidden)."""
    who = name_of(names, event.get("seat"))
    cards = event.get("cards")
    if cards is None:
        count = int(event.get("count", 0))
        return Text(verb(who, "draws", "draw") + f" {count} card{'s' if count != 1 else ''}")
    return Text(verb(who, "draws", "draw") + " ") + cards_text(cards)


def intel_line(event: Event, names: Names, score: Event | None = None) -> Text:
    """``Intel in hand: You 3 · Bob 0 — you win the intelligence bonus: 2 (fifteen …)``."""
    sums: list[int] = event.get("sums") or []
    line = Text("Intel in hand: ")
    line.append(" · ".join(f"{name_of(names, s)} {n}" for s, n in enumerate(sums)))
    winner = event.get("winner")
    if winner is None:
        line.append(" — no single highest: no intelligence bonus", style="dim")
        return line
    who = name_of(names, winner)
    line.append(" — " + inner_verb(who, "wins", "win") + " the intelligence bonus")
    if score is None:
        line.append(": nothing more with the enemy Top", style="dim")
        return line
    points = int(score.get("points", 0))
    line.append(" and " + ("pegs" if who != YOU else "peg") + " ")
    line.append(f"{points}", style="bold green")
    if score.get("items"):
        line.append(": ")
        line.append_text(describe_items(score["items"]))
    scores = score.get("scores")
    if isinstance(scores, list):
        line.append(f"  [{'–'.join(str(s) for s in scores)}]", style="dim")
    return line


def _roll(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    dice: list[int] = event.get("dice") or []
    return Text(verb(who, "rolls", "roll") + f" {' '.join(map(str, dice))} = {sum(dice)}")


def _battle(event: Event, names: Names) -> Text:
    """``Battle for the crib: You 4+5+6 = 15 · Bob 3+1 +4 = 8 — you win both piles``."""
    totals: list[int] = event.get("totals") or []
    rolls: list[list[int]] = event.get("rolls") or []
    bonus: list[int] = event.get("bonus") or [0] * len(totals)
    parts = []
    for seat, total in enumerate(totals):
        dice = "+".join(map(str, rolls[seat])) if seat < len(rolls) and rolls[seat] else "no dice"
        extra = f" +{bonus[seat]} (Tops)" if bonus[seat] else ""
        parts.append(f"{name_of(names, seat)} {dice}{extra} = {total}")
    line = Text("Battle for the crib: ", style="bold") + Text(" · ".join(parts))
    winner = event.get("winner")
    if winner is None:
        line.append(" — a tie: each team keeps its own pile")
    else:
        who = name_of(names, winner)
        line.append(" — " + inner_verb(who, "wins", "win") + " both piles", style="bold green")
    return line


def _calls(event: Event, names: Names) -> Text:
    """``Muggins on Bob's hand: the other team may call``, once every count is claimed."""
    who = name_of(names, event.get("seat"))
    whose = "your" if who == YOU else f"{who}'s"
    what = "crib" if event.get("crib") else "hand"
    return Text(f"Muggins on {whose} {what}: the other team may call", style="magenta")


def _crib(event: Event, names: Names) -> Text:
    """``The crib: grey 9♣ T♠ (to You) · blue 8♦ 9♥ (to You) — Magic grey 0, blue 2``."""
    piles: dict[str, list[str]] = event.get("piles") or {}
    owners: dict[str, list[int]] = event.get("owners") or {}
    line = Text("The crib: ")
    for i, (colour, cards) in enumerate(piles.items()):
        if i:
            line.append(" · ")
        line.append(f"{colour} ")
        line.append_text(cards_text(cards) if cards else Text("none", style="dim"))
        line.append(f" (to {subject(seats_text(names, owners.get(colour, [])))})")
    magic: dict[str, int] = event.get("magic") or {}
    if magic:
        shown = ", ".join(f"{c} {n}" for c, n in magic.items())
        line.append(f" — Magic {shown}", style="dim")
    return line


def _cradle(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    what = event.get("action")
    if what == "ban":
        colour = event.get("colour")
        return Text(
            verb(who, "robs", "rob") + f" the cradle: {colour} is banned (its crib cards and Top)"
        )
    if what == "add":
        line = Text(verb(who, "robs", "rob") + " the cradle: ")
        return line + cards_text([str(event.get("card"))]) + Text(" joins the crib")
    return Text(verb(who, "leaves", "leave") + " the cradle alone")


EVENTS: dict[str, Callable[[Event, Names], Text | None]] = {
    "colours": _colours,
    "first": _first,
    "power": _power,
    "reveal": _reveal,
    "split": _split,
    "draw": _draw,
    "intel": intel_line,
    "roll": _roll,
    "battle": _battle,
    "calls": _calls,
    "crib": _crib,
    "cradle": _cradle,
}
