"""What a seat or a watcher sees of a Cribbage is not Enough game (``seat_view.py`` builds it),
typed: its own keys over the shared ones of core/wire.py, and the Intel, battle and cradle
summaries the rules keep and show."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from pegboard.core.wire import Action, BotView, CountingJson, PlayedCard, Seen, ViewBase, check_game


class NotEnoughShown(TypedDict):
    """A hand or crib laid down at the show, with the Tops counted with it: ``points`` None
    until its owner claims them (manual counting)."""

    seat: int
    cards: list[str]
    tops: list[str]
    crib: bool
    points: int | None


class IntelSummary(TypedDict):
    """Each seat's Intel in hand and the single highest (None: a tie)."""

    sums: list[int]
    winner: int | None


class BattleSummary(TypedDict):
    """The battle for the crib: each seat's dice and bonus, then (once settled) the rolls,
    the totals and the winner (None: a tie)."""

    dice: list[int]
    bonus: list[int]
    winner: int | None
    rolls: NotRequired[list[list[int]]]
    totals: NotRequired[list[int]]


class CradleSummary(TypedDict):
    """The piles' Magic, the colour that may rob the cradle (None: neither), and what it did
    once it has (``action``: ban, add or none; the colour banned or the card added)."""

    magic: dict[str, int]
    colour: str | None
    action: str | None
    card: NotRequired[str]


class PowersJson(TypedDict):
    """The powers table as printed on the cards: each colour's suits, each court card's
    values by suit letter and rank letter."""

    source: str
    placeholder: bool
    colours: dict[str, list[str]]
    values: dict[str, dict[str, dict[str, int]]]


class NotEnoughView(ViewBase):
    """``Rules.view`` of Cribbage is not Enough: ``hand``, ``kept``, ``discarded`` and
    ``magicked`` are the seat's own (never a team-mate's; empty for a watcher)."""

    team: int | None
    teams: list[list[int]]
    target: int
    hand_number: int
    dealer: int | None
    captains: list[int] | None
    colours: dict[str, list[int]] | None
    turn: int | None
    team_scores: list[int]
    hand: list[str]
    kept: list[str]
    discarded: list[str]
    magicked: list[str]
    hand_sizes: list[int]
    discarded_seats: list[int]
    crib_sizes: dict[str, int]
    deck_sizes: dict[str, int] | None
    tops: dict[str, str] | None
    powers_used: dict[str, str]
    resolving: str | None
    to_reveal: list[int]
    revealed: list[list[str]]
    magic_share: list[int]
    magic_seats: list[int]
    count: int
    count_cards: list[str]
    played: list[PlayedCard]
    passed: list[int]
    shown: list[NotEnoughShown]
    intel: IntelSummary | None
    battle: BattleSummary | None
    crib: dict[str, list[str]] | None
    crib_owners: dict[str, list[int]] | None
    cradle: CradleSummary | None
    banned: str | None
    ready: list[int]
    counting_mode: Literal["manual", "auto"]
    counting: CountingJson | None
    powers: PowersJson


class NotEnoughChoice(NotEnoughView):
    """A view with the seat's legal actions: what the greedy player reads (the review's
    rollouts give it no more)."""

    legal: list[Action]


class NotEnoughBotView(NotEnoughView, Seen):
    """A Not Enough view as a bot is given it: with the driver's ``legal``, ``version``…"""


def not_enough_view(view: BotView) -> NotEnoughBotView:
    """``view`` as Cribbage is not Enough's own type; raises ``TypeError`` for another game's."""
    check_game(view, "not-enough")
    return cast(NotEnoughBotView, view)
