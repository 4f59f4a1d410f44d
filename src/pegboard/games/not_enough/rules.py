"""Cribbage is not Enough (RULES.md §3) as a pure state machine.

A hand goes: the dealer takes a colour for their team, both team decks are shuffled (one
chance step each), each player is dealt from their own team's deck and discards to 4 (grey
and blue crib piles); the cut turns up each deck's Top (his nob, her pot); each team with a
court card on top may use one of its powers (the dealer says which team goes first); the 31
count; the show, hand + own Top, from the dealer's left; the intelligence bonus; the battle for
the crib (dice as chance steps); rob the cradle; each team counts the crib cards it owns.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from pegboard.cards import NAME_OF, Card, card_names, parse_card, parse_cards
from pegboard.core.chance import Chance, Outcome, Pick, Roll, Shuffle
from pegboard.core.claims import CountingRound
from pegboard.core.events import peg
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome as GameOutcome
from pegboard.core.outcome import rank_sides
from pegboard.core.rules import Action, Event
from pegboard.errors import IllegalAction
from pegboard.games.count31 import GO, Count31Rules
from pegboard.games.not_enough import actions
from pegboard.games.not_enough.actions import READY, every_choice
from pegboard.games.not_enough.battle import muster, single_highest
from pegboard.games.not_enough.cradle import (
    cradle_choices,
    crib_count,
    magic_sums,
    robbing_colour,
)
from pegboard.games.not_enough.deal import (
    KEPT,
    deal,
    members_in_order,
    other,
    seats_from_left,
    team_of,
    team_seats,
)
from pegboard.games.not_enough.points import crib_items, cut_items, her_heels, intel_bonus
from pegboard.games.not_enough.powers import COLOURS, PowerTable, default_powers, is_court
from pegboard.scoring import ScoreItem, score_show

# Phases, in the order a hand goes through them.
CUT = "cut"  # waiting for the first dealer to be drawn
COLOUR = "colour"  # the dealer takes a colour for their team
SHUFFLE = "shuffle"  # waiting for the two decks' shuffles
DISCARD = "discard"
ORDER = "order"  # both Tops are court cards: the dealer says which team resolves first
POWER = "power"  # a captain chooses the Top's power
REVEAL = "reveal"  # the enemies of an Intel show cards
SPLIT = "split"  # a captain shares out a Magic discard between the two members
MAGIC = "magic"  # members discard for Magic
PLAY = "play"
COUNT = "count"  # manual counting: a hand or a crib is being claimed
BATTLE = "battle"  # waiting for the dice
CRADLE = "cradle"  # the team with more Magic in the crib may ban or add
POST_SHOW = "post-show"  # pause point
OVER = "over"

SKUNK_MARGIN = 31


@dataclass(frozen=True)
class Count:
    """One hand or crib laid down for counting, with what it is worth."""

    seat: int  # who counts (a crib: the owning team's captain)
    cards: tuple[Card, ...]  # the hand, or the crib cards counted
    starter: Card | None  # the team's own Top, unless banned
    tops: tuple[Card, ...]  # every Top counted with the cards (the enemy Top too)
    crib: bool
    items: tuple[ScoreItem, ...]
    heels: tuple[ScoreItem, ...]  # her heels, against the other team

    def to_event(self) -> Event:
        return {
            "type": "show",
            "seat": self.seat,
            "cards": card_names(self.cards),
            "starter": NAME_OF[self.starter] if self.starter is not None else None,
            "tops": card_names(self.tops),
            "crib": self.crib,
        }


class NotEnoughRules(Count31Rules):
    leader = "pegger"  # "The player who pegged begins the count again"

    def __init__(
        self,
        players: int,
        options: Mapping[str, OptionValue],
        powers: PowerTable | None = None,
    ) -> None:
        super().__init__(players, options)
        self.powers = powers if powers is not None else default_powers()
        self.target = int(options["score_target"])
        self.manual = options["counting"] == "manual"
        self.post_show = bool(options["post_show"])
        self.scores = [0] * players
        self.fixed_ranks: dict[int, int] = {}
        self.phase = CUT
        self.dealer = -1
        self.hand_number = 0
        self._new_hand_state()

    def _new_hand_state(self) -> None:
        n = self.players
        self.colour_of_team: list[str] = []
        self.shuffled: dict[str, list[Card]] = {}  # shuffle outcomes not dealt yet
        self.decks: dict[str, list[Card]] = {}  # each deck after the deal: its Top first
        self.drawn = dict.fromkeys(COLOURS, 0)  # cards taken from under each Top
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # cards not yet played
        self.kept: list[list[Card]] = [[] for _ in range(n)]  # the 4 counted in the show
        self.tossed: list[list[Card]] = [[] for _ in range(n)]  # each seat's crib discards
        self.magicked: list[list[Card]] = [[] for _ in range(n)]  # each seat's Magic discards
        self.revealed: list[list[Card]] = [[] for _ in range(n)]  # shown to all by Intel
        self.piles: dict[str, list[Card]] = {c: [] for c in COLOURS}  # the crib, by colour
        self.tops: dict[str, Card] = {}
        self.top_queue: list[int] = []  # teams still to use their Top
        self.resolving = -1  # the team using its Top now
        self.used: dict[int, str] = {}  # team -> the power its Top was used for
        self.to_reveal: dict[int, int] = {}  # seat -> cards it must still reveal
        self.share: dict[int, int] = {}  # seat -> its part of the team's Magic discard
        self._new_count()
        self.stage = ""  # what the count queue holds: "hands" or "cribs"
        self.to_count: list[Count] = []
        self.current: Count | None = None
        self.counting: CountingRound | None = None
        self.claimed: list[tuple[Count, CountingRound]] = []  # claimed, awaiting Muggins
        self.to_call: list[tuple[Count, CountingRound]] = []  # the Muggins round's rest
        self.shown: list[dict[str, Any]] = []
        self.intel: dict[str, Any] | None = None
        self.intel_team: int | None = None
        self.rolls_due: list[tuple[int, int]] = []  # (seat, dice) still to roll
        self.rolls: dict[int, list[int]] = {}
        self.battle: dict[str, Any] | None = None
        self.battle_team: int | None = None
        self.owners: dict[str, int] = {}  # colour -> the team counting that pile
        self.crib_shown = False
        self.cradle_team: int | None = None
        self.cradle: dict[str, Any] | None = None
        self.banned: str | None = None
        self.ready: set[int] = set()

    # -- teams -------------------------------------------------------------------------------

    def captain(self, team: int) -> int:
        """The dealer for the dealer's team; the dealer's left for the other."""
        return self.dealer if team == team_of(self.dealer) else (self.dealer + 1) % self.players

    def colour_of_seat(self, seat: int) -> str:
        return self.colour_of_team[team_of(seat)]

    def team_top(self, team: int) -> Card:
        return self.tops[self.colour_of_team[team]]

    def sides(self) -> list[list[int]]:
        return [team_seats(0, self.players), team_seats(1, self.players)]

    def deck_left(self, colour: str) -> int:
        """Cards still under the colour's Top."""
        return len(self.decks[colour]) - 1 - self.drawn[colour]

    def _draw(self, colour: str, n: int) -> list[Card]:
        start = 1 + self.drawn[colour]
        self.drawn[colour] += n
        return self.decks[colour][start : start + n]

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
            return [{"type": "split", "captain": k, "partner": n - k} for k in _splits(n)]
        if phase == MAGIC:
            return every_choice("magic", self.hands[seat], self.share[seat])
        if phase == CRADLE:
            return self._cradle_choices()
        if phase == COUNT and self.counting is not None:
            return self.counting.legal(seat)
        if phase == POST_SHOW:
            return [READY]
        return []

    def _powers_allowed(self) -> list[str]:
        """Intel, Might and none always; Magic only if the team can discard exactly n cards
        and its deck holds n replacements ("# or none": a smaller Magic is not allowed)."""
        allowed = ["intel", "might"]
        n = self._top_value("magic")
        team = self.resolving
        cards = sum(len(self.hands[s]) for s in team_seats(team, self.players))
        if 1 <= n <= cards and n <= self.deck_left(self.colour_of_team[team]):
            allowed.append("magic")
        allowed.append("none")
        return allowed

    def _top_value(self, power: str) -> int:
        return self.powers.value(self.team_top(self.resolving), power)

    def _cradle_choices(self) -> list[Action]:
        team = self.cradle_team
        assert team is not None
        owns = team in self.owners.values()
        return cradle_choices(owns, self.deck_left(self.colour_of_team[team]) > 0)

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

    # -- colours, deal, discard, cut -------------------------------------------------------

    def _start_hand(self) -> None:
        self._new_hand_state()
        self.phase = COLOUR

    def _colour(self, seat: int, colour: str) -> None:
        """The dealer's team takes ``colour``; the other team the other one."""
        mine = team_of(self.dealer)
        self.colour_of_team = [other(colour), colour] if mine == 1 else [colour, other(colour)]
        self.events.append({"type": "colours", "seat": seat, "colours": self._colour_seats()})
        self.phase = SHUFFLE

    def _colour_seats(self) -> dict[str, list[int]]:
        return {
            colour: team_seats(self.colour_of_team.index(colour), self.players)
            for colour in COLOURS
        }

    def _deal(self) -> None:
        self.hand_number += 1
        hands, rest = deal(self.shuffled, self.colour_of_team, self.dealer, self.players)
        self.hands = [sorted(h) for h in hands]
        self.decks = rest
        self.shuffled = {}
        self.phase = DISCARD
        self.events.append(
            {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.dealer,
                "colours": self._colour_seats(),
                "hands": [card_names(h) for h in self.hands],
                "crib": [],
            }
        )

    def _discard(self, seat: int, cards: list[Card]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self.tossed[seat] = cards
        self.piles[self.colour_of_seat(seat)].extend(cards)
        self.events.append({"type": "discard", "seat": seat, "cards": card_names(cards)})
        if all(self.tossed):
            self._cut()

    def _cut(self) -> None:
        self.tops = {colour: self.decks[colour][0] for colour in COLOURS}
        self.events.append(
            {"type": "starter", "tops": {c: NAME_OF[t] for c, t in self.tops.items()}}
        )
        items = cut_items(self.tops)
        if items and self._score(self.dealer, items):
            return
        courts = [team for team in (0, 1) if is_court(self.team_top(team))]
        if len(courts) == 2:
            self.phase = ORDER
            return
        self.top_queue = courts
        self._next_top()

    # -- scoring from the Top --------------------------------------------------------------

    def _first(self, seat: int, colour: str) -> None:
        first = self.colour_of_team.index(colour)
        self.top_queue = [first, 1 - first]
        self.events.append({"type": "first", "seat": seat, "colour": colour})
        self._next_top()

    def _next_top(self) -> None:
        if not self.top_queue:
            self._start_play()
            return
        self.resolving = self.top_queue.pop(0)
        self.phase = POWER

    def _power(self, seat: int, power: str) -> None:
        team = self.resolving
        self.used[team] = power
        value = self._top_value(power) if power != "none" else None
        self.events.append(
            {
                "type": "power",
                "seat": seat,
                "colour": self.colour_of_team[team],
                "power": power,
                "value": value,
            }
        )
        if power == "intel" and value:
            self._start_intel(team, min(value, KEPT))
        elif power == "magic" and value:
            self._start_magic(team, value)
        else:
            self._next_top()

    def _start_intel(self, team: int, n: int) -> None:
        enemies = team_seats(1 - team, self.players)
        if n >= KEPT:  # the whole hand: nothing to choose
            for seat in enemies:
                self._show_cards(seat, list(self.hands[seat]))
            self._next_top()
            return
        self.to_reveal = dict.fromkeys(enemies, n)
        self.phase = REVEAL

    def _show_cards(self, seat: int, cards: list[Card]) -> None:
        self.revealed[seat].extend(cards)
        self.events.append({"type": "reveal", "seat": seat, "cards": card_names(cards)})

    def _reveal(self, seat: int, cards: list[Card]) -> None:
        self._show_cards(seat, cards)
        del self.to_reveal[seat]
        if not self.to_reveal:
            self._next_top()

    def _start_magic(self, team: int, n: int) -> None:
        members = members_in_order(team, self.dealer, self.players)
        captain = self.captain(team)
        if len(members) == 1:
            self.share = {captain: n}
            self.phase = MAGIC
            return
        splits = _splits(n)
        if len(splits) == 1:  # e.g. 8 of 8: nothing for the captain to decide
            self._split(captain, splits[0], n - splits[0])
            return
        self.phase = SPLIT

    def _split(self, seat: int, mine: int, partner: int) -> None:
        self.share = {s: k for s, k in ((seat, mine), ((seat + 2) % 4, partner)) if k}
        self.events.append({"type": "split", "seat": seat, "captain": mine, "partner": partner})
        self.phase = MAGIC

    def _magic(self, seat: int, cards: list[Card]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self.magicked[seat] = cards
        self.events.append(
            {"type": "discard", "seat": seat, "cards": card_names(cards), "magic": True}
        )
        if any(not self.magicked[s] for s in self.share):
            return
        # Everyone has discarded: replacements come off the deck, the captain's first.
        colour = self.colour_of_team[self.resolving]
        captain = self.captain(self.resolving)
        for member in sorted(self.share, key=lambda s: s != captain):
            drawn = self._draw(colour, self.share[member])
            self.hands[member] = sorted(self.hands[member] + drawn)
            self.events.append({"type": "draw", "seat": member, "cards": card_names(drawn)})
        self.share = {}
        self._next_top()

    # -- the 31 count ----------------------------------------------------------------------

    def _start_play(self) -> None:
        self.resolving = -1
        self.kept = [list(h) for h in self.hands]
        self.phase = PLAY
        self.turn = (self.dealer + 1) % self.players

    def _count_seats(self) -> Collection[int]:
        return range(self.players)  # everyone plays every hand

    # -- the show --------------------------------------------------------------------------

    def _start_show(self) -> None:
        """The show: each hand with its own team's Top, from the dealer's left, the dealer last."""
        self.stage = "hands"
        self.to_count = []
        for seat in seats_from_left(self.dealer, self.players):
            top = self.team_top(team_of(seat))
            hand = tuple(self.kept[seat])
            items = score_show(hand, top).items
            heels = her_heels(hand, top)
            self.to_count.append(Count(seat, hand, top, (top,), False, items, heels))
        self._count_next()

    def _count_next(self) -> None:
        """Lay down the next hand or crib and count it, or let its owner claim it."""
        while self.to_count:
            count = self.current = self.to_count.pop(0)
            points = sum(i.points for i in count.items)
            shown = {
                "seat": count.seat,
                "cards": card_names(count.cards),
                "tops": card_names(count.tops),
                "crib": count.crib,
            }
            self.shown.append({**shown, "points": None if self.manual else points})
            self.events.append(count.to_event())
            if self.manual:  # claimed now; Muggins waits until every count is claimed
                self.phase = COUNT
                self.counting = CountingRound(
                    claimant=count.seat,
                    label="crib" if count.crib else "hand",
                    cards=(*count.cards, *count.tops),
                    items=count.items,
                    callers=(),
                    penalty=False,
                )
                return
            if points and self._score(count.seat, count.items):
                return
            if self._her_heels(count):
                return
        self.counting = None
        self.current = None
        if self.stage == "hands":
            self._intelligence_bonus()
        elif self.claimed:
            self._muggins_round()
        else:
            self._end_show()

    def _muggins_round(self) -> None:
        """After the claims (and, for the hands, the intelligence bonus): the other team may
        call Muggins on each claimed count in turn, in the order they were claimed."""
        self.to_call, self.claimed = self.claimed, []
        self._call_next()

    def _call_next(self) -> None:
        if self.to_call:
            count, counting = self.to_call.pop(0)
            self.current = count
            self.counting = replace(counting, callers=self._callers(count.seat))
            self.phase = COUNT
            self.events.append({"type": "calls", "seat": count.seat, "crib": count.crib})
            return
        self.counting = None
        self.current = None
        if self.stage == "hands":
            self._start_battle()
        else:
            self._end_show()

    def _callers(self, claimant: int) -> tuple[int, ...]:
        """The other team, clockwise from the claimant: team-mates never call on each other."""
        order = seats_from_left(claimant, self.players)
        return tuple(s for s in order if team_of(s) != team_of(claimant))

    def _her_heels(self, count: Count) -> bool:
        """A Queen of the Top's suit in hand: the other team (the next seat's) pegs -1."""
        if not count.heels:
            return False
        return self._score((count.seat + 1) % self.players, count.heels)

    def _count_step(self, seat: int, action: Action) -> None:
        """A claim, a Muggins call or a pass in manual counting."""
        counting = self.counting
        assert counting is not None and self.current is not None
        event, items = counting.step(seat, action)
        self.events.append(event)
        if event["type"] == "claim":
            self.shown[-1]["points"] = event["points"]
        if items and self._score(seat, items):
            return
        if not counting.done:
            return
        if counting.callers:  # the Muggins round
            self._call_next()
            return
        self.claimed.append((self.current, counting))
        if self._her_heels(self.current):
            return
        self._count_next()

    # -- the intelligence bonus, the battle, the cradle, the crib --------------------------

    def _intelligence_bonus(self) -> None:
        """The single player with the most Intel in hand also counts the enemy Top."""
        sums = [self.powers.total(tuple(hand), "intel") for hand in self.kept]
        winner = single_highest(sums)
        self.intel_team = team_of(winner) if winner is not None else None
        self.intel = {"sums": sums, "winner": winner}
        self.events.append({"type": "intel", "sums": sums, "winner": winner})
        if winner is not None:
            team = team_of(winner)
            items = intel_bonus(self.kept[winner], self.team_top(team), self.team_top(1 - team))
            if sum(i.points for i in items) and self._score(winner, items):
                return
        if self.claimed:
            self._muggins_round()
        else:
            self._start_battle()

    def _start_battle(self) -> None:
        tops = [self.team_top(0), self.team_top(1)]
        plan = muster(self.kept, self.dealer, tops, self.used, self.intel_team, self.powers)
        self.battle = {"dice": list(plan.dice), "bonus": list(plan.bonus), "winner": None}
        order = seats_from_left(self.dealer, self.players)
        self.rolls_due = [(seat, plan.dice[seat]) for seat in order if plan.dice[seat]]
        self.phase = BATTLE

    def _settle_battle(self) -> None:
        assert self.battle is not None
        bonus = self.battle["bonus"]
        totals = [sum(self.rolls.get(s, [])) + bonus[s] for s in range(self.players)]
        winner = single_highest(totals)
        self.battle_team = team_of(winner) if winner is not None else None
        self.battle.update(rolls=[self.rolls.get(s, []) for s in range(self.players)])
        self.battle.update(totals=totals, winner=winner)
        self.events.append({"type": "battle", **self.battle})
        self._reveal_crib()

    def _reveal_crib(self) -> None:
        """The winner of the battle takes both piles; otherwise each team keeps its own."""
        for team, colour in enumerate(self.colour_of_team):
            self.owners[colour] = self.battle_team if self.battle_team is not None else team
        self.crib_shown = True
        sums = magic_sums(self.piles, self.powers)
        robbing = robbing_colour(sums)
        self.cradle_team = self.colour_of_team.index(robbing) if robbing else None
        self.events.append(
            {
                "type": "crib",
                "piles": {c: card_names(self.piles[c]) for c in COLOURS},
                "owners": {c: team_seats(t, self.players) for c, t in self.owners.items()},
                "magic": sums,
            }
        )
        self.cradle = {"magic": sums, "colour": robbing, "action": None}
        if robbing is None:
            self._count_cribs()
        else:
            self.phase = CRADLE

    def _rob_the_cradle(self, seat: int, action: Action) -> None:
        assert self.cradle is not None and self.cradle_team is not None
        what = action["action"]
        event: Event = {"type": "cradle", "seat": seat, "action": what}
        if what == "ban":
            self.banned = event["colour"] = action["colour"]
        elif what == "add":
            colour = self.colour_of_team[self.cradle_team]
            (card,) = self._draw(colour, 1)
            self.piles[colour].append(card)
            event["card"] = NAME_OF[card]
        self.cradle.update({k: v for k, v in event.items() if k not in ("type", "seat")})
        self.events.append(event)
        self._count_cribs()

    def _count_cribs(self) -> None:
        """Each team owning crib cards counts them, the dealer's team last."""
        self.stage = "cribs"
        self.to_count = []
        dealers = team_of(self.dealer)
        for team in (1 - dealers, dealers):
            cards, starter, tops = crib_count(
                team,
                self.colour_of_team,
                self.piles,
                self.owners,
                self.tops,
                self.banned,
                self.intel_team,
                self.battle_team,
            )
            if cards:
                items = crib_items([*cards, *tops])
                self.to_count.append(
                    Count(self.captain(team), tuple(cards), starter, tuple(tops), True, items, ())
                )
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
        if len(self.ready) == self.players:
            self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand()

    # -- scores, leaving, the end ----------------------------------------------------------

    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        """Peg ``items`` for ``seat``'s team; True if that ended the game."""
        self.events.append(peg(self.scores, team_seats(team_of(seat), self.players), seat, items))
        if self.scores[seat] >= self.target:
            self._finish("target")
            return True
        return False

    def leave(self, seat: int) -> None:
        """A team cannot play on without a member: the leaver's team is last, the game ends."""
        for s in team_seats(team_of(seat), self.players):
            self.fixed_ranks[s] = 2
        self.events.append({"type": "leave", "seat": seat, "rank": 2})
        self._finish("leave")

    def in_game(self, seat: int) -> bool:
        return seat not in self.fixed_ranks

    def _finish(self, reason: str) -> None:
        ranks = rank_sides(self.scores, self.sides(), self.fixed_ranks)
        skunked: tuple[int, ...] = ()
        if reason == "target":
            winners = [s for s in range(self.players) if ranks[s] == 1]
            losers = [s for s in range(self.players) if ranks[s] > 1]
            if losers and self.scores[winners[0]] - self.scores[losers[0]] >= SKUNK_MARGIN:
                skunked = tuple(losers)
        self.outcome = GameOutcome(tuple(self.scores), ranks, reason, skunked)
        self.phase = OVER
        self.turn = -1
        self.counting = None
        self.events.append({"type": "end", **self.outcome.to_json()})

    # -- what each seat may see ------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from pegboard.games.not_enough.view import view

        return view(self, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        from pegboard.games.not_enough.view import redact

        return redact(event, seat)

    def secret_cards(self, seat: int | None) -> set[Card]:
        """Other players' unplayed cards and Magic discards (team-mates' too), crib cards
        not one's own until the crib is revealed, and every card still in a deck; less any
        card an Intel revealed to everyone."""
        secret: set[Card] = set()
        for s in range(self.players):
            if s != seat:
                secret.update(self.hands[s], self.magicked[s])
        if not self.crib_shown:
            own = set(self.tossed[seat]) if seat is not None else set()
            secret.update(c for pile in self.piles.values() for c in pile if c not in own)
        for colour, deck in self.decks.items():
            secret.update(deck[1 + self.drawn[colour] :] if self.tops else deck)
        for deck in self.shuffled.values():
            secret.update(deck)
        return secret - {c for cards in self.revealed for c in cards}


def _splits(n: int) -> list[int]:
    """The captain's possible shares of a Magic discard of ``n`` over two hands of 4."""
    return list(range(max(0, n - KEPT), min(KEPT, n) + 1))
