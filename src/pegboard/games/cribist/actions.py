"""Cribist's actions as they cross the engine's boundary (docs/records.md): a card played and
the manual count's steps, the shared shapes of core/wire.py."""

from __future__ import annotations

from pegboard.core.wire import Claim, Muggins, Pass, Play

CribistAction = Play | Claim | Muggins | Pass
"""Every action of Cribist; ``Rules[CribistAction]`` holds the rules to them."""
