"""Pool the summaries of several runs of one match (the same bots, disjoint seeds).

A long match can be played in batches (``--seed`` ranges that do not overlap), each
writing ``pegboard simulate --duplicate --json``. Each estimate is a mean over independent
samples (deals, or hands), so the pooled mean weighs each batch by its sample count and the
pooled standard error is ``sqrt(sum((n_i * se_i)^2)) / N``.

``python -m pegboard.match.combine [--chart out.png] a.json b.json ...`` prints the pooled
summary as JSON (and draws it).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from pegboard.errors import OptionError
from pegboard.match.stats import Z95


def pool(estimates: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One estimate (``mean``, ``low``, ``high``, ``n``) from several independent ones."""
    parts = [e for e in estimates if e and e["n"] > 0]
    total = sum(int(e["n"]) for e in parts)
    if total == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    mean = sum(e["mean"] * e["n"] for e in parts) / total
    se = math.sqrt(sum((e["n"] * (e["high"] - e["low"]) / 2 / Z95) ** 2 for e in parts)) / total
    half = Z95 * se
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": total}


def combine(summaries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The pooled summary of batches of one match."""
    if not summaries:
        raise OptionError("nothing to combine")
    first = summaries[0]
    for other in summaries[1:]:
        same = ("game", "players", "bots", "duplicate")
        if any(other[k] != first[k] for k in same):
            raise OptionError("only batches of the same match (game, players, bots) combine")
    seeds = sorted((s["seed"], s["seed"] + s["deals"]) for s in summaries)
    if any(a[1] > b[0] for a, b in pairwise(seeds)):
        raise OptionError("the batches' seed ranges overlap: the same deals would count twice")
    bots = []
    for index, bot in enumerate(first["summary"]):
        rows = [s["summary"][index] for s in summaries]
        phases: dict[str, dict[str, Any]] = {}
        for role in bot["phases"]:
            phases[role] = {
                name: pool([r["phases"].get(role, {}).get(name, {}) for r in rows])
                for name in bot["phases"][role]
            }
        bots.append(
            {
                "bot": bot["bot"],
                "games": sum(r["games"] for r in rows),
                "win_rate": pool([r["win_rate"] for r in rows]),
                "mean_rank": pool([r["mean_rank"] for r in rows]),
                "mean_score": pool([r["mean_score"] for r in rows]),
                "race": _race(rows),
                "phases": phases,
            }
        )
    gaps = [s["rank_gap"] for s in summaries if s.get("rank_gap")]
    return {
        **{k: first[k] for k in ("game", "players", "bots", "duplicate", "options")},
        "deals": sum(s["deals"] for s in summaries),
        "games": sum(s["games"] for s in summaries),
        "seeds": [list(r) for r in seeds],
        "seconds": sum(s["seconds"] for s in summaries),
        "summary": bots,
        "rank_gap": pool(gaps) if gaps else None,
    }


def _race(rows: Sequence[dict[str, Any]]) -> list[float]:
    """The mean score after each hand, weighted by games (a short race keeps its last)."""
    races = [(r["games"], r["race"]) for r in rows if r["race"]]
    if not races:
        return []
    length = max(len(race) for _, race in races)
    total = sum(games for games, _ in races)
    return [
        round(sum(games * race[min(i, len(race) - 1)] for games, race in races) / total, 2)
        for i in range(length)
    ]


def main(args: Sequence[str]) -> None:
    """``[--chart PNG] FILE...``: print the pooled summary, and draw it if asked."""
    chart = None
    paths = list(args)
    if paths[:1] == ["--chart"]:
        chart, paths = Path(paths[1]), paths[2:]
    summaries = [json.loads(Path(p).read_text("utf-8")) for p in paths]
    pooled = combine(summaries)
    if chart is not None:
        from pegboard.match.chart import write_chart

        write_chart(pooled, chart)
    print(json.dumps(pooled, indent=1))


if __name__ == "__main__":  # pragma: no cover - a command
    main(sys.argv[1:])
