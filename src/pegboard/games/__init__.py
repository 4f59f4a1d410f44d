"""Every game pegboard plays; importing this package registers them all."""

from pegboard.games import cribbage, cribist

__all__ = ["cribbage", "cribist"]
