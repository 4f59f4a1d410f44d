"""A table's matches: the seating and the new game of each, who asked for the rematch on the
results, who left the match, the rating changes it brought, and the score of a match of
several games.

A match may be more than one game (the table's ``match_format``: best of N, or a fixed N;
docs/rules.md, "Matches"). Its games keep the seating; the loser of each deals the next one
first (every game draws its first dealer as its first chance step, a pick among the seats:
the room's deals fix it to the loser instead). Each game's record carries the match's score
after it (``record["match"]``), so a restart rebuilds the match from the store, and the
settling of a game knows whether it decided the match."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from pegboard.core.chance import ChanceSource
from pegboard.core.game import Game
from pegboard.core.matchplay import NO_SHOW, MatchScore, score_target
from pegboard.core.spec import GameSpec
from pegboard.core.wire import ChanceJson, LoggedAction, MatchInfo, RecordMatch, TableView
from pegboard.errors import IllegalAction
from pegboard.records.replay import apply_entry
from pegboard.server.ratings.settle import RatingChange
from pegboard.server.store.sql_store import Store, TableRow
from pegboard.server.tables.slot import Slot


def first_dealer_of(game: Game) -> int | None:
    """The seat that dealt the game's first hand: its first chance step picked it."""
    first = game.chance_log[0] if game.chance_log else None
    return int(first["pick"]) if first is not None and "pick" in first else None


def leavers(game: Game) -> set[int]:
    """Seats that left the match: a no-show's leave gives up only the game (its side forfeits
    that game and is back for the next: docs/rules.md, "Tournaments")."""
    return {
        a["seat"]
        for a in game.actions
        if a["seat"] is not None and a["action"].get("type") == "leave" and a.get("auto") != NO_SHOW
    }


