"""``pegboard play``: a person in seat 0 against bots, in the terminal.

The loop only talks to a :class:`~pegboard.core.game.Game` and an ``input_fn`` (by default
:func:`input`), so tests drive whole games with scripted answers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from pegboard.bots import Bot, make
from pegboard.cli.answers import Refusal, interpret
from pegboard.cli.narrate import YOU, narrate
from pegboard.cli.options import GameArg, OptionArgs, parse_bot_list, parse_options
from pegboard.cli.results import result_view
from pegboard.cli.table_view import table_view
from pegboard.core.game import Game
from pegboard.core.spec import get_spec

InputFn = Callable[[str], str]
MAX_BOT_MOVES = 100_000


def prompt_for(view: dict[str, Any], names: Sequence[str]) -> str:
    """The question for this decision."""
    legal = view.get("legal") or []
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        size = len(legal[0]["cards"])
        dealer = view.get("dealer")
        if dealer is None:
            whose = "the"
        else:
            whose = "your" if dealer == view.get("seat") else f"{names[dealer]}'s"
        return f"Discard {size} to {whose} crib (numbers or cards, q to leave): "
    if kinds == {"go"}:
        return "No card fits: g for go (q to leave): "
    if kinds <= {"play", "go"}:
        return "Play a card (number or card, q to leave): "
    if kinds == {"ready"}:
        return "Press Enter to go on (q to leave): "
    return "Your choice (number, q to leave): "


def seat_names(person: str, bots: Mapping[int, str], players: int) -> list[str]:
    """The person's name, and each bot's: ``Greedy``, or ``Greedy 2`` when several play."""
    counts: dict[str, int] = {}
    for kind in bots.values():
        counts[kind] = counts.get(kind, 0) + 1
    names: list[str] = []
    for seat in range(players):
        bot = bots.get(seat)
        if bot is None:
            names.append(person)
        else:
            names.append(bot.capitalize() + (f" {seat + 1}" if counts[bot] > 1 else ""))
    return names


class Session:
    """One person at one table; bots answer at once, the person through ``input_fn``."""

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Bot],
        *,
        seat: int = 0,
        console: Console | None = None,
        input_fn: InputFn = input,
    ) -> None:
        self.game = game
        self.bots = dict(bots)
        self.seat = seat
        self.console = console if console is not None else Console()
        self.input_fn = input_fn
        self.names = [info["name"] for info in game.seats]
        self.seen = 0  # events already narrated

    def run(self) -> None:
        """Play until the game ends or the person leaves, then show the result."""
        game = self.game
        while self._bots_move():
            if not self._ask():
                game.leave(self.seat)
                self._tell(upto="leave")
                self._bots_move()  # the others may play on without the person
                self.seen = game.version
                break
        self._tell()
        if game.outcome is not None:
            self.console.print(result_view(game.outcome.to_json(), self.names))

    def _bots_move(self) -> bool:
        """Let bots act until the person must (True) or the game is over (False)."""
        game = self.game
        for _ in range(MAX_BOT_MOVES):
            if game.outcome is not None:
                return False
            waiting = [s for s in game.to_act if s in self.bots]
            if not waiting:
                if self.seat in game.to_act:
                    return True
                raise RuntimeError(f"nobody can act: waiting for seats {game.to_act}")
            seat = waiting[0]
            game.apply(seat, self.bots[seat].act(game.view(seat)))
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves without the game ending")

    def _tell(self, upto: str | None = None) -> None:
        """Narrate every event since the last prompt, as the person's seat may see it
        (only up to the first event of type ``upto``, if given)."""
        events = self.game.events_for(self.seat, self.seen)
        self.seen = self.game.version
        kinds = [event["type"] for event in events]
        if upto in kinds:
            events = events[: kinds.index(upto) + 1]
        for line in narrate(events, self.names):
            self.console.print(line)

    def _ask(self) -> bool:
        """Ask the person until an answer is accepted; False if they leave."""
        self._tell()
        view = self.game.view(self.seat)
        self.console.print()
        self.console.print(table_view(view, self.names))
        while True:
            try:
                text = self.input_fn(prompt_for(view, self.names))
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return False
            try:
                action = interpret(text, view)
            except Refusal as refusal:
                self.console.print(f"✗ {refusal}", style="yellow", markup=False, highlight=False)
                continue
            if action is None:
                return False
            self.game.apply(self.seat, action)
            return True


def new_table(
    game_name: str,
    *,
    players: int,
    vs: str,
    seed: int,
    name: str,
    options: Sequence[str] | None,
) -> tuple[Game, dict[int, Bot]]:
    """The game with the person in seat 0 and the named bots (checked) in the others."""
    spec = get_spec(game_name)
    game = Game(spec, players, seed, parse_options(spec, options))  # checks the player count
    bot_names = parse_bot_list(vs, players - 1)
    bots: dict[int, Bot] = {}
    by_seat = dict(enumerate(bot_names, 1))
    names = seat_names(name, by_seat, players)
    game.set_seat(0, name=names[0], kind="human")
    for seat, bot in by_seat.items():
        bots[seat] = make(bot, seed=seed * 16 + seat)
        game.set_seat(seat, name=names[seat], kind=f"bot:{bot}")
    return game, bots


def play_command(
    game: GameArg,
    players: Annotated[int, typer.Option("--players", "-n", help="Players at the table.")] = 2,
    vs: Annotated[
        str,
        typer.Option(
            "--vs", help="Bot(s) in the other seats: one, or one per seat (greedy,random)."
        ),
    ] = "greedy",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for the shuffles (random if not given).")
    ] = None,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = YOU,
    option: OptionArgs = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write the game record (JSON) here at the end.")
    ] = None,
) -> None:
    """Play in the terminal: you sit in seat 0, bots in the others."""
    chosen = seed if seed is not None else random.randrange(1_000_000)
    table, bots = new_table(game, players=players, vs=vs, seed=chosen, name=name, options=option)
    console = Console()
    console.print(f"{table.spec.title} · seed {chosen} · type ? for help, q to leave", style="dim")
    Session(table, bots, console=console).run()
    if save is not None:
        save.write_text(json.dumps(table.record()) + "\n", encoding="utf-8")
        console.print(f"Record written to {save}", style="dim", markup=False)
