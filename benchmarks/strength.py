"""The strength tables of docs/bots.md, from batches of duplicate matches.

Run: ``.venv/bin/python -m benchmarks.strength RUNS_DIR`` where ``RUNS_DIR`` holds the
``pegboard simulate --duplicate --json`` output of each batch, named ``SERIES-N.json`` (the
commands are in docs/bots.md). Each series is pooled with :func:`pegboard.match.combine`,
drawn to ``docs/bots/SERIES.png`` and printed as Markdown: the results against the issue's
targets, then the points per deal by phase beside the published expert figures.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegboard.match.chart import write_chart
from pegboard.match.combine import combine
from pegboard.match.published import EXPERT_PER_DEAL

CHARTS = Path(__file__).resolve().parent.parent / "docs" / "bots"


@dataclass(frozen=True)
class Series:
    name: str
    title: str
    min_win_rate: float | None = None
    """The expert's target win rate (two players), or None: a better mean rank is the target."""


SERIES = (
    Series("random", "2 players, expert v random", 0.99),
    Series("greedy", "2 players, expert v greedy", 0.60),
    Series("hoyle", "2 players, expert v hoyle", 0.56),
    Series("three", "3 players, expert v 2 greedy"),
    Series("four", "4 players, expert v 3 greedy"),
    Series("cribist", "Cribist, 4 players, expert v 3 greedy"),
)


def interval(estimate: dict[str, Any], *, percent: bool = False) -> str:
    """``mean [low, high]``, as percentages or as signed numbers."""
    mean, low, high = estimate["mean"], estimate["low"], estimate["high"]
    if percent:
        return f"{mean:.2%} [{low:.2%}, {high:.2%}]"
    return f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"


def strength_row(series: Series, pooled: dict[str, Any]) -> str:
    expert, other = pooled["summary"][0], pooled["summary"][1]
    gap = pooled["rank_gap"]
    if series.min_win_rate is not None:
        target = f"win ≥ {series.min_win_rate:.0%}"
        met = expert["win_rate"]["low"] >= series.min_win_rate
        met_text = (
            "yes (the whole interval)"
            if met
            else ("mean only" if expert["win_rate"]["mean"] >= series.min_win_rate else "**no**")
        )
    else:
        target = "better mean rank, interval clear of 0"
        met_text = "yes" if gap["high"] < 0 else "**no**"
    return (
        f"| {series.title} | {pooled['games']:,} ({pooled['deals']:,}) | "
        f"{interval(expert['win_rate'], percent=True)} | {other['win_rate']['mean']:.2%} | "
        f"{expert['mean_rank']['mean']:.3f} | {other['mean_rank']['mean']:.3f} | "
        f"{interval(gap)} | {target} | {met_text} |"
    ).replace("%", " %")


def phase_rows(series: Series, pooled: dict[str, Any]) -> list[str]:
    rows = []
    for bot in pooled["summary"]:
        for role in ("dealer", "pone"):
            phases = bot["phases"].get(role)
            if not phases:
                continue
            total = phases["total"]
            published = EXPERT_PER_DEAL[role]
            rows.append(
                f"| {series.title} | {bot['bot']} | {role} | {phases['pegging']['mean']:.2f} | "
                f"{phases['heels']['mean']:.2f} | {phases['hand']['mean']:.2f} | "
                f"{phases['crib']['mean']:.2f} | {total['mean']:.2f} ± "
                f"{(total['high'] - total['low']) / 2:.2f} | "
                + (
                    f"{published['total']} ({published['pegging']}) |"
                    if bot["bot"] == "expert"
                    else "– |"
                )
            )
    return rows


def main(runs: Path) -> None:
    strength = [
        "| match | games (deals) | expert wins [95% CI] | other wins | expert mean rank |"
        " other mean rank | rank gap [95% CI] | target | met |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    phases = [
        "| match | bot | role | pegging | heels | hand | crib | total ± 95% CI |"
        " published expert total (pegging) |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for series in SERIES:
        files = sorted(runs.glob(f"{series.name}-*.json"))
        if not files:
            continue
        pooled = combine([json.loads(f.read_text("utf-8")) for f in files])
        write_chart(pooled, CHARTS / f"{series.name}.png")
        strength.append(strength_row(series, pooled))
        if pooled["game"] == "cribbage" and pooled["players"] == 2:
            phases += phase_rows(series, pooled)
        seeds = ", ".join(f"{a}–{b - 1}" for a, b in pooled["seeds"])
        print(f"<!-- {series.name}: {len(files)} batches, seeds {seeds} -->", file=sys.stderr)
    print("\n".join(strength))
    print()
    print("\n".join(phases))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "runs"))
