"""What a person types at a prompt, turned into an action (or refused with a reason).

Cards are picked by their number in the hand (``1 2``) or by name (``5H 6C``, ``5♥``);
``g``/``go`` passes when no card fits; Enter goes on at a pause; ``q`` leaves. Other decisions
are picked by their number in the list of choices the table shows, or named in words
(``might``, ``grey``, ``ban blue``). In manual
counting a claim or a Muggins call names combinations by their cards (see
:mod:`pegboard.cli.claim_text`); Enter claims nothing, or passes.
"""

from __future__ import annotations

from typing import Any

from pegboard.cards import VALUE_OF, parse_card
from pegboard.cli.cards_display import card_label, suit_symbol
from pegboard.cli.claim_text import (
    ClaimSyntaxError,
    jack_kind,
    labels,
    parse_claim,
    parse_muggins,
    syntax_help,
)
from pegboard.errors import CardError

Action = dict[str, Any]

QUIT_WORDS = frozenset({"q", "quit", "exit", "leave"})
CARD_CHOICES = {"discard": "discard", "reveal": "show", "magic": "swap"}
"""Decisions made by picking cards from the hand, and the verb for each."""
WORDS: dict[str, dict[str, Action]] = {
    "colour": {c: {"type": "colour", "colour": c} for c in ("grey", "blue")},
    "first": {c: {"type": "first", "colour": c} for c in ("grey", "blue")},
    "power": {p: {"type": "power", "power": p} for p in ("intel", "might", "magic", "none")},
    "cradle": {
        "ban grey": {"type": "cradle", "action": "ban", "colour": "grey"},
        "ban blue": {"type": "cradle", "action": "ban", "colour": "blue"},
        "add": {"type": "cradle", "action": "add"},
        "none": {"type": "cradle", "action": "none"},
    },
}
"""Decisions a person may name in words (Cribbage is not Enough), besides by number."""
GO_WORDS = frozenset({"g", "go"})
HELP_WORDS = frozenset({"?", "h", "help"})


class Refusal(Exception):
    """The answer was not understood or not allowed; the game is unchanged."""


class Help(Refusal):
    """The person asked for help: the message is the help, and the question is asked again."""


def interpret(text: str, view: dict[str, Any]) -> Action | None:
    """The action ``text`` asks for in this ``view``; None means leave the game."""
    answer = text.strip()
    word = answer.lower()
    if word in QUIT_WORDS:
        return None
    legal: list[Action] = view.get("legal") or []
    if not legal:
        raise Refusal("nothing to do now: wait for the others")
    kinds = {action["type"] for action in legal}
    if kinds == {"claim"}:
        return _claim(answer, view)
    if "pass" in kinds:
        return _muggins(answer, view)
    if word in HELP_WORDS:
        raise Help(help_text(kinds, tricks="trick" in view))
    if kinds == {"ready"}:
        return {"type": "ready"}
    if kinds & CARD_CHOICES.keys():
        return _discard(answer, view, legal)
    if kinds <= {"play", "go"}:
        return _play(answer, view, legal)
    return _words(answer, legal) or _menu(answer, legal)


def help_text(kinds: set[str], *, tricks: bool = False) -> str:
    if kinds & CARD_CHOICES.keys():
        return "pick cards by number (1 2) or by name (5H 6C); q leaves the game"
    if kinds & WORDS.keys():
        return f"type {word_list(kinds)}, or a choice's number; q leaves the game"
    if tricks and kinds == {"play"}:
        return "play a card by number (1) or by name (5H), following suit if you can; q leaves"
    if kinds <= {"play", "go"}:
        return "play a card by number (1) or by name (5H); g for go when nothing fits; q leaves"
    if kinds == {"ready"}:
        return "press Enter to go on; q leaves the game"
    return "pick one of the choices listed by its number; q leaves the game"


def word_list(kinds: set[str]) -> str:
    """``intel, might, magic or none``: the words a decision takes."""
    words = [w for kind in sorted(kinds) for w in WORDS.get(kind, {})]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _words(answer: str, legal: list[Action]) -> Action | None:
    """A decision named in words (``might``, ``grey``, ``ban blue``); None if the answer is not
    one of them. A word for an action not allowed now is passed on: the game says why not."""
    word = " ".join(answer.lower().split()).replace("gray", "grey")
    for kind in {a["type"] for a in legal}:
        action = WORDS.get(kind, {}).get(word)
        if action is not None:
            return dict(action)
    return None


def _cards(answer: str, hand: list[str]) -> list[str]:
    """Card names for the tokens of ``answer``: numbers in the hand, or card names."""
    picked: list[str] = []
    for token in answer.replace(",", " ").split():
        if token.isdigit():
            number = int(token)
            if not 1 <= number <= len(hand):
                raise Refusal(
                    f"there is no card {number}: your cards are numbered 1 to {len(hand)}"
                )
            name = hand[number - 1]
        else:
            try:
                name = str(parse_card(token))
            except CardError as error:
                raise Refusal(str(error)) from None
            if name not in hand:
                raise Refusal(f"you do not hold {card_label(name)}")
        if name in picked:
            raise Refusal(f"{card_label(name)} is picked twice")
        picked.append(name)
    return picked


