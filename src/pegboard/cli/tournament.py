"""``pegboard tournament run``: a tournament between bots, round by round, then the
standings with every tie-break (and the playoff bracket after an ACC cut)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pegboard.cli.options import OptionArgs, parse_bot_list, parse_options
from pegboard.core.matchplay import MatchFormat
from pegboard.core.spec import get_spec
from pegboard.errors import OptionError
from pegboard.tournament import FORMATS, Round, TournamentRules
from pegboard.tournament.bots import BotTournament, run_bot_tournament
from pegboard.tournament.partners import has_partners

tournament_app = typer.Typer(
    help="Tournaments between bots: round robin, Swiss, the ACC's qualifying and playoff.",
    no_args_is_help=True,
)


def _round_view(played: Round) -> Table:
    view = Table(title=f"Round {played.number} ({played.stage})", title_justify="left")
    for column in ("Table", "Sides", "Games", "Game points", "Won", "Spread"):
        view.add_column(column, justify="left" if column in ("Sides", "Games") else "right")
    for i, table in enumerate(played.tables):
        score = table.result
        assert score is not None
        sides = range(len(score.sides))
        names = [" & ".join(table.side_players(k)) for k in sides]
        games = ", ".join("–".join(str(s) for s in g.scores) for g in score.results)
        if score.forfeited is not None:
            games = f"{games} ({names[score.forfeited]} forfeited)".strip()
        view.add_row(
            str(i + 1),
            " v ".join(names),
            games,
            "–".join(str(t.points) for t in score.totals),
            "–".join(str(t.games) for t in score.totals),
            "–".join(f"{t.spread:+d}" for t in score.totals),
        )
    for player in played.byes:
        view.add_row("", f"{player} (bye)", "", "", "", "")
    return view


def _standings_view(result: BotTournament) -> Table:
    view = Table(title="Standings", title_justify="left")
    columns = ("Place", "Player", "Bot", "Game points", "Won", "Lost", "Spread", "Plus", "H2H")
    for column in columns:
        view.add_column(column, justify="left" if column in ("Player", "Bot") else "right")
    for row in result.tournament.standings():
        view.add_row(
            f"{row.place}{'=' if row.shared else ''}",
            row.player,
            result.bots[row.player],
            str(row.game_points),
            str(row.games_won),
            str(row.games_lost),
            f"{row.spread:+d}",
            str(row.plus_points),
            "" if row.head_to_head is None else str(row.head_to_head),
        )
    return view


def _bracket_view(result: BotTournament) -> Table:
    view = Table(title="Playoff", title_justify="left")
    view.add_column("Round", justify="right")
    view.add_column("Match")
    view.add_column("Winner")
    for number, line in enumerate(result.tournament.bracket(), start=1):
        for match in line:
            a, b = (
                f"({s}) {p}" if p else "bye"
                for p, s in zip(match.players, match.seeds, strict=True)
            )
            score = f" {match.score[0]}–{match.score[1]}" if match.score else ""
            view.add_row(str(number), f"{a} v {b}{score}", match.winner or "")
    return view


@tournament_app.command("run")
def run_command(
    format: Annotated[
        str, typer.Option("--format", "-f", help=f"One of {', '.join(FORMATS)}.")
    ] = "swiss",
    players: Annotated[
        str,
        typer.Option("--players", "-p", help="The bots entered, in seed order: expert,hoyle,..."),
    ] = "expert,hoyle,greedy,random",
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", "-r", help="Qualifying rounds (round robin: a full cycle)."),
    ] = None,
    match: Annotated[
        str, typer.Option("--match", "-m", help="1, best-of-3 (5, 7…) or games-N (a fixed N).")
    ] = "1",
    scoring: Annotated[
        str,
        typer.Option(
            "--scoring", help="What decides a fixed match: points (game points) or games."
        ),
    ] = "points",
    playoff: Annotated[
        str | None,
        typer.Option(
            "--playoff",
            help="Cut one in four to a seeded playoff of these matches (best-of-3, best-of-5).",
        ),
    ] = None,
    table: Annotated[
        int,
        typer.Option(
            "--table",
            help="Players a game: 2, or 3 or 4 grouped by the standings (a Swiss; new partners "
            "each round with --option teams=true or in Cribbage is not Enough for 4).",
        ),
    ] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Decides every deal (and the ACC draw).")] = 0,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate", help="Play every match twice on the same deals, seats swapped."
        ),
    ] = False,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes to play in.")] = 1,
    game: Annotated[str, typer.Option("--game", "-g", help="The game.")] = "cribbage",
    as_json: Annotated[bool, typer.Option("--json", help="Print only the result as JSON.")] = False,
    option: OptionArgs = None,
) -> None:
    """Play a tournament between bots and show its rounds and standings."""
    entrants = [name for name in parse_bot_list(players, len(players.split(","))) if name]
    if len(entrants) < 2:
        raise OptionError("a tournament needs two players or more: --players expert,hoyle")
    if workers < 1:
        raise OptionError(f"--workers is 1 or more, not {workers}")
    options = parse_options(get_spec(game), option)
    rules = TournamentRules.make(
        format,
        len(entrants),
        rounds=rounds,
        match=MatchFormat.parse(match, scoring),
        playoff=MatchFormat.parse(playoff) if playoff else None,
        seed=seed,
        table=table,
        partners=has_partners(game, table, options),
    )
    console = Console()
    result = run_bot_tournament(
        rules,
        entrants,
        game=game,
        players=table,
        options=options,
        duplicate=duplicate,
        workers=workers,
        progress=None if as_json else lambda played: console.print(_round_view(played)),
    )
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
        return
    console.print(_standings_view(result))
    if result.tournament.qualified:
        console.print(_bracket_view(result))
    winners = [player for place, player in result.tournament.places() if place == 1]
    console.print(f"Winner: {' and '.join(winners)}")
