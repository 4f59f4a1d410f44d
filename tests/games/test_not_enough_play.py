"""The 31 count in Cribbage is not Enough (RULES.md §3): after a go or a 31 the player who
pegged leads the next count ("The player who pegged begins the count again starting with their
next card"); Cribbage's next-player rule does not apply."""

from __future__ import annotations

from not_enough_script import acting, discard, of_type, pegs, start

from pegboard.core import Game
from pegboard.games.not_enough.powers import BLUE, GREY

TOPS = {GREY: "4C", BLUE: "3H"}


def dealt(grey: str, blue: str) -> Game:
    """Seat 0 deals (grey), seat 1 (blue) leads; each throws the last two of its six cards."""
    game = start([grey, blue], tops=TOPS)
    discard(game, {0: " ".join(grey.split()[4:]), 1: " ".join(blue.split()[4:])})
    return game


def plays(game: Game, moves: str) -> None:
    """``"1:TH 0:KS"``: each seat plays that card, in that order."""
    for move in moves.split():
        seat, card = move.split(":")
        game.apply(int(seat), {"type": "play", "card": card})


def test_the_player_who_makes_31_leads_the_next_count() -> None:
    game = dealt("KS AC 2C 3S 9C TS", "TH JD 4H 6D 9H TD")
    plays(game, "1:TH 0:KS 1:JD 0:AC")
    assert pegs(of_type(game, "score")) == [(0, 2, ["thirty-one"])]
    assert acting(game) == (0,)  # Cribbage would have seat 1 lead


def test_the_player_who_pegs_the_go_leads_the_next_count() -> None:
    game = dealt("KS 5C 6C 7S 9C TS", "TH 9D 4H 6D 8H TD")
    plays(game, "1:TH 0:KS 1:9D")  # 29: neither can play, both say go by themselves
    assert [e["seat"] for e in of_type(game, "go")] == [0, 1]
    assert pegs(of_type(game, "score")) == [(1, 1, ["go"])]
    assert acting(game) == (1,)  # Cribbage would have seat 0 lead
