"""Seeded whole games for the review tests: bots by name, an optional forced action."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pegboard.bots import make
from pegboard.core import Game, get_spec
from pegboard.core.rules import Action
from pegboard.core.wire import Record, TableView

Override = Callable[[int, TableView], Action | None]
"""``override(seat, view)``: an action to play instead of the bot's, or None."""


def play_game(
    game_name: str,
    bots: Sequence[str],
    seed: int,
    *,
    override: Override | None = None,
    options: Mapping[str, object] | None = None,
) -> Record:
    """A finished game's record: each seat's bot (seeded from ``seed``) plays its view."""
    game = Game(get_spec(game_name), len(bots), seed, options or {})
    players = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
    for seat, name in enumerate(bots):
        game.set_seat(seat, name=f"{name} {seat + 1}", kind=f"bot:{name}")
    while game.outcome is None:
        seat = game.to_act[0]
        view = game.view(seat)
        forced = override(seat, view) if override is not None else None
        game.apply(seat, forced if forced is not None else players[seat].act(view))
    return game.record()
