"""Usernames: which may be taken, and the key that tells two of them apart.

A username is letters, digits and ``- _ .`` of any script, 3 to 24 characters. Two usernames are
the same when their keys are: NFKC, case folded, then reduced to the confusable skeleton of
Unicode TR39 (section 4), so that ``Ann``, ``ann``, ``Αnn`` (a Greek capital alpha) and ``аnn``
(a Cyrillic a) are one username.

The skeleton's data is Unicode's ``confusables.txt`` as the confusable-homoglyphs package ships
it. That package keeps each line of the file in both directions and drops which side was the
prototype, so the prototypes are found again from the shape of the file: every line maps one
character to its prototype, and a prototype is never mapped itself, so the lines form stars,
each a prototype with the characters confused with it. Every character of a star maps to one
form of it: the prototype when it is a sequence (``m`` → ``rn``), else its smallest character.
Skeletons are only ever compared, so any one form per star gives the same answers as TR39's.

Three more rules keep look-alikes out that the skeleton lets through: the punctuation is not
part of the key (``Ann.``, ``Ann_`` and ``A.nn`` are ``Ann``); a combining mark of no script
of its own (Unicode's Inherited accents, which any alphabet may borrow) must compose with the
letter before it (``Zoë`` is taken, ``Ann`` with a stray iota below is not); and the letters of
the phonetic alphabets (small capitals such as ``ɴ`` and ``ᴀ``, modifier letters), which TR39's
identifier profile leaves out, are refused.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import categories
from confusable_homoglyphs.confusables import confusables_data

from pegboard.server.http.inputs import BadInput

SHORTEST = 3
LONGEST = 24
KEY_LENGTH = 128  # players.username_key
PUNCTUATION = frozenset("-_.")
DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")  # the package keeps them round RTL text
NO_PUNCTUATION = str.maketrans("", "", "".join(PUNCTUATION))
# Unicode's blocks of phonetic letters and modifiers (TR39: "Technical", not in identifiers).
PHONETIC = ((0x0250, 0x02FF), (0x1D00, 0x1DBF), (0x1DC0, 0x1DFF), (0xA700, 0xA71F))


def clean_username(raw: str) -> str:
    """A username as it is kept and shown (NFKC), or BadInput saying what is wrong."""
    name = unicodedata.normalize("NFKC", raw).strip()
    if not SHORTEST <= len(name) <= LONGEST:
        raise BadInput(f"a username has {SHORTEST} to {LONGEST} characters")
    if not all(_allowed(c) for c in name):
        raise BadInput("a username has only letters, digits, '-', '_' and '.'")
    if not _letter_or_digit(name[0]):
        raise BadInput("a username starts with a letter or a digit")
    if any(lo <= ord(c) <= hi for c in name for lo, hi in PHONETIC):
        raise BadInput("a username has no phonetic letters (small capitals, modifiers)")
    if any(_stray_mark(c) for c in unicodedata.normalize("NFC", name)):
        raise BadInput("a username's accents are those of ready-made letters (like é)")
    if len(username_key(name)) > KEY_LENGTH:  # a few characters look like three or four
        raise BadInput("choose a shorter username")
    return name


def username_key(name: str) -> str:
    """What usernames are compared by: equal for names that differ only in case or in
    characters that look alike. The skeleton is taken before case folding as well as after,
    since look-alikes may differ in their small letters only (Cyrillic В and Latin B)."""
    normal = unicodedata.normalize("NFKC", name).translate(NO_PUNCTUATION)
    return skeleton(skeleton(normal).casefold())


def skeleton(text: str) -> str:
    """TR39's skeleton: each character of the NFD form by its star's form, then NFD again."""
    forms = _forms()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(forms.get(c, c) for c in decomposed))


def _allowed(char: str) -> bool:
    # Marks too: many scripts write their letters with combining vowel signs.
    return _letter_or_digit(char) or unicodedata.category(char)[0] == "M" or char in PUNCTUATION


def _stray_mark(char: str) -> bool:
    """A combining mark of no script of its own that NFC left alone (it composes with
    nothing): an accent anyone can hang on any letter to make a look-alike."""
    return unicodedata.category(char)[0] == "M" and categories.alias(char) == "INHERITED"


def _letter_or_digit(char: str) -> bool:
    kind = unicodedata.category(char)
    return kind[0] == "L" or kind == "Nd"


@cache
def _forms() -> dict[str, str]:
    """Each confusable character's form: the one every character of its star maps to."""
    parent: dict[str, str] = {}

    def root(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for key, homoglyphs in confusables_data.items():
        for glyph in homoglyphs:
            one = root(key.translate(DIRECTION_MARKS))
            other = root(glyph["c"].translate(DIRECTION_MARKS))
            parent[max(one, other)] = min(one, other)
    stars: dict[str, list[str]] = {}
    for node in list(parent):
        stars.setdefault(root(node), []).append(node)
    forms: dict[str, str] = {}
    for members in stars.values():  # the stars of one-character prototypes first
        if all(len(m) == 1 for m in members):
            forms.update(dict.fromkeys(members, min(members)))
    for members in stars.values():  # a sequence is written in its characters' forms
        sequences = sorted(m for m in members if len(m) > 1)
        if sequences:
            form = "".join(forms.get(c, c) for c in sequences[0])
            forms.update((m, form) for m in members if len(m) == 1)
    return forms
