"""A match summary as tables: per bot, then points per hand by phase and role."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pegboard.core.spec import get_spec
from pegboard.match.phases import phases_for
from pegboard.match.summary import ROLES, MatchSummary


def results_table(summary: MatchSummary) -> Table:
    m = summary.match
    kind = "duplicate " if m.duplicate else ""
    last = m.seed + m.deals - 1
    title = (
        f"{len(m.results)} games of {m.game} ({m.players} players), {kind}deals "
        f"{m.deals} (seeds {m.seed}–{last})"
    )
    table = Table(title=title)
    for column in ("Bot", "Seats played", "Win rate (95% CI)", "Mean rank", "Mean score"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for b in summary.bots:
        table.add_row(
            b.bot,
            str(b.games),
            f"{b.win_rate.mean:.2%} [{b.win_rate.low:.2%}, {b.win_rate.high:.2%}]",
            b.mean_rank.text(digits=3),
            b.mean_score.text(digits=1),
        )
    return table


def phases_table(summary: MatchSummary) -> Table:
    names = list(phases_for(summary.match.game))
    table = Table(title="Mean points per complete hand, by phase (± 95% CI of the total)")
    table.add_column("Bot")
    table.add_column("Role")
    for name in [*names, "total"]:
        table.add_column(name.capitalize(), justify="right")
    spec = get_spec(summary.match.game)
    # the game's published figures for this many players, where it has any
    published: Mapping[int, Mapping[str, Mapping[str, float]]] = (
        spec.surface("published") if "published" in spec.surfaces else {}
    )
    reference = published.get(summary.match.players)
    if reference is not None:
        table.add_column("Published expert", justify="right")
    for b in summary.bots:
        for role in ROLES:
            by_phase = b.phases.get(role, {})
            total = by_phase.get("total")
            if total is None or total.n == 0:
                continue
            cells = [f"{by_phase[n].mean:.2f}" if n in by_phase else "–" for n in names]
            cells.append(total.text())
            if reference is not None:
                ref = reference[role]
                cells.append(f"{ref['total']} (pegging {ref['pegging']})")
            table.add_row(b.bot, role, *cells)
    return table


def summary_view(summary: MatchSummary) -> RenderableType:
    parts: list[RenderableType] = [results_table(summary), phases_table(summary)]
    if summary.rank_gap is not None:
        a, b = summary.bots[0].bot, summary.bots[1].bot
        gap = summary.rank_gap
        parts.append(
            Text(
                f"mean rank of {a} minus {b}, per deal: {gap.mean:+.3f} "
                f"[{gap.low:+.3f}, {gap.high:+.3f}] (95% CI)"
            )
        )
    m = summary.match
    speed = len(m.results) / m.seconds if m.seconds > 0 else float("inf")
    parts.append(Text(f"{m.seconds:.1f} s, {speed:,.1f} games/s", style="dim"))
    return Group(*parts)
