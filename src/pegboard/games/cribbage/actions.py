"""Cribbage's actions as they cross the engine's boundary (docs/records.md): the shared shapes
of core/wire.py, and no others."""

from __future__ import annotations

from pegboard.core.wire import Claim, Discard, Go, Muggins, Pass, Play, Ready

CribbageAction = Discard | Play | Go | Ready | Claim | Muggins | Pass
"""Every action of Cribbage; ``Rules[CribbageAction]`` holds the rules (Python and compiled)
to them."""

READY: Ready = {"type": "ready"}
