"""Each seat's choices: a seat's turn begins when its legal actions change, so one player's
discard never makes the other's choice stale."""

from __future__ import annotations

from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.server.tables.choices import Choices


def test_one_discard_leaves_the_other_seats_choices_as_they_were() -> None:
    game = Game(get_spec("cribbage"), 2, 7, {})  # both seats discard at version 1
    choices = Choices()
    choices.track(game)
    assert (choices.since(0), choices.since(1)) == (1, 1)
    game.apply(0, game.legal_actions(0)[0])
    choices.track(game)
    assert choices.since(0) == game.version  # seat 0 has nothing to do now: changed
    assert choices.since(1) == 1  # seat 1 still chooses among the same discards
    game.apply(1, game.legal_actions(1)[0])
    choices.track(game)
    assert choices.since(1) == game.version


def test_a_new_game_forgets_what_was_seen() -> None:
    game = Game(get_spec("cribbage"), 2, 7, {})
    choices = Choices()
    game.apply(0, game.legal_actions(0)[0])
    choices.track(game)
    assert choices.since(0) == game.version > 0
    choices.forget()
    assert choices.since(0) == 0  # never seen: any version is fresh
