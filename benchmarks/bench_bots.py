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

PER_GAME: dict[str, list[list[float]]] = defaultdict(list)
"""Per bot and kind of game: every game's decisions (CPU seconds), for the per-game figures."""


def timed_games(
    game_name: str, players: int, bots: list[str], games: int, **options: object
) -> dict[str, dict[str, list[float]]]:
    """Per bot, per kind of decision: the CPU seconds of each decision."""
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    label = f"{game_name}, {players} players"
    for seed in range(games):
        game = Game(get_spec(game_name), players, seed, options)
        seats = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
        this_game: dict[str, list[float]] = defaultdict(list)
        while game.outcome is None:
            seat = game.to_act[0]
            view = game.view(seat)
            kind = "count" if view.get("counting") else str(view["phase"])
            start = time.process_time()
            action = seats[seat].act(view)
            spent = time.process_time() - start
            times[bots[seat]][f"{game_name} {kind}"].append(spent)
            this_game[bots[seat]].append(spent)
            game.apply(seat, action)
        for bot, spent_list in this_game.items():
            PER_GAME[f"{bot} | {label}"].append(spent_list)
    return times


def per_game_lines() -> list[str]:
    """Per bot and kind of game: the worst game's median move and the longest move."""
    lines = [
        "| bot | game | games | worst game's median ms | longest move ms |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for key, games in PER_GAME.items():
        bot, label = key.split(" | ")
        worst_median = max(statistics.median(g) for g in games)
        longest = max(max(g) for g in games)
        lines.append(
            f"| {bot} | {label} | {len(games)} | {1000 * worst_median:.2f} | {1000 * longest:.1f} |"
        )
    return lines


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
    master = timed_games("cribbage", 2, ["master", "hoyle"], max(1, games // 4))
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
    lines.append(f"Cribbage, 2 players, {max(1, games // 4)} games of master v hoyle:")
    lines.append("")
    lines += describe({"master": master["master"]}, max(1, games // 4))
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
    lines.append("")
    lines.append("Per game (every move of a bot in one game), the worst game of each kind:")
    lines.append("")
    lines += [line for line in per_game_lines() if "greedy" not in line]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
