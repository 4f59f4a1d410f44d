"""A bot that plays only some games (``learned``: where a policy ships) is refused a seat
elsewhere when the table is made, with the reason, rather than stalling the table at its turn."""

from __future__ import annotations

from typing import Any

import pytest
from harness import Server


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [
        ("cribbage", 3, [None, "learned", "greedy"]),
        ("not-enough", 4, [None, "learned", "greedy", "greedy"]),
    ],
)
def test_the_learned_bot_is_refused_where_no_policy_ships(
    server: Server, game: str, players: int, bots: list[str | None]
) -> None:
    before = server.get("/api/tables").json()
    answer = server.post("/api/tables", {"game": game, "players": players, "bots": bots})
    assert answer.status_code == 400
    assert "the learned bot does not play" in answer.json()["error"]
    assert server.get("/api/tables").json() == before


@pytest.mark.parametrize(
    ("game", "bots", "options"),
    [
        ("cribbage", [None, "learned"], {"score_target": 31}),
        ("cribist", [None, "learned", "greedy", "learned"], {"end": "deals", "deals": 1}),
    ],
)
def test_the_learned_bot_takes_a_seat_where_its_policy_ships(
    server: Server, game: str, bots: list[str | None], options: dict[str, Any]
) -> None:
    table = server.table(game, len(bots), bots, **options)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        outcome = ann.play_to_end()
    assert len(outcome["ranks"]) == len(bots) and min(outcome["ranks"]) == 1, "played out"
    kinds = [slot["kind"] for slot in server.get(f"/api/tables/{table}").json()["slots"]]
    assert kinds.count("bot:learned") == bots.count("learned")
