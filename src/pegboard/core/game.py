"""``Game``: one game's rules plus its chance source, action log and record.

Every way in (a person, a bot, a timeout, a leave) passes through :meth:`Game.apply`
or the calls beside it, which check the seat, the turn and legality before anything
changes, then resolve chance and the table's automatic moves until someone must act.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pegboard.core.chance import ChanceSource, SeededChance, outcome_to_json
from pegboard.core.fair import FairChance
from pegboard.core.options import OptionValue
from pegboard.core.outcome import Outcome
from pegboard.core.rules import Rules
from pegboard.core.spec import GameSpec, get_spec
from pegboard.core.wire import Action, ChanceJson, Event, LoggedAction, Record, TableView
from pegboard.errors import GameOver, IllegalAction, NotYourTurn

RECORD_FORMAT = "pegboard-record/1"


class Game:
    def __init__(
        self,
        spec: GameSpec,
        players: int,
        seed: int | str | None,
        options: Mapping[str, object] | None = None,
        *,
        chance: ChanceSource | None = None,
    ) -> None:
        self.spec = spec
        self.players = players
        self.options = spec.resolve(players, options or {})
        self.rules: Rules = spec.create(players, self.options)
        # No seed: a live table's game, whose chance comes from elsewhere and whose record
        # (outcomes and actions) is all that replays it.
        self.seed = seed
        if chance is None:
            if seed is None:
                raise ValueError("a game without a seed needs its chance source")
            chance = SeededChance(seed)
        self.chance: ChanceSource = chance
        # A source that deals each hand from its own secret needs the step's hand.
        self._fair = chance if isinstance(chance, FairChance) else None
        self.seats: list[dict[str, str]] = [
            {"name": f"Player {i + 1}", "kind": "human"} for i in range(players)
        ]
        self.actions: list[LoggedAction] = []
        self.chance_log: list[ChanceJson] = []
        self._legal: dict[int, Sequence[Action]] = {}  # legal actions of this position, by seat
        self._advance()

    # -- what the table sees -------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome

    @property
    def events(self) -> list[Event]:
        return self.rules.events

    @property
    def timed(self) -> bool:
        """Whether the game ends on a time limit the driver announces with :meth:`time_up`."""
        return self.rules.timed

    @property
    def table_talk(self) -> Literal["phrases", "free"]:
        """``phrases`` while partners play a hand (only quick phrases, which carry no card
        information, may be said at the table), else ``free``."""
        partners = self.spec.partners(self.players, self.options)
        limited = partners and self.rules.hand_in_play and self.outcome is None
        return "phrases" if limited else "free"

    @property
    def version(self) -> int:
        """The number of events so far: a client's position in the game."""
        return len(self.rules.events)

    def legal_actions(self, seat: int) -> list[Action]:
        self._check_seat(seat)
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> Sequence[Action]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.rules.legal(seat) if self.rules.outcome is None else []
        return legal

    def view(self, seat: int | None = None) -> TableView:
        """What ``seat`` (None: a watcher) sees: the game's view and the driver's part."""
        if seat is not None:
            self._check_seat(seat)
        data: TableView = self.rules.view(seat)  # the rest filled in below
        data["legal"] = self.legal_actions(seat) if seat is not None else []
        data["version"] = self.version
        data["seats"] = [dict(s) for s in self.seats]
        data["options"] = dict(self.options)
        data["table_talk"] = self.table_talk
        return data

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """Events from number ``since`` on, as ``seat`` may see them."""
        return [self.rules.redact(e, seat) for e in self.rules.events[since:]]

    # -- what the table does -------------------------------------------------------------

    def apply(self, seat: int, action: Mapping[str, Any], *, auto: str | None = None) -> None:
        """Carry out ``seat``'s action, or raise without changing anything."""
        if self.rules.outcome is not None:
            raise GameOver("the game is over")
        self._check_seat(seat)
        if action.__class__ is not dict and not isinstance(action, Mapping):  # dict: no ABC check
            raise IllegalAction(f"an action is a JSON object with a type, not {action!r}")
        if action.get("type") == "leave":
            self.leave(seat, auto=auto)
            return
        if not self.rules.in_game(seat):
            raise IllegalAction(f"seat {seat} has left the game")
        if seat not in self.rules.to_act:
            raise NotYourTurn(self._whose_turn(seat))
        legal = self._legal_now(seat)
        # Most actions arrive exactly as the legal list spelled them; parse only the others.
        # Apply our own copy from the legal list, never the caller's object.
        chosen = _find(legal, action)
        if chosen is None:
            canonical = self.rules.canonical(action)
            chosen = _find(legal, canonical)
            if chosen is None:
                # Open-ended actions (a claim names any items) are checked by the rules.
                self.rules.check_open(seat, canonical, legal)
                chosen = canonical
        first_event = len(self.rules.events)
        self.rules.apply(seat, chosen)
        self._mark(first_event, auto)
        self._log(seat, chosen, auto)
        self._advance()

    def timeout(self, seat: int | None = None) -> list[tuple[int, Action]]:
        """The turn clock ran out: an arbitrary legal move for ``seat`` (or for every seat
        to act), drawn from the game's seeded generator so the game still replays exactly (a game
        without a seed draws from the system's: its record keeps the move)."""
        if seat is not None:
            self._check_seat(seat)
        made: list[tuple[int, Action]] = []
        for who in (seat,) if seat is not None else self.rules.to_act:
            if self.rules.outcome is not None or who not in self.rules.to_act:
                continue
            rng = (
                random.SystemRandom()
                if self.seed is None
                else random.Random(f"{self.seed}/timeout/{len(self.actions)}")
            )
            action = rng.choice(self._legal_now(who))
            self.apply(who, action, auto="timeout")
            made.append((who, action))
        return made

    def leave(self, seat: int, *, auto: str | None = None) -> None:
        """``seat`` leaves the game; ``auto`` says why when the player did not ask ("away":
        the table gave their seat up), and marks the events like a move the clock made."""
        if self.rules.outcome is not None:
            raise GameOver("the game is over")
        self._check_seat(seat)
        if not self.rules.in_game(seat):
            raise IllegalAction(f"seat {seat} has already left")
        first_event = len(self.rules.events)
        self.rules.leave(seat)
        self._mark(first_event, auto)
        self._log(seat, {"type": "leave"}, auto)
        self._advance()

    def time_up(self) -> None:
        """The driver's clock says the agreed time is over (games with a time limit)."""
        if self.rules.outcome is not None:
            raise GameOver("the game is over")
        self.rules.time_up()
        self.actions.append({"seat": None, "action": {"type": "time-up"}})
        self._legal = {}

    def set_seat(self, seat: int, *, name: str | None = None, kind: str | None = None) -> None:
        self._check_seat(seat)
        if name is not None:
            self.seats[seat]["name"] = name
        if kind is not None:
            self.seats[seat]["kind"] = kind

    def record(self) -> Record:
        """The full-information record (``pegboard-record/1``), JSON-ready; with verifiable
        deals, its ``fair`` field (commitments, seeds, the secrets revealed so far)."""
        record = write_record(
            self.spec.name,
            self.seed,
            self.options,
            self.seats,
            self.rules,
            [a.copy() for a in self.actions],
            list(self.chance_log),
        )
        if self._fair is not None:
            record["fair"] = self._fair.to_json()
        return record

    # -- internals -----------------------------------------------------------------------

    def _advance(self) -> None:
        """Resolve chance steps and automatic moves until a player must act."""
        self._legal = {}
        rules = self.rules
        while rules.outcome is None:
            step = rules.pending_chance()
            if step is not None:
                if self._fair is not None:
                    outcome = self._fair.resolve_in_hand(step, rules.chance_hand())
                else:
                    outcome = self.chance.resolve(step, len(self.chance_log))
                self.chance_log.append(outcome_to_json(step, outcome))
                rules.resolve_chance(outcome)
                continue
            auto = rules.auto_action()
            if auto is None:
                return
            rules.apply(*auto)

    def _mark(self, first_event: int, auto: str | None) -> None:
        """The events of a move the table made for a seat (from ``first_event``) say so."""
        if auto is not None:
            for event in self.rules.events[first_event:]:
                event["auto"] = auto

    def _log(self, seat: int, action: Action, auto: str | None) -> None:
        entry: LoggedAction = {"seat": seat, "action": action}
        if auto is not None:
            entry["auto"] = auto
        self.actions.append(entry)

    def _check_seat(self, seat: object) -> None:
        if seat.__class__ is int and 0 <= seat < self.players:  # the usual case, quickly
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")

    def _whose_turn(self, seat: int) -> str:
        waiting = self.rules.to_act
        if not waiting:
            return f"seat {seat} cannot act now: nobody is to act"
        names = ", ".join(str(s) for s in waiting)
        return f"seat {seat} cannot act now: waiting for seat {names}"


def _find(legal: Sequence[Action], action: Mapping[str, Any]) -> Action | None:
    for candidate in legal:
        if candidate == action:
            return candidate
    return None


def new_game(
    name: str,
    *,
    players: int,
    seed: int | str = 0,
    chance: ChanceSource | None = None,
    **options: object,
) -> Game:
    """Start a game by name: ``new_game("cribbage", players=2, seed=7, score_target=61)``."""
    return Game(get_spec(name), players, seed, options, chance=chance)


def write_record(
    game: str,
    seed: int | str | None,
    options: Mapping[str, OptionValue],
    seats: Sequence[Mapping[str, str]],
    rules: Rules,
    actions: list[LoggedAction],
    chance: list[ChanceJson],
) -> Record:
    """A ``pegboard-record/1`` record of a game so far (``Game`` and the research
    environment write theirs alike)."""
    outcome = rules.outcome
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "players": len(seats),
        "seed": seed,
        "options": dict(options),
        "seats": [{"seat": i, "name": s["name"], "kind": s["kind"]} for i, s in enumerate(seats)],
        "events": [dict(e) for e in rules.events],
        "outcome": outcome.to_json() if outcome is not None else None,
        "actions": actions,
        "chance": chance,
    }