class Matches:
    """The match in play at one table: ``rematch`` holds the seats that asked for the next one,
    ``gone`` the slots that left this one (no rematch with them); ``score`` is the match of
    several games so far, and ``first_dealer`` the seat that dealt first in its current game
    (the next goes to the loser). A ``daily`` game seats its person first and has no rematch."""

    def __init__(self, row: TableRow, spec: GameSpec, *, daily: bool = False) -> None:
        self._row = row
        self._spec = spec
        self._daily = daily
        self.rematch: set[int] = set()
        self.gone: set[int] = set(row.gone)
        # The rating change of each rated slot in the match just finished (shown on its
        # results); empty while playing, and for a casual match.
        self.rating_changes: dict[int, RatingChange] = {}
        self.score: MatchScore | None = None
        self.first_dealer: int | None = None

    # -- a new game ------------------------------------------------------------------------

    def seating(self) -> tuple[list[int], int | None]:
        """The next game's seating, and its first dealer if that is fixed. A new match shuffles
        the seats (the game draws the first dealer), but for a tournament's partners, seated in
        its slots' order (the partners it chose sit opposite); the next game of a match of
        several goes on keeping them, its first dealer the last game's loser."""
        row = self._row
        if self.goes_on():
            assert self.score is not None and self.first_dealer is not None
            return list(row.seating), self.score.first_dealer(self.first_dealer, row.players)
        sides = self.sides()
        self.score = MatchScore.start(row.match_format, sides)
        order = list(range(row.players))
        # A daily game seats its person first, as for everyone; a tournament's table of
        # partners (its match has the no-show graces) seats them as the tournament paired them.
        paired = row.match_format.no_show is not None and any(len(s) > 1 for s in sides)
        if not self._daily and not paired:
            random.Random(f"{row.seed}/{row.match}/seating").shuffle(order)
        return order, None

    def begin(self, game: Game) -> None:
        """A new game is dealt: nobody has asked, left, or been rated yet."""
        self.first_dealer = first_dealer_of(game)
        self.rematch = set()
        self.gone = set()
        self.rating_changes = {}

    def new_game(
        self, slots: Sequence[Slot | None], chance: ChanceSource
    ) -> tuple[Game, dict[int, tuple[str, int]]]:
        """The match's game dealt from ``chance`` (the room's deals make it), its seats named,
        with each bot seat's bot and seed. A table made before an option existed keeps playing
        the rule it was made with."""
        row = self._row
        options = self._spec.stored(row.options)
        game = Game(self._spec, row.players, None, options, chance=chance)
        bots: dict[int, tuple[str, int]] = {}
        for seat, slot_index in enumerate(row.seating):
            slot = slots[slot_index]
            assert slot is not None
            game.set_seat(seat, name=slot.name, kind=slot.kind)
            if slot.bot is not None:
                bots[seat] = (slot.bot, row.seed * 1000 + row.match * 8 + seat)
        return game, bots

    def dealt_from_seed(self, actions: list[LoggedAction]) -> list[ChanceJson]:
        """The outcomes of a match stored by a version that dealt from the table's seed and
        kept no outcomes: replayed once from that seed, so that its past deals stay what the
        players saw. Its deals to come are fresh, like any live game's."""
        seed = self._row.seed * 1000 + self._row.match
        game = Game(self._spec, self._row.players, seed, self._row.options)
        for entry in actions:
            apply_entry(game, entry)
        return list(game.chance_log)

    # -- a match of several games ----------------------------------------------------------

    def sides(self) -> tuple[tuple[int, ...], ...]:
        sides = self._spec.sides(self._row.players, self._row.options)  # the game's own
        return tuple(tuple(side) for side in sides)

    def goes_on(self) -> bool:
        """A match of several games has begun and is not decided: its next game follows."""
        score = self.score
        return score is not None and score.played > 0 and not score.decided

    def end_of_game(self, game: Game) -> RecordMatch | None:
        """Score the game just over into the match (a side that left it forfeits the rest);
        the match block for its record."""
        score = self.score
        assert game.outcome is not None
        if score is None or score.decided:
            return None
        target = score_target(game.options)
        score = score.add_outcome(game.outcome, self._spec.worth, game.actions, target)
        left = leavers(game)
        for i, side in enumerate(score.sides):
            if not score.decided and left & set(side):
                score = score.forfeit(i)
        self.score = score
        info = self.info()
        return {"score": info, "first_dealer": self.first_dealer} if info else None

    def restore(self, store: Store) -> int | None:
        """The match the restored game belongs to, from the last record before it (or its own,
        when it is over); the first dealer the game should have if it is to be dealt afresh
        (the loser of the game before, in a match that goes on), else None."""
        row = self._row
        fresh = MatchScore.start(row.match_format, self.sides())
        if row.status == "results":
            record = store.record(row.id, row.match)
            block = record.get("match") if record is not None else None
            self.score = MatchScore.from_json(block["score"]) if block else fresh
            return None
        record = store.record(row.id, row.match - 1) if row.match > 1 else None
        block = record.get("match") if record is not None else None
        before = MatchScore.from_json(block["score"]) if block else None
        self.score = before if before is not None and not before.decided else fresh
        if block is None or block["first_dealer"] is None or not self.goes_on():
            return None
        return self.score.first_dealer(block["first_dealer"], row.players)

    def info(self) -> MatchInfo | None:
        """The match so far (``MatchScore.to_json`` with its format's name and title), for the
        table info; None at a table of one game a match."""
        score = self.score
        if score is None or score.format.games == 1:
            return None
        return {**score.to_json(), "name": score.format.name, "title": score.format.title}

    def seat_view(self, game: Game, seat: int) -> TableView:
        """A bot's view: the game's view of ``seat``, and in a match of several games the
        match and the seat's side in it (what it plays for: docs/bots.md)."""
        view = game.view(seat)
        info = self.info()
        if info is not None:
            side = next(i for i, s in enumerate(info["sides"]) if seat in s)
            view["match"] = {"score": info, "side": side}
        return view

    # -- the results -----------------------------------------------------------------------

    def want_rematch(self, seat: int) -> bool:
        """Note that ``seat`` wants the rematch; False if it had asked already."""
        if self._row.status != "results":
            raise IllegalAction("a rematch can be asked for once the game is over")
        if self._daily:
            raise IllegalAction("a daily game has no rematch: one attempt a day")
        if self._row.match_format.no_show is not None and not self.goes_on():
            # A match with a no-show's graces is appointed (a tournament's): it pairs the next.
            raise IllegalAction(
                "a tournament's match has no rematch: the tournament pairs the next"
            )
        if seat in self.rematch:
            return False
        self.rematch.add(seat)
        return True

    def bots_want_rematch(self, seats: Iterable[int]) -> None:
        """Bots always want the rematch."""
        self.rematch |= set(seats)

    def asked(self) -> set[int]:
        """The slots whose seats asked for the rematch."""
        return {self._row.seating[seat] for seat in self.rematch}

    def left(self, game: Game) -> set[int]:
        """Slots that left this match: by leaving, or by staying away past the grace period."""
        return self.gone | {self._row.seating[s] for s in leavers(game)}

    def deserted(self, game: Game | None, people: Iterable[int]) -> bool:
        """Every person has left this match: only bots play on, to the results and the end."""
        if game is None:
            return False
        persons = set(people)
        return bool(persons) and persons <= self.left(game)
