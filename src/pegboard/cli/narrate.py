"""Events as sentences: ``Ann plays 5♥ — count 15``, ``Ann pegs 2: fifteen (5♥ T♦)``.

Works on the JSON events of docs/records.md, redacted (a player's view) or full (a record).
A ``show`` followed by the ``score`` it earned is told as one line, and so are a claim or a
Muggins call and the score it brought; passes in a row share a line. A :class:`Narrator`
remembers what it has told (who leads a trick, whether trumps are named yet), so a session
can tell a game in pieces, one prompt at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from pegboard.cli.cards_display import card_text, cards_text
from pegboard.cli.narrate_not_enough import EVENTS as NOT_ENOUGH_EVENTS
from pegboard.cli.narrate_not_enough import intel_line
from pegboard.cli.words import (
    YOU,
    Event,
    Names,
    describe_items,
    inner_verb,
    item_points,
    name_of,
    subject,
    suit_text,
    verb,
)


def _scores_suffix(event: Event | None) -> Text:
    scores = event.get("scores") if event is not None else None
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
    kinds = {item.get("kind") for item in items}
    if kinds == {"tricks"}:
        won = sum(item_points(item) for item in items)
        line.append(f" for {won} trick{'s' if won != 1 else ''} won")
    elif kinds == {"muggins"}:
        line.append(" for a failed Muggins call")
    elif items:
        line.append(": ")
        line.append_text(describe_items(items))
    return line + _scores_suffix(event)


def _show(event: Event, names: Names, score: Event | None, *, manual: bool = False) -> Text:
    """The cards laid down; in manual counting their owner claims next, so no points yet."""
    who = name_of(names, event.get("seat"))
    line = Text(verb(who, "shows", "show") + (" the crib: " if event.get("crib") else " "))
    line.append_text(cards_text(event.get("cards") or []))
    # Cribbage is not Enough lists every Top counted with the cards (an enemy Top too).
    tops = event["tops"] if "tops" in event else [event["starter"]] if event.get("starter") else []
    for top in tops:
        line.append(" + ")
        line.append_text(card_text(str(top)))
    if manual and score is None:
        return line
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
    # The first dealer is drawn (every game), and each hand's in Cribbage with dealer=random.
    if event.get("drawn") or event.get("hand") == 1:
        deals = verb(dealer, "cuts lowest and deals", "cut lowest and deal")
    else:
        deals = verb(dealer, "deals", "deal")
    line = Text(f"Hand {event.get('hand', '?')}: {deals}", style="bold")
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
    why = " for Magic" if event.get("magic") else ""
    if cards is None:
        count = int(event.get("count", 0))
        plural = "s" if count != 1 else ""
        return Text(f"{verb(who, 'discards', 'discard')} {count} card{plural}{why}")
    return Text(f"{verb(who, 'discards', 'discard')} ") + cards_text(cards) + Text(why)


def _play(event: Event, names: Names, *, leads: bool = False, trumps: bool = False) -> Text:
    """``Ann plays 5♥ — count 15``; in a trick game ``Ann leads 9♣ — clubs are trumps``."""
    who = name_of(names, event.get("seat"))
    card = str(event.get("card"))
    word = verb(who, "leads", "lead") if leads else verb(who, "plays", "play")
    line = Text(f"{word} ") + card_text(card)
    if "count" in event:
        line.append(f" — count {event['count']}")
    elif trumps:
        line.append(" — trumps are ")
        line.append_text(suit_text(card[-1]))
    return line


def _starter(event: Event, names: Names) -> Text:
    if "card" in event:
        return Text("Starter: ") + card_text(str(event["card"]))
    tops = event.get("tops") or {}
    parts = [Text(f"{colour} ") + card_text(str(card)) for colour, card in tops.items()]
    return Text("The Tops: ") + Text(" · ").join(parts)


def _trick(event: Event, names: Names) -> Text:
    """``Bob wins the trick with 9♣ (trumps ♥)``: the event lists the cards by seat."""
    winner = event.get("winner")
    who = name_of(names, winner)
    cards = event.get("cards") or []
    line = Text(verb(who, "wins", "win") + " the trick", style="bold")
    if isinstance(winner, int) and 0 <= winner < len(cards) and cards[winner]:
        line.append(" with ")
        line.append_text(card_text(str(cards[winner])))
    if event.get("trump"):
        line.append(" (trumps ")
        line.append_text(suit_text(str(event["trump"])))
        line.append(")")
    return line


def _claim(event: Event, names: Names, score: Event | None = None) -> Text:
    """``Ann claims 4: fifteen 2 (5♥ T♦), pair 2 (5♥ 5♣)  [7–3]``, or ``Ann claims nothing``."""
    who = name_of(names, event.get("seat"))
    items = event.get("items") or []
    if not items:
        return Text(verb(who, "claims nothing", "claim nothing"))
    points = int(event.get("points", sum(item_points(i) for i in items)))
    line = Text(verb(who, "claims", "claim"))
    line.append(f" {points}", style="bold green")
    line.append(": ")
    line.append_text(describe_items(items))
    if event.get("valid") is False:
        line.append(" (refused)", style="yellow")
    return line + _scores_suffix(score)


def _muggins(event: Event, names: Names, score: Event | None = None) -> Text:
    """``Cat calls Muggins for 3: run (4♠ 5♥ 6♦) — good call, Cat pegs 3``, or a failed call:
    ``… — no such unclaimed items, Cat loses 3``."""
    who = name_of(names, event.get("seat"))
    items = event.get("items") or []
    stated = int(event.get("points", 0))
    line = Text(verb(who, "calls", "call") + " Muggins", style="bold magenta")
    line.append(f" for {stated}: ")
    line.append_text(describe_items(items))
    valid = event.get("valid")
    if valid is True:
        line.append(" — good call, ")
        line.append(inner_verb(who, "pegs", "peg") + f" {stated}", style="green")
    elif valid is False:
        line.append(" — it fails, ")
        line.append(inner_verb(who, "loses", "lose") + f" {stated}", style="bold red")
    return line + _scores_suffix(score)


def _passes(events: Sequence[Event], names: Names) -> Text:
    """``Cat passes``; ``Cat, Dan and you pass``."""
    who = [name_of(names, e.get("seat")) for e in events]
    if len(who) == 1:
        return Text(verb(who[0], "passes", "pass"), style="dim")
    listed = [who[0], *(subject(w) for w in who[1:])]
    return Text(f"{', '.join(listed[:-1])} and {listed[-1]} pass", style="dim")


def _leave(event: Event, names: Names) -> Text:
    who = name_of(names, event.get("seat"))
    rank = f"(rank {event.get('rank')})"
    if event.get("auto") == "away":  # the table gave the seat up: the player never asked
        if who == YOU:
            return Text(f"You were away too long, your seat was given up {rank}")
        return Text(f"{who} was away too long: their seat was given up {rank}")
    return Text(f"{verb(who, 'leaves', 'leave')} the game {rank}")


def _timed_out(event: Event, names: Names, line: Text | None) -> Text | None:
    """A move the clock made says so: ``Time ran out: 10♥ was played for you``."""
    if line is None or event.get("auto") != "timeout":
        return line
    head = Text("Time ran out: ", style="bold yellow")
    mine = name_of(names, event.get("seat")) == YOU
    kind = event.get("type")
    if mine and kind == "play":
        told = head + card_text(str(event.get("card"))) + Text(" was played for you")
        if "count" in event:
            told.append(f" — count {event['count']}")
        return told
    if mine and kind == "discard" and event.get("cards") is not None:
        return head + cards_text(event["cards"]) + Text(" went to the crib for you")
    return head + line


_SIMPLE: dict[str, Callable[[Event, Names], Text | None]] = {
    "deal": _deal,
    "discard": _discard,
    "starter": _starter,
    "play": _play,
    "go": lambda e, n: Text(f"{name_of(n, e.get('seat'))}: go", style="dim"),
    "reset": lambda e, n: Text("— the count goes back to 0 —", style="dim"),
    "trick": _trick,
    "claim": _claim,
    "muggins": _muggins,
    "pass": lambda e, n: _passes([e], n),
    "score": _score,
    "leave": _leave,
    "time-up": lambda e, n: Text("Time is up: this hand is the last.", style="bold yellow"),
    "end": lambda e, n: None,  # the result table follows
    "ready": lambda e, n: None,
}


def narrate_event(event: Event, names: Names) -> Text | None:
    """One event as a line (None for events not worth a line, like "ready")."""
    kind = str(event.get("type"))
    if kind == "show":
        return _show(event, names, None)
    tell = _SIMPLE.get(kind) or NOT_ENOUGH_EVENTS.get(kind)
    if tell is None:
        details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return Text(f"{kind}: {details}", style="dim")
    return _timed_out(event, names, tell(event, names))


class Narrator:
    """Tells a game's events in order, remembering what it needs across calls.

    ``manual``: the show is claimed (Cribbage ``counting=manual``), so a hand laid down has
    no points of its own yet.
    """

    def __init__(self, names: Names, *, manual: bool = False) -> None:
        self.names = names
        self.manual = manual
        self.in_trick = 0  # cards played to the current trick (trick games)
        self.trumps_named = False

    def lines(self, events: Sequence[Event]) -> list[Text]:
        """Every event as a line; a show, claim or call told with the score it brought."""
        lines: list[Text] = []
        i = 0
        while i < len(events):
            event = events[i]
            kind = event.get("type")
            following = events[i + 1] if i + 1 < len(events) else None
            score = (
                following
                if following is not None
                and following.get("type") == "score"
                and following.get("seat") == event.get("seat")
                else None
            )
            if kind == "pass":
                run = i
                while run < len(events) and events[run].get("type") == "pass":
                    run += 1
                lines.append(_passes(events[i:run], self.names))
                i = run
                continue
            if kind == "intel":  # the bonus and what it scored, in one line
                winner = event.get("winner")
                won = None
                if winner is not None and following is not None:
                    is_bonus = following.get("type") == "score" and following.get("seat") == winner
                    won = following if is_bonus else None
                lines.append(intel_line(event, self.names, won))
                i += 2 if won is not None else 1
                continue
            if kind in ("show", "claim", "muggins"):
                if kind == "show":
                    lines.append(_show(event, self.names, score, manual=self.manual))
                elif kind == "claim":
                    lines.append(_claim(event, self.names, score))
                else:
                    lines.append(_muggins(event, self.names, score))
                i += 2 if score is not None else 1
                continue
            line = self._one(event)
            if kind == "deal" and lines:
                lines.append(Text())
            if line is not None:
                lines.append(line)
            i += 1
        return lines

    def _one(self, event: Event) -> Text | None:
        kind = event.get("type")
        if kind == "deal":
            self.in_trick = 0
            self.trumps_named = False
        elif kind == "trick":
            self.in_trick = 0
        elif kind == "play" and "count" not in event:  # a trick game: leads, trumps
            leads = self.in_trick == 0
            trumps = leads and not self.trumps_named
            self.in_trick += 1
            self.trumps_named = True
            return _timed_out(
                event, self.names, _play(event, self.names, leads=leads, trumps=trumps)
            )
        return narrate_event(event, self.names)


def narrate(events: Sequence[Event], names: Names, *, manual: bool = False) -> list[Text]:
    """Every event as a line, each show told together with the score it earned."""
    return Narrator(names, manual=manual).lines(events)
