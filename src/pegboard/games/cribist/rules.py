"""Cribist (docs/rules.md, "Cribist"): whist tricks, each scored like a cribbage hand, with
Muggins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.cards import DECK, NAME_OF, RANK_OF, SUIT_OF, Card, card_names, parse_card
from pegboard.core.chance import Chance, ChanceOutcome, Pick, Shuffle
from pegboard.core.claims import CountingRound, canonical_claim
from pegboard.core.events import end_event, hide_other_hands, peg
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome, rank_sides
from pegboard.core.rules import Event, Rules
from pegboard.core.wire import CountAction
from pegboard.errors import CardError, IllegalAction
from pegboard.games.cribist.actions import CribistAction
from pegboard.games.cribist.deal import PLAYERS, deal
from pegboard.games.cribist.events import CribistEvent, Trick
from pegboard.games.cribist.views import CribistView
from pegboard.scoring import ScoreItem, score_trick

CUT = "cut"
DEAL = "deal"
PLAY = "play"
COUNT = "count"  # manual counting of the trick just won
OVER = "over"


def trick_winner(trick: list[tuple[int, Card]], trump: int) -> int:
    """The seat of the highest trump, else of the highest card of the suit led (Ace low)."""
    led = SUIT_OF[trick[0][1]]
    trumps = [(RANK_OF[c], s) for s, c in trick if SUIT_OF[c] == trump]
    following = trumps or [(RANK_OF[c], s) for s, c in trick if SUIT_OF[c] == led]
    return max(following)[1]


class CribistRules(Rules[CribistAction, CribistEvent, CribistView]):
    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(players, options)
        self.manual = options["counting"] == "manual"
        self.end = str(options["end"])
        self.target = int(options["score_target"])
        self.deals = int(options["deals"])
        self.scores = [0] * PLAYERS
        self.phase = CUT
        self.dealer = -1
        self.hand_number = 0
        self.time_is_up = False
        self.leaver = -1
        self._new_hand_state()

    def _new_hand_state(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.trump = -1
        self.turn = -1
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: Trick | None = None
        self.tricks: list[Trick] = []
        """This hand's finished tricks, in order: what every seat saw played."""
        self.tricks_won = [0] * PLAYERS
        self.counting: CountingRound | None = None

    @property
    def timed(self) -> bool:
        return self.end == "minutes"

    # -- who acts, and how -----------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            return (self.turn,)
        if self.phase == COUNT and self.counting is not None:
            return self.counting.to_act
        return ()

    def hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def legal(self, seat: int) -> Sequence[CribistAction]:
        if self.phase == COUNT and self.counting is not None:
            return self.counting.legal(seat)
        if self.phase != PLAY or seat != self.turn:
            return []
        return [{"type": "play", "card": NAME_OF[c]} for c in self.playable(seat)]

    def playable(self, seat: int) -> list[Card]:
        """Follow the suit led if you can; otherwise any card."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        led = SUIT_OF[self.trick[0][1]]
        following = [c for c in hand if SUIT_OF[c] == led]
        return following or list(hand)

    def canonical(self, action: Mapping[str, Any]) -> CribistAction:
        kind = action.get("type")
        if kind == "play":
            card = action.get("card")
            if not isinstance(card, str):
                raise IllegalAction('a play names one card: {"type": "play", "card": "5H"}')
            try:
                return {"type": "play", "card": NAME_OF[parse_card(card)]}
            except CardError as error:
                raise IllegalAction(str(error)) from None
        if kind in ("claim", "muggins", "pass"):
            return canonical_claim(action)
        raise IllegalAction(
            f"unknown action type {kind!r} for cribist; use play, claim, muggins or pass"
        )

    def check_open(self, seat: int, action: CribistAction, legal: Sequence[CribistAction]) -> None:
        if self.phase == COUNT and self.counting is not None:
            self.counting.check(seat, action)
        elif action["type"] == "play" and parse_card(action["card"]) in self.hands[seat]:
            led = NAME_OF[self.trick[0][1]][-1]
            raise IllegalAction(f"you must follow suit ({led}) while you can")
        else:
            super().check_open(seat, action, legal)

    def apply(self, seat: int, action: CribistAction) -> None:
        if action["type"] == "play":
            self._play(seat, parse_card(action["card"]))
        else:
            self._count_step(seat, action)

    # -- chance ----------------------------------------------------------------------------

    def pending_chance(self) -> Chance | None:
        if self.phase == CUT:
            return Pick(PLAYERS)
        if self.phase == DEAL:
            return Shuffle(DECK)
        return None

    def chance_hand(self) -> int:
        """Both chance steps (the first dealer, the shuffle) come before the deal they belong
        to: they are the next hand's."""
        return self.hand_number + 1

    def resolve_chance(self, outcome: ChanceOutcome) -> None:
        if self.phase == CUT:
            self.dealer = outcome[0]
            self.phase = DEAL
            return
        self._deal([DECK[c] for c in outcome])

    # -- the hand --------------------------------------------------------------------------

    def _deal(self, deck: list[Card]) -> None:
        """Thirteen each, one at a time, starting on the dealer's left."""
        self._new_hand_state()
        self.hand_number += 1
        self.hands = deal(deck, self.dealer)
        self.turn = (self.dealer + 1) % PLAYERS
        self.phase = PLAY
        self.events.append(
            {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "hands": [card_names(h) for h in self.hands],
                "crib": [],
            }
        )

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if self.trump < 0:  # the first lead of the hand names trumps
            self.trump = SUIT_OF[card]
        self.trick.append((seat, card))
        self.events.append({"type": "play", "seat": seat, "card": NAME_OF[card]})
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return
        winner = trick_winner(self.trick, self.trump)
        self.tricks_won[winner] += 1
        cards = tuple(c for _, c in self.trick)
        by_seat = [""] * PLAYERS
        for s, c in self.trick:
            by_seat[s] = NAME_OF[c]
        trick: Trick = {
            "cards": by_seat,
            "winner": winner,
            "trump": "CDHS"[self.trump],
            "leader": self.trick[0][0],
        }
        self.last_trick = trick
        self.tricks.append(trick)
        self.events.append(
            {
                "type": "trick",
                "cards": by_seat,
                "winner": winner,
                "trump": trick["trump"],
                "leader": trick["leader"],
            }
        )
        self.trick = []
        self.turn = winner
        score = score_trick(cards, self.trump)
        if self.manual:
            self.phase = COUNT
            others = tuple((winner + k) % PLAYERS for k in range(1, PLAYERS))
            self.counting = CountingRound(winner, "trick", cards, score.items, others)
            return
        if score.total and self._score(winner, score.items):
            return
        self._next_trick()

    def _count_step(self, seat: int, action: CountAction) -> None:
        counting = self.counting
        assert counting is not None
        event, items = counting.step(seat, action)
        self.events.append(event)
        if items and self._score(seat, items):
            return
        if counting.done:
            self.counting = None
            self.phase = PLAY
            self._next_trick()

    def _next_trick(self) -> None:
        if any(self.hands):
            return
        # The hand is over: a point per trick, from the dealer's left.
        for k in range(1, PLAYERS + 1):
            seat = (self.dealer + k) % PLAYERS
            won = self.tricks_won[seat]
            if won and self._score(seat, (ScoreItem("tricks", won, ()),)):
                return
        if self.end == "deals" and self.hand_number >= self.deals:
            self._finish("deals")
        elif self.end == "minutes" and self.time_is_up:
            self._finish("minutes")
        else:
            self.dealer = (self.dealer + 1) % PLAYERS
            self.phase = DEAL

    # -- scores, time, leaving, the end ----------------------------------------------------

    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        self.events.append(peg(self.scores, (seat,), seat, items))
        if self.end == "target" and self.scores[seat] >= self.target:
            self._finish("target")
            return True
        return False

    def time_up(self) -> None:
        if not self.timed:
            raise IllegalAction("this game is not played against the clock (end is not minutes)")
        if not self.time_is_up:
            self.time_is_up = True
            self.events.append({"type": "time-up"})

    def leave(self, seat: int) -> None:
        self.leaver = seat
        self.events.append({"type": "leave", "seat": seat, "rank": PLAYERS})
        self._finish("leave")

    def in_game(self, seat: int) -> bool:
        return self.leaver != seat and self.outcome is None

    def _finish(self, reason: str) -> None:
        fixed = {self.leaver: PLAYERS} if self.leaver >= 0 else {}
        ranks = rank_sides(self.scores, [[s] for s in range(PLAYERS)], fixed)
        self.outcome = Outcome(tuple(self.scores), ranks, reason)
        self.phase = OVER
        self.turn = -1
        self.counting = None
        self.events.append(end_event(self.outcome))

    # -- what each seat may see ------------------------------------------------------------

    def view(self, seat: int | None) -> CribistView:
        mine = seat is not None and 0 <= seat < PLAYERS
        return {
            "game": "cribist",
            "players": PLAYERS,
            "seat": seat,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer if self.dealer >= 0 else None,
            "to_act": list(self.to_act),
            "turn": self.turn if self.phase == PLAY else None,
            "scores": list(self.scores),
            "end": self.end,
            "target": self.target,
            "deals": self.deals,
            "time_is_up": self.time_is_up,
            "hand": card_names(self.hands[seat]) if mine and seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trump": "CDHS"[self.trump] if self.trump >= 0 else None,
            "trick": [{"seat": s, "card": NAME_OF[c]} for s, c in self.trick],
            "last_trick": self.last_trick.copy() if self.last_trick else None,
            "tricks": [{**t, "cards": list(t["cards"])} for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "counting_mode": "manual" if self.manual else "auto",
            "counting": self.counting.to_json() if self.counting is not None else None,
            "outcome": self.outcome.to_json() if self.outcome is not None else None,
        }

    def redact(self, event: Event, seat: int | None) -> Event:
        return hide_other_hands(event, seat) if event["type"] == "deal" else dict(event)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return {c for s in range(PLAYERS) if s != seat for c in self.hands[s]}
