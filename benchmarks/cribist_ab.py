"""The Cribist expert with more rollouts or a longer horizon, against the same opponents.

Run: ``CRIBIST_ROLLOUTS=960 CRIBIST_HORIZON=4 .venv/bin/python -m benchmarks.cribist_ab
simulate --duplicate --json -g cribist -n 4 -b expert,greedy,greedy,greedy --games 500
--seed 6000000`` (any ``pegboard`` command line). The two variables replace
``cribist.expert.ROLLOUTS`` (rollouts per decision) and ``HORIZON`` (tricks rolled out) in
this process and its workers; unset, the expert is as shipped. docs/bots.md has the runs.
"""

from __future__ import annotations

import os

from pegboard.bots.cribist import expert as expert_cribist
from pegboard.cli.main import app


def configure() -> None:
    rollouts = os.environ.get("CRIBIST_ROLLOUTS")
    if rollouts:
        defaults = expert_cribist.choose_trick_card.__kwdefaults__
        assert defaults is not None
        defaults["rollouts"] = int(rollouts)
    horizon = os.environ.get("CRIBIST_HORIZON")
    if horizon:
        setattr(expert_cribist, "HORIZON", int(horizon))  # noqa: B010


configure()

if __name__ == "__main__":
    app()
