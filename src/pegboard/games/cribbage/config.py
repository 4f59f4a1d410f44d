"""Cribbage's table options (the seed platform's seven, plus teams) and its registration."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources

from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.matchplay import GameWorth
from pegboard.core.options import Option, OptionValue
from pegboard.core.rules import Rules
from pegboard.core.spec import DailySetup, GameSpec, each_alone, partners_opposite, register
from pegboard.errors import OptionError
from pegboard.games.cribbage.examples import examples
from pegboard.games.cribbage.rules import CribbageRules

OPTIONS = (
    Option("score_target", 121, "the game ends the instant a score reaches this", min=1, max=1000),
    Option("turn_time", 20, "seconds per turn before an arbitrary move is made", min=5, max=60),
    Option("skip_empty", True, "pass automatically when you have no cards left"),
    Option("skip_pass", True, "pass automatically when you have cards but cannot play any"),
    Option("skip_only_move", False, "move automatically when only one move is possible"),
    Option("pre_show", False, "a pause point before the show"),
    Option("post_show", True, "a pause point after the show, before the next hand"),
    Option("teams", False, "4 players only: partners sit opposite and share one score"),
    Option(
        "dealer",
        "random",
        "a dealer drawn for every hand, as a cut would; "
        "or the first dealer drawn, then the deal passes to the left",
        choices=("random", "rotate"),
        stored="rotate",  # the deal passed to the left before the option existed
    ),
    Option(
        "counting",
        "auto",
        "the show counted for you, or each player claims their own count and the others may call "
        "Muggins",
        choices=("auto", "manual"),
    ),
)


def _check(players: int, options: Mapping[str, OptionValue]) -> None:
    if options["teams"] and players != 4:
        raise OptionError(f"option teams needs 4 players, not {players}")


def _sides(players: int, options: Mapping[str, OptionValue]) -> list[list[int]]:
    """With ``teams`` (four players only) partners sit opposite and share one score."""
    if options.get("teams") and players == 4:
        return partners_opposite(players, options)
    return each_alone(players, options)


def _rules_class() -> type[Rules]:
    """The compiled extension's rules when it was built (the same games, faster), else the
    pure-Python rules."""
    if PURE_PYTHON:
        return CribbageRules
    try:
        from pegboard.games.cribbage.fast import FastCribbageRules
    except ImportError:
        return CribbageRules
    return FastCribbageRules


RULES: type[Rules] = _rules_class()
"""The rules class ``Game`` plays Cribbage with."""


def rules_text() -> str:
    return resources.files("pegboard.games.cribbage").joinpath("rules.md").read_text("utf-8")


SPEC = register(
    GameSpec(
        name="cribbage",
        title="Cribbage",
        players=(2, 3, 4),
        options=OPTIONS,
        create=RULES,
        rules_text=rules_text,
        examples=examples,
        check=_check,
        sides=_sides,
        rated_options={"score_target": 121},  # the standard length: only it is rated
        rating_groups={
            "cribbage-2": "Cribbage, 2 players",
            "cribbage-3": "Cribbage, 3 players",
            "cribbage-4": "Cribbage, 4 players",
            "cribbage-4-teams": "Cribbage, 4 players in teams",
        },
        phases=("pegging", "heels", "hand", "crib", "muggins"),
        client="cribbage",  # a variant made with dataclasses.replace keeps this client
        surfaces={
            "bots": "pegboard.bots.cribbage.players:BOTS",
            "env": "pegboard.env.games:CRIBBAGE_ENV",
            "hints": "pegboard.bots.search.play_hint:hint_question",
            "published": "pegboard.match.published:CRIBBAGE_PER_DEAL",
            "terminal": "pegboard.cli.table_view:CRIBBAGE_TABLE",
            "vector": "pegboard.env.vector:cribbage_vector",
            "review": "pegboard.review.cribbage:CribbageReviewer",
        },
        worth=GameWorth(),  # the ACC's: a win 2 game points, a skunk 3, a double skunk no more
        daily=DailySetup(players=2, options={"score_target": 121}),  # a game to 121
    )
)
