"""Hints over the socket: :mod:`pegboard.analysis.question` (the discard) and
:mod:`pegboard.bots.search.play_hint` (the play) as protocol messages.

A hint is worked out from the seat's own view only (:func:`discard_question`,
:func:`play_question`), so it cannot tell anyone more than their view already does.
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
from pegboard.bots.search.play_hint import PlayQuestion, play_answer, play_question
from pegboard.core.wire import BotView
from pegboard.server.http.protocol import ProtocolError

Question = DiscardQuestion | PlayQuestion


def offers_hints(game: str) -> bool:
    return game in HINT_GAMES


def hint_query(view: BotView) -> Question:
    """The question a seat may ask now; ``not-now`` unless it has a discard to make or a card
    to play."""
    question = discard_question(view) or play_question(view)
    if question is None:
        raise ProtocolError(
            "not-now", "a hint is for your discard or your card to play, while it is your turn"
        )
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


def hint_message(question: Question) -> dict[str, Any]:
    """The ``hint`` message: every discard, best net first, or every card to play, best gain
    first. Either takes well under a second (the discard's strong-toss model 200 ms the first
    time, building its tables), so callers run this off the event loop."""
    if isinstance(question, PlayQuestion):
        return {
            "type": "hint",
            "kind": "play",
            "hand_number": question.hand_number,
            "count": question.count,
            "playable": list(question.playable),
            "plays": [value.to_json() for value in play_answer(question)],
        }
    return {
        "type": "hint",
        "kind": "discard",
        "hand_number": question.hand_number,
        "hand": list(question.hand),
        "role": question.role,
        "players": question.players,
        "tosses": question.tosses,
        "discards": [row.to_json() for row in _answer(question)],
    }
