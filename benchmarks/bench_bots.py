"""Bots: seconds per move and per game, the expert against its peers in the same run.

Run: ``.venv/bin/python -m benchmarks.bench_bots [GAMES]`` (default 20 games of each kind).

Every decision a bot is asked for is timed (process CPU time, so other processes on a
shared machine do not inflate it) and reported by kind: Cribbage discards, plays and
counts, Cribist plays, every not-enough decision. Moves with a single legal answer are
timed too (they are cheap).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict

from pegboard.bots import make
from pegboard.core import Game, get_spec


def timed_games(
    game_name: str, players: int, bots: list[str], games: int, **options: object
) -> dict[str, dict[str, list[float]]]:
    """Per bot, per kind of decision: the CPU seconds of each decision."""
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for seed in range(games):
        game = Game(get_spec(game_name), players, seed, options)
        seats = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
        while game.outcome is None:
            seat = game.to_act[0]
            view = game.view(seat)
            kind = "count" if view.get("counting") else str(view["phase"])
            start = time.process_time()
            action = seats[seat].act(view)
            times[bots[seat]][f"{game_name} {kind}"].append(time.process_time() - start)
            game.apply(seat, action)
    return times


def describe(times: dict[str, dict[str, list[float]]], games: int) -> list[str]:
    lines = [
        "| bot | decision | moves | mean ms | median ms | 95th % ms | max ms | s per game |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for bot, kinds in times.items():
        for kind, values in sorted(kinds.items()):
            ordered = sorted(values)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            lines.append(
                f"| {bot} | {kind} | {len(values)} | {1000 * statistics.fmean(values):.2f} | "
                f"{1000 * statistics.median(values):.2f} | {1000 * p95:.2f} | "
                f"{1000 * ordered[-1]:.1f} | {sum(values) / games:.3f} |"
            )
    return lines


def run(games: int = 20) -> str:
    cribbage = timed_games("cribbage", 2, ["expert", "greedy"], games)
    hoyle = timed_games("cribbage", 2, ["hoyle", "greedy"], games)
    four = timed_games("cribbage", 4, ["expert", "greedy", "greedy", "greedy"], max(1, games // 2))
    cribist = timed_games(
        "cribist", 4, ["expert", "greedy", "greedy", "greedy"], max(1, games // 4)
    )
    not_enough = timed_games(
        "not-enough", 4, ["expert", "greedy", "expert", "greedy"], max(1, games // 4)
    )
    lines = [
        "## Bots: seconds per move (CPU)",
        "",
        f"`.venv/bin/python -m benchmarks.bench_bots {games}`: every decision timed in process"
        " CPU time, the expert beside the greedy and hoyle bots in the same run. The target"
        " is under 1 s per expert move; the expert's default budget (0.8 s) only ever stops a"
        " search on a machine far slower than this one.",
        "",
    ]
    lines.append(f"Cribbage, 2 players, {games} games of expert v greedy and hoyle v greedy:")
    lines.append("")
    lines += describe(cribbage, games)
    lines += describe({"hoyle": hoyle["hoyle"]}, games)[2:]
    lines.append("")
    lines.append(f"Cribbage, 4 players, {max(1, games // 2)} games (expert v 3 greedy):")
    lines.append("")
    lines += describe({"expert": four["expert"]}, max(1, games // 2))
    lines.append("")
    lines.append(f"Cribist (manual counting), {max(1, games // 4)} games (expert v 3 greedy):")
    lines.append("")
    lines += describe({"expert": cribist["expert"]}, max(1, games // 4))
    lines.append("")
    lines.append(
        f"Cribbage is not Enough, {max(1, games // 4)} games (an expert team v a greedy team;"
        " per game, both expert seats):"
    )
    lines.append("")
    lines += describe({"expert": not_enough["expert"]}, max(1, games // 4))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
