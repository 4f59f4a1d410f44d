"""The Cribbage observation built the slow, obvious way: from the seat's view dict, field by
field (the function bots use). The environment builds it from the game state; a test holds the
two equal."""

from pegboard.env.observe_cribbage import observe_view

__all__ = ["observe_view"]
