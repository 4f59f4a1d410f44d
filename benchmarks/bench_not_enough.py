"""Cribbage is not Enough, the expert against ``greedy``: CPU seconds per whole game, and a
hash of each game's record, so that two versions of the expert can be timed on the same
seeds and shown to play the same games.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_not_enough PLAYERS
FIRST_SEED GAMES`` (seats ``expert,greedy`` or ``expert,greedy,expert,greedy``). Each line
is a seed, its final scores, the first 16 hex digits of the SHA-256 of its record (sorted
JSON) and its CPU seconds (``time.process_time()``, one process); the last line the median.
With ``PEGBOARD_PURE_PYTHON=1`` it times the pure-Python code (docs/bots.md, *Speed*).
"""

from __future__ import annotations

import hashlib
import json
import statistics
import sys
import time

from pegboard.arena import play_one

SEATS = ["expert", "greedy", "expert", "greedy"]


def timed(players: int, seed: int) -> tuple[str, float]:
    """One game's line (seed, scores, record hash) and its CPU seconds."""
    start = time.process_time()
    game = play_one("not-enough", players, SEATS[:players], seed, {})
    spent = time.process_time() - start
    assert game.outcome is not None
    record = json.dumps(game.record(), sort_keys=True, default=str)
    digest = hashlib.sha256(record.encode()).hexdigest()[:16]
    return f"{seed} {list(game.outcome.scores)} {digest}", spent


def main(players: int, first: int, games: int) -> None:
    spent = []
    for seed in range(first, first + games):
        line, seconds = timed(players, seed)
        spent.append(seconds)
        print(f"{line} {seconds:.3f}", flush=True)
    print(f"median {statistics.median(spent):.3f} s of CPU a game over {games} games")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
