"""Claims and Muggins calls as a person types them, for every game's manual counting.

A claim names combinations by their cards, several separated by commas or semicolons::

    15: 5H TD, pair: 5H 5C; run: 4S 5H 6D

Kinds: ``15``/``fifteen``, ``pair``, ``run``, ``flush``, and the Jack (``nobs``, ``his nob``,
``jack``, ``jack of trumps`` — whichever the game counts). The colon is optional, and so is
the kind when the cards can only be one thing (``5H TD`` is a fifteen). A ``pair`` of three or
four cards of one rank names every pair among them (a pair royal is three pairs).

A Muggins call is the same list, optionally after ``m``/``muggins``, optionally ending in
``= N`` to state its points (by default, what the items are worth). Nothing at all claims
nothing, or passes.

Only the writing is checked here, never what is in the count: the terminal sends every claim
and call to the game like any other client, so a claim naming what is not there is refused by
the game, and a wrong call has whatever consequence the game gives it (Cribist and Cribbage:
the caller loses the points stated; Cribbage is not Enough: refused, at no cost).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF, Card, parse_card
from pegboard.cli.cards_display import card_label
from pegboard.core.claims import nominal_points
from pegboard.core.spec import get_spec
from pegboard.errors import CardError

JACK = "jack"
"""Stands for the game's own Jack item until it is resolved (nobs, or jack-of-trumps)."""

KIND_WORDS: dict[str, str] = {
    "15": "fifteen",
    "15s": "fifteen",
    "fifteen": "fifteen",
    "fifteens": "fifteen",
    "pair": "pair",
    "pairs": "pair",
    "pair royal": "pair",
    "double pair royal": "pair",
    "run": "run",
    "runs": "run",
    "straight": "run",
    "flush": "flush",
    "nob": JACK,
    "nobs": JACK,
    "his nob": JACK,
    "his nobs": JACK,
    "knob": JACK,
    "knobs": JACK,
    "jack": JACK,
    "jack of trumps": JACK,
    "one for his nob": JACK,
    "one for his nobs": JACK,
}
"""Every word (or phrase, hyphens read as spaces) a person may use for a kind."""

PASS_WORDS = frozenset({"", "p", "pass", "no", "n", "none", "nothing", "-"})
NOTHING_WORDS = frozenset({"", "nothing", "none", "no", "n", "0", "-"})
MAX_PHRASE = 4  # the longest kind phrase, in words

_LIST_SPLIT = re.compile(r"[,;]")
_CARD_SPLIT = re.compile(r"[\s+&]+")
_POINTS = re.compile(r"=\s*(\S*)\s*$")
_MUGGINS = re.compile(r"^(?:muggins|m)(?:\s*:|\s+|$)", re.IGNORECASE)


class ClaimSyntaxError(ValueError):
    """The text is not a list of combinations; the message says why, in one line."""


class ClaimItem(NamedTuple):
    """One combination as named: its kind (resolved for the game) and its cards."""

    kind: str
    cards: tuple[str, ...]

    @property
    def points(self) -> int:
        """What the item is worth if it is real."""
        return nominal_points(self.kind, [parse_card(c) for c in self.cards])

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards)}


class Muggins(NamedTuple):
    """A call: the items found and the points stated."""

    items: tuple[ClaimItem, ...]
    points: int


def jack_kind(game: str | None, label: str | None = None) -> str:
    """The Jack item of this game's counts: a trick's Jack of trumps, a hand's nobs."""
    if label == "trick":
        return "jack-of-trumps"
    return get_spec(game).jack_item if game else "nobs"


def labels(cards: Iterable[str]) -> str:
    return " ".join(card_label(c) for c in cards)


def kind_phrase(words: Sequence[str]) -> tuple[str | None, int]:
    """The kind named by the longest phrase at the start of ``words``, and its length."""
    for size in range(min(MAX_PHRASE, len(words)), 0, -1):
        kind = KIND_WORDS.get(" ".join(words[:size]))
        if kind is not None:
            return kind, size
    return None, 0


def read_cards(tokens: Sequence[str]) -> tuple[str, ...]:
    """Card names for ``tokens``, none twice."""
    names: list[str] = []
    for token in tokens:
        try:
            name = str(parse_card(token))
        except CardError as error:
            raise ClaimSyntaxError(str(error)) from None
        if name in names:
            raise ClaimSyntaxError(f"{card_label(name)} is named twice in one combination")
        names.append(name)
    return tuple(sorted(names, key=lambda n: int(parse_card(n))))


def shapes(cards: Sequence[Card]) -> list[str]:
    """The kinds these cards could be, to read an item named without its kind."""
    ranks = [RANK_OF[c] for c in cards]
    found: list[str] = []
    if len(cards) >= 2 and sum(VALUE_OF[c] for c in cards) == 15:
        found.append("fifteen")
    if len(cards) in (2, 3, 4) and len(set(ranks)) == 1:
        found.append("pair")
    if (
        len(cards) >= 3
        and len(set(ranks)) == len(cards)
        and max(ranks) - min(ranks) == len(cards) - 1
    ):
        found.append("run")
    if len(cards) >= 4 and len({SUIT_OF[c] for c in cards}) == 1:
        found.append("flush")
    if len(cards) == 1 and ranks[0] == 11:
        found.append(JACK)
    return found


def guess_kind(cards: tuple[str, ...], jack: str) -> str:
    """The one kind ``cards`` can be, or a refusal asking for the kind."""
    found = shapes([parse_card(c) for c in cards])
    shown = labels(cards)
    if len(found) == 1:
        return found[0]
    if not found:
        raise ClaimSyntaxError(
            f"{shown} is no fifteen, pair, run or flush: name the kind, like 15: 5H TD"
        )
    words = " and a ".join(jack if k == JACK else k for k in found)
    raise ClaimSyntaxError(f"{shown} is both a {words}: say which, like {found[-1]}: {shown}")


