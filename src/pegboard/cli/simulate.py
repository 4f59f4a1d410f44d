"""``pegboard simulate``: bot matches with a progress bar and a summary table."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from pegboard import parallel
from pegboard.arena import SimulationResult, resolve_for_bots, simulate
from pegboard.cli.options import OptionArgs, parse_bot_list, parse_options
from pegboard.core.options import OptionValue
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.records import write_jsonl


def summary_view(result: SimulationResult) -> RenderableType:
    """Per seat: bot, wins, win rate, mean rank, mean score; then the speed."""
    data = result.to_json()
    last = result.seed + result.games - 1
    table = Table(title=f"{result.games} games of {result.game}, seeds {result.seed}–{last}")
    for column in ("Seat", "Bot", "Wins", "Win rate", "Mean rank", "Mean score"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for seat in data["seats"]:
        table.add_row(
            str(seat["seat"]),
            seat["bot"],
            str(seat["wins"]),
            f"{seat['win_rate']:.1%}",
            f"{seat['mean_rank']:.2f}",
            f"{seat['mean_score']:.1f}",
        )
    speed = Text(f"{result.seconds:.2f} s, {result.games_per_second:,.1f} games/s", style="dim")
    return Group(table, speed)


def simulate_command(
    game: Annotated[str, typer.Option("--game", "-g", help="The game to play.")] = "cribbage",
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game.")] = 2,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="One bot per seat (greedy,random), or one for all.")
    ] = "greedy",
    games: Annotated[int, typer.Option("--games", "-k", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S+i.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write every game record here (JSONL).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the result as JSON.")] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers", "-w", help="Processes to play in (with --cluster local: its workers)."
        ),
    ] = 1,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Play on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' "
            "for --workers worker processes on this machine. Same seeds, same results.",
        ),
    ] = None,
    option: OptionArgs = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play each deal once per rotation of the bots (seats swapped with 2), "
            "so the cards' luck cancels; --games counts deals. Reports 95%% intervals "
            "and points by phase.",
        ),
    ] = False,
    chart: Annotated[
        Path | None,
        typer.Option(
            "--chart", help="With --duplicate: write a PNG of the score race and win rates."
        ),
    ] = None,
) -> None:
    """Play bots against each other and summarise wins, ranks and scores."""
    spec = get_spec(game)
    values = parse_options(spec, option)
    resolve_for_bots(spec.name, players, values)  # checked before any work
    seat_bots = parse_bot_list(bots, players)
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise OptionError(f"--workers must be at least 1, not {workers}")
    if chart is not None and not duplicate:
        raise OptionError("--chart needs --duplicate")
    with ExitStack() as stack:
        on = stack.enter_context(parallel.cluster(cluster, workers)) if cluster else None
        plan = _Plan(spec.name, players, seat_bots, games, seed, values, workers, on, as_json)
        if duplicate:
            _duplicate_match(plan, chart, out)
        else:
            _simulate(plan, out)


@dataclass(frozen=True)
class _Plan:
    """What to play and where, as the command line gave it."""

    game: str
    players: int
    bots: list[str]
    games: int
    """Games, or with --duplicate deals."""
    seed: int
    options: dict[str, OptionValue]
    workers: int
    cluster: parallel.Cluster | None
    as_json: bool

    def progress(self, total: int) -> tuple[Progress, Callable[[int], None]]:
        """A transient progress bar on stderr (none with --json or off a terminal), and the
        callback that advances it by a number of finished games."""
        columns = (
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        quiet = self.as_json or not sys.stderr.isatty()
        bar = Progress(*columns, console=Console(stderr=True), transient=True, disable=quiet)
        task = bar.add_task("games", total=total)
        return bar, lambda done: bar.advance(task, done)


def _simulate(plan: _Plan, out: Path | None) -> None:
    bar, advance = plan.progress(plan.games)
    with bar:
        result = simulate(
            plan.game,
            players=plan.players,
            bots=plan.bots,
            games=plan.games,
            seed=plan.seed,
            options=plan.options,
            record=out is not None,
            workers=plan.workers,
            progress=advance,
            cluster=plan.cluster,
        )
    if out is not None:
        written = write_jsonl(result.records, out)
    if plan.as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    console.print(summary_view(result))
    if out is not None:
        console.print(f"{written} records written to {out}", style="dim", markup=False)


def _duplicate_match(plan: _Plan, chart: Path | None, out: Path | None) -> None:
    """``--duplicate``: every deal in every rotation of the bots, measured with intervals
    (with ``--out``, every game's record written too, deal by deal)."""
    from pegboard.match import run_match, summarize, write_chart
    from pegboard.match.report import summary_view as match_view

    bar, advance = plan.progress(plan.games * plan.players)
    with bar:
        match = run_match(
            plan.game,
            players=plan.players,
            bots=plan.bots,
            deals=plan.games,
            seed=plan.seed,
            options=plan.options,
            workers=plan.workers,
            progress=advance,
            cluster=plan.cluster,
            record=out is not None,
        )
    if out is not None:
        written = write_jsonl([r.record for r in match.results if r.record is not None], out)
    summary = summarize(match)
    data = summary.to_json()
    if chart is not None:
        write_chart(data, chart)
    if plan.as_json:
        typer.echo(json.dumps(data))
        return
    console = Console()
    if not console.is_terminal:
        console = Console(width=132)  # the phase table is wide; do not wrap it in a file
    console.print(match_view(summary))
    if chart is not None:
        console.print(f"chart written to {chart}", style="dim", markup=False)
    if out is not None:
        console.print(f"{written} records written to {out}", style="dim", markup=False)
