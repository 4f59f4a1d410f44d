"""A live match's verifiable deals (docs/fairness.md): a secret per hand from the operating
system, committed one hand ahead, the seated people's seeds, the secret revealed once its hand is
over.

Hand 1's commitment goes out while the table waits (or shows the last results), so the people
seated can send their seeds before the match starts; each later hand's goes out when the hand
before it is dealt, so its seeds come in during that hand. A seat whose seed has not come when
its hand is dealt (and every bot's seat) has the default seed, the empty text.

Seeds are kept by slot, not seat: hand 1's come in before the seating is drawn.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from pegboard.core.chance import Chance, ChanceOutcome, outcome_from_json
from pegboard.core.fair import DEFAULT_SEED, FairChance, HandDraw, check_seed, commitment
from pegboard.errors import IllegalAction, RecordError


class TableDeals(FairChance):
    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players
        self.seating: list[int] | None = None  # the slot in each seat, once the match starts
        self.committed: dict[int, bytes] = {}  # hands committed to and not dealt yet
        self.seeds_in: dict[int, dict[int, str]] = {}  # hand -> slot -> seed
        self.outbox: list[dict[str, Any]] = []  # commit and reveal messages not sent yet
        self.entries: list[dict[str, Any]] = []  # what the store needs to rebuild them
        self.expected: list[dict[str, Any]] = []  # a restored match's stored outcomes
        self.commit(1)

    # -- the server's side -----------------------------------------------------------------

    def commit(self, hand: int) -> None:
        secret = secrets.token_bytes(32)
        self.committed[hand] = secret
        self.outbox.append({"type": "commit", "hand": hand, "commitment": commitment(secret)})
        self.entries.append({"fair": "commit", "hand": hand, "secret": secret.hex()})

    def fix_first_pick(self, seat: int) -> None:
        """A match's later game: its first chance step (the pick of the first dealer) is
        ``seat``, the loser of the game before, not drawn; the record's fair field lists it."""
        self.fixed[0] = (seat,)
        self.entries.append({"fair": "fixed", "hand": 1, "step": 0, "pick": seat})

    def give_seed(self, slot: int, hand: int, seed: object) -> None:
        """A seated person's seed for ``hand``: one a slot, taken until the hand is dealt;
        refused, changing nothing, for any other hand or a second time."""
        if hand not in self.committed:
            waiting = ", ".join(str(h) for h in sorted(self.committed)) or "none"
            raise IllegalAction(
                f"hand {hand} takes no seed now (the hand waiting for seeds: {waiting})"
            )
        try:
            text = check_seed(seed)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        given = self.seeds_in.setdefault(hand, {})
        if slot in given:
            raise IllegalAction(f"your seed for hand {hand} is in already")
        given[slot] = text
        self.entries.append({"fair": "seed", "hand": hand, "slot": slot, "seed": text})

    def commits_hand_1(self, seen: str) -> bool:
        """Whether ``seen`` is this match's commitment to hand 1, still waiting for seeds."""
        secret = self.committed.get(1)
        return secret is not None and commitment(secret) == seen

    def draw_for(self, hand: int) -> HandDraw:
        """The hand's draw, fixed at its first chance step: its seeds are closed, the next
        hand is committed to, and every hand before it (all over now) revealed."""
        found = self.draws.get(hand)
        if found is not None:
            return found
        if hand not in self.committed:  # no commitment went out in time: one now, no seeds
            self.commit(hand)
        secret = self.committed.pop(hand)
        given = self.seeds_in.pop(hand, {})
        seating = self.seating or list(range(self.players))
        seeds = tuple(given.get(slot, DEFAULT_SEED) for slot in seating)
        draw = self.draws[hand] = HandDraw(hand, commitment(secret), seeds, secret)
        self.entries.append({"fair": "deal", "hand": hand, "seeds": list(seeds)})
        self.commit(hand + 1)
        for earlier in sorted(self.draws):
            if earlier < hand:
                self.reveal(earlier)
        return draw

    def reveal(self, hand: int) -> None:
        if hand in self.revealed or hand not in self.draws:
            return
        self.revealed.add(hand)
        self.outbox.append(self.revealed_message(hand))

    def finish(self) -> None:
        """The game is over: every hand dealt is revealed, and no hand waits for seeds."""
        for hand in sorted(self.draws):
            self.reveal(hand)
        self.committed.clear()
        self.seeds_in.clear()

    # -- what watchers see -----------------------------------------------------------------

    def revealed_message(self, hand: int) -> dict[str, Any]:
        draw = self.draws[hand]
        return {"type": "reveal", **draw.to_json(reveal=True), "steps": self.hand_steps(hand)}

    def summary(self) -> dict[str, Any]:
        """For a watcher's welcome: every hand's commitment (the ones dealt with their seeds,
        the revealed ones with their secret and steps), and the hands waiting for seeds, with
        the slots that gave theirs (a page loaded again does not send a second)."""
        hands: list[Mapping[str, Any]] = []
        for hand in sorted(self.draws):
            if hand in self.revealed:
                hands.append(self.revealed_message(hand))
            else:
                hands.append(self.draws[hand].to_json(reveal=False))
        waiting = [
            {
                "hand": h,
                "commitment": commitment(s),
                "seeded": sorted(self.seeds_in.get(h, {})),  # the slots whose seed is in
            }
            for h, s in sorted(self.committed.items())
        ]
        return {"hands": hands, "waiting": waiting}

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    def take_entries(self) -> list[dict[str, Any]]:
        out, self.entries = self.entries, []
        return out

    # -- after a restart -------------------------------------------------------------------

    def resolve_in_hand(self, step: Chance, hand: int) -> ChanceOutcome:
        """The step's outcome; while a restored match is replayed, also the one the store
        kept (a store that says otherwise is refused: the table is set aside)."""
        index = self.taken()
        outcome = super().resolve_in_hand(step, hand)
        if index < len(self.expected) and outcome_from_json(self.expected[index]) != outcome:
            raise RecordError(
                f"the stored chance step {index} is not the one hand {hand}'s secret gives"
            )
        return outcome

    @classmethod
    def restored(
        cls,
        players: int,
        seating: list[int],
        entries: list[dict[str, Any]],
        expected: list[dict[str, Any]] | None = None,
    ) -> TableDeals:
        """The deals as the stored entries left them: the hands dealt (replaying the game
        derives the same outcomes, checked against the ``expected`` ones the store kept), the
        hand committed to, the seeds given for it. Nothing is sent again: a watcher's welcome
        carries the summary."""
        deals = cls.__new__(cls)
        FairChance.__init__(deals)
        deals.expected = expected or []
        deals.players = players
        deals.seating = seating
        deals.committed, deals.seeds_in, deals.outbox, deals.entries = {}, {}, [], []
        secrets_of: dict[int, bytes] = {}
        for entry in entries:
            hand = int(entry["hand"])
            if entry["fair"] == "commit":
                secrets_of[hand] = deals.committed[hand] = bytes.fromhex(entry["secret"])
            elif entry["fair"] == "fixed":
                deals.fixed[int(entry["step"])] = (int(entry["pick"]),)
            elif entry["fair"] == "seed":
                deals.seeds_in.setdefault(hand, {})[int(entry["slot"])] = str(entry["seed"])
            elif entry["fair"] == "deal":
                secret = deals.committed.pop(hand)
                deals.seeds_in.pop(hand, None)
                seeds = tuple(str(s) for s in entry["seeds"])
                deals.draws[hand] = HandDraw(hand, commitment(secret), seeds, secret)
        last = max(deals.draws, default=0)
        deals.revealed = {h for h in deals.draws if h < last}
        return deals