def _discard(answer: str, view: dict[str, Any], legal: list[Action]) -> Action:
    """Cards picked from the hand: a discard, or an Intel reveal or a Magic swap."""
    kind = str(legal[0]["type"])
    size = len(legal[0]["cards"])
    hand: list[str] = view.get("hand") or []
    picked = _cards(answer, hand)
    if len(picked) != size:
        plural = "s" if size != 1 else ""
        raise Refusal(
            f"{CARD_CHOICES[kind]} exactly {size} card{plural}: by number (like 1 2) or name "
            "(like 5H 6C)"
        )
    action: Action = {"type": kind, "cards": sorted(picked, key=lambda n: int(parse_card(n)))}
    if action not in legal:
        raise Refusal(f"that {kind} is not allowed now")
    return action


def _play(answer: str, view: dict[str, Any], legal: list[Action]) -> Action:
    word = answer.lower()
    playable = [action["card"] for action in legal if action["type"] == "play"]
    if word in GO_WORDS:
        if {"type": "go"} in legal:
            return {"type": "go"}
        labels = " ".join(card_label(c) for c in playable)
        raise Refusal(f"no go while a card fits: you can play {labels}")
    hand: list[str] = view.get("hand") or []
    if not answer or not hand:
        raise Refusal(
            "type g for go" if not playable else "type a card: its number (1) or name (5H)"
        )
    picked = _cards(answer, hand)
    if len(picked) != 1:
        raise Refusal("play one card at a time")
    card = picked[0]
    if card not in playable:
        if "trick" in view:  # a trick game: follow suit
            led = str(view["trick"][0]["card"])[-1] if view["trick"] else ""
            labels_ = " ".join(card_label(c) for c in playable)
            raise Refusal(
                f"you must follow suit ({suit_symbol(led)}) while you can: play one of {labels_}"
            )
        count = int(view.get("count") or 0)
        after = count + VALUE_OF[parse_card(card)]
        hint = "; type g for go" if not playable else ""
        raise Refusal(f"{card_label(card)} would make the count {after}, past 31{hint}")
    return {"type": "play", "card": card}


def _menu(answer: str, legal: list[Action]) -> Action:
    """Any other decision: pick one by its number in the list of legal actions (shown with
    the table)."""
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1]
    if len(legal) == 1:
        raise Refusal("type 1 for the only choice")
    raise Refusal(f"pick one of the choices listed by its number, 1 to {len(legal)}")


def _counting(view: dict[str, Any]) -> tuple[list[str], str, str]:
    """The counted cards, what they are (hand, crib, trick) and the game's Jack item."""
    counting = view.get("counting") or {}
    label = str(counting.get("label", "count"))
    return list(counting.get("cards") or []), label, jack_kind(view.get("game"), label)


def counting_help(view: dict[str, Any], *, muggins: bool) -> str:
    """The syntax, the cards being counted and (for a call) what has been taken."""
    cards, label, jack = _counting(view)
    lines = [syntax_help(jack), f"The {label} being counted: {labels(cards)}"]
    if muggins:
        taken = (view.get("counting") or {}).get("taken") or []
        shown = ", ".join(f"{i['kind']} {labels(i['cards'])}".strip() for i in taken)
        lines.append(f"Taken already: {shown or 'nothing'}")
        lines.append("Call Muggins on what is unclaimed: m 15: 5H TD (= N states the points).")
        costly = (view.get("counting") or {}).get("penalty", True)
        wrong = "loses the points stated" if costly else "is refused, at no cost"
        lines.append(f"A wrong call {wrong}. Enter passes.")
    else:
        lines.append("A combination not in the count is refused. Enter claims nothing.")
    return "\n".join(lines)


def _claim(answer: str, view: dict[str, Any]) -> Action:
    if answer.lower() in HELP_WORDS:
        raise Help(counting_help(view, muggins=False))
    _, _, jack = _counting(view)
    try:  # the game, not the terminal, says whether the items are in the count
        items = parse_claim(answer, jack=jack)
    except ClaimSyntaxError as error:
        raise Refusal(f"{error} (? for help)") from None
    return {"type": "claim", "items": [item.to_json() for item in items]}


def _muggins(answer: str, view: dict[str, Any]) -> Action:
    if answer.lower() in HELP_WORDS:
        raise Help(counting_help(view, muggins=True))
    _, _, jack = _counting(view)
    try:  # the game, not the terminal, judges the call (and any penalty)
        call = parse_muggins(answer, jack=jack)
    except ClaimSyntaxError as error:
        raise Refusal(f"{error} (? for help)") from None
    if call is None:
        return {"type": "pass"}
    items = [item.to_json() for item in call.items]
    return {"type": "muggins", "items": items, "points": call.points}
