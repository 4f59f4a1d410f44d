"""How much better could the expert play the pegging if it could see every hand?

An upper-bound experiment, not a bot anyone meets: ``oracle`` is ``expert`` (the same
discard, the same rollouts, the same objective) whose play search is given the one true
world, every other seat's cards, instead of sampling worlds from its view. The gap between
``oracle`` and ``expert`` against the same opponents is what any better model of the
hidden hands could still win in the play (the rollouts' own policy aside).

Run: ``.venv/bin/python -m benchmarks.oracle_play simulate --duplicate --json -g cribbage
-n 4 -b oracle,greedy,greedy,greedy --games 100 --seed 5100000`` (any ``pegboard`` command
line: this registers ``oracle`` and lets the game hand each move's true deal to it).

With 2 players (session 21, against ``ismcts``: ``benchmarks.ismcts_ab play --expert oracle``,
which hands the truth to these seats the same way) more bounds: ``oracle-exact`` plays the
true world by minimax (:mod:`pegboard.bots.search.last_play`, both hands known: the best play
there is, not the rollouts' guess of it), ``oracle-exact-pone`` does so only as pone (the
expert as shipped when it deals) and ``oracle-exact-lead`` only at the hand's first card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pegboard import arena
from pegboard.bots.base import View
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.registry import make, register_bot
from pegboard.bots.search import play_search
from pegboard.bots.search.last_play import world_values
from pegboard.bots.search.worlds import World
from pegboard.cards import VALUE_OF, Card, parse_cards
from pegboard.cli.main import app
from pegboard.core.game import Game
from pegboard.core.rules import Action
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view
from pegboard.match import run

ORACLE = "oracle"


class TrueSearch(play_search.PlaySearch):
    """The play search over the one true world (the crib's card from the deck, in a game of
    three, is still drawn: nobody has seen it)."""

    def __init__(self, view: CribbageBotView, truth: Mapping[int, CribbageBotView]) -> None:
        super().__init__(view)
        self.truth = truth

    def world(self, rng: random.Random) -> World:
        others = {s: [int(c) for c in parse_cards(v["hand"])] for s, v in self.truth.items()}
        kept = {s: [int(c) for c in parse_cards(v["kept"])] for s, v in self.truth.items()}
        kept[self.me] = [int(c) for c in parse_cards(self.view["kept"])]
        crib = [
            int(c) for v in (self.view, *self.truth.values()) for c in parse_cards(v["discarded"])
        ]
        known = {c for cards in (*others.values(), *kept.values(), crib) for c in cards}
        pool = [c for c in self.unseen if c not in known]
        crib += rng.sample(pool, int(self.view["crib_size"]) - len(crib))
        return World(others, kept, crib)


class OracleBot(CribbageExpert):
    name = ORACLE

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.truth: dict[int, CribbageBotView] = {}

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        if view["phase"] != "play" or view.get("counting") is not None or len(view["legal"]) == 1:
            return super().act(view)
        self.styles.observe(view)
        cards = play_search.candidates(view)
        if len(cards) == 1:
            return {"type": "play", "card": str(Card(cards[0]))}
        if not self.sees(view):
            return super().act(view)
        search = TrueSearch(view, self.truth)
        values = self.values(search, search.world(self.rng), cards)
        best = max(range(len(cards)), key=lambda i: (values[i], -VALUE_OF[cards[i]]))
        return {"type": "play", "card": str(Card(cards[best]))}

    def sees(self, view: CribbageBotView) -> bool:
        """Whether this play is made seeing the others' hands."""
        return True

    def values(self, search: TrueSearch, world: World, cards: Sequence[int]) -> list[float]:
        """Each candidate's value in the true ``world``: the expert's rollouts."""
        shows = search.shows(world)
        return [search.value(card, world, shows) for card in cards]


class ExactOracleBot(OracleBot):
    """The true world's play by minimax (2 players): both sides' best, each seeing all."""

    name = "oracle-exact"

    def values(self, search: TrueSearch, world: World, cards: Sequence[int]) -> list[float]:
        return world_values(search, world, cards)


class ExactPoneOracleBot(ExactOracleBot):
    """:class:`ExactOracleBot` as pone only; dealing, the expert as shipped."""

    name = "oracle-exact-pone"

    def sees(self, view: CribbageBotView) -> bool:
        return view["dealer"] != view["seat"]


class ExactLeadOracleBot(ExactOracleBot):
    """:class:`ExactOracleBot` at the hand's first card only (the pone's lead, made before
    anything is seen of the dealer's hand but its toss)."""

    name = "oracle-exact-lead"

    def sees(self, view: CribbageBotView) -> bool:
        return not view["played"]


def play_one_seeing(
    game_name: str, players: int, bots: Sequence[str], seed: int, options: Mapping[str, object]
) -> Game:
    """:func:`pegboard.arena.play_one`, the oracle seats handed the others' views first."""
    game = Game(get_spec(game_name), players, seed, options)
    seats: list[Any] = [make(name, seed=seed * 16 + s) for s, name in enumerate(bots)]
    for s, name in enumerate(bots):
        game.set_seat(s, name=f"{name} {s + 1}", kind=f"bot:{name}")
    for _ in range(arena.MAX_ACTIONS):
        if game.outcome is not None:
            return game
        seat = game.to_act[0]
        bot = seats[seat]
        if isinstance(bot, OracleBot):
            bot.truth = {s: cribbage_view(game.view(s)) for s in range(players) if s != seat}
        game.apply(seat, bot.act(cribbage_view(game.view(seat))))
    raise RuntimeError(f"game {game_name} seed {seed} did not end")


ORACLES = {
    oracle.name: oracle
    for oracle in (OracleBot, ExactOracleBot, ExactPoneOracleBot, ExactLeadOracleBot)
}
"""The bots that must be handed the others' views (:func:`play_one_seeing`), by name."""
for name, oracle in ORACLES.items():
    register_bot(name, oracle)

if __name__ == "__main__":
    setattr(run, "play_one", play_one_seeing)  # noqa: B010  (match.run calls it by this name)
    app()
