"""Cribbage's environment on the compiled rules core: the ``Env`` interface with the loop in C.

``step``, ``legal_actions``, ``legal_mask``, ``action_mask``, ``observation``,
``current_player``, ``done`` and ``outcome`` are calls into
:class:`pegboard.env._cribbage.CribbageEnvCore`, which keeps the game as a C struct and a log
of action ids and chance outcomes, and writes no events. Everything that reads events or the
rules object (``rules``, ``events``, ``actions``, ``chance_log``, ``view``, ``record``)
replays that log through ``Game``'s rules, once, and then only the steps taken since: the same
core with its event writer on, so the record is the one ``Game`` writes (the differential
test holds the two to it, against the pure-Python rules).

Importing this module raises ``ImportError`` when the compiled extensions are not built;
:func:`pegboard.env.factory.make` then gives the pure-Python :class:`~pegboard.env.game_env.Env`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pegboard.cards import DECK
from pegboard.core.chance import Chance, ChanceOutcome, ChanceSource, Pick, SeededChance, Shuffle
from pegboard.core.rules import Action, Rules
from pegboard.env._cribbage import CribbageEnvCore, observe_many, random_many, step_many
from pegboard.env.game_env import Env
from pegboard.env.vector_chance import VectorChance
from pegboard.errors import GameOver, IllegalAction
from pegboard.games.cribbage.rules import canonical_action

__all__ = ["CribbageEnv", "observe_many", "random_many", "step_many"]  # what VectorEnv looks for

_SHUFFLE = Shuffle(DECK)


@dataclass
class _Replay:
    """The game replayed through ``Game``'s rules from the log, as far as it has been asked."""

    rules: Rules
    actions: list[tuple[int, Action]] = field(default_factory=list)
    chance_used: int = 0


class CribbageEnv(CribbageEnvCore, Env):
    """``make("cribbage", players)`` when the compiled extension is built (see the module text)."""

    def _prepare(self) -> None:
        lay = self.layout
        names = (
            "hand", "hand_positions", "discarded", "played", "count_cards", "starter", "crib",
            "phase", "count", "scores", "dealer", "passed", "hand_sizes", "crib_owner",
        )  # fmt: skip
        offsets = tuple(lay.offset[name] for name in names)
        self._configure(self.players, self.options, self.reward == "score", offsets, lay.size)
        self._replay: _Replay | None = None

    def reset(self, seed: int | str | None = None, *, chance: ChanceSource | None = None) -> None:
        if seed is None:
            seed = self._next_seeds().randrange(2**31)
        else:
            self._seeds = None  # random.Random(seed), made when a reset without a seed asks
        self.seed = seed
        seeded = SeededChance(seed)
        self._chance = chance if chance is not None else seeded
        self._replay = None
        self._begin(seeded.prefix if chance is None else None, chance)

    @property
    def chance(self) -> ChanceSource:
        """The game's chance source (a game a ``VectorEnv`` began in C makes its
        ``VectorChance`` here, from the key it was dealt from)."""
        if self._chance is None:
            key = self._hashed_key()
            assert key is not None
            self._chance = VectorChance.for_key(key)
        return self._chance

    @chance.setter
    def chance(self, source: ChanceSource) -> None:
        self._chance = source

    # -- what reads events: the log replayed -------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._replayed().rules

    @property
    def actions(self) -> list[tuple[int, Action]]:
        return list(self._replayed().actions)

    @property
    def chance_log(self) -> list[tuple[Chance, ChanceOutcome]]:
        _actions, chance = self.log()
        return [_chance_entry(entry, self.players) for entry in chance]

    def _replayed(self) -> _Replay:
        actions, chance = self.log()
        replay = self._replay
        if replay is None:
            replay = self._replay = _Replay(self.spec.create(self.players, self.options))
            _advance(replay, chance, self.players)
        for entry in actions[len(replay.actions) :]:
            seat, action_id = entry >> 8, entry & 0xFF
            hand = [int(c) for c in replay.rules.hands[seat]]  # type: ignore[attr-defined]
            action = self.space.decode(hand, action_id)
            replay.rules.apply(seat, action)
            replay.actions.append((seat, action))
            _advance(replay, chance, self.players)
        return replay

    # -- ids and dicts -------------------------------------------------------------------------

    def encode(self, action: Mapping[str, Any]) -> int:
        seat = self.current_player
        if seat is None:
            raise GameOver("the game is over")
        return self.space.encode(self.hand(seat), canonical_action(action))

    def decode(self, action_id: int) -> Action:
        seat = self.current_player
        if seat is None:
            raise GameOver("the game is over")
        if action_id not in self.legal_actions():
            raise IllegalAction(self._refusal(action_id))
        return self.space.decode(self.hand(seat), action_id)

    def clone(self) -> CribbageEnv:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._copy_from(self)
        twin._seeds = random.Random()
        twin._seeds.setstate(self._next_seeds().getstate())
        twin._replay = None  # replayed again if the clone is asked for events
        return twin


def _chance_entry(entry: int | bytes, players: int) -> tuple[Chance, ChanceOutcome]:
    if isinstance(entry, int):
        return Pick(players), (entry,)  # the first dealer: every seat is still in the game
    return _SHUFFLE, tuple(DECK[c] for c in entry)


def _advance(replay: _Replay, chance: list[int | bytes], players: int) -> None:
    """Chance from the log and the table's automatic moves, as ``Game`` advances."""
    rules = replay.rules
    while rules.outcome is None:
        if rules.pending_chance() is not None:
            _step, outcome = _chance_entry(chance[replay.chance_used], players)
            replay.chance_used += 1
            rules.resolve_chance(outcome)
            continue
        auto = rules.auto_action()
        if auto is None:
            return
        rules.apply(*auto)
