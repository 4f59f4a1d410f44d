"""What crosses the engine's boundary, typed: the actions, events, views and records.

Actions and events stay plain JSON objects at run time (docs/records.md): these are
``TypedDict``s, so ``mypy --strict`` checks every one a game, a bot or the driver writes
without changing what travels. The core names the shapes every game shares (a card played,
a go, a claim) and the open form the driver passes on (:data:`Action`, any game's action read
as a mapping); each game names its own in its package and its union of them
(``games/cribbage/rules.py``'s ``CribbageAction``), which its ``Rules`` is typed with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from pegboard.core.options import OptionValue
from pegboard.scoring.items import ItemJson as ItemJson

Action = Mapping[str, Any]
"""Any game's action as the driver, the log and the server pass it on, read only: a game's
own union (its ``Rules`` type parameter) says which keys it has."""

Event = Mapping[str, Any]
"""Any game's event as the driver, views, narration, bots and review read it, read only; the
events a game's rules write are the ``TypedDict``s of its union (its ``Rules``' second type
parameter, over the shared ones below), and docs/records.md lists every type's fields."""


class Play(TypedDict):
    type: Literal["play"]
    card: str


class Go(TypedDict):
    type: Literal["go"]


class Ready(TypedDict):
    type: Literal["ready"]


class Discard(TypedDict):
    type: Literal["discard"]
    cards: list[str]


class Leave(TypedDict):
    """Any seat of any game may leave; the driver takes it before the rules' legal list."""

    type: Literal["leave"]


class TimeUp(TypedDict):
    """The driver's clock ending a game against the time (logged with no seat)."""

    type: Literal["time-up"]


class NamedItem(TypedDict):
    """A scoring item as a claim names it."""

    kind: str
    cards: list[str]


class Claim(TypedDict):
    type: Literal["claim"]
    items: list[NamedItem]


class Muggins(TypedDict):
    type: Literal["muggins"]
    items: list[NamedItem]
    points: int


class Pass(TypedDict):
    type: Literal["pass"]


CountAction = Claim | Muggins | Pass
"""A step of a manual count (core/claims.py), the same in every game."""

PlayAction = Play | Go
"""A turn at the 31 count (games/count31.py)."""


class Marked(TypedDict, total=False):
    """What every event may carry besides its own fields: the driver's ``auto`` on the events
    of a move it made for a seat (``Game._mark``: ``timeout``, ``away``), as the action log
    says it."""

    auto: str


class DiscardEvent(Marked):
    type: Literal["discard"]
    seat: int
    cards: list[str]


class PlayEvent(Marked):
    """A card played to the 31 count, with the count after it."""

    type: Literal["play"]
    seat: int
    card: str
    count: int


class GoEvent(Marked):
    type: Literal["go"]
    seat: int


class ResetEvent(Marked):
    """The 31 count starts again from 0."""

    type: Literal["reset"]


class ScoreEvent(Marked):
    """Points pegged for ``seat`` (and its partners): the items and every seat's score after."""

    type: Literal["score"]
    seat: int
    points: int
    items: list[ItemJson]
    scores: list[int]


class ReadyEvent(Marked):
    type: Literal["ready"]
    seat: int


class LeaveEvent(Marked):
    type: Literal["leave"]
    seat: int
    rank: int


class OutcomeJson(TypedDict):
    """A finished game's outcome (``Outcome.to_json``): a record's ``outcome``."""

    scores: list[int]
    ranks: list[int]
    reason: str
    skunked: NotRequired[list[int]]
    double_skunked: NotRequired[list[int]]


class EndEvent(OutcomeJson, Marked):
    """The last event of a game: its outcome."""

    type: Literal["end"]


class ClaimEvent(Marked):
    type: Literal["claim"]
    seat: int
    items: list[NamedItem]
    points: int
    valid: bool


class MugginsEvent(Marked):
    type: Literal["muggins"]
    seat: int
    items: list[NamedItem]
    points: int
    valid: bool


class PassEvent(Marked):
    type: Literal["pass"]
    seat: int


CountEvent = ClaimEvent | MugginsEvent | PassEvent
"""What a manual count's step records (core/claims.py)."""

Count31Event = PlayEvent | GoEvent | ResetEvent
"""What the 31 count records (games/count31.py)."""

Count31GameEvent = (
    DiscardEvent | Count31Event | ReadyEvent | ScoreEvent | LeaveEvent | EndEvent | CountEvent
)
"""What every game of discards, the 31 count and the show writes (Cribbage, Cribbage is not
Enough): its own deal, starter and show events come on top."""


class Seat(TypedDict):
    """A seat as a record lists it."""

    seat: int
    name: str
    kind: str


