"""Every game pegboard plays; importing this package registers them all."""

from pegboard.games import cribbage

__all__ = ["cribbage"]
