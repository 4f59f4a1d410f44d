"""Cribbage is not Enough (docs/rules.md, "Cribbage is not Enough") as a pure state machine.

A hand goes: the dealer takes a colour for their team, both team decks are shuffled (one
chance step each), each player is dealt from their own team's deck and discards to 4 (grey
and blue crib piles); the cut turns up each deck's Top (his nob, her pot); each team with a
court card on top may use one of its powers (the dealer says which team goes first); the 31
count; the show, hand + own Top, from the dealer's left; the intelligence bonus; the battle for
the crib (dice as chance steps); rob the cradle; each team counts the crib cards it owns.

Each phase is a module of functions over the state (:mod:`pegboard.games.not_enough.steps`);
this class calls them and answers the engine: who acts, what is legal, which action does what,
chance, and what each seat may see (:mod:`pegboard.games.not_enough.seat_view`). A phase that is
done returns the :class:`~pegboard.games.not_enough.phases.Step` to run next, and
:meth:`NotEnoughRules._run` runs it: the phases never call each other.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core.chance import Chance, ChanceOutcome, Pick, Roll, Shuffle
from pegboard.core.rules import Event
from pegboard.errors import IllegalAction
from pegboard.games.count31 import GO, Leader
from pegboard.games.not_enough import actions, seat_view, views
from pegboard.games.not_enough.actions import READY, ColourKind, NotEnoughAction, every_choice
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
    Step,
)
from pegboard.games.not_enough.powers import COLOURS
from pegboard.games.not_enough.state import NotEnoughState
from pegboard.games.not_enough.steps import battle, cradle, deal, end, muggins, play, show, tops

HAND_OVERS: dict[Step, Callable[[NotEnoughState], Step | None]] = {
    Step.START_HAND: deal.start_hand,
    Step.NEXT_TOP: tops.next_top,
    Step.START_PLAY: play.start_play,
    Step.COUNT_NEXT: show.count_next,
    Step.MUGGINS_ROUND: muggins.muggins_round,
    Step.START_BATTLE: battle.start_battle,
    Step.REVEAL_CRIB: cradle.reveal_crib,
    Step.END_SHOW: end.end_show,
}


class NotEnoughRules(NotEnoughState):
    leader: ClassVar[Leader] = "pegger"  # "The player who pegged begins the count again"

    def _run(self, step: Step | None) -> None:
        """Run the steps a phase handed over to, until one waits for a player or chance."""
        while step is not None:
            step = HAND_OVERS[step](self)

    # -- the 31 count, as Count31Rules asks ------------------------------------------------

    def _count_seats(self) -> Collection[int]:
        return range(self.players)  # everyone plays every hand

    def _start_show(self) -> None:
        self._run(show.start_show(self))

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

    def legal(self, seat: int) -> Sequence[NotEnoughAction]:
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(seat)
        if phase == DISCARD:
            return every_choice("discard", self.hands[seat], len(self.hands[seat]) - KEPT)
        if phase in (COLOUR, ORDER):
            kind: ColourKind = "colour" if phase == COLOUR else "first"
            return [{"type": kind, "colour": colour} for colour in COLOURS]
        if phase == POWER:
            return [{"type": "power", "power": p} for p in tops.powers_allowed(self)]
        if phase == REVEAL:
            return every_choice("reveal", self.hands[seat], self.to_reveal[seat])
        if phase == SPLIT:
            n = tops.top_value(self, "magic")
            return [{"type": "split", "captain": k, "partner": n - k} for k in tops.splits(n)]
        if phase == MAGIC:
            return every_choice("magic", self.hands[seat], self.share[seat])
        if phase == CRADLE:
            return cradle.choices(self)
        if phase == COUNT and self.counting is not None:
            return self.counting.legal(seat)
        if phase == POST_SHOW:
            return [READY]
        return []

    def check_open(
        self, seat: int, action: NotEnoughAction, legal: Sequence[NotEnoughAction]
    ) -> None:
        if self.phase == COUNT and self.counting is not None:
            self.counting.check(seat, action)
            return
        reason = self._why_not(seat, action)
        if reason:
            raise IllegalAction(reason)
        super().check_open(seat, action, legal)

    def _why_not(self, seat: int, action: NotEnoughAction) -> str | None:
        """A plain reason for the refusals people run into most."""
        kind = action["type"]
        if action["type"] == "power" and action["power"] == "magic" and self.phase == POWER:
            n = tops.top_value(self, "magic")
            held = sum(len(self.hands[s]) for s in team_seats(self.resolving, self.players))
            return f"Magic {n} is n or nothing: your team holds {held} cards to discard"
        wanted = {REVEAL: ("reveal", self.to_reveal), MAGIC: ("magic", self.share)}.get(self.phase)
        if wanted and kind == wanted[0] and seat in wanted[1]:
            n = wanted[1][seat]
            return f"{kind} exactly {n} card{'s' if n != 1 else ''} of your hand"
        if action["type"] == "cradle" and action["action"] == "add" and self.phase == CRADLE:
            return "only a team that owns crib cards may add one (and its deck must have one)"
        return None

    def canonical(self, action: Mapping[str, Any]) -> NotEnoughAction:
        return actions.canonical(action)

    def apply(self, seat: int, action: NotEnoughAction) -> None:
        if action["type"] == "play":
            self._play(seat, parse_card(action["card"]))
            return
        if action["type"] == "go":
            self._go(seat)
            return
        if action["type"] == "discard":
            step = deal.discard(self, seat, parse_cards(action["cards"]))
        elif action["type"] == "colour":
            step = deal.colour(self, seat, action["colour"])
        elif action["type"] == "first":
            step = tops.first(self, seat, action["colour"])
        elif action["type"] == "power":
            step = tops.power(self, seat, action["power"])
        elif action["type"] == "reveal":
            step = tops.reveal(self, seat, parse_cards(action["cards"]))
        elif action["type"] == "split":
            step = tops.split(self, seat, int(action["captain"]), int(action["partner"]))
        elif action["type"] == "magic":
            step = tops.magic(self, seat, parse_cards(action["cards"]))
        elif action["type"] == "cradle":
            step = cradle.rob_the_cradle(self, seat, action)
        elif action["type"] == "ready":
            step = end.ready(self, seat)
        else:
            step = muggins.count_step(self, seat, action)
        self._run(step)

    def auto_action(self) -> tuple[int, NotEnoughAction] | None:
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
        """The battle's dice are the hand's own; the first dealer and the shuffles, the next's."""
        return self.hand_number if self.phase == BATTLE else self.hand_number + 1

    def resolve_chance(self, outcome: ChanceOutcome) -> None:
        if self.phase == CUT:
            self.dealer = outcome[0]
            self._run(Step.START_HAND)
        elif self.phase == SHUFFLE:
            colour = next(c for c in COLOURS if c not in self.shuffled)
            self.shuffled[colour] = [Card(c) for c in outcome]
            if len(self.shuffled) == len(COLOURS):
                self._run(deal.deal_hands(self))
        else:
            self._run(battle.roll(self, list(outcome)))

    # -- leaving, and whether a hand is in play ----------------------------------------------

    def leave(self, seat: int) -> None:
        end.leave(self, seat)

    def in_game(self, seat: int) -> bool:
        return seat not in self.fixed_ranks

    @property
    def hand_in_play(self) -> bool:
        return end.hand_in_play(self)

    # -- what each seat may see ------------------------------------------------------------

    def view(self, seat: int | None) -> views.NotEnoughView:
        return seat_view.view(self, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return seat_view.redact(event, seat)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return seat_view.secret_cards(self, seat)
