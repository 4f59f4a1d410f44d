"""What a game of Cribbage is not Enough holds, hand by hand, and what every phase shares:
teams and captains, the decks under the Tops, and pegging for a team.

The phases are functions over this state, one module each in
:mod:`pegboard.games.not_enough.steps`; each stands on this module alone, and hands over to the
next phase by returning a :class:`~pegboard.games.not_enough.phases.Step` that the rules run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pegboard.cards import NAME_OF, Card, card_names
from pegboard.core.claims import CountingRound
from pegboard.core.events import end_event, peg
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome, rank_sides
from pegboard.games.count31 import Count31Rules
from pegboard.games.not_enough.actions import NotEnoughAction
from pegboard.games.not_enough.deal import team_of, team_seats
from pegboard.games.not_enough.events import NotEnoughEvent, NotEnoughShow
from pegboard.games.not_enough.phases import CUT, OVER
from pegboard.games.not_enough.powers import COLOURS, PowerTable, default_powers
from pegboard.games.not_enough.views import (
    BattleSummary,
    CradleSummary,
    IntelSummary,
    NotEnoughShown,
    NotEnoughView,
)
from pegboard.scoring import ScoreItem

SKUNK_MARGIN = 31  # points ahead at the target that make a skunk


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

    def to_event(self) -> NotEnoughShow:
        return {
            "type": "show",
            "seat": self.seat,
            "cards": card_names(self.cards),
            "starter": NAME_OF[self.starter] if self.starter is not None else None,
            "tops": card_names(self.tops),
            "crib": self.crib,
        }


class NotEnoughState(Count31Rules[NotEnoughAction, NotEnoughEvent, NotEnoughView]):
    """The game's state: what every phase reads and changes, and what they share (teams and
    captains, the decks under the Tops, pegging for a team, the end of the game)."""

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

    def shared(self) -> tuple[object, ...]:
        return (self.powers,)  # never changed by play: a copy of the rules reads the same table

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
        self.shown: list[NotEnoughShown] = []
        self.intel: IntelSummary | None = None
        self.intel_team: int | None = None
        self.rolls_due: list[tuple[int, int]] = []  # (seat, dice) still to roll
        self.rolls: dict[int, list[int]] = {}
        self.battle: BattleSummary | None = None
        self.battle_team: int | None = None
        self.owners: dict[str, int] = {}  # colour -> the team counting that pile
        self.crib_shown = False
        self.cradle_team: int | None = None
        self.cradle: CradleSummary | None = None
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

    # -- pegging -----------------------------------------------------------------------------

    def _score(self, seat: int, items: tuple[ScoreItem, ...]) -> bool:
        """Peg ``items`` for ``seat``'s team; True if that ended the game."""
        self.events.append(peg(self.scores, team_seats(team_of(seat), self.players), seat, items))
        if self.scores[seat] >= self.target:
            self._finish("target")
            return True
        return False

    def _finish(self, reason: str) -> None:
        """The game is over: the target reached (a skunk at 31 or more ahead), or a leave."""
        ranks = rank_sides(self.scores, self.sides(), self.fixed_ranks)
        skunked: tuple[int, ...] = ()
        if reason == "target":
            winners = [s for s in range(self.players) if ranks[s] == 1]
            losers = [s for s in range(self.players) if ranks[s] > 1]
            if losers and self.scores[winners[0]] - self.scores[losers[0]] >= SKUNK_MARGIN:
                skunked = tuple(losers)
        self.outcome = Outcome(tuple(self.scores), ranks, reason, skunked)
        self.phase = OVER
        self.turn = -1
        self.counting = None
        self.events.append(end_event(self.outcome))
