"""Replay: re-apply a record's actions to a new game and check it gives the same game."""

from __future__ import annotations

from collections.abc import Iterator

from pegboard.core.chance import ChanceSource, ScriptedChance, outcome_from_json
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import LoggedAction, Record
from pegboard.errors import PegboardError, RecordError, VerifyError
from pegboard.records.record import check_record


def replay_steps(record: Record, chance: ChanceSource | None = None) -> Iterator[Game]:
    """The game after each recorded action (the first: before any action); its chance from
    the record's outcomes, or from ``chance`` (a checker of verifiable deals)."""
    data = check_record(record)
    if "actions" not in data or "chance" not in data:
        raise RecordError("the record has no actions and chance outcomes to replay")
    try:
        if chance is None:
            chance = ScriptedChance([outcome_from_json(step) for step in data["chance"]])
        spec = get_spec(str(data["game"]))
        game = Game(
            spec,
            int(data["players"]),
            data["seed"],
            spec.stored(data["options"]),  # a record made before an option plays as it did
            chance=chance,
        )
    except VerifyError:
        raise
    except PegboardError as error:
        raise RecordError(f"cannot set the game up: {error}") from None
    for seat, info in enumerate(data["seats"]):
        game.set_seat(seat, name=str(info.get("name", "")), kind=str(info.get("kind", "human")))
    yield game
    for number, entry in enumerate(data["actions"]):
        try:
            apply_entry(game, entry)
        except VerifyError:
            raise
        except (PegboardError, KeyError, TypeError) as error:
            raise RecordError(f"action {number} ({entry!r}) cannot be replayed: {error}") from None
        yield game


def apply_entry(game: Game, entry: LoggedAction) -> None:
    """Re-apply one entry of a game's action log (``Game.actions``)."""
    seat = entry["seat"]
    if seat is None:
        if entry["action"] != {"type": "time-up"}:
            raise RecordError("only the driver's time-up is logged without a seat")
        game.time_up()
    else:
        game.apply(int(seat), entry["action"], auto=entry.get("auto"))


def replay(record: Record, chance: ChanceSource | None = None) -> Game:
    """The game the record describes; raises :class:`RecordError` if any step is not legal
    or the replayed events (scores included) differ from the recorded ones."""
    *_, game = replay_steps(record, chance)
    recorded = record["events"]
    for number, (mine, theirs) in enumerate(zip(game.events, recorded, strict=False)):
        if mine != theirs:
            raise RecordError(f"event {number} differs: recorded {theirs!r}, replayed {mine!r}")
    if len(game.events) != len(recorded):
        raise RecordError(f"the record has {len(recorded)} events, the replay {len(game.events)}")
    outcome = game.outcome.to_json() if game.outcome is not None else None
    if outcome != record["outcome"]:
        raise RecordError(
            f"the outcome differs: recorded {record['outcome']!r}, replayed {outcome!r}"
        )
    return game
