"""``Env``: one game as a step-level environment over the same rules objects as ``Game``.

The environment drives the game's :class:`~pegboard.core.rules.Rules` directly: integer
action ids in, chance and the table's automatic moves resolved until a seat must act, the
rewards of every seat out. Its records are ``Game``'s records: the same seed and the same
actions give the same events, chance and outcome (a differential test holds it to that).

Decisions several seats make at once (the discard) are taken one seat at a time, lowest
seat number first; ``current_player`` is always a single seat.

This is the environment of every game in pure Python. Cribbage has a compiled one as well
(:class:`pegboard.env.cribbage_env.CribbageEnv`, the same interface over the C rules core), which
:func:`pegboard.env.factory.make` gives whenever the core was built.
"""

from __future__ import annotations

import copy
import operator
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from pegboard.cards import NAME_OF
from pegboard.core.chance import Chance, ChanceOutcome, ChanceSource, SeededChance, outcome_to_json
from pegboard.core.game import write_record
from pegboard.core.outcome import Outcome
from pegboard.core.rules import Action, Event, Rules
from pegboard.core.spec import GameSpec, get_spec
from pegboard.core.wire import BotView, Record
from pegboard.env.games import EnvGame, env_game, env_games
from pegboard.env.layout import Observation
from pegboard.errors import GameOver, IllegalAction, OptionError

REWARDS = ("rank", "score")
Rewards = tuple[float, ...]


