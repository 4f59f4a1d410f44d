"""``pegboard rules`` and ``pegboard games``: what there is to play, and how."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from pegboard.cli.options import GameArg
from pegboard.core.options import Option
from pegboard.core.spec import game_names, get_spec


def option_range(option: Option) -> str:
    if option.kind == "bool":
        return "on/off"
    if option.choices:
        return " | ".join(option.choices)
    low = "" if option.min is None else str(option.min)
    high = "" if option.max is None else str(option.max)
    return f"{low}–{high}"


def rules_command(
    game: GameArg,
) -> None:
    """Print a game's rules."""
    Console().print(Markdown(get_spec(game).rules_text()))


def games_command() -> None:
    """List the games, their player counts and their options (give them as --option NAME=VALUE)."""
    console = Console()
    for name in game_names():
        spec = get_spec(name)
        players = ", ".join(str(n) for n in spec.players)
        table = Table(title=f"{spec.title} ({spec.name}) — {players} players", title_justify="left")
        table.add_column("Option")
        table.add_column("Default", justify="right")
        table.add_column("Range")
        table.add_column("What it does")
        for option in spec.options:
            default = option.default
            shown = ("on" if default else "off") if isinstance(default, bool) else str(default)
            table.add_row(option.name, shown, option_range(option), option.help)
        console.print(table)
