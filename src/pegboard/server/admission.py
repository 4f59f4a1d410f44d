"""What one address may hold at once: open sockets, new tables, tables of bots only.

Counted per worker process (with several workers, each counts its own), with the system's
monotonic clock: these are limits on a client's speed, not part of any game.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from fastapi import HTTPException

from pegboard.server import limits


@dataclass(frozen=True)
class Limits:
    """The per-address limits (docs/protocol.md, "Limits"). ``exempt`` addresses have none: a
    trusted proxy's own checks, or a benchmark's load generator."""

    sockets_per_address: int = limits.SOCKETS_PER_ADDRESS
    spectators_per_table: int = limits.SPECTATORS_PER_TABLE
    tables_per_address: int = limits.TABLES_PER_ADDRESS
    table_every: float = limits.TABLE_EVERY
    bot_tables_per_address: int = limits.BOT_TABLES_PER_ADDRESS
    exempt: frozenset[str] = field(default_factory=frozenset)


class Admission:
    def __init__(self, settings: Limits, now: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self._now = now
        self._sockets: Counter[str] = Counter()
        self._credit: dict[str, tuple[float, float]] = {}  # address: (tables it may make, when)
        self._bot_tables: dict[str, set[str]] = {}

    def open_socket(self, address: str) -> bool:
        """Count a new socket from ``address``; False (and not counted) if it has too many."""
        if address in self.settings.exempt:
            return True
        if self._sockets[address] >= self.settings.sockets_per_address:
            return False
        self._sockets[address] += 1
        return True

    def close_socket(self, address: str) -> None:
        if address in self.settings.exempt:
            return
        self._sockets[address] -= 1
        if self._sockets[address] <= 0:
            del self._sockets[address]

    def new_table(self, address: str, bots_only: bool, open_tables: Iterable[str]) -> None:
        """A table is about to be made for ``address``: 429 if it makes them too fast, or
        holds too many open tables of bots only (``open_tables``: every open table's id)."""
        if address in self.settings.exempt:
            return
        if bots_only:
            still_open = self._bot_tables.get(address, set()) & set(open_tables)
            self._bot_tables[address] = still_open
            if len(still_open) >= self.settings.bot_tables_per_address:
                raise HTTPException(
                    429,
                    f"at most {self.settings.bot_tables_per_address} open tables of bots only "
                    "from one address: wait for one to finish",
                )
        burst, every = float(self.settings.tables_per_address), self.settings.table_every
        now = self._now()
        credit, since = self._credit.get(address, (burst, now))
        credit = min(burst, credit + (now - since) / every)
        if credit < 1:
            wait = int((1 - credit) * every) + 1
            raise HTTPException(
                429,
                f"too many new tables from one address: try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )
        self._credit[address] = (credit - 1, now)

    def made_bot_table(self, address: str, table_id: str) -> None:
        if address not in self.settings.exempt:
            self._bot_tables.setdefault(address, set()).add(table_id)
