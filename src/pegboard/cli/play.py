"""``pegboard play``: a person in seat 0 against bots, in the terminal.

The loop only talks to a :class:`~pegboard.core.game.Game`, an ``input_fn`` (by default
:func:`input`) and a ``clock`` (by default :func:`time.monotonic`), so tests drive whole
games with scripted answers and a scripted clock. In a game against the clock
(``end=minutes``) the session keeps the time and tells the game once it is up.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from pegboard.analysis.question import discard_answer, discard_question
from pegboard.bots import Bot, make
from pegboard.bots.search.play_hint import play_answer, play_question
from pegboard.cards import parse_cards
from pegboard.cli.analyze import analysis_table
from pegboard.cli.answers import Help, Refusal, interpret
from pegboard.cli.cards_display import cards_text, with_symbols
from pegboard.cli.narrate import Narrator
from pegboard.cli.options import GameArg, OptionArgs, parse_bot_list, parse_options
from pegboard.cli.results import result_view
from pegboard.cli.table_view import table_view
from pegboard.cli.words import YOU
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import TableView
from pegboard.errors import PegboardError
from pegboard.games.not_enough.config import use_powers

InputFn = Callable[[str], str]
ClockFn = Callable[[], float]
MAX_BOT_MOVES = 100_000
HINT_WORDS = frozenset({"hint"})
HINT_ROWS = 5
"""The best discards a hint shows."""


def prompt_for(view: dict[str, Any], names: Sequence[str]) -> str:
    """The question for this decision."""
    legal = view.get("legal") or []
    kinds = {action["type"] for action in legal}
    if "discard" in kinds:
        size = len(legal[0]["cards"])
        dealer = view.get("dealer")
        if view.get("colours"):  # Cribbage is not Enough: each team has its own pile
            pile = f"your {own_colour(view)} crib pile"
            return f"Discard {size} to {pile} (numbers or cards, q to leave): "
        if dealer is None:
            whose = "the"
        else:
            whose = "your" if dealer == view.get("seat") else f"{names[dealer]}'s"
        return f"Discard {size} to {whose} crib (numbers or cards, q to leave): "
    special = not_enough_prompt(view, kinds)
    if special is not None:
        return special
    if kinds == {"go"}:
        return "No card fits: g for go (q to leave): "
    if kinds <= {"play", "go"}:
        if "trick" in view and not view["trick"]:
            return "Lead a card (number or card, q to leave): "
        return "Play a card (number or card, q to leave): "
    if kinds == {"ready"}:
        return "Press Enter to go on (q to leave): "
    if kinds == {"claim"}:
        label = (view.get("counting") or {}).get("label", "count")
        return f"Claim your {label} (like 15: 5H TD, pair: 5H 5C; Enter: nothing; ? for help): "
    if "pass" in kinds:
        return "Muggins? (like m run: 4S 5H 6D [= 3]; Enter to pass; ? for help): "
    return "Your choice (a number from the list, q to leave): "


def own_colour(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    colours: dict[str, list[int]] = view.get("colours") or {}
    return next((c for c, seats in colours.items() if seat in seats), "team")


def not_enough_prompt(view: dict[str, Any], kinds: set[str]) -> str | None:
    """The question for Cribbage is not Enough's own decisions."""
    legal = view.get("legal") or []
    if kinds in ({"reveal"}, {"magic"}):
        size = len(legal[0]["cards"])
        cards = f"{size} card{'s' if size != 1 else ''}"
        what = f"Show {cards} to the other team" if "reveal" in kinds else f"Swap {cards} for Magic"
        return f"{what} (numbers or cards, q to leave): "
    if kinds == {"power"}:
        words = word_list_of(legal, "power")
        return f"Use your Top: {words} (or a number; q to leave): "
    if kinds == {"colour"}:
        return "Take a colour for your team: grey or blue (or a number; q to leave): "
    if kinds == {"first"}:
        return "Whose Top resolves first: grey or blue? (or a number; q to leave): "
    if kinds == {"cradle"}:
        words = word_list_of(legal, "cradle")
        return f"Rob the cradle: {words} (or a number; q to leave): "
    return None


