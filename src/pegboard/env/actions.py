"""Fixed integer action spaces: one id per action a seat can ever take in a game.

An action space is a list of blocks laid end to end. A card-set action (a discard, an Intel
reveal, a Magic discard) is one id per *subset of hand positions*: bit ``i`` of ``id - start``
set means the ``i``-th card of the acting seat's hand, cards in id order (AC, AD, AH, AS,
2C, ...). The rules' legal list decides which ids are legal now; these tables only name them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from pegboard.cards import NAME_OF, card_names, parse_card, parse_cards
from pegboard.core.rules import Action
from pegboard.errors import IllegalAction

HAND_POSITIONS = 6  # the largest hand a card-set action chooses from
SUBSETS = 1 << HAND_POSITIONS
COLOURS = ("grey", "blue")
POWERS = ("intel", "might", "magic", "none")
CRADLE = (("ban", "grey"), ("ban", "blue"), ("add", None), ("none", None))
MAX_CAPTAIN_SHARE = 4  # a captain discards at most a whole hand of 4 for Magic


@dataclass(frozen=True)
class Block:
    """``size`` consecutive ids for one action type."""

    kind: str
    size: int
    meaning: str


PLAY = Block("play", 52, "play the card with this id (AC=0 ... KS=51)")
GO = Block("go", 1, "say go (only when the table does not say it for you)")
READY = Block("ready", 1, "ready at a pause point (pre_show / post_show)")
DISCARD = Block("discard", SUBSETS, "discard these hand positions to the crib")
REVEAL = Block("reveal", SUBSETS, "show these hand positions after an enemy's Intel")
MAGIC = Block("magic", SUBSETS, "discard these hand positions for your team's Magic")
COLOUR = Block("colour", 2, "take grey, blue for the dealer's team")
FIRST = Block("first", 2, "grey, blue: that team's Top is used first")
POWER = Block("power", 4, "use the Top's intel, might, magic, none")
SPLIT = Block("split", MAX_CAPTAIN_SHARE + 1, "the captain discards 0..4 of the Magic")
CRADLE_BLOCK = Block("cradle", 4, "ban grey, ban blue, add a card, do nothing")

_SUBSET_KINDS = ("discard", "reveal", "magic")


def subset_id(positions: Sequence[int]) -> int:
    mask = 0
    for p in positions:
        mask |= 1 << p
    return mask


# Per (hand size, cards chosen): the subset ids in the rules' own order (combinations of
# the sorted hand), so legal ids come out without building the legal actions.
SUBSET_IDS: dict[tuple[int, int], tuple[int, ...]] = {
    (n, k): tuple(subset_id(c) for c in combinations(range(n), k))
    for n in range(HAND_POSITIONS + 1)
    for k in range(n + 1)
}


class ActionSpace:
    """The ids of one game (and player count): ``encode`` an action, ``decode`` an id."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        self.start: dict[str, int] = {}
        offset = 0
        for block in self.blocks:
            self.start[block.kind] = offset
            offset += block.size
        self.size = offset
        self._kinds = [b.kind for b in self.blocks for _ in range(b.size)]

    def table(self) -> list[tuple[int, int, str, str]]:
        """(first id, last id, kind, meaning) per block: the documented id table."""
        return [
            (self.start[b.kind], self.start[b.kind] + b.size - 1, b.kind, b.meaning)
            for b in self.blocks
        ]

    def kind_of(self, action_id: int) -> str:
        return self._kinds[action_id]

    def encode(self, hand: Sequence[int], action: Mapping[str, Any]) -> int:
        """The id of a canonical action; ``hand`` is the acting seat's cards (for card sets)."""
        kind = action.get("type")
        start = self.start.get(str(kind))
        if start is None:
            raise IllegalAction(f"{kind!r} actions have no id in this environment")
        if kind == "play":
            return start + parse_card(action["card"])
        if kind in _SUBSET_KINDS:
            order = sorted(hand)
            return start + subset_id([order.index(c) for c in parse_cards(action["cards"])])
        if kind in ("colour", "first"):
            return start + COLOURS.index(action["colour"])
        if kind == "power":
            return start + POWERS.index(action["power"])
        if kind == "split":
            return start + int(action["captain"])
        if kind == "cradle":
            return start + CRADLE.index((action["action"], action.get("colour")))
        return start  # go, ready

    def decode(self, hand: Sequence[int], action_id: int, split_total: int = 0) -> Action:
        """The action an id stands for; ``split_total`` is the Magic being shared out."""
        if not 0 <= action_id < self.size:
            raise IllegalAction(f"action ids are 0 to {self.size - 1}, not {action_id!r}")
        kind = self._kinds[action_id]
        offset = action_id - self.start[kind]
        if kind == "play":
            return {"type": "play", "card": NAME_OF[offset]}
        if kind in _SUBSET_KINDS:
            order = sorted(hand)
            chosen = [c for i, c in enumerate(order) if offset >> i & 1]
            if offset >> len(order):
                raise IllegalAction(f"action {action_id} names a card your hand does not hold")
            return {"type": kind, "cards": card_names(chosen)}
        if kind in ("colour", "first"):
            return {"type": kind, "colour": COLOURS[offset]}
        if kind == "power":
            return {"type": "power", "power": POWERS[offset]}
        if kind == "split":
            return {"type": "split", "captain": offset, "partner": split_total - offset}
        if kind == "cradle":
            what, colour = CRADLE[offset]
            return (
                {"type": "cradle", "action": what, "colour": colour}
                if colour
                else {
                    "type": "cradle",
                    "action": what,
                }
            )
        return {"type": kind}


CRIBBAGE = ActionSpace((PLAY, GO, READY, DISCARD))
CRIBIST = ActionSpace((PLAY,))
NOT_ENOUGH = ActionSpace(
    (PLAY, GO, READY, DISCARD, REVEAL, MAGIC, COLOUR, FIRST, POWER, SPLIT, CRADLE_BLOCK)
)
