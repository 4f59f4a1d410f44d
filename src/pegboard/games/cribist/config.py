"""Cribist's table options and its registration."""

from __future__ import annotations

from importlib import resources

from pegboard.core.matchplay import GameWorth
from pegboard.core.options import Option
from pegboard.core.spec import DailySetup, GameSpec, register
from pegboard.games.cribist.examples import examples
from pegboard.games.cribist.rules import CribistRules

OPTIONS = (
    Option(
        "counting",
        "manual",
        "the trick's winner claims what it scores and the others may call Muggins, "
        "or every trick counted for you",
        choices=("manual", "auto"),
    ),
    Option(
        "end",
        "target",
        "how the game ends: a target score, a number of deals, or minutes",
        choices=("target", "deals", "minutes"),
    ),
    Option(
        "score_target",
        61,
        "the game ends the instant a score reaches this (when it ends at a target score)",
        min=1,
        max=1000,
    ),
    Option(
        "deals",
        10,
        "how many deals are played (when it ends after a number of deals)",
        min=1,
        max=100,
    ),
    Option(
        "minutes",
        30,
        "the hand in progress when time is up is the last (when it ends after a time)",
        min=1,
        max=600,
    ),
    Option("turn_time", 20, "seconds per turn before an arbitrary move is made", min=5, max=60),
)


def rules_text() -> str:
    return resources.files("pegboard.games.cribist").joinpath("rules.md").read_text("utf-8")


SPEC = register(
    GameSpec(
        name="cribist",
        title="Cribist",
        players=(4,),
        options=OPTIONS,
        create=CribistRules,
        rules_text=rules_text,
        examples=examples,
        rated_options={"end": "target", "score_target": 61},  # the standard length, rated
        rating_groups={"cribist-4": "Cribist"},
        jack_item="jack-of-trumps",
        phases=("tricks", "trick count", "muggins"),
        client="cribist",
        surfaces={
            "bots": "pegboard.bots.cribist.players:BOTS",
            "env": "pegboard.env.games:CRIBIST_ENV",
            "terminal": "pegboard.cli.table_view:CRIBIST_TABLE",
            "review": "pegboard.review.cribist:CribistReviewer",
        },
        worth=GameWorth(),  # no skunks in Cribist: every won game is a win
        # Against three experts, to 61, each trick counted for everyone: the play is the test.
        daily=DailySetup(players=4, options={"counting": "auto"}),
    )
)
