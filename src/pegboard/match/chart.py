"""A PNG of a match: the score race (mean score after each hand, per bot) beside the
win-rate table. Needs matplotlib (imported only here, when a chart is asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pegboard.errors import OptionError


def write_chart(summary: dict[str, Any], path: Path) -> Path:
    """Draw ``summary`` (:meth:`MatchSummary.to_json`) to ``path`` as a PNG."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - depends on the installation
        raise OptionError("--chart needs matplotlib: pip install matplotlib") from None
    figure, (race, table) = plt.subplots(
        1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [3, 2]}
    )
    target = summary["options"].get("score_target")
    for bot in summary["summary"]:
        scores = [0.0, *bot["race"]]
        race.plot(range(len(scores)), scores, marker="o", markersize=3, label=bot["bot"])
    if isinstance(target, int):
        race.axhline(target, color="grey", linestyle="--", linewidth=1)
    race.set_xlabel("hands played")
    race.set_ylabel("mean score")
    kind = "duplicate " if summary["duplicate"] else ""
    race.set_title(
        f"{summary['game']}, {summary['players']} players: {summary['games']} {kind}games"
    )
    race.legend()
    race.grid(alpha=0.3)
    rows = []
    for bot in summary["summary"]:
        win, rank = bot["win_rate"], bot["mean_rank"]
        rows.append(
            [
                bot["bot"],
                f"{win['mean']:.1%}",
                f"[{win['low']:.1%}, {win['high']:.1%}]",
                f"{rank['mean']:.3f} ± {(rank['high'] - rank['low']) / 2:.3f}",
            ]
        )
    table.axis("off")
    drawn = table.table(
        cellText=rows,
        colLabels=["bot", "win rate", "95% CI", "mean rank"],
        colWidths=[0.2, 0.18, 0.34, 0.28],  # the interval is the widest text
        loc="center",
    )
    drawn.auto_set_font_size(False)
    drawn.set_fontsize(10)
    drawn.scale(1, 1.8)
    gap = summary.get("rank_gap")
    if gap:
        table.set_title(
            f"rank gap {gap['mean']:+.3f} [{gap['low']:+.3f}, {gap['high']:+.3f}]", fontsize=10
        )
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path
