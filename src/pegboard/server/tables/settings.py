"""How a room times things and makes its chance and bots: one set for the whole server."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pegboard.bots import Bot
from pegboard.core.chance import ChanceSource

INTERMISSION = 30.0  # seconds: pause points and the results, ending early when all are ready
ABANDON_WAITING = 30 * 60.0  # seconds a waiting table may go with nobody connected and no join
ABANDON_UNJOINED = 5 * 60.0  # the same, for a table no person has ever joined


@dataclass
class RoomSettings:
    bot_delay: float = 0.6  # seconds a bot waits before acting, so people can follow
    grace: float = 60.0  # seconds a disconnected player keeps the seat during a game
    intermission: float = INTERMISSION
    results_pause: float = 3.0  # the results stay up at least this long, even if all are ready
    abandon_waiting: float = ABANDON_WAITING  # then a table nobody finished joining is closed
    abandon_unjoined: float = ABANDON_UNJOINED  # sooner for one that nobody has joined at all
    # Makes each new game's chance source: tests stack the deck. None: the system's generator.
    chance: Callable[[], ChanceSource] | None = None
    # Makes a seat's bot from its name and seed: tests slow one down. None: pegboard.bots.make.
    make_bot: Callable[[str, int], Bot] | None = None
