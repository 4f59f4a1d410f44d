"""``ChanceEnv``: the environment with chance as explicit nodes, for search and game theory.

Where :class:`~pegboard.env.game_env.Env` resolves chance inside ``step``, ``ChanceEnv`` stops at
every chance step of the rules: ``current_player`` is :data:`CHANCE`, ``chance_outcomes()``
lists the outcomes with their probabilities, and the researcher either ``step``\\ s one of them
or lets the environment ``sample_chance()``. A step is taken apart into draws that can each be
listed:

- a **pick** (who deals first) is one draw of ``0 .. n-1``, each ``1/n``;
- a **roll** of ``d`` dice is ``d`` draws of a die, outcome ``value - 1``, each ``1/6``;
- a **shuffle** is dealt one card at a time, top of the deck first: each draw is a card id
  among the cards not drawn yet, all equally likely. ``sample_chance(whole=True)`` draws the
  rest of the step in one call.

A game whose deal leaves a card face down until a decision turns it (Cribbage's starter,
:class:`~pegboard.env.games.LaterCard`) draws that card at its own chance node, after the
decision and before its effect: so expectimax over a discard sees the starter as a chance
node below it, as the table does.

Sampling draws what ``Game`` draws: every outcome comes from the seeded source (the first card
of the step's seeded order not drawn yet; the die or the pick the seed gives), so a game
sampled throughout is the very game ``Env`` and ``Game`` play with that seed. Picked outcomes
make a game whose record replays through ``Game`` like any other (its chance log holds the
deck the draws made).
"""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.core.chance import Chance as ChanceStep
from pegboard.core.chance import ChanceOutcome, ChanceSource, Pick, Roll, Shuffle
from pegboard.core.rules import Action, Rules
from pegboard.env.game_env import Env, Rewards, as_action_id, copy_rules
from pegboard.errors import IllegalAction

CHANCE = -1
"""``current_player`` at a chance node (OpenSpiel's ``kChancePlayerId``)."""

DIE_FACES = 6


@dataclass
class _FaceDown:
    """A deal that left its next card undrawn: the rules as they were before the deal, the
    cards drawn, and where in the logs the deal stands (to deal again with the card chosen)."""

    before: Rules
    step: Shuffle
    drawn: list[int]
    chance_index: int
    actions_at: int


