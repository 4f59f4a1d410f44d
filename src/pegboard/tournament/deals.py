"""The deal of every game of a tournament, from its seed alone."""

from __future__ import annotations

import hashlib


def game_seed(seed: int, round_number: int, table: int, game: int) -> int:
    """The deal of one game: the same for every worker count and either seat order."""
    text = f"{seed}/{round_number}/{table}/{game}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=6).digest(), "big")
