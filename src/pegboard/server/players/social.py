"""Mutes and blocks, kept per player in the store (docs/protocol.md, "Mutes and blocks").

A mute hides a person's chat from the player who muted them, at every table and in every
replay, on every device the player signs in from. A block is a mute and more: quick play never
seats the two together, and neither may challenge the other. Both are one-sided to set (only
the player who set one can lift it) and never told to the person muted or blocked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from pegboard.server.store.schema import players_table, social_table

Kind = Literal["mute", "block"]
KINDS: tuple[Kind, ...] = ("mute", "block")
MOST = 1000  # mutes and blocks a player may keep, each


class TooMany(Exception):
    """The player keeps MOST of this kind already."""


def add(engine: Engine, player: str, other: str, kind: Kind, now: float) -> None:
    """``player`` mutes or blocks ``other`` (again: no change). TooMany past MOST."""
    try:
        with engine.begin() as db:
            kept = db.execute(
                select(social_table.c.other_id).where(
                    social_table.c.player_id == player, social_table.c.kind == kind
                )
            ).all()
            if any(r.other_id == other for r in kept):
                return
            if len(kept) >= MOST:
                raise TooMany(kind)
            db.execute(
                social_table.insert().values(
                    player_id=player, other_id=other, kind=kind, created=now
                )
            )
    except IntegrityError:  # the same, set just now from another device
        return


def remove(engine: Engine, player: str, other: str, kind: Kind) -> None:
    with engine.begin() as db:
        db.execute(
            delete(social_table).where(
                social_table.c.player_id == player,
                social_table.c.other_id == other,
                social_table.c.kind == kind,
            )
        )


def listed(engine: Engine, player: str) -> dict[str, list[dict[str, str]]]:
    """Whom ``player`` mutes and blocks, oldest first, with their names."""
    query = (
        select(social_table.c.other_id, social_table.c.kind, players_table.c.name)
        .join(players_table, players_table.c.id == social_table.c.other_id, isouter=True)
        .where(social_table.c.player_id == player)
        .order_by(social_table.c.created, social_table.c.other_id)
    )
    found: dict[str, list[dict[str, str]]] = {kind: [] for kind in KINDS}
    with engine.connect() as db:
        for row in db.execute(query):
            found[row.kind].append({"id": row.other_id, "name": row.name or "someone"})
    return found


def blocked_between(engine: Engine, one: str, other: str) -> bool:
    """Whether either of the two blocks the other."""
    return bool(blocked_pairs(engine, [one, other]))


def blocked_pairs(engine: Engine, players: Iterable[str]) -> set[frozenset[str]]:
    """The pairs among ``players`` where one blocks the other."""
    wanted = sorted(set(players))
    if len(wanted) < 2:
        return set()
    query = select(social_table.c.player_id, social_table.c.other_id).where(
        social_table.c.kind == "block",
        social_table.c.player_id.in_(wanted),
        social_table.c.other_id.in_(wanted),
    )
    with engine.connect() as db:
        return {frozenset((r.player_id, r.other_id)) for r in db.execute(query)}
