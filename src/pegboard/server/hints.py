"""Discard hints over the socket: :mod:`pegboard.analysis.question` as protocol messages.

A hint is worked out from the seat's own view only (:func:`discard_question`), so it cannot
tell anyone more than their view already does.
"""

from __future__ import annotations

import threading
from typing import Any

from pegboard.analysis.question import (
    HINT_GAMES,
    DiscardQuestion,
    discard_answer,
    discard_question,
)
from pegboard.server.protocol import ProtocolError


def offers_hints(game: str) -> bool:
    return game in HINT_GAMES


def hint_query(view: dict[str, Any]) -> DiscardQuestion:
    """The question a seat may ask now; ``not-now`` unless it has a discard to make."""
    question = discard_question(view)
    if question is None:
        raise ProtocolError("not-now", "a hint is for your discard, while you have one to make")
    return question


_first = threading.Lock()  # held while the first answer builds the analysis tables
_built = threading.Event()


def _answer(question: DiscardQuestion) -> tuple[Any, ...]:
    """The analysis; the first one alone, so that concurrent first hints wait for its tables
    instead of building them again each (their caches do not lock)."""
    if not _built.is_set():
        with _first:
            answer = discard_answer(question)
            _built.set()
            return answer
    return discard_answer(question)


def hint_message(question: DiscardQuestion) -> dict[str, Any]:
    """The ``hint`` message: every discard, best net first. The strong-toss model takes about
    10 ms (200 ms the first time, building its tables), so callers run this off the event loop."""
    return {
        "type": "hint",
        "hand_number": question.hand_number,
        "hand": list(question.hand),
        "role": question.role,
        "players": question.players,
        "tosses": question.tosses,
        "discards": [row.to_json() for row in _answer(question)],
    }
