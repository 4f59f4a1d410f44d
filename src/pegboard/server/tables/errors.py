"""Why a table refuses a command: each answers the one client that sent it, and changes nothing."""

from __future__ import annotations

from pegboard.errors import PegboardError


class StaleCommand(PegboardError):
    """A command made on an older version of the game than the current one."""


class SeatError(PegboardError):
    """A missing, wrong or forged seat token."""


class TableClosed(PegboardError):
    """The table is closed (it has finished, or the server is stopping): nothing more to do."""
