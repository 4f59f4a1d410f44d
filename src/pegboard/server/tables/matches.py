"""A table's matches: the seating and the new game of each, the rematch asked for on the
results, and what happens when the results intermission runs out.

A match may be more than one game (the table's ``match_format``: best of N, or a fixed N;
docs/rules.md, "Matches"). Its games keep the seating; the loser of each deals the next one
first (every game draws its first dealer as its first chance step, a pick among the seats:
the room picks the loser instead). Each game's record carries the match's score after it
(``record["match"]``), so a restart rebuilds the match from the store, and the settling of
a game knows whether it decided the match."""

from __future__ import annotations

import random
from typing import Any

from pegboard.core.chance import ChanceSource, ScriptedChance, SystemChance, outcome_from_json
from pegboard.core.game import Game
from pegboard.core.matchplay import NO_SHOW, MatchScore
from pegboard.errors import IllegalAction
from pegboard.records.replay import apply_entry
from pegboard.server.daily.store import daily_chance
from pegboard.server.tables.bot_turns import BotTurns
from pegboard.server.tables.deals import TableDeals


def first_dealer_of(game: Game) -> int | None:
    """The seat that dealt the game's first hand: its first chance step picked it."""
    first = game.chance_log[0] if game.chance_log else None
    return int(first["pick"]) if first is not None and "pick" in first else None


