"""Display names that tell people apart wherever ranks and profiles list them (docs/protocol.md,
"Names").

A display name is anyone's to choose, so two guests may both be "Ann". Lists of players show each
person with a ``tag`` beside the name: an account's username (``@ann``: unique, and the same on
every device), or for a guest the start of their player id (``#3f2a``). Bots need none: their
names are their levels. In one list a guest's tag grows until no two people of the same name
share it, so the list never shows the same name and tag twice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

GUEST_TAG = 4  # hex digits of a guest's id: 1 in 65,536 that two same-named guests share one


def tag_of(player_id: str, kind: str, username: str | None, length: int = GUEST_TAG) -> str | None:
    """The tag shown beside a player's name: ``@username``, ``#`` and a guest id's start, or
    None for a bot."""
    if kind == "bot":
        return None
    if kind == "account" and username:
        return f"@{username}"
    return f"#{player_id[:length]}"


def with_tags(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row (``id``, ``name``, ``kind``, ``username``) with its ``tag``, guests' tags long
    enough that no two rows of one name show the same one."""
    tagged = [dict(row, tag=tag_of(row["id"], row["kind"], row.get("username"))) for row in rows]
    length = GUEST_TAG
    while True:
        seen: dict[tuple[str, str | None], set[str]] = defaultdict(set)
        for row in tagged:
            seen[(row["name"], row["tag"])].add(row["id"])
        clash = {k for k, ids in seen.items() if len(ids) > 1 and k[1] and k[1][0] == "#"}
        if not clash or length >= 40:
            return [{k: v for k, v in row.items() if k != "username"} for row in tagged]
        length += 2
        for row in tagged:
            if (row["name"], row["tag"]) in clash:
                row["tag"] = tag_of(row["id"], row["kind"], row.get("username"), length)