def word_list_of(legal: Sequence[dict[str, Any]], kind: str) -> str:
    """``intel, might or none``: the legal choices in words."""
    words = [
        " ".join(str(a[k]) for k in ("action", "colour", "power") if k in a)
        for a in legal
        if a["type"] == kind
    ]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


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
        clock: ClockFn = time.monotonic,
        hints: bool = True,
    ) -> None:
        self.game = game
        self.hints = hints
        self.bots = dict(bots)
        self.seat = seat
        self.console = console if console is not None else Console()
        self.input_fn = input_fn
        self.clock = clock
        self.names = [info["name"] for info in game.seats]
        self.narrator = Narrator(self.names, manual=game.options.get("counting") == "manual")
        self.seen = 0  # events already narrated
        # A game against the clock: the time agreed runs from now; time_up() is called once.
        self.deadline: float | None = None
        if game.timed:
            self.deadline = clock() + 60.0 * int(game.options["minutes"])
        self.time_called = False

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
            self.check_clock()
            if game.outcome is not None:
                return False
            waiting = [s for s in game.to_act if s in self.bots]
            if not waiting:
                if self.seat in game.to_act:
                    return True
                raise RuntimeError(f"nobody can act: waiting for seats {game.to_act}")
            seat = waiting[0]
            game.apply(seat, self.bots[seat].act(game.view(seat)))
            self.check_clock()
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves without the game ending")

    def _tell(self, upto: str | None = None) -> None:
        """Narrate every event since the last prompt, as the person's seat may see it
        (only up to the first event of type ``upto``, if given)."""
        events = self.game.events_for(self.seat, self.seen)
        self.seen = self.game.version
        kinds = [event["type"] for event in events]
        if upto in kinds:
            events = events[: kinds.index(upto) + 1]
        for line in self.narrator.lines(events):
            self.console.print(line)

    def check_clock(self) -> bool:
        """Tell the game once that the agreed time is over; True if that happened now."""
        if (
            self.deadline is None
            or self.time_called
            or self.game.outcome is not None
            or self.clock() < self.deadline
        ):
            return False
        self.time_called = True
        self.game.time_up()
        return True

    def clock_note(self) -> str | None:
        """``12 min left`` in a game against the clock."""
        if self.deadline is None or self.time_called:
            return None
        left = max(0.0, self.deadline - self.clock())
        return f"{int(left // 60)} min left" if left >= 60 else "under a minute left"

    def _ask(self) -> bool:
        """Ask the person until an answer is accepted; False if they leave."""
        self._tell()
        seen = self.game.view(self.seat)
        view: dict[str, Any] = dict(seen)  # the text client reads any game's view as a dict
        self.console.print()
        self.console.print(table_view(view, self.names, clock_note=self.clock_note()))
        while True:
            try:
                text = self.input_fn(prompt_for(view, self.names))
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return False
            if text.strip().lower() in HINT_WORDS:
                self.hint(seen)
                continue
            try:
                action = interpret(text, view)
            except Help as shown:
                if self.hints and discard_question(view) is not None:
                    shown = Help(f"{shown}; hint shows the best discards")
                elif self.hints and play_question(seen) is not None:
                    shown = Help(f"{shown}; hint ranks the cards you may play")
                self.console.print(str(shown), style="cyan", markup=False, highlight=False)
                continue
            except Refusal as refusal:
                self.refuse(str(refusal))
                continue
            if action is None:
                return False
            if self.check_clock():  # the time ran out while the person thought
                self._tell()
            try:
                self.game.apply(self.seat, action)
            except PegboardError as error:  # a claim naming what is not there, and the like
                self.refuse(with_symbols(str(error)))
                continue
            return True

    def hint(self, view: TableView) -> None:
        """The best discards of the person's hand, from the exact analysis; in the play, the
        cards they may play ranked by the expert's expected pegging gain."""
        question = discard_question(view)
        if not self.hints:
            self.refuse("hints are off at this table")
        elif question is None and play_question(view) is not None:
            self.play_hint(view)
        elif question is None:
            self.refuse("a hint is for your Cribbage discard or your card to play, on your turn")
        else:
            best = list(discard_answer(question)[:HINT_ROWS])
            hand = parse_cards(question.hand)
            self.console.print(
                analysis_table(hand, question.role, question.players, question.tosses, best)
            )

    def play_hint(self, view: TableView) -> None:
        question = play_question(view)
        assert question is not None
        self.console.print(
            f"Your cards at the count of {question.count}, best first: the points your side "
            "can expect to peg minus the others', to the end of the play",
            markup=False,
            highlight=False,
        )
        table = Table()
        table.add_column("Play")
        table.add_column("Gain", justify="right")
        for value in play_answer(question):
            table.add_row(cards_text(value.cards), f"{value.gain:+.2f}")
        self.console.print(table)

    def refuse(self, reason: str) -> None:
        """One line saying why the answer was refused; the question is asked again."""
        self.console.print(f"✗ {reason}", style="yellow", markup=False, highlight=False)


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
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Players at the table (default: 2, or the fewest)."),
    ] = None,
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
    powers: Annotated[
        str | None,
        typer.Option("--powers", help="not-enough: a Civil Four powers table (JSON) to play with."),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints/--no-hints", help="Cribbage: typing hint at a discard shows the best ones."
        ),
    ] = True,
) -> None:
    """Play in the terminal: you sit in seat 0, bots in the others."""
    if powers is not None:
        use_powers(powers)
    chosen = seed if seed is not None else random.randrange(1_000_000)
    if players is None:
        allowed = get_spec(game).players
        players = 2 if 2 in allowed else min(allowed)
    table, bots = new_table(game, players=players, vs=vs, seed=chosen, name=name, options=option)
    console = Console()
    console.print(f"{table.spec.title} · seed {chosen} · type ? for help, q to leave", style="dim")
    Session(table, bots, console=console, hints=hints).run()
    if save is not None:
        save.write_text(json.dumps(table.record()) + "\n", encoding="utf-8")
        console.print(f"Record written to {save}", style="dim", markup=False)
