"""Table chat: what a seated player may say, and how often (docs/protocol.md, "Table chat").

A message is free text (cleaned like a name: NFKC, no invisible format characters, spaces
collapsed; control characters refused) or one of a fixed row of quick phrases. A table whose
``chat`` setting is ``phrases`` takes the phrases only, as competitive sites do. At a table with
partners, while a hand is in play (the game says so: ``Game.table_talk``), the seated players
may send only the phrases, none of which carries card information (docs/rules.md, "Cribbage
is not Enough"). Everything refused is an ``error`` with code ``chat`` to the sender alone,
and nothing is kept.
"""

from __future__ import annotations

import unicodedata
from collections import deque

from pegboard.server.http.inputs import bad_text
from pegboard.server.http.limits import CHAT_BURST, CHAT_LENGTH, CHAT_WINDOW
from pegboard.server.http.protocol import ProtocolError

PHRASES: dict[str, str] = {
    "hello": "Hello",
    "good-luck": "Good luck",
    "nice-hand": "Nice hand",
    "well-played": "Well played",
    "thanks": "Thanks",
    "oops": "Oops",
    "good-game": "Good game",
}
"""The quick phrases, by key: what the client sends, and the words everyone is shown."""

CHAT_MODES = ("on", "phrases")  # the table setting: free text and phrases, or phrases only


def refused(message: str) -> ProtocolError:
    return ProtocolError("chat", message)


PARTNERS_TALK = (
    "partners may not talk about their cards: while a hand is in play, quick phrases only; "
    "free text returns between hands"
)
"""Why free text is refused while partners play a hand (the client shows the same words)."""


def chat_words(
    mode: str, text: str | None, phrase: str | None, *, talk: str = "free"
) -> tuple[str, str | None]:
    """What a message shows, and its phrase's key (None for free text); else ProtocolError.
    ``talk`` is the game's ``table_talk`` now (``phrases`` while partners play a hand)."""
    if phrase is not None:
        if phrase not in PHRASES:
            raise refused(f"unknown phrase; the phrases are {', '.join(PHRASES)}")
        return PHRASES[phrase], phrase
    if mode != "on":
        raise refused("this table takes quick phrases only")
    if talk == "phrases":
        raise refused(PARTNERS_TALK)
    return clean_chat(text or ""), None


def clean_chat(raw: str) -> str:
    """Free text as shown: NFKC-normalized, without invisible format characters (zero-width,
    bidirectional controls), spaces collapsed; refused if it holds a control character, is
    empty, stacks marks on a letter, or is longer than CHAT_LENGTH once cleaned."""
    why = bad_text(raw)
    if why is not None:
        raise refused(f"a chat message cannot hold {why}")
    normal = unicodedata.normalize("NFKC", raw)
    visible = "".join(c for c in normal if unicodedata.category(c) != "Cf")
    text = " ".join(visible.split())
    if not text:
        raise refused("the message is empty")
    if _too_many_marks(text):
        raise refused(f"at most {MARKS_IN_A_ROW} accents or other marks on one letter")
    if len(text) > CHAT_LENGTH:
        raise refused(f"a chat message is at most {CHAT_LENGTH} characters")
    return text


MARKS_IN_A_ROW = 3  # combining marks on one character: enough for any script's writing


def _too_many_marks(text: str) -> bool:
    """Whether a character carries more than MARKS_IN_A_ROW combining marks (stacked marks
    spill over the lines around them: "Zalgo" text)."""
    run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        if run > MARKS_IN_A_ROW:
            return True
    return False


class ChatRate:
    """At most ``burst`` messages per seat in any ``window`` seconds of the table's clock."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW) -> None:
        self.burst = burst
        self.window = window
        self._said: dict[int, deque[float]] = {}

    def allow(self, slot: int, now: float) -> bool:
        """Whether ``slot`` may say something now (and, if so, count it)."""
        times = self._said.setdefault(slot, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.burst:
            return False
        times.append(now)
        return True
