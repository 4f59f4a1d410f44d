"""``hoyle``: the classic published rules of thumb, as a third baseline
(:mod:`pegboard.bots.cribbage.hoyle`); the handbooks' advice is Cribbage's, so the other games'
``hoyle`` is their ``greedy`` (each game's spec names its bots)."""

from __future__ import annotations

from pegboard.bots.game_bot import GameBot


class HoyleBot(GameBot):
    name = kind = "hoyle"