class ChanceEnv(Env):
    """``ChanceEnv("cribbage", 2)``: ``Env`` with chance nodes (see the module text). At a chance
    node ``legal_actions()`` are the outcome ids and ``step(outcome)`` draws one."""

    def reset(self, seed: int | str | None = None, *, chance: ChanceSource | None = None) -> None:
        self._step: ChanceStep | None = None  # the rules' pending chance step
        self._drawn: list[int] = []  # its draws so far
        self._face_down: _FaceDown | None = None
        self._held: tuple[int, Action] | None = None  # the action that turns the face-down card
        self._seeded: dict[int, ChanceOutcome] = {}
        self.steps: list[tuple[int, int | Action]] = []
        """Every step so far: (CHANCE, outcome id) or (seat, action dict)."""
        self.deal_start: tuple[ChanceEnv, int] | None = None
        """The game as it was at the first draw of the current hand's deal, and the number of
        ``steps`` then: a hand is replayed from there (:mod:`pegboard.env.resample`)."""
        self._hand_mark = -1  # len(actions) when deal_start was taken
        super().reset(seed, chance=chance)

    # -- chance nodes ----------------------------------------------------------------------

    @property
    def is_chance_node(self) -> bool:
        return self._current == CHANCE

    @property
    def chance_kind(self) -> str | None:
        """What the chance node draws: ``"pick"``, ``"die"``, ``"card"`` (a shuffle, one card
        at a time) or ``"face-down card"``; ``None`` away from chance nodes."""
        if self._current != CHANCE:
            return None
        step = self._step
        if step is None:
            return "face-down card"
        return "pick" if isinstance(step, Pick) else "die" if isinstance(step, Roll) else "card"

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome id, probability) of the chance node, ids ascending; empty elsewhere."""
        ids = self._outcome_ids()
        p = 1.0 / len(ids) if ids else 0.0
        return [(i, p) for i in ids]

    def legal_actions(self) -> list[int]:
        if self._current == CHANCE:
            return self._outcome_ids()
        return super().legal_actions()

    def sample_chance(self, *, whole: bool = False) -> list[int]:
        """Draw the chance node's outcome from the seeded source (what ``Game`` would draw) and
        step it; with ``whole=True`` every draw left in the rules' chance step (a whole
        shuffle). Returns the outcome ids drawn."""
        if self._current != CHANCE:
            raise IllegalAction("this is not a chance node")
        drawn: list[int] = []
        steps_before, face_down = len(self.chance_log), self._step is None
        while True:
            outcome = self._seeded_draw()
            drawn.append(outcome)
            self.step(outcome)
            ended = face_down or len(self.chance_log) != steps_before
            if not whole or ended or self._current != CHANCE:
                return drawn

    def step(self, action: int) -> Rewards:
        if self._current == CHANCE:
            return self._draw(action)
        seat = self._current
        if seat is None:
            return super().step(action)  # game over: refused
        self.steps.append((seat, self.decode(as_action_id(action))))
        if self._turns_face_down(seat):
            # The face-down card is drawn before the action that turns it takes effect.
            self._held = (seat, self.decode(action))
            self._current = CHANCE
            self._legal = None
            return self._zeros
        return super().step(action)

    def clone(self) -> ChanceEnv:
        twin = super().clone()
        assert isinstance(twin, ChanceEnv)
        twin._drawn = list(self._drawn)
        twin._seeded = dict(self._seeded)
        twin.steps = list(self.steps)
        if self._face_down is not None:  # the snapshot itself is never changed: share it
            f = self._face_down
            twin._face_down = _FaceDown(
                f.before, f.step, list(f.drawn), f.chance_index, f.actions_at
            )
        return twin

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its steps (the compiled rules core is not pickled): unpickling plays
        them again."""
        return (_replayed, (self.spec.name, self.players, self.reward, dict(self.options),
                            self.seed, list(self.steps)))  # fmt: skip

    # -- internals -------------------------------------------------------------------------

    def _advance(self) -> None:
        """Automatic moves until a seat must act or chance must be drawn."""
        rules = self._rules
        self._legal = None
        while rules.outcome is None:
            step = rules.pending_chance()
            if step is not None:
                self._step, self._drawn = step, []
                self._current = CHANCE
                return
            auto = rules.auto_action()
            if auto is None:
                break
            rules.apply(*auto)
        self._step = None
        if rules.outcome is None:
            waiting = rules.to_act
            self._current = waiting[0] if len(waiting) == 1 else min(waiting)
        else:
            self._current = None

    def _turns_face_down(self, seat: int) -> bool:
        later = self.game.later
        return (
            self._face_down is not None and later is not None and later.turned_by(self._rules, seat)
        )

    def _outcome_ids(self) -> list[int]:
        if self._current != CHANCE:
            return []
        step = self._step
        if step is None:  # the face-down card
            assert self._face_down is not None
            taken = set(self._face_down.drawn)
            return sorted(int(c) for c in self._face_down.step.cards if c not in taken)
        if isinstance(step, Pick):
            return list(range(step.choices))
        if isinstance(step, Roll):
            return list(range(DIE_FACES))
        taken = set(self._drawn)
        return sorted(int(c) for c in step.cards if c not in taken)

    def _draw(self, outcome: object) -> Rewards:
        if isinstance(outcome, bool) or not isinstance(outcome, int):
            raise IllegalAction(f"a chance outcome is an integer id, not {outcome!r}")
        legal = self._outcome_ids()
        if outcome not in legal:
            raise IllegalAction(f"{outcome} is not an outcome of this chance node: {legal[:52]}")
        step = self._step
        if isinstance(step, Shuffle) and not self._drawn and self._hand_mark != len(self.actions):
            self._hand_mark = len(self.actions)
            self.deal_start = None
            self.deal_start = (self.clone(), len(self.steps))
        self.steps.append((CHANCE, outcome))
        if step is None:
            self._turn_face_down(outcome)
            return self._after_action()
        self._drawn.append(outcome)
        if isinstance(step, Pick):
            self._resolve_drawn(step, (outcome,))
        elif isinstance(step, Roll):
            if len(self._drawn) == step.dice:
                self._resolve_drawn(step, tuple(v + 1 for v in self._drawn))
        else:
            later = self.game.later
            dealt = later.dealt(self._rules) if later is not None else len(step.cards)
            if len(self._drawn) == dealt:
                self._deal(step, dealt)
        return self._zeros

    def _deal(self, step: Shuffle, dealt: int) -> None:
        """The shuffle's drawn cards on top, the rest under them in the seeded order (a
        face-down card is drawn again at its own node)."""
        drawn = list(self._drawn)
        if dealt < len(step.cards):
            self._face_down = _FaceDown(
                copy_rules(self._rules, self.spec), step, drawn, len(self.chance_log),
                len(self.actions),
            )  # fmt: skip
        self._resolve_drawn(step, self._deck(step, drawn, len(self.chance_log)))

    def _deck(self, step: Shuffle, top: list[int], index: int) -> ChanceOutcome:
        taken = set(top)
        order = self._seeded_outcome(step, index)
        return (*top, *(c for c in order if c not in taken))

    def _resolve_drawn(self, step: ChanceStep, outcome: ChanceOutcome) -> None:
        self._step, self._drawn = None, []
        rules = self._rules
        events_before = len(rules.events)
        self._chance_log.append((step, outcome))
        rules.resolve_chance(outcome)
        events = rules.events
        for i in range(len(events) - 1, events_before - 1, -1):
            if events[i]["type"] == "deal":
                self._deal_start = i
                break
        self._advance()

    def _turn_face_down(self, card: int) -> None:
        """Deal the hand again from the rules before the deal with ``card`` next on the deck,
        take this hand's actions again, then the held action that turns it."""
        face_down, held = self._face_down, self._held
        assert face_down is not None and held is not None
        self._face_down = self._held = None
        deck = self._deck(face_down.step, [*face_down.drawn, card], face_down.chance_index)
        rules = copy_rules(face_down.before, self.spec)
        rules.resolve_chance(deck)
        for seat, action in self.actions[face_down.actions_at :]:
            _autos(rules)
            rules.apply(seat, action)
        self._chance_log[face_down.chance_index] = (face_down.step, deck)
        self._rules = rules
        rules.apply(*held)
        self._actions.append(held)
        self._advance()

    def _after_action(self) -> Rewards:
        if self.reward == "rank" and self._rules.outcome is None:
            return self._zeros
        return self._rewards()

    def _seeded_outcome(self, step: ChanceStep, index: int) -> ChanceOutcome:
        outcome = self._seeded.get(index)
        if outcome is None:
            outcome = self._seeded[index] = self.chance.resolve(step, index)
        return outcome

    def _seeded_draw(self) -> int:
        step = self._step
        index = len(self.chance_log)
        if step is None:
            assert self._face_down is not None
            step, index = self._face_down.step, self._face_down.chance_index
            taken = set(self._face_down.drawn)
        else:
            taken = set(self._drawn)
        order = self._seeded_outcome(step, index)
        if isinstance(step, Pick):
            return order[0]
        if isinstance(step, Roll):
            return order[len(self._drawn)] - 1
        return next(int(c) for c in order if c not in taken)


def _replayed(
    game: str,
    players: int,
    reward: str,
    options: dict[str, object],
    seed: int | str,
    steps: list[tuple[int, int | Action]],
) -> ChanceEnv:
    env = ChanceEnv(game, players, reward, **options)
    env.reset(seed)
    for who, step in steps:
        env.step(step if who == CHANCE else env.encode(step))  # type: ignore[arg-type]
    return env


def _autos(rules: Rules) -> None:
    while rules.outcome is None and rules.pending_chance() is None:
        auto = rules.auto_action()
        if auto is None:
            return
        rules.apply(*auto)
