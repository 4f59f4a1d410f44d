"""The expert against the search opponent (``ismcts``, 1,000 simulations a decision).

Run: ``.venv/bin/python -m benchmarks.ismcts_ab simulate --duplicate --json -g cribbage -n 2
-b expert,ismcts --games 100 --seed 7300000`` (any ``pegboard`` command line: this registers
``ismcts``, which is a measuring tool and not one of the tables' bots, and hands over to the
CLI). docs/bots.md, "A search opponent", has the results.
"""

from __future__ import annotations

from pegboard.bots.cribbage.ismcts import IsmctsBot
from pegboard.bots.registry import register_bot
from pegboard.cli.main import app

register_bot("ismcts", IsmctsBot)

if __name__ == "__main__":
    app()
