"""Every discard of a cribbage hand with its exact expected hand, crib and net value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Final, Literal, get_args

from pegboard.analysis.exact import Unseen, crib_expectations, hand_expectations
from pegboard.analysis.strong import strong_crib_expectations
from pegboard.cards import Card, card_names
from pegboard.errors import CardError, OptionError

__all__ = ["PLAYERS", "DiscardAnalysis", "Tosses", "analyze_discards", "hand_size"]

Tosses = Literal["random", "strong"]
"""How the other players' crib cards are modelled: uniformly random unseen cards, or (2
players) the two cards a strong player would toss (:mod:`pegboard.analysis.strong`)."""
TOSSES: Final[tuple[str, ...]] = get_args(Tosses)
PLAYERS: Final = (2, 3, 4)


def hand_size(players: int) -> int:
    """Cards dealt to each player: 6 with 2 players, 5 with 3 or 4."""
    return 6 if players == 2 else 5


@dataclass(frozen=True)
class DiscardAnalysis:
    """One discard: what goes to the crib, what is kept, and their expected values."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float
    """Expected show of ``keep`` over every unseen starter."""
    crib: float
    """Expected show of the crib (whoever owns it)."""
    net: float
    """``hand + crib`` when the crib is yours (or your partner's), else ``hand - crib``."""
    crib_sign: int
    """+1 when the crib counts for you, -1 when against."""
    hand_exact: Fraction
    crib_exact: Fraction | None
    """The exact crib expectation (random tosses); ``None`` for the strong-toss model,
    which is computed in floating point."""

    def to_json(self) -> dict[str, Any]:
        return {
            "discard": card_names(self.discard),
            "keep": card_names(self.keep),
            "hand": self.hand,
            "crib": self.crib,
            "crib_sign": self.crib_sign,
            "net": self.net,
        }


def _checked(
    hand: Sequence[Card], dealer: bool, players: int, partner_deals: bool, tosses: str
) -> list[Card]:
    if players not in PLAYERS:
        raise OptionError(f"players must be 2, 3 or 4, not {players}")
    if tosses not in TOSSES:
        raise OptionError(f"tosses must be one of {', '.join(TOSSES)}, not {tosses!r}")
    if tosses == "strong" and players != 2:
        raise OptionError("the strong-toss model is for 2 players; use random tosses")
    if partner_deals and players != 4:
        raise OptionError(f"only 4 players have a partner, not {players}")
    if partner_deals and dealer:
        raise OptionError("either you deal or your partner does, not both")
    cards = [Card(int(c)) for c in hand]
    size = hand_size(players)
    if len(cards) != size:
        raise CardError(f"with {players} players a hand has {size} cards, not {len(cards)}")
    if len(set(cards)) != size:
        raise CardError("a hand cannot hold the same card twice")
    return cards


def analyze_discards(
    hand: Sequence[Card],
    *,
    dealer: bool,
    players: int = 2,
    partner_deals: bool = False,
    tosses: Tosses = "random",
) -> list[DiscardAnalysis]:
    """Every discard of ``hand`` (6 cards with 2 players, 5 with 3 or 4), best net first.

    The hand's expectation is exact over the starters you cannot see. The crib is your
    discard, the other players' cards and the starter: with 2 players the other's two
    tosses, with 3 players each opponent's one toss and one card dealt from the deck, with
    4 players each other player's one toss. With ``tosses="random"`` those are a uniformly
    random set of your unseen cards and the expectation is exact (as a rational number in
    ``hand_exact`` and ``crib_exact``); with ``"strong"`` (2 players) the other player
    tosses as :mod:`pegboard.analysis.strong` describes.

    The crib counts for you when you deal (``dealer``) or, with 4 players in teams, when
    your partner does (``partner_deals``); otherwise against you.
    """
    cards = _checked(hand, dealer, players, partner_deals, tosses)
    unseen = Unseen.besides(cards)
    discarded = len(cards) - 4
    splits = [
        (tuple(d), tuple(c for c in cards if c not in d)) for d in combinations(cards, discarded)
    ]
    discards = [d for d, _ in splits]
    hands = hand_expectations([k for _, k in splits], unseen)
    exact: list[Fraction | None]
    if tosses == "random":
        cribs = crib_expectations(discards, unseen, others=4 - discarded)
        exact = [c.value for c in cribs]
        crib_values = [float(c) for c in cribs]
    else:
        # The other player deals when you do not, so they toss into their own crib.
        strategy: Literal["dealer", "pone"] = "pone" if dealer else "dealer"
        crib_values = strong_crib_expectations(discards, unseen, strategy=strategy)
        exact = [None] * len(discards)
    sign = 1 if dealer or partner_deals else -1
    results = [
        DiscardAnalysis(
            discard=d,
            keep=k,
            hand=float(h),
            crib=c,
            net=float(h) + sign * c,
            crib_sign=sign,
            hand_exact=h.value,
            crib_exact=x,
        )
        for (d, k), h, c, x in zip(splits, hands, crib_values, exact, strict=True)
    ]
    results.sort(key=lambda a: -a.net)  # stable: equal nets keep the hand's order
    return results