class Env:
    """``env = make("cribbage", players=2)``; ``env.reset(seed)``; then ``env.step(id)``
    with one of ``env.legal_actions()`` for ``env.current_player`` until ``env.done``."""

    def __init__(self, game: str, players: int, reward: str = "rank", **options: Any) -> None:
        self.spec = get_spec(game)
        known = env_game(self.spec.name)
        if known is None:
            known_games = ", ".join(env_games())
            raise OptionError(f"no environment for {self.spec.title}; known: {known_games}")
        if reward not in REWARDS:
            raise OptionError(f"reward is 'rank' or 'score', not {reward!r}")
        self.game: EnvGame = known
        self.players = players
        self.reward = reward
        self.options = self.spec.resolve(players, {**known.defaults, **options})
        known.check(self.options)
        self.space = known.space
        self._observer = known.observer(players)
        self.layout = self._observer.layout
        self._seeds: random.Random | None = random.Random()
        self._zeros: Rewards = (0.0,) * players
        self._prepare()
        self.reset(self._next_seeds().randrange(2**31))

    def _prepare(self) -> None:
        """What a subclass sets up once, after the options and before the first reset."""

    # -- sizes -----------------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return self.space.size

    @property
    def observation_size(self) -> int:
        return self.layout.size

    # -- a new game ------------------------------------------------------------------------

    def reset(self, seed: int | str | None = None, *, chance: ChanceSource | None = None) -> None:
        """A new game. ``seed`` fixes every shuffle, cut and die roll (the same seed as
        ``new_game(seed=...)`` gives the same chance); without one the next seed comes from
        the generator the last seed started. ``chance`` overrides the seeded source (tests,
        replays)."""
        if seed is None:
            seed = self._next_seeds().randrange(2**31)
        else:
            self._seeds = None  # random.Random(seed), made when a reset without a seed asks
        self.seed = seed
        self.chance: ChanceSource = chance if chance is not None else SeededChance(seed)
        self._rules: Rules = self.spec.create(self.players, self.options)
        self._actions: list[tuple[int, Action]] = []
        self._chance_log: list[tuple[Chance, ChanceOutcome]] = []
        self._hand_start = 0  # index of the latest deal event
        self._legal: list[int] | None = None  # the current player's legal ids, once asked
        self._current: int | None = None
        self._margins = self._score_margins()
        self._advance()

    # -- what the table shows --------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, ``None`` when the game is over."""
        return self._current

    @property
    def rules(self) -> Rules:
        """The game's rules object (its state, views and events)."""
        return self._rules

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """Every action taken so far: (seat, action dict)."""
        return self._actions

    @property
    def chance_log(self) -> list[tuple[Chance, ChanceOutcome]]:
        """Every chance step resolved so far, with its outcome."""
        return self._chance_log

    @property
    def done(self) -> bool:
        return self._rules.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._rules.outcome

    @property
    def events(self) -> list[Event]:
        return self.rules.events

    def legal_actions(self) -> list[int]:
        """The legal ids of the current player, ascending (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            seat = self.current_player
            legal = self._legal = [] if seat is None else self.game.legal_ids(self._rules, seat)
        return legal

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self.space.size, dtype=np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def action_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """int8 mask of ``seat``'s legal ids: all zeros unless it is the seat to act
        (PettingZoo's ``action_mask``)."""
        mask = np.zeros(self.space.size, dtype=np.int8)
        if seat == self._current:
            mask[self.legal_actions()] = 1
        return mask

    def observation_dict(self, seat: int) -> dict[str, Any]:
        """``{"observation": ..., "action_mask": ...}`` for ``seat``: PettingZoo's observation
        (the mask is int8, all zeros unless the seat is to act)."""
        return {"observation": self.observation(seat), "action_mask": self.action_mask(seat)}

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation (float32, ``observation_size`` long), built from its view."""
        self._check_seat(seat)
        return self._observer(self._rules, seat, self._hand_start)

    def view(self, seat: int) -> BotView:
        """What a bot in ``seat`` is shown, ``Game.view`` style (with ``legal``)."""
        self._check_seat(seat)
        data: BotView = self.rules.view(seat)  # the rest filled in below
        legal = self.rules.legal(seat) if seat == self.current_player else []
        data["legal"] = list(legal)
        data["version"] = len(self.rules.events)
        data["options"] = dict(self.options)
        data["seats"] = _seats(self.players)
        return data

    def encode(self, action: Mapping[str, Any]) -> int:
        """The id of an action dict of the current player (a bot's answer, say)."""
        seat = self.current_player
        if seat is None:
            raise GameOver("the game is over")
        canonical = self.rules.canonical(action)
        return self.space.encode(self.rules.hand(seat), canonical)

    def decode(self, action_id: int) -> Action:
        """The action dict a legal id of the current player stands for."""
        seat = self.current_player
        if seat is None:
            raise GameOver("the game is over")
        if action_id not in self.legal_actions():
            raise IllegalAction(self._refusal(action_id))
        kind = self.space.kind_of(action_id)
        if kind in _DECODED_FROM_LEGAL:
            return next(
                a
                for a in self.rules.legal(seat)
                if self.space.encode(self.rules.hand(seat), a) == action_id
            )
        return self.space.decode(self.rules.hand(seat), action_id)

    # -- acting ----------------------------------------------------------------------------

    def step(self, action: int) -> Rewards:
        """The current player takes ``action`` (an id); the rewards every seat got for it,
        with chance and automatic moves up to the next decision. An illegal id is refused
        and changes nothing."""
        seat = self.current_player
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action.__class__ is int and action < PLAYS and action in legal:
            # The hot path: a card played. Everything else is checked and decoded in full.
            chosen: Action = {"type": "play", "card": NAME_OF[action]}
        else:
            chosen = self.decode(as_action_id(action))
        assert seat is not None
        self._rules.apply(seat, chosen)
        self._actions.append((seat, chosen))
        self._advance()
        if self.reward == "rank" and self._rules.outcome is None:
            return self._zeros
        return self._rewards()

    def _next_seeds(self) -> random.Random:
        """The generator of the seeds of resets without one, started by the last seed given."""
        if self._seeds is None:
            self._seeds = random.Random(self.seed)
        return self._seeds

    def clone(self) -> Env:
        """An independent copy of the game in progress, for search."""
        twin = self.__class__.__new__(self.__class__)  # not copy.copy: a subclass pickles
        twin.__dict__.update(self.__dict__)
        twin._rules = copy_rules(self.rules, self.spec)
        twin._actions = list(self.actions)
        twin._chance_log = list(self.chance_log)
        twin._seeds = random.Random()
        twin._seeds.setstate(self._next_seeds().getstate())
        twin._legal = None if self._legal is None else list(self._legal)
        return twin

    def record(self) -> Record:
        """The game so far as a ``pegboard-record/1`` record, as ``Game.record()`` writes it."""
        return write_record(
            self.spec.name,
            self.seed,
            self.options,
            _seats(self.players),
            self.rules,
            [{"seat": s, "action": dict(a)} for s, a in self.actions],
            [outcome_to_json(step, o) for step, o in self.chance_log],
        )

    # -- internals -------------------------------------------------------------------------

    def _advance(self) -> None:
        """Chance steps and automatic moves until a seat must act (as ``Game`` does)."""
        rules = self._rules
        while rules.outcome is None:
            step = rules.pending_chance()
            if step is not None:
                self._resolve(step)
                continue
            auto = rules.auto_action()
            if auto is None:
                break
            rules.apply(*auto)
        self._legal = None
        if rules.outcome is None:
            waiting = rules.to_act
            self._current = waiting[0] if len(waiting) == 1 else min(waiting)
        else:
            self._current = None

    def _resolve(self, step: Chance) -> None:
        """One chance step from the source; a deal starts a new hand for the observations."""
        rules = self._rules
        events_before = len(rules.events)
        outcome = self.chance.resolve(step, len(self._chance_log))
        self._chance_log.append((step, outcome))
        rules.resolve_chance(outcome)
        events = rules.events
        for i in range(len(events) - 1, events_before - 1, -1):
            if events[i]["type"] == "deal":
                self._hand_start = i
                break

    def _rewards(self) -> Rewards:
        if self.reward == "score":
            before, self._margins = self._margins, self._score_margins()
            return tuple(a - b for a, b in zip(self._margins, before, strict=True))
        outcome = self.rules.outcome
        if outcome is None:
            return self._zeros
        sides = len(set(self._side_keys()))
        if sides < 2:
            return self._zeros
        return tuple((sides + 1 - 2 * rank) / (sides - 1) for rank in outcome.ranks)

    def _score_margins(self) -> tuple[float, ...]:
        """Per seat: its side's score less the mean score of the other sides."""
        scores = self.rules.scores
        keys = self._side_keys()
        firsts = {k: s for s, k in reversed(list(enumerate(keys)))}
        side_scores = {k: scores[s] for k, s in firsts.items()}
        others = len(side_scores) - 1 or 1
        total = sum(side_scores.values())
        return tuple(float(side_scores[k] - (total - side_scores[k]) / others) for k in keys)

    def _side_keys(self) -> list[int]:
        """Per seat, the lowest seat of its side (teams share a score)."""
        key = list(range(self.players))
        for side in self.rules.sides():
            for s in side:
                key[s] = min(side)
        return key

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")

    def _refusal(self, action_id: int) -> str:
        legal = self.legal_actions()
        return f"action {action_id} is not legal now; legal ids: {legal[:40]}"


_DECODED_FROM_LEGAL = ("split",)  # its meaning depends on the Magic being shared out
PLAYS = 52  # ids 0..51 play a card in every game


def copy_rules(rules: Rules, spec: GameSpec) -> Rules:
    """An independent copy of a game's rules object (its state and events)."""
    # The rules' tables that never change and the spec are shared; events are never changed
    # once written.
    memo: dict[int, Any] = {id(spec): spec, id(rules.events): []}
    for table in rules.shared():
        memo[id(table)] = table
    twin = copy.deepcopy(rules, memo)
    twin.events = list(rules.events)
    return twin


def as_action_id(action: object) -> int:
    if isinstance(action, bool):
        raise IllegalAction(f"an action is an integer id, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalAction(f"an action is an integer id, not {action!r}") from None


def _seats(players: int) -> list[dict[str, str]]:
    return [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)]
