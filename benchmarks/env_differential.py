"""The environment against ``Game``, offline: 10,000 seeded random games of every game and
player count through both (tests/env/env_lockstep.py), every legal list and record compared.
The suite runs 10,000 games of two-player Cribbage and a few hundred of the others; this is
the full run docs/research.md reports.

Run from the project root: ``.venv/bin/python -m benchmarks.env_differential [games [name ...]]``
(names as the tests print them: ``cribbage-3``, ``cribist-4``, ``not-enough-2`` ...).
"""

from __future__ import annotations

import sys
from pathlib import Path
from time import process_time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "env"))

from env_lockstep import CONFIGS, config_id, lockstep


def main(games: int = 10_000, names: list[str] | None = None) -> None:
    print("| game | games | decisions | CPU (s) | records equal |")
    print("| --- | ---: | ---: | ---: | --- |")
    for game, players, options in CONFIGS:
        if names and config_id((game, players, options)) not in names:
            continue
        start = process_time()
        decisions = sum(lockstep(game, players, seed, options) for seed in range(games))
        seconds = process_time() - start
        name = config_id((game, players, options))
        print(f"| {name} | {games:,} | {decisions:,} | {seconds:.0f} | all |", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000, sys.argv[2:])
