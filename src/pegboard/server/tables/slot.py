"""A seat of a table as the server keeps it: who sits there, with what token, and whether they
are connected."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from pegboard.server.store.sql_store import TableRow


@dataclass
class Slot:
    name: str
    kind: str  # "human" or "bot:<name>"
    token: str
    player: str | None = None  # players.id of the person seated (None: a bot, or unknown)
    connections: int = 0
    away_since: float | None = None

    @property
    def bot(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("bot:") else None


def bot_slot(bot: str, index: int) -> Slot:
    """Bot ``bot`` in slot ``index``: named by its kind and seat ("Greedy 2"), with a token of
    its own (a bot's token is never handed out)."""
    return Slot(f"{bot.capitalize()} {index + 1}", f"bot:{bot}", secrets.token_urlsafe(24))


def slots_of(row: TableRow) -> list[Slot | None]:
    slots: list[Slot | None] = [None] * row.players
    for s in row.slots:
        slots[int(s["slot"])] = Slot(
            str(s["name"]), str(s["kind"]), str(s["token"]), s.get("player")
        )
    return slots
