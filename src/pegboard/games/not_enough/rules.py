"""Cribbage is not Enough (docs/rules.md, "Cribbage is not Enough") as a pure state machine.

A hand goes: the dealer takes a colour for their team, both team decks are shuffled (one
chance step each), each player is dealt from their own team's deck and discards to 4 (grey
and blue crib piles); the cut turns up each deck's Top (his nob, her pot); each team with a
court card on top may use one of its powers (the dealer says which team goes first); the 31
count; the show, hand + own Top, from the dealer's left; the intelligence bonus; the battle for
the crib (dice as chance steps); rob the cradle; each team counts the crib cards it owns.

Each phase is a module of :mod:`pegboard.games.not_enough.steps`; this class puts them
together and answers the engine: who acts, what is legal, which action does what, chance, and
what each seat may see (:mod:`pegboard.games.not_enough.view`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core.chance import Chance, Outcome, Pick, Roll, Shuffle
from pegboard.core.rules import Action, Event
from pegboard.errors import IllegalAction
from pegboard.games.count31 import GO
from pegboard.games.not_enough import actions
from pegboard.games.not_enough import view as seat_view
from pegboard.games.not_enough.actions import READY, every_choice
from pegboard.games.not_enough.deal import KEPT, team_seats
from pegboard.games.not_enough.phases import (
    BATTLE,
    COLOUR,
    COUNT,
    CRADLE,
    CUT,
    DISCARD,
    MAGIC,
    ORDER,
    PLAY,
    POST_SHOW,
    POWER,
    REVEAL,
    SHUFFLE,
    SPLIT,
)
from pegboard.games.not_enough.powers import COLOURS
from pegboard.games.not_enough.steps.battle import BattleSteps
from pegboard.games.not_enough.steps.cradle import CradleSteps
from pegboard.games.not_enough.steps.deal import DealSteps
from pegboard.games.not_enough.steps.end import EndSteps
from pegboard.games.not_enough.steps.muggins import MugginsSteps
from pegboard.games.not_enough.steps.play import PlaySteps
from pegboard.games.not_enough.steps.show import ShowSteps
from pegboard.games.not_enough.steps.tops import TopSteps, splits


class NotEnoughRules(
    DealSteps,
    TopSteps,
    PlaySteps,
    ShowSteps,
    MugginsSteps,
    BattleSteps,
    CradleSteps,
    EndSteps,
):
    # -- who acts, and how -----------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == DISCARD:
            return tuple(s for s in range(self.players) if not self.tossed[s])
        if phase in (COLOUR, ORDER):
            return (self.dealer,)
        if phase == POWER:
            return (self.captain(self.resolving),)
        if phase == REVEAL:
            return tuple(sorted(self.to_reveal))
        if phase == SPLIT:
            return (self.captain(self.resolving),)
        if phase == MAGIC:
            return tuple(s for s in sorted(self.share) if not self.magicked[s])
        if phase == CRADLE and self.cradle_team is not None:
            return (self.captain(self.cradle_team),)
        if phase == COUNT and self.counting is not None:
            return self.counting.to_act
        if phase == POST_SHOW:
            return tuple(s for s in range(self.players) if s not in self.ready)
        return ()

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(seat)
        if phase == DISCARD:
            return every_choice("discard", self.hands[seat], len(self.hands[seat]) - KEPT)
        if phase in (COLOUR, ORDER):
            kind = "colour" if phase == COLOUR else "first"
            return [{"type": kind, "colour": colour} for colour in COLOURS]
        if phase == POWER:
            return [{"type": "power", "power": p} for p in self._powers_allowed()]
        if phase == REVEAL:
            return every_choice("reveal", self.hands[seat], self.to_reveal[seat])
        if phase == SPLIT:
            n = self._top_value("magic")
            return [{"type": "split", "captain": k, "partner": n - k} for k in splits(n)]
        if phase == MAGIC:
            return every_choice("magic", self.hands[seat], self.share[seat])
        if phase == CRADLE:
            return self._cradle_choices()
        if phase == COUNT and self.counting is not None:
            return self.counting.legal(seat)
        if phase == POST_SHOW:
            return [READY]
        return []

    def check_open(self, seat: int, action: Action, legal: list[Action]) -> None:
        if self.phase == COUNT and self.counting is not None:
            self.counting.check(seat, action)
            return
        reason = self._why_not(seat, action)
        if reason:
            raise IllegalAction(reason)
        super().check_open(seat, action, legal)

    def _why_not(self, seat: int, action: Action) -> str | None:
        """A plain reason for the refusals people run into most."""
        kind = action["type"]
        if kind == "power" and action["power"] == "magic" and self.phase == POWER:
            n = self._top_value("magic")
            held = sum(len(self.hands[s]) for s in team_seats(self.resolving, self.players))
            return f"Magic {n} is n or nothing: your team holds {held} cards to discard"
        wanted = {REVEAL: ("reveal", self.to_reveal), MAGIC: ("magic", self.share)}.get(self.phase)
        if wanted and kind == wanted[0] and seat in wanted[1]:
            n = wanted[1][seat]
            return f"{kind} exactly {n} card{'s' if n != 1 else ''} of your hand"
        if kind == "cradle" and action["action"] == "add" and self.phase == CRADLE:
            return "only a team that owns crib cards may add one (and its deck must have one)"
        return None

    def canonical(self, action: Mapping[str, Any]) -> Action:
        return actions.canonical(action)

    def apply(self, seat: int, action: Action) -> None:
        kind = action["type"]
        if kind == "play":
            self._play(seat, parse_card(action["card"]))
        elif kind == "go":
            self._go(seat)
        elif kind == "discard":
            self._discard(seat, parse_cards(action["cards"]))
        elif kind == "colour":
            self._colour(seat, action["colour"])
        elif kind == "first":
            self._first(seat, action["colour"])
        elif kind == "power":
            self._power(seat, action["power"])
        elif kind == "reveal":
            self._reveal(seat, parse_cards(action["cards"]))
        elif kind == "split":
            self._split(seat, int(action["captain"]), int(action["partner"]))
        elif kind == "magic":
            self._magic(seat, parse_cards(action["cards"]))
        elif kind == "cradle":
            self._rob_the_cradle(seat, action)
        elif kind == "ready":
            self._ready(seat)
        else:
            self._count_step(seat, action)

    def auto_action(self) -> tuple[int, Action] | None:
        """A player who cannot play says "go" by themselves: there is nothing to decide."""
        if self.phase != PLAY:
            return None
        if self.playable(self.turn):
            return None
        return (self.turn, GO)

    # -- chance ----------------------------------------------------------------------------

    def pending_chance(self) -> Chance | None:
        if self.phase == CUT:
            return Pick(self.players)
        if self.phase == SHUFFLE:
            colour = next(c for c in COLOURS if c not in self.shuffled)
            return Shuffle(self.powers.cards_of(colour))
        if self.phase == BATTLE and self.rolls_due:
            return Roll(self.rolls_due[0][1])
        return None

    def chance_hand(self) -> int:
        """The battle's dice belong to the hand being played; every other step (the first
        dealer, the decks' shuffles) comes before the deal of the next hand."""
        return self.hand_number if self.phase == BATTLE else self.hand_number + 1

    def resolve_chance(self, outcome: Outcome) -> None:
        if self.phase == CUT:
            self.dealer = outcome[0]
            self._start_hand()
        elif self.phase == SHUFFLE:
            colour = next(c for c in COLOURS if c not in self.shuffled)
            self.shuffled[colour] = [Card(c) for c in outcome]
            if len(self.shuffled) == len(COLOURS):
                self._deal()
        else:
            seat, _ = self.rolls_due.pop(0)
            self.rolls[seat] = list(outcome)
            self.events.append({"type": "roll", "seat": seat, "dice": list(outcome)})
            if not self.rolls_due:
                self._settle_battle()

    # -- what each seat may see ------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view.view(self, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return seat_view.redact(event, seat)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return seat_view.secret_cards(self, seat)
