"""Cribbage's bots by name (its spec's ``"bots"`` surface): ``medium`` is ``hoyle``, ``easy``
blunders now and then in the play, ``master`` searches five times the expert's worlds."""

from __future__ import annotations

from pegboard.bots.base import Bot
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.cribbage.greedy import CribbageGreedy
from pegboard.bots.cribbage.hoyle import CribbageHoyle
from pegboard.bots.game_bot import GameBots, Thinking
from pegboard.bots.levels import EasyBot


def _greedy(seed: int | None, thinking: Thinking) -> Bot:
    return CribbageGreedy(seed)


def _hoyle(seed: int | None, thinking: Thinking) -> Bot:
    return CribbageHoyle(seed)


def _easy(seed: int | None, thinking: Thinking) -> Bot:
    return EasyBot(seed, CribbageGreedy(seed), blunders=True)


def _expert(seed: int | None, thinking: Thinking) -> Bot:
    return CribbageExpert(seed, thinking)


BOTS: GameBots = {
    "greedy": _greedy,
    "hoyle": _hoyle,
    "easy": _easy,
    "medium": _hoyle,
    "expert": _expert,
    "master": _expert,  # the registry's master thinks with MASTER_WORLDS
}
