"""Records round-trip, and replay refuses any record that does not describe the same game."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

from pegboard import RecordError, new_game, replay, simulate
from pegboard.core.wire import Record
from pegboard.records import read_records, write_jsonl


def played_record(seed: int = 3, players: int = 2) -> Record:
    game = new_game("cribbage", players=players, seed=seed, score_target=61)
    rng = random.Random(seed)
    while game.outcome is None:
        if rng.random() < 0.05:
            game.timeout()
            continue
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    record: Record = json.loads(json.dumps(game.record()))
    return record


def test_a_record_has_every_contract_field() -> None:
    record = played_record()
    assert record["format"] == "pegboard-record/1"
    for key in ("game", "players", "seed", "options", "seats", "events", "outcome"):
        assert key in record
    assert record["options"]["score_target"] == 61
    assert record["options"]["post_show"] is True  # defaults included
    assert record["events"][-1]["type"] == "end"
    scores = [e for e in record["events"] if e["type"] == "score"]
    assert scores and all(
        e["items"] and e["points"] == sum(i["points"] for i in e["items"]) for e in scores
    )
    assert record["outcome"] is not None and scores[-1]["scores"] == record["outcome"]["scores"]
    assert any(a.get("auto") == "timeout" for a in record["actions"])


def test_replay_gives_the_same_game() -> None:
    record = played_record(seed=9, players=3)
    game = replay(record)
    assert game.record() == record


@pytest.mark.parametrize(
    "tamper",
    [
        lambda r: r["events"][5].update(seat=(r["events"][5].get("seat", 0) + 1) % 2),
        lambda r: r["outcome"]["scores"].reverse(),
        lambda r: r["events"].pop(),
        lambda r: r["actions"].pop(3),
        lambda r: r["chance"][1]["shuffle"].reverse(),
        lambda r: r["actions"][0]["action"].update(cards=["KS", "KH"]),
    ],
    ids=["event", "outcome", "missing-event", "missing-action", "other-deck", "illegal-action"],
)
def test_replay_refuses_a_tampered_record(tamper: Any) -> None:
    record = copy.deepcopy(played_record())
    tamper(record)
    with pytest.raises(RecordError):
        replay(record)


def test_a_record_that_is_not_one_is_refused() -> None:
    with pytest.raises(RecordError, match="format"):
        replay(cast(Record, {"format": "something-else"}))
    with pytest.raises(RecordError, match="lacks"):
        replay(cast(Record, {"format": "pegboard-record/1", "game": "cribbage"}))


def test_jsonl_round_trip(tmp_path: Path) -> None:
    result = simulate(
        "cribbage", players=2, bots=["greedy", "random"], games=3, seed=4, record=True
    )
    path = tmp_path / "games.jsonl"
    assert write_jsonl(result.records, path) == 3
    back = list(read_records(path))
    assert back == json.loads(json.dumps(result.records))
    assert [replay(r).outcome.scores for r in back] == [s.scores for s in result.summaries]  # type: ignore[union-attr]
