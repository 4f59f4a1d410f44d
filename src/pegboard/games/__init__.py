"""Every game pegboard plays; importing this package registers them all."""

from pegboard.games import cribbage, cribist, not_enough

__all__ = ["cribbage", "cribist", "not_enough"]
