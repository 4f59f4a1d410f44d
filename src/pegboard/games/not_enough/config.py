"""The game's table options and its registration, plus variants with another powers table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from importlib import resources

from pegboard.core.matchplay import Credit, GameWorth
from pegboard.core.options import Option, OptionValue
from pegboard.core.rules import Rules
from pegboard.core.spec import DailySetup, GameSpec, each_alone, partners_opposite, register
from pegboard.games.not_enough.examples import examples
from pegboard.games.not_enough.powers import PowerTable, load_powers
from pegboard.games.not_enough.rules import NotEnoughRules

OPTIONS = (
    Option(
        "score_target",
        121,
        "the game ends the instant a team's score reaches this",
        min=1,
        max=1000,
    ),
    Option("turn_time", 20, "seconds per turn before an arbitrary move is made", min=5, max=60),
    Option("post_show", True, "a pause point after the crib count, before the next hand"),
    Option(
        "counting",
        "auto",
        "hands and cribs counted for you, or each player claims their own count and the other "
        "team may call Muggins",
        choices=("auto", "manual"),
    ),
)


def _sides(players: int, options: Mapping[str, OptionValue]) -> list[list[int]]:
    """Four players are two teams, partners opposite; two play one against one."""
    if players == 4:
        return partners_opposite(players, options)
    return each_alone(players, options)


SKUNK_IS_TWO_WINS = GameWorth(win=Credit(2, 1), skunk=Credit(4, 2), double_skunk=Credit(4, 2))
"""The seed: a skunk (a margin of 31 or more) "counts as two won games in competitive gaming",
so it earns two wins' game points too."""


def rules_text() -> str:
    return resources.files("pegboard.games.not_enough").joinpath("rules.md").read_text("utf-8")


SPEC = register(
    GameSpec(
        name="not-enough",
        title="Cribbage is not Enough",
        players=(2, 4),
        options=OPTIONS,
        create=NotEnoughRules,
        rules_text=rules_text,
        examples=examples,
        sides=_sides,
        rated_options={"score_target": 121},  # the standard length: only it is rated
        rating_groups={
            "not-enough-2": "Cribbage is not Enough, 2 players",
            "not-enough-4": "Cribbage is not Enough, 4 players in teams",
        },
        phases=("pegging", "tops", "hand", "her heels", "intel", "crib", "muggins"),
        client="not-enough",  # also the client of a variant with another powers table
        surfaces={
            "bots": "pegboard.bots.not_enough.players:BOTS",
            "env": "pegboard.env.games:NOT_ENOUGH_ENV",
            "terminal": "pegboard.cli.table_view:NOT_ENOUGH_TABLE",
            "review": "pegboard.review.not_enough:NotEnoughReviewer",
        },
        worth=SKUNK_IS_TWO_WINS,
        aliases=("not_enough", "notenough", "cribbage-is-not-enough", "cribbage_is_not_enough"),
        daily=DailySetup(players=2, options={"score_target": 121}),  # one against the expert
    )
)


def spec_with_powers(powers: PowerTable, *, name: str, title: str | None = None) -> GameSpec:
    """Register the game under ``name`` with another powers table (a deck with its real
    values, say: ``spec_with_powers(load_powers("my_deck.json"), name="not-enough-real")``).
    ``new_game(name, …)`` then plays it, and its records replay in the same process."""

    def create(players: int, options: Mapping[str, OptionValue]) -> Rules:
        return NotEnoughRules(players, options, powers)

    return register(
        replace(
            SPEC,
            name=name,
            title=title or f"{SPEC.title} ({powers.source})",
            create=create,
            aliases=(),
            daily=SPEC.daily if name == SPEC.name else None,  # one daily game per game
        )
    )


def use_powers(path: str) -> GameSpec:
    """Play ``not-enough`` with the powers table in ``path`` from now on in this process (the
    ``--powers`` option of ``pegboard play``, ``simulate`` and ``serve``). Records made with it
    replay only where the same table is in use."""
    return spec_with_powers(load_powers(path), name=SPEC.name, title=SPEC.title)
