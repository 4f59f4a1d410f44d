"""``greedy``: the best thing right now, no look-ahead; counts perfectly in manual mode. Each
game's greedy is its own (its spec's bots: Cribbage's in :mod:`pegboard.bots.cribbage.greedy`)."""

from __future__ import annotations

from pegboard.bots.game_bot import GameBot


class GreedyBot(GameBot):
    name = kind = "greedy"
