"""Events as sentences: ``Ann plays 5♥ — count 15``, ``Ann pegs 2: fifteen (5♥ T♦)``.

Works on the JSON events of CONTRACT.md, redacted (a player's view) or full (a record).
A ``show`` followed by the ``score`` it earned is told as one line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from pegboard.cli.cards_display import card_text, cards_text

Event = dict[str, Any]
Names = Sequence[str]

YOU = "You"


def verb(name: str, third_person: str, second_person: str) -> str:
    """``Ann plays`` but ``You play``."""
    return f"{name} {second_person if name == YOU else third_person}"


def name_of(names: Names, seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat}"


def describe_items(items: Sequence[dict[str, Any]]) -> Text:
    """``fifteen (5♥ T♦)``; with several, each shows its points: ``fifteen 2 (…), pair 2 (…)``."""
    parts: list[Text] = []
    for item in items:
        part = Text(str(item.get("kind", "?")))
        if len(items) > 1:
            part.append(f" {item.get('points', 0)}")
        cards = item.get("cards") or []
        if cards:
            part.append(" (")
            part.append_text(cards_text(cards))
            part.append(")")
        parts.append(part)
    return Text(", ").join(parts)


def _scores_suffix(event: Event) -> Text:
    scores = event.get("scores")
    if not isinstance(scores, list):
        return Text()
    return Text(f"  [{'–'.join(str(s) for s in scores)}]", style="dim")


def _score(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    points = int(event.get("points", 0))
    line = Text(
        verb(who, "loses", "lose") if points < 0 else verb(who, "pegs", "peg"), style="green"
    )
    line.append(f" {abs(points)}", style="bold green")
    items = event.get("items") or []
    if items:
        line.append(": ")
        line.append_text(describe_items(items))
    return line + _scores_suffix(event)


def _show(event: Event, names: Names, score: Event | None) -> Text:
    who = name_of(names, event.get("seat"))
    line = Text(verb(who, "shows", "show") + (" the crib: " if event.get("crib") else " "))
    line.append_text(cards_text(event.get("cards") or []))
    if event.get("starter"):
        line.append(" + ")
        line.append_text(card_text(str(event["starter"])))
    points = int(score.get("points", 0)) if score is not None else 0
    line.append(" — ")
    line.append(str(points), style="bold green" if points else "bold")
    if score is not None and score.get("items"):
        line.append(": ")
        line.append_text(describe_items(score["items"]))
        line.append_text(_scores_suffix(score))
    return line


def _deal(event: Event, names: Names) -> Text:
    dealer = name_of(names, event.get("dealer"))
    line = Text(f"Hand {event.get('hand', '?')}: {verb(dealer, 'deals', 'deal')}", style="bold")
    for seat, cards in enumerate(event.get("hands") or []):
        if cards:
            line.append(f"\n  {name_of(names, seat)}: ")
            line.append_text(cards_text(cards))
    if event.get("crib"):
        line.append("\n  to the crib: ")
        line.append_text(cards_text(event["crib"]))
    return line


def _discard(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    cards = event.get("cards")
    if cards is None:
        count = int(event.get("count", 0))
        return Text(f"{verb(who, 'discards', 'discard')} {count} card{'s' if count != 1 else ''}")
    return Text(f"{verb(who, 'discards', 'discard')} ") + cards_text(cards)


def _play(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    line = Text(f"{verb(who, 'plays', 'play')} ") + card_text(str(event.get("card")))
    if "count" in event:
        line.append(f" — count {event['count']}")
    return line


def _starter(event: Event, names: Names) -> Text:
    if "card" in event:
        return Text("Starter: ") + card_text(str(event["card"]))
    tops = event.get("tops") or {}
    parts = [Text(f"{colour} top ") + card_text(str(card)) for colour, card in tops.items()]
    return Text("Cut: ") + Text(", ").join(parts)


def _trick(event: Event, names: Names) -> Text:
    winner = name_of(names, event.get("winner"))
    line = Text(f"Trick to {winner}: ") + cards_text(event.get("cards") or [])
    if event.get("trump"):
        line.append(f" (trumps {event['trump']})")
    return line


def _claim(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    word = (
        verb(who, "calls muggins", "call muggins")
        if event["type"] == "muggins"
        else verb(who, "claims", "claim")
    )
    line = Text(f"{word}: ") + describe_items(event.get("items") or [])
    if "valid" in event:
        line.append(" (valid)" if event["valid"] else " (refused)", style="dim")
    return line


def _leave(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    return Text(f"{verb(who, 'leaves', 'leave')} the game (rank {event.get('rank')})")


_SIMPLE: dict[str, Callable[[Event, Names], Text | None]] = {
    "deal": _deal,
    "discard": _discard,
    "starter": _starter,
    "play": _play,
    "go": lambda e, n: Text(f"{name_of(n, e.get('seat'))}: go", style="dim"),
    "reset": lambda e, n: Text("— the count goes back to 0 —", style="dim"),
    "trick": _trick,
    "claim": _claim,
    "muggins": _claim,
    "score": _score,
    "leave": _leave,
    "end": lambda e, n: None,  # the result table follows
    "ready": lambda e, n: None,
}


def narrate_event(event: Event, names: Names) -> Text | None:
    """One event as a line (None for events not worth a line, like "ready")."""
    kind = str(event.get("type"))
    if kind == "show":
        return _show(event, names, None)
    tell = _SIMPLE.get(kind)
    if tell is None:
        details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return Text(f"{kind}: {details}", style="dim")
    return tell(event, names)


def narrate(events: Sequence[Event], names: Names) -> list[Text]:
    """Every event as a line, each show told together with the score it earned."""
    lines: list[Text] = []
    i = 0
    while i < len(events):
        event = events[i]
        following = events[i + 1] if i + 1 < len(events) else None
        if (
            event.get("type") == "show"
            and following is not None
            and following.get("type") == "score"
            and following.get("seat") == event.get("seat")
        ):
            lines.append(_show(event, names, following))
            i += 2
            continue
        line = narrate_event(event, names)
        if event.get("type") == "deal" and lines:
            lines.append(Text())
        if line is not None:
            lines.append(line)
        i += 1
    return lines
