"""Cribbage's rules compiled: what ``Game`` plays whenever the compiled rules were built.

:class:`FastCribbageRules` is the C state machine of :mod:`pegboard.games.cribbage._compiled_rules`
(the same one the research environments step) with the views of the Python rules: it writes
the same events, asks for the same chance and shows every seat the same view as
:class:`~pegboard.games.cribbage.rules.CribbageRules`, which stays as the pure-Python code
(the fallback where no compiler built the extension, and the reference the compiled rules
are tested against). Importing this module raises ``ImportError`` when they were not built.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegboard.cards import Card
from pegboard.core.options import OptionValue
from pegboard.core.rules import Event, Rules
from pegboard.games.cribbage._compiled_rules import CompiledCribbage
from pegboard.games.cribbage.actions import CribbageAction
from pegboard.games.cribbage.events import CribbageEvent
from pegboard.games.cribbage.rules import BETWEEN_HANDS, canonical_action
from pegboard.games.cribbage.seat_view import redact, secret_cards, view
from pegboard.games.cribbage.views import CribbageView


# The compiled rules' scores are a read-only view of its state (Rules lets a game assign them): only
# the rules themselves ever change a score.
class FastCribbageRules(CompiledCribbage, Rules[CribbageAction, CribbageEvent, CribbageView]):  # type: ignore[override]
    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        CompiledCribbage.__init__(self, players, options)
        self.options = dict(options)

    def chance_hand(self) -> int:
        """As :meth:`CribbageRules.chance_hand`: every chance step is the next hand's."""
        return int(self.hand_number) + 1

    def canonical(self, action: Mapping[str, Any]) -> CribbageAction:
        return canonical_action(action)

    def hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    @property
    def hand_in_play(self) -> bool:
        return str(self.phase) not in BETWEEN_HANDS

    def view(self, seat: int | None) -> CribbageView:
        return view(self, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact(event, seat)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return secret_cards(self, seat)
