"""Cribbage as an online platform plays it (docs/rules.md, "Cribbage"), as a pure state machine."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import combinations
from typing import Any

from pegboard.cards import DECK, NAME_OF, Card, card_names, parse_card, parse_cards
from pegboard.core.chance import Chance, ChanceOutcome, Pick, Shuffle
from pegboard.core.claims import CountingRound, canonical_claim
from pegboard.core.events import end_event, peg
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome, rank_sides
from pegboard.core.rules import Event
from pegboard.core.wire import CountAction
from pegboard.errors import CardError, IllegalAction
from pegboard.games.count31 import GO, Count31Rules
from pegboard.games.cribbage.actions import READY, CribbageAction
from pegboard.games.cribbage.deal import deal, seats_from_left
from pegboard.games.cribbage.events import CribbageDeal, CribbageEvent
from pegboard.games.cribbage.seat_view import redact, secret_cards, view
from pegboard.games.cribbage.views import CribbageShown, CribbageView
from pegboard.scoring import ScoreItem, score_show

# Phases, in the order a hand goes through them.
CUT = "cut"  # waiting for the dealer to be drawn (the first hand's; each hand's if random)
DEAL = "deal"  # waiting for the shuffle
DISCARD = "discard"
PLAY = "play"
PRE_SHOW = "pre-show"  # pause point
COUNT = "count"  # manual counting: a hand or the crib is being claimed
POST_SHOW = "post-show"  # pause point
OVER = "over"
PAUSES = (PRE_SHOW, POST_SHOW)
BETWEEN_HANDS = (CUT, DEAL, POST_SHOW, OVER)
"""Phases with no hand in play: before a deal, and after a show."""

SKUNK_TARGET = 121


class CribbageRules(Count31Rules[CribbageAction, CribbageEvent, CribbageView]):
    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(players, options)
        self.teams = bool(options["teams"])
        self.target = int(options["score_target"])
        self.skip_empty = bool(options["skip_empty"])
        self.skip_pass = bool(options["skip_pass"])
        self.skip_only_move = bool(options["skip_only_move"])
        self.manual = options["counting"] == "manual"
        self.pre_show = bool(options["pre_show"])
        self.post_show = bool(options["post_show"])
        self.dealer_rule = str(options["dealer"])  # random: drawn every hand; rotate: passes left
        self.scores = [0] * players
        self.active = list(range(players))
        self.fixed_ranks: dict[int, int] = {}
        self.phase = CUT
        self.dealer = -1
        self.hand_number = 0
        self._new_hand_state()

    def _new_hand_state(self) -> None:
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # cards not yet played
        self.kept: list[list[Card]] = [[] for _ in range(n)]  # the 4 counted in the show
        self.tossed: list[list[Card]] = [[] for _ in range(n)]  # each seat's own discards
        self.crib: list[Card] = []
        self.rest: list[Card] = []  # the undealt deck; its top card is the starter
        self.starter: Card | None = None
        self._new_count()
        self.ready: set[int] = set()
        self.shown: list[CribbageShown] = []
        self.to_count: list[tuple[int, list[Card], bool]] = []  # (seat, cards, crib) still to count
        self.counting: CountingRound | None = None

    # -- who acts, and how -----------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == DISCARD:
            return tuple(s for s in self.active if not self.tossed[s])
        if phase in PAUSES:
            return tuple(s for s in self.active if s not in self.ready)
        if phase == COUNT and self.counting is not None:
            return self.counting.to_act
        return ()

    def legal(self, seat: int) -> Sequence[CribbageAction]:
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(seat) if seat == self.turn else []
        if phase == DISCARD:
            if seat not in self.active or self.tossed[seat]:
                return []
            size = len(self.hands[seat]) - 4
            return [
                {"type": "discard", "cards": card_names(combo)}
                for combo in combinations(sorted(self.hands[seat]), size)
            ]
        if phase in PAUSES and seat in self.active and seat not in self.ready:
            return [READY]
        if phase == COUNT and self.counting is not None:
            return self.counting.legal(seat)
        return []

    def check_open(
        self, seat: int, action: CribbageAction, legal: Sequence[CribbageAction]
    ) -> None:
        if self.phase == COUNT and self.counting is not None:
            self.counting.check(seat, action)
        else:
            super().check_open(seat, action, legal)

    def canonical(self, action: Mapping[str, Any]) -> CribbageAction:
        return canonical_action(action)

    def apply(self, seat: int, action: CribbageAction) -> None:
        if action["type"] == "play":
            self._play(seat, parse_card(action["card"]))
        elif action["type"] == "go":
            self._go(seat)
        elif action["type"] == "discard":
            self._discard(seat, parse_cards(action["cards"]))
        elif action["type"] == "ready":
            self._ready(seat)
        else:
            self._count_step(seat, action)

    def auto_action(self) -> tuple[int, CribbageAction] | None:
        if self.phase != PLAY:
            return None
        seat = self.turn
        hand = self.hands[seat]
        if not hand:
            return (seat, GO) if self.skip_empty or self.skip_only_move else None
        playable = self.playable(seat)
        if not playable:
            return (seat, GO) if self.skip_pass or self.skip_only_move else None
        if self.skip_only_move and len(playable) == 1:
            return (seat, {"type": "play", "card": NAME_OF[playable[0]]})
        return None

    # -- chance ----------------------------------------------------------------------------

    def pending_chance(self) -> Chance | None:
        if self.phase == CUT:
            return Pick(len(self.active))
        if self.phase == DEAL:
            return Shuffle(DECK)
        return None

    def chance_hand(self) -> int:
        """Every chance step (the first dealer, a dealer drawn for the hand, the shuffle) comes
        before the deal it belongs to: it is the next hand's."""
        return self.hand_number + 1

    def resolve_chance(self, outcome: ChanceOutcome) -> None:
        if self.phase == CUT:
            self.dealer = self.active[outcome[0]]
            self.phase = DEAL
            return
        self._deal([DECK[c] for c in outcome])

    # -- the hand --------------------------------------------------------------------------

    def _deal(self, deck: list[Card]) -> None:
        self._new_hand_state()
        self.hand_number += 1
        hands, crib, rest = deal(deck, self.active, self.dealer, self.players)
        for seat, cards in hands.items():
            self.hands[seat] = sorted(cards)
        self.crib = crib
        self.rest = rest
        self.phase = DISCARD
        names = [card_names(h) for h in self.hands]
        event: CribbageDeal
        if self.dealer_rule == "random":  # this hand's dealer was drawn (records say so)
            event = {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "drawn": True,
                "hands": names,
                "crib": card_names(crib),
            }
        else:
            event = {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "hands": names,
                "crib": card_names(crib),
            }
        self.events.append(event)

    def _discard(self, seat: int, cards: list[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.kept[seat] = list(hand)
        self.tossed[seat] = cards
        self.crib.extend(cards)
        self.events.append({"type": "discard", "seat": seat, "cards": card_names(cards)})
        if all(self.tossed[s] for s in self.active):
            self._cut_starter()

    def _cut_starter(self) -> None:
        starter = self.starter = self.rest[0]
        self.events.append({"type": "starter", "card": str(starter)})
        heels = (ScoreItem("heels", 2, (starter,)),)
        # A Jack turned up: "his heels", 2 for the dealer, which may end the game.
        if starter.rank == 11 and self._score(self.dealer, heels):
            return
        self.phase = PLAY
        self.turn = self._next_active(self.dealer)

    def _start_show(self) -> None:
        if self.pre_show:
            self.phase = PRE_SHOW
            self.ready = set()
        else:
            self._show()

    def _show(self) -> None:
        """Each hand from the dealer's left, the dealer last, then the crib; a score that
        reaches the target ends the game there and then."""
        order = seats_from_left(self.active, self.dealer, self.players)
        self.to_count = [(seat, self.kept[seat], False) for seat in order]
        self.to_count.append((self.dealer, self.crib, True))
        self._count_next()

    def _count_next(self) -> None:
        """Lay down the next hand (or the crib) and count it, or let its owner claim it."""
        assert self.starter is not None
        while self.to_count:
            seat, cards, is_crib = self.to_count.pop(0)
            score = score_show(cards, self.starter, crib=is_crib)
            names = card_names(cards)
            points = None if self.manual else score.total
            self.shown.append({"seat": seat, "cards": names, "crib": is_crib, "points": points})
            self.events.append(
                {
                    "type": "show",
                    "seat": seat,
                    "cards": names,
                    "crib": is_crib,
                    "starter": str(self.starter),
                }
            )
            if self.manual:
                self.phase = COUNT
                callers = seats_from_left(self.active, seat, self.players)
                self.counting = CountingRound(
                    claimant=seat,
                    label="crib" if is_crib else "hand",
                    cards=(*cards, self.starter),
                    items=score.items,
                    callers=tuple(s for s in callers if s not in self.side_of(seat)),
                )
                return
            if score.total and self._score(seat, score.items):
                return
        self.counting = None
        self._end_show()

    def _count_step(self, seat: int, action: CountAction) -> None:
        """A claim, a Muggins call or a pass in manual counting."""
        counting = self.counting
        assert counting is not None
        event, items = counting.step(seat, action)
        self.events.append(event)
        if event["type"] == "claim":
            self.shown[-1]["points"] = event["points"]
        if items and self._score(seat, items):
            return
        if counting.done:
            self._count_next()

    def _end_show(self) -> None:
        if self.post_show:
            self.phase = POST_SHOW
            self.ready = set()
        else:
            self._next_hand()

    def _ready(self, seat: int) -> None:
        self.ready.add(seat)
        self.events.append({"type": "ready", "seat": seat})
        if all(s in self.ready for s in self.active):
            if self.phase == PRE_SHOW:
                self._show()
            else:
                self._next_hand()

    def _next_hand(self) -> None:
        """dealer=random: the next dealer is drawn (a chance step, docs/rules.md); rotate: the
        deal passes to the left."""
        if self.dealer_rule == "random":
            self.phase = CUT
            return
        self.dealer = self._next_active(self.dealer)
        self.phase = DEAL

    # -- scores, leaving, the end ----------------------------------------------------------

    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        """Peg ``items`` for ``seat`` (and its partner); True if that ended the game."""
        self.events.append(peg(self.scores, self.side_of(seat), seat, items))
        if self.scores[seat] >= self.target:
            self._finish("target")
            return True
        return False

    def leave(self, seat: int) -> None:
        side = self.side_of(seat)
        worst_free = max(set(range(1, len(self.sides()) + 1)) - set(self.fixed_ranks.values()))
        for s in side:
            self.fixed_ranks[s] = worst_free
            self.active.remove(s)
        self.events.append({"type": "leave", "seat": seat, "rank": worst_free})
        remaining_sides = {min(self.side_of(s)) for s in self.active}
        if len(remaining_sides) <= 1:
            self._finish("leave")
            return
        # The hand ends at once, unscored; the rest play on with a new deal.
        self._new_hand_state()
        if self.phase != CUT:
            self._next_hand()

    def in_game(self, seat: int) -> bool:
        return seat in self.active

    @property
    def hand_in_play(self) -> bool:
        return self.phase not in BETWEEN_HANDS

    def _finish(self, reason: str) -> None:
        ranks = rank_sides(self.scores, self.sides(), self.fixed_ranks)
        skunked: list[int] = []
        double: list[int] = []
        if self.target == SKUNK_TARGET and reason == "target":
            for seat, score in enumerate(self.scores):
                if seat in self.fixed_ranks:  # a leaver is ranked by leaving, not by the board
                    continue
                if ranks[seat] > 1 and score < self.target - 60:
                    double.append(seat)
                elif ranks[seat] > 1 and score < self.target - 30:
                    skunked.append(seat)
        self.outcome = Outcome(tuple(self.scores), ranks, reason, tuple(skunked), tuple(double))
        self.phase = OVER
        self.turn = -1
        self.events.append(end_event(self.outcome))

    def sides(self) -> list[list[int]]:
        if self.teams:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.players)]

    def side_of(self, seat: int) -> list[int]:
        return [seat, (seat + 2) % 4] if self.teams else [seat]

    def _count_seats(self) -> Collection[int]:
        return self.active  # those still in the game

    def _next_active(self, seat: int) -> int:
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if nxt in self.active:
                return nxt
        raise AssertionError("no player left")

    # -- what each seat may see ------------------------------------------------------------

    def view(self, seat: int | None) -> CribbageView:
        return view(self, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact(event, seat)

    def secret_cards(self, seat: int | None) -> set[Card]:
        return secret_cards(self, seat)


def canonical_action(action: Mapping[str, Any]) -> CribbageAction:
    """The canonical form of a Cribbage action (cards parsed, a discard's cards in id order);
    :class:`~pegboard.errors.IllegalAction` for a malformed one."""
    kind = action.get("type")
    try:
        if kind == "play":
            card = action.get("card")
            if not isinstance(card, str):
                raise IllegalAction('a play names one card: {"type": "play", "card": "5H"}')
            return {"type": "play", "card": NAME_OF[parse_card(card)]}
        if kind == "discard":
            cards = action.get("cards")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise IllegalAction(
                    'a discard lists cards: {"type": "discard", "cards": ["5H", "6C"]}'
                )
            return {"type": "discard", "cards": card_names(sorted(parse_cards(cards)))}
    except CardError as error:
        raise IllegalAction(str(error)) from None
    if kind == "go":
        return {"type": "go"}
    if kind == "ready":
        return {"type": "ready"}
    if kind in ("claim", "muggins", "pass"):
        return canonical_claim(action)
    raise IllegalAction(
        f"unknown action type {kind!r} for cribbage; "
        "use discard, play, go, ready, claim, muggins or pass"
    )
