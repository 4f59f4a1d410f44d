"""The strength tables of docs/bots.md, from batches of duplicate matches.

Run: ``.venv/bin/python -m benchmarks.strength RUNS_DIR [CHARTS_DIR | -]`` where ``RUNS_DIR``
holds the ``pegboard simulate --duplicate --json`` output of each batch, named
``SERIES-N.json`` (the commands are in docs/bots.md). Each series is pooled with
:func:`pegboard.match.combine`, drawn to ``CHARTS_DIR/SERIES.png`` (docs/bots by default; ``-``
draws nothing, for an earlier version's runs) and printed as Markdown: the results against the
issue's targets, then the points per deal by phase beside the published expert figures.
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
    """The first bot's target win rate (its mean), or None: a mean rank gap is the target."""
    min_low: float | None = None
    """Where the win rate's 95% interval must start, when the target says so."""
    max_gap: float | None = None
    """The target rank gap (first bot minus the other; negative is better), its whole
    interval below it; None: only a win-rate target, or (levels) no target at all."""


SERIES = (
    Series("random", "2 players, expert v random", 0.994),
    Series("greedy", "2 players, expert v greedy", 0.64),
    Series("hoyle", "2 players, expert v hoyle", 0.60, min_low=0.59),
    Series("three", "3 players, expert v 2 greedy", max_gap=-0.15),
    Series("four", "4 players, expert v 3 greedy", max_gap=-0.15),
    Series("teams", "4 players in teams, 2 expert v 2 greedy", 0.58),
    Series("cribist", "Cribist, 4 players, expert v 3 greedy", max_gap=-0.3),
    Series("ne2", "Cribbage is not Enough, 2 players, expert v greedy", 0.60),
    Series("ne4", "Cribbage is not Enough, 4 players, expert team v greedy team", 0.60),
    Series("easy-medium", "levels: easy v medium"),
    Series("medium-expert", "levels: medium v expert"),
    Series("easy-expert", "levels: easy v expert"),
    Series("master-expert", "levels: master v expert"),
)


def interval(estimate: dict[str, Any], *, percent: bool = False) -> str:
    """``mean [low, high]``, as percentages or as signed numbers."""
    mean, low, high = estimate["mean"], estimate["low"], estimate["high"]
    if percent:
        return f"{mean:.2%} [{low:.2%}, {high:.2%}]"
    return f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"


def strength_row(series: Series, pooled: dict[str, Any]) -> str:
    first, other = pooled["summary"][0], pooled["summary"][1]
    gap = pooled["rank_gap"]
    win = first["win_rate"]
    if series.min_win_rate is not None:
        target = f"win ≥ {series.min_win_rate:.1%}"
        met = win["mean"] >= series.min_win_rate
        if series.min_low is not None:
            target += f", interval above {series.min_low:.0%}"
            met = met and win["low"] > series.min_low
        met_text = "yes" if met else "**no**"
    elif series.max_gap is not None:
        target = f"rank gap ≤ {series.max_gap:+.2f}, interval clear"
        met_text = "yes" if gap["high"] <= series.max_gap else "**no**"
    else:
        target, met_text = "(a level against another)", "–"
    return (
        f"| {series.title} | {pooled['games']:,} ({pooled['deals']:,}) | "
        f"{interval(win, percent=True)} | {other['win_rate']['mean']:.2%} | "
        f"{first['mean_rank']['mean']:.3f} | {other['mean_rank']['mean']:.3f} | "
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
                    if bot["bot"] in ("expert", "master")
                    else "– |"
                )
            )
    return rows


def main(runs: Path, charts: Path | None = CHARTS) -> None:
    strength = [
        "| match | games (deals) | first bot wins [95% CI] | other wins | first mean rank |"
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
        if charts is not None:
            write_chart(pooled, charts / f"{series.name}.png")
        strength.append(strength_row(series, pooled))
        if pooled["game"] == "cribbage" and pooled["players"] == 2:
            phases += phase_rows(series, pooled)
        seeds = ", ".join(f"{a}–{b - 1}" for a, b in pooled["seeds"])
        print(f"<!-- {series.name}: {len(files)} batches, seeds {seeds} -->", file=sys.stderr)
    print("\n".join(strength))
    print()
    print("\n".join(phases))


if __name__ == "__main__":
    chart_arg = sys.argv[2] if len(sys.argv) > 2 else str(CHARTS)
    main(
        Path(sys.argv[1] if len(sys.argv) > 1 else "runs"),
        None if chart_arg == "-" else Path(chart_arg),
    )