class Matches(BotTurns):
    def _new_game(
        self,
        stored: list[dict[str, Any]] | None = None,
        fair: list[dict[str, Any]] | None = None,
        first_dealer: int | None = None,
    ) -> Game:
        """The match's game, dealt verifiably (docs/fairness.md) from the hand secrets of
        :class:`TableDeals` (or from the test's source; a daily game from the day's secret),
        rebuilt from the ``fair`` entries of a match being restored. A match stored before
        verifiable deals replays its ``stored`` outcomes, then deals from the operating
        system; one restored without any stored outcome (a crash between storing its start
        and its first deal) is dealt afresh. A live game has no seed, so no deal can be
        computed from anything a client sees. A later game of a match of several games has
        ``first_dealer`` (the loser of the game before): its first chance step, the pick of
        the first dealer, is fixed to that seat rather than drawn."""
        chance: ChanceSource
        self.deals = None
        if self.settings.chance is not None:
            chance = self.settings.chance()
            if first_dealer is not None and not stored:
                chance = ScriptedChance([(first_dealer,)], then=chance)
            if stored:
                chance = ScriptedChance([outcome_from_json(o) for o in stored], then=chance)
        elif self.daily is not None:  # replaying a restored one derives the same outcomes
            chance = daily_chance(self.daily.secret)
        elif fair:
            chance = self.deals = TableDeals.restored(
                self.row.players, self.row.seating, fair, stored
            )
        elif stored:
            chance = ScriptedChance([outcome_from_json(o) for o in stored], then=SystemChance())
        else:
            chance = self.deals = self.upcoming or TableDeals(self.row.players)
            self.deals.seating = list(self.row.seating)
            self.upcoming = None
            if first_dealer is not None:
                self.deals.fix_first_pick(first_dealer)
        # A table made before an option existed keeps playing the rule it was made with.
        options = self.spec.stored(self.row.options)
        game = Game(self.spec, self.row.players, None, options, chance=chance)
        self.bots = {}
        for seat, slot_index in enumerate(self.row.seating):
            slot = self.slots[slot_index]
            assert slot is not None
            game.set_seat(seat, name=slot.name, kind=slot.kind)
            if slot.bot is not None:
                self.bots[seat] = self._make_bot(
                    slot.bot, self.row.seed * 1000 + self.row.match * 8 + seat
                )
        return game

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        sides = self.spec.sides(self.row.players, self.row.options)  # the game's own
        return tuple(tuple(side) for side in sides)

    def _match_goes_on(self) -> bool:
        """A match of several games has begun and is not decided: its next game follows."""
        score = self.match_score
        return score is not None and score.played > 0 and not score.decided

    def _end_of_game(self) -> dict[str, Any] | None:
        """Score the game just over into the match (a side that left it forfeits the rest);
        the match block for its record."""
        game, score = self.game, self.match_score
        assert game is not None and game.outcome is not None
        if score is None or score.decided:
            return None
        score = score.add_outcome(game.outcome, self.spec.worth, game.actions)
        left = self._leavers(game)
        for i, side in enumerate(score.sides):
            if not score.decided and left & set(side):
                score = score.forfeit(i)
        self.match_score = score
        info = self.match_info()
        return {"score": info, "first_dealer": self.first_dealer} if info else None

    def _restore_match(self) -> int | None:
        """The match the restored game belongs to, from the last record before it (or its own,
        when it is over); the first dealer the game should have if it is to be dealt afresh
        (the loser of the game before, in a match that goes on), else None."""
        fresh = MatchScore.start(self.row.match_format, self._sides())
        if self.row.status == "results":
            record = self.store.record(self.id, self.row.match)
            block = (record or {}).get("match")
            self.match_score = MatchScore.from_json(block["score"]) if block else fresh
            return None
        record = self.store.record(self.id, self.row.match - 1) if self.row.match > 1 else None
        block = (record or {}).get("match")
        before = MatchScore.from_json(block["score"]) if block else None
        self.match_score = before if before is not None and not before.decided else fresh
        if block is None or not self._match_goes_on():
            return None
        return self.match_score.first_dealer(int(block["first_dealer"]), self.row.players)

    def _dealt_from_seed(self, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The outcomes of a match stored by a version that dealt from the table's seed and
        kept no outcomes: replayed once from that seed, so that its past deals stay what the
        players saw. Its deals to come are fresh, like any live game's."""
        seed = self.row.seed * 1000 + self.row.match
        game = Game(self.spec, self.row.players, seed, self.row.options)
        for entry in actions:
            apply_entry(game, entry)
        return list(game.chance_log)

    async def _start_match(self) -> None:
        """Seat everyone in a shuffled order (the game draws the first dealer itself); the next
        game of a match goes on keeping the seats, its first dealer the last game's loser."""
        goes_on = self._match_goes_on()
        first: int | None = None
        if goes_on:
            assert self.match_score is not None and self.first_dealer is not None
            first = self.match_score.first_dealer(self.first_dealer, self.row.players)
            order = list(self.row.seating)
        else:
            self.match_score = MatchScore.start(self.row.match_format, self._sides())
            order = list(range(self.row.players))
            if self.daily is None:  # a daily game seats its person first, as for everyone
                random.Random(f"{self.row.seed}/{self.row.match}/seating").shuffle(order)
        self.row.seating = order
        self.row.status = "playing"
        self.row.started = self.clock.now()
        self.store.update_table(
            self.id,
            status="playing",
            seating=order,
            match=self.row.match,
            gone=[],
            started=self.row.started,
        )
        self.game = self._new_game(first_dealer=first)
        self.first_dealer = first_dealer_of(self.game)
        self.persisted = self.persisted_chance = self.persisted_fair = 0
        self.rematch = set()
        self.gone = set()
        self._choices = {}
        self.seat_deadlines = {}
        self.results_since = None
        self.rating_changes = {}
        now = self.clock.now()
        for slot in self.slots:
            # A person who is not here at the start is away from now on (or since they went).
            if slot is not None and slot.bot is None and slot.connections == 0:
                slot.away_since = now if slot.away_since is None else slot.away_since
        await self._send_watchers_away()
        await self._changed(0)

    def _want_rematch(self, seat: int) -> bool:
        """Note that ``seat`` wants the rematch; False if it had asked already."""
        if self.row.status != "results":
            raise IllegalAction("a rematch can be asked for once the game is over")
        if self.daily is not None:
            raise IllegalAction("a daily game has no rematch: one attempt a day")
        if self.row.match_format.no_show is not None and not self._match_goes_on():
            # A match with a no-show's graces is appointed (a tournament's): it pairs the next.
            raise IllegalAction(
                "a tournament's match has no rematch: the tournament pairs the next"
            )
        if seat in self.rematch:
            return False
        self.rematch.add(seat)
        return True

    async def _results_over(self) -> None:
        """The results intermission ran out. No match starts for a person who did not ask for
        it: they give their seat up, and without them no rematch can come. The table finishes
        if someone left this match or gave up their seat, or if nobody but bots sits at it
        (nobody would ever stop their rematches); if every person (all of whom asked) is away,
        it waits for the first one back (the results start again) or for their grace to run
        out (they have left); otherwise the rematch starts."""
        people = [i for i, s in enumerate(self.slots) if s is not None and s.bot is None]
        if self._match_goes_on():  # the match's next game: nobody need ask
            await self._next_game_of_match()
            return
        asked = {self.row.seating[seat] for seat in self.rematch}
        self.gone |= {i for i in people if i not in asked}
        if self._left() or not people:
            await self._finish()
        elif all(self._away(i) for i in people):
            self.row.deadline = None  # see _waiting_for_people
            self.store.update_table(self.id, deadline=None)
            await self._broadcast_table()
        else:
            self.row.match += 1
            await self._start_match()

    async def _next_game_of_match(self) -> None:
        """The match's next game. Whoever left on the results (or stayed away past the grace)
        leaves it at once: their side forfeits the match, which that game's record settles
        like any (a leaver must never gain by leaving between games)."""
        left = sorted(self.gone)
        self.row.match += 1
        await self._start_match()
        game = self.game
        assert game is not None
        for slot in left:
            seat = self.row.seating.index(slot)
            if game.outcome is None and game.rules.in_game(seat):
                before = game.version
                game.leave(seat)
                await self._changed(before)

    def deserted(self) -> bool:
        """Every person has left this match: only bots play on, to the results and the end
        (the lobby no longer lists such a table)."""
        if self.game is None:
            return False
        people = {i for i, s in enumerate(self.slots) if s is not None and s.bot is None}
        return bool(people) and people <= self._left()

    def _left(self) -> set[int]:
        """Slots that left this match: by leaving, or by staying away past the grace period."""
        game = self.game
        assert game is not None
        return self.gone | {self.row.seating[s] for s in self._leavers(game)}

    @staticmethod
    def _leavers(game: Game) -> set[int]:
        """Seats that left the match: a no-show's leave gives up only the game (its side
        forfeits that game and is back for the next: docs/rules.md, "Tournaments")."""
        return {
            a["seat"]
            for a in game.actions
            if a["action"].get("type") == "leave" and a.get("auto") != NO_SHOW
        }

    def _away(self, slot_index: int) -> bool:
        slot = self.slots[slot_index]
        return slot is not None and slot.connections == 0

    def _waiting_for_people(self) -> bool:
        """The results intermission ran out while every person was away (it has no deadline)."""
        return self.row.status == "results" and self.row.deadline is None
