"""Each seat's choices and since when they have been the same: what makes a command stale.

A command is stale only if it was made before its seat's choices last changed, so simultaneous
decisions (discards, readies) never make each other stale, and each seat's turn (and deadline)
begins when its choices do."""

from __future__ import annotations

from pegboard.core.game import Game
from pegboard.core.wire import Action


class Choices:
    def __init__(self) -> None:
        self._seen: dict[int, tuple[list[Action], int]] = {}

    def track(self, game: Game) -> None:
        """Note every seat whose legal actions differ from last time: they changed now."""
        for seat in range(game.players):
            legal = game.legal_actions(seat)
            known = self._seen.get(seat)
            if known is None or known[0] != legal:
                self._seen[seat] = (legal, game.version)

    def since(self, seat: int) -> int:
        """The version since which ``seat``'s choices have been the same (0: never seen)."""
        return self._seen.get(seat, ([], 0))[1]

    def forget(self) -> None:
        """A new game: nothing seen yet."""
        self._seen = {}