class LoggedAction(TypedDict):
    """One entry of ``Game.actions``: the seat (``None`` for the driver's ``time-up``), its
    action, and ``auto`` when the table moved for the seat (``timeout``, ``away``)."""

    seat: int | None
    action: Action
    auto: NotRequired[str]


class Record(TypedDict):
    """A ``pegboard-record/1`` record (docs/records.md) as ``Game.record()`` writes it and
    ``records/`` reads it; ``fair`` and ``match`` only where the table adds them."""

    format: str
    game: str
    players: int
    seed: int | str | None
    options: dict[str, OptionValue]
    seats: list[Seat]
    events: list[Event]
    outcome: OutcomeJson | None
    actions: list[LoggedAction]
    chance: list[ChanceJson]
    fair: NotRequired[FairJson]
    match: NotRequired[RecordMatch]


class PlayedCard(TypedDict):
    """A card on the table with the seat that played it (a view's ``played``, a trick)."""

    seat: int
    card: str


class CountingJson(TypedDict):
    """A manual count as everyone at the table sees it (``CountingRound.to_json``)."""

    claimant: int
    label: str
    cards: list[str]
    claimed: bool
    callers: list[int]
    to_call: int | None
    penalty: bool
    taken: list[ItemJson]


class ViewBase(TypedDict):
    """What every game's view has (``Rules.view``); each game's view type (its ``Rules``'
    third type parameter, in its ``views.py``) adds its own keys."""

    game: str
    players: int
    seat: int | None
    phase: str
    to_act: list[int]
    scores: list[int]
    outcome: OutcomeJson | None


class MatchFormatJson(TypedDict):
    games: int
    best_of: bool
    scoring: str
    no_show: NotRequired[list[float]]


class GameResultJson(TypedDict):
    """One finished game of a match, per side."""

    scores: list[int]
    ranks: list[int]
    points: list[int]
    games: list[int]
    how: str
    reason: str
    target: NotRequired[int]


class SideTotalsJson(TypedDict):
    points: int
    games: int
    spread: int
    points_for: int


class MatchJson(TypedDict):
    """A match as far as it has gone (``MatchScore.to_json``)."""

    format: MatchFormatJson
    sides: list[list[int]]
    results: list[GameResultJson]
    forfeited: int | None
    totals: list[SideTotalsJson]
    decided: bool
    winner: int | None
    ranks: list[int]


class MatchInfo(MatchJson):
    """A match with its format's name and title, as the table shows it."""

    name: str
    title: str


class RecordMatch(TypedDict):
    """A record's ``match`` block: the match after this game, and the first dealer the next
    game of the match is dealt from."""

    score: MatchInfo
    first_dealer: int | None


class MatchView(TypedDict):
    """A match of several games as a bot at one of its tables sees it (docs/bots.md)."""

    score: MatchInfo
    side: int


class Seen(TypedDict):
    """What a bot is shown besides the game's view: the driver's additions (``Game.view``,
    the env's ``view``), and at a match table the match."""

    legal: list[Action]
    version: int
    seats: list[dict[str, str]]
    options: dict[str, OptionValue]
    match: NotRequired[MatchView]


class BotView(ViewBase, Seen):
    """Any game's view as a bot is given it; a game's own code reads it as its own type
    (``CribbageBotView``) through its ``views.py``."""


def check_game(view: BotView, game: str) -> None:
    """Raise ``TypeError`` unless ``view`` is of ``game`` (``view["game"]``): what a game's own
    reading of a view (``cribbage_view``) checks before it reads it as its own type."""
    if view["game"] != game:
        raise TypeError(f"a {view['game']} view is not a {game} view")


class TableView(BotView):
    """Any game's view as ``Game.view`` gives it to a seat, a bot or the server."""

    table_talk: Literal["phrases", "free"]


class ChanceJson(TypedDict, total=False):
    """One chance outcome as a record logs it (``outcome_to_json``): exactly one key."""

    shuffle: list[str]
    roll: list[int]
    pick: int


class PickJson(TypedDict):
    """A pick as a hand's checker lists it, with its number of choices."""

    pick: int
    choices: int


FairStepJson = ChanceJson | PickJson
"""A chance step as a hand's checker lists it (``FairStep.to_json``)."""


class HandDrawJson(TypedDict):
    """A hand's draw in a record's ``fair`` block: its commitment, seeds and, once revealed,
    its secret (docs/fairness.md)."""

    hand: int
    commitment: str
    seeds: list[str]
    secret: str | None


class FixedStep(TypedDict):
    """A chance step the table answered (the first dealer of a match's later game)."""

    step: int
    pick: int


class FairJson(TypedDict):
    """A record's ``fair`` block (``FairChance.to_json``)."""

    format: str
    hands: list[HandDrawJson]
    fixed: NotRequired[list[FixedStep]]
