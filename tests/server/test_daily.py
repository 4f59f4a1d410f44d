"""The daily challenge: the same deals for everyone that day whatever they play, one attempt a
day, the day's results (won, then margin), the others' games once yours is over, the day's
secret revealed when it ends, a streak on the profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from harness import Client, Server
from rating_fixtures import guest

from pegboard.core.fair import commitment
from pegboard.records.verify import verify

Pick = Callable[[list[dict[str, Any]]], dict[str, Any]]


def play_with(client: Client, pick: Pick, limit: int = 4000) -> None:
    """Answer ``pick(legal)`` whenever asked, until the game ends."""
    acted = -1
    for _ in range(limit):
        if client.view.get("outcome") is not None:
            return
        if client.view.get("legal") and acted != client.version:
            acted = client.version
            client.act(pick(client.view["legal"]))
        client.drain()
        if acted == client.version:  # refused: try again
            acted = -1
    raise AssertionError("the game did not end")


def attempt(server: Server, browser: httpx.Client, game: str, pick: Pick) -> dict[str, Any]:
    """Start today's ``game``, play it to the end with ``pick``; the attempt's table and seat."""
    started = browser.post(f"/api/daily/{game}", json={})
    assert started.status_code == 200, started.text
    seat: dict[str, Any] = started.json()
    with server.player(seat["table"], seat["token"]) as client:
        welcome = client.receive()
        assert welcome["seat"] == 0  # a daily game seats its person first, for everyone
        assert (
            welcome["fair"]["daily"]["commitment"] == browser.get("/api/daily").json()["commitment"]
        )
        play_with(client, pick)
    server.wait_for(
        lambda: browser.get(f"/api/tables/{seat['table']}/records").json() == [1], "record", 30
    )
    return seat


def deals(browser: httpx.Client, table: str) -> list[tuple[int, int, list[list[str]]]]:
    record = browser.get(f"/api/tables/{table}/records/1").json()
    return [
        (e["hand"], e["dealer"], sorted(e["hands"]))
        for e in record["events"]
        if e["type"] == "deal"
    ]


FIRST: Pick = lambda legal: legal[0]  # noqa: E731
LAST: Pick = lambda legal: legal[-1]  # noqa: E731


@pytest.mark.parametrize("game", ["cribbage", "not-enough", "cribist"])
def test_two_players_who_play_differently_get_the_same_deals(server: Server, game: str) -> None:
    ann, ann_id = guest(server, "Ann")
    bob, _ = guest(server, "Bob")
    today = ann.get("/api/daily").json()
    assert game in [g["game"] for g in today["games"]]
    first = attempt(server, ann, game, FIRST)
    second = attempt(server, bob, game, LAST)
    ann_deals, bob_deals = deals(ann, first["table"]), deals(bob, second["table"])
    ann_record = ann.get(f"/api/tables/{first['table']}/records/1").json()
    bob_record = bob.get(f"/api/tables/{second['table']}/records/1").json()
    assert ann_record["actions"] != bob_record["actions"]  # they played differently …
    hands = min(len(ann_deals), len(bob_deals))
    assert hands >= 2 and ann_deals[:hands] == bob_deals[:hands]  # … the same hands dealt
    # One attempt a day.
    again = ann.post(f"/api/daily/{game}", json={})
    assert again.status_code == 409 and "already" in again.json()["detail"]
    # The day's secret is kept back until the day is over: then it is in the records.
    assert all(h["secret"] is None for h in ann_record["fair"]["hands"])
    assert verify(ann_record).unrevealed  # nothing to check against yet
    server.advance(86_400)
    revealed = ann.get(f"/api/tables/{first['table']}/records/1").json()
    secret = revealed["fair"]["hands"][0]["secret"]
    assert commitment(bytes.fromhex(secret)) == today["commitment"]
    assert verify(revealed).unrevealed == []
    assert ann.get(f"/api/daily/{today['day']}/{game}").json()["revealed"]["secret"] == secret
    assert ann.get(f"/api/players/{ann_id}").json()["daily_streak"] == 1


def test_the_days_results_rank_won_then_margin_and_open_replays_to_finishers(
    server: Server,
) -> None:
    people = [guest(server, name) for name in ("Ann", "Bob", "Cat")]
    picks = [FIRST, LAST, lambda legal: legal[len(legal) // 2]]
    for (browser, _), pick in zip(people[:2], picks, strict=False):
        attempt(server, browser, "cribbage", pick)
    cat, _ = people[2]
    day = cat.get("/api/daily").json()["day"]
    before = cat.get(f"/api/daily/{day}/cribbage").json()
    assert before["played"] is False
    assert [r["name"] for r in before["results"]] and all(
        r["table"] is None for r in before["results"]
    )  # no replay before Cat has played the same deals
    results = before["results"]
    keys = [(not r["result"]["won"], -r["result"]["margin"]) for r in results]
    assert keys == sorted(keys) and [r["rank"] for r in results] == [1, 2]
    attempt(server, cat, "cribbage", picks[2])
    after = cat.get(f"/api/daily/{day}/cribbage").json()
    assert after["played"] is True and len(after["results"]) == 3
    assert all(r["table"] and r["invite"] for r in after["results"])
    assert sum(r["you"] for r in after["results"]) == 1
    other = next(r for r in after["results"] if not r["you"])
    replay = cat.get(f"/api/tables/{other['table']}/records/1?invite={other['invite']}")
    assert replay.status_code == 200 and replay.json()["seats"][1]["kind"] == "bot:expert"


def test_a_daily_game_needs_someone_signed_in_and_a_daily_game(server: Server) -> None:
    stranger = httpx.Client(base_url=server.url, timeout=10)
    assert stranger.post("/api/daily/cribbage", json={}).status_code == 401
    ann, _ = guest(server, "Ann")
    assert ann.post("/api/daily/chess", json={}).status_code == 404
    assert ann.get("/api/daily/yesterday/cribbage").status_code == 404


def test_a_restart_deals_a_daily_game_on_from_the_same_secret(server: Server) -> None:
    ann, _ = guest(server, "Ann")
    seat = ann.post("/api/daily/cribbage", json={}).json()
    with server.player(seat["table"], seat["token"]) as client:
        client.receive()
        client.drain()
        client.act(client.view["legal"][0])
        client.drain()
        before = client.view
        dealt = next(e for e in client.events if e["type"] == "deal")
    server.restart_after(5)
    with server.player(seat["table"], seat["token"]) as client:
        client.receive()
        client.drain()
        assert client.view["hand"] == before["hand"]
        assert next(e for e in client.events if e["type"] == "deal") == dealt
    # Taking the seat up again is the same attempt, not a new one.
    assert ann.post("/api/daily/cribbage", json={}).json()["table"] == seat["table"]