def read_item(text: str, jack: str) -> list[ClaimItem]:
    """One combination (a pair of 3 or 4 cards: every pair among them)."""
    head, colon, tail = text.partition(":")
    if colon:
        words = head.lower().replace("-", " ").split()
        kind, size = kind_phrase(words)
        if words and (kind is None or size != len(words)):
            raise ClaimSyntaxError(unknown_kind(" ".join(words), jack))
        tokens = _CARD_SPLIT.split(tail.strip()) if tail.strip() else []
    else:
        parts = [t for t in _CARD_SPLIT.split(text.strip()) if t]
        words = [t.lower().replace("-", " ") for t in parts]
        kind, size = kind_phrase(" ".join(words).split())
        if kind is not None:
            # the phrase may span hyphenated tokens ("jack-of-trumps"): count what it used
            used, taken = 0, 0
            while taken < size:
                taken += len(words[used].split())
                used += 1
            if taken != size:
                raise ClaimSyntaxError(unknown_kind(" ".join(words[:used]), jack))
            tokens = parts[used:]
        else:
            tokens = parts
            first = tokens[0] if tokens else ""
            mistyped_card = meant_as_card(first) and not first.isdigit()
            if first and not looks_like_card(first) and not mistyped_card:
                raise ClaimSyntaxError(unknown_kind(first.lower(), jack))
    what = kind if kind is not None else "combination"
    if not tokens:
        example = {
            "fifteen": "15: 5H TD",
            "pair": "pair: 5H 5C",
            "run": "run: 4S 5H 6D",
            "flush": "flush: 2H 6H 9H KH",
            JACK: "jack: JH",
        }
        name = "Jack" if what == JACK else what
        raise ClaimSyntaxError(
            f"name the cards of the {name}, like {example.get(what, '15: 5H TD')}"
        )
    cards = read_cards(tokens)
    if kind is None:
        kind = guess_kind(cards, jack)
    if kind == JACK:
        kind = jack
    if kind == "pair" and len(cards) > 2:
        if len({RANK_OF[parse_card(c)] for c in cards}) != 1 or len(cards) > 4:
            raise ClaimSyntaxError(
                f"{labels(cards)} is not a pair: a pair is 2 cards of one rank "
                "(3 or 4 of one rank name every pair among them)"
            )
        return [ClaimItem("pair", pair) for pair in combinations(cards, 2)]
    return [ClaimItem(kind, cards)]


def looks_like_card(token: str) -> bool:
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def meant_as_card(token: str) -> bool:
    """A mistyped card rather than a word (``5X``, ``QZ``): say what a card looks like."""
    return len(token) <= 2 or any(ch.isdigit() or ch in "♣♦♥♠" for ch in token)


def unknown_kind(word: str, jack: str) -> str:
    if word.isdigit():
        return f"name cards by rank and suit, like 5H, not by number ({word})"
    jack_words = "jack of trumps (jack)" if jack == "jack-of-trumps" else "nobs (his nob, jack)"
    return f"{word!r} is not a kind: say 15 (fifteen), pair, run, flush or {jack_words}"


def parse_items(text: str, *, jack: str = "nobs") -> list[ClaimItem]:
    """Every combination named in ``text`` (empty: none); no combination may be named twice."""
    items: list[ClaimItem] = []
    seen: set[tuple[str, frozenset[str]]] = set()
    for part in _LIST_SPLIT.split(text):
        if not part.strip():
            continue
        for item in read_item(part, jack):
            key = (item.kind, frozenset(item.cards))
            if key in seen:
                raise ClaimSyntaxError(f"{item.kind} {labels(item.cards)} is named twice")
            seen.add(key)
            items.append(item)
    return items


def parse_claim(text: str, *, jack: str = "nobs") -> list[ClaimItem]:
    """A claim: the combinations named (none for an empty line, or ``nothing``)."""
    answer = text.strip()
    if answer.lower() in NOTHING_WORDS:
        return []
    if _POINTS.search(answer):
        raise ClaimSyntaxError(
            "a claim states no points (only a Muggins call does): name the combinations"
        )
    return parse_items(answer, jack=jack)


def parse_muggins(text: str, *, jack: str = "nobs") -> Muggins | None:
    """A Muggins call, or None to pass (an empty line, ``p``, ``pass``)."""
    answer = text.strip()
    if answer.lower() in PASS_WORDS:
        return None
    answer = _MUGGINS.sub("", answer, count=1).strip()
    stated: int | None = None
    match = _POINTS.search(answer)
    if match is not None:
        number = match.group(1)
        if not number.isdigit() or not 1 <= int(number) <= 1000:
            raise ClaimSyntaxError(
                f"after = give the points as a whole number from 1, like = 4, not {number!r}"
            )
        stated = int(number)
        answer = answer[: match.start()].strip()
    items = parse_items(answer, jack=jack)
    if not items:
        raise ClaimSyntaxError("name the combinations you found, like m 15: 5H TD (Enter passes)")
    worth = sum(item.points for item in items)
    return Muggins(tuple(items), stated if stated is not None else worth)


def syntax_help(jack: str) -> str:
    """How to write a claim, in a few lines (each under 80 characters)."""
    jack_example = "jack: JH" if jack == "jack-of-trumps" else "nobs: JH"
    return (
        "Name each combination by its cards; separate them with commas or semicolons:\n"
        f"  15: 5H TD, pair: 5H 5C; run: 4S 5H 6D, flush: 2H 6H 9H KH, {jack_example}\n"
        "The kind may be left out if the cards can be only one thing (5H TD: a 15).\n"
        "A pair of 3 or 4 cards of one rank names every pair among them."
    )
