"""A table of matches of several games (docs/rules.md, "Matches"; docs/protocol.md): the games
follow one another on the same seats, the loser of each dealing the next first; the table
shows the match's score; each game's record carries it; a rated match moves the ratings once,
on the match's result."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import httpx
import pytest
from harness import INVITES, Client, Server
from rating_fixtures import expected, guest, settled_count, sit, standing
from sqlalchemy import create_engine

from pegboard.core.matchplay import MatchFormat
from pegboard.core.spec import get_spec
from pegboard.records.verify import verify
from pegboard.server.lobby.one_process import match_options


def match_table(browser: httpx.Client, match: str, **extra: Any) -> dict[str, Any]:
    made = browser.post(
        "/api/tables",
        json={
            "game": "cribbage",
            "players": 2,
            "options": {"score_target": 121},
            "bots": [None, "greedy"],
            "rated": True,
            "match": match,
        }
        | extra,
    )
    made.raise_for_status()
    info: dict[str, Any] = made.json()
    INVITES[info["id"]] = info["invite"]
    return info


def first_dealer(client: Client) -> int:
    """The dealer of the game's first hand, from the first deal event."""
    return next(int(e["dealer"]) for e in client.events if e.get("type") == "deal")


def next_game(server: Server, client: Client, game: int) -> None:
    """Let the results intermission run out; the match's next game starts by itself."""
    server.advance(31)
    client.drain()
    assert client.table.get("match") == game, f"game {game} of the match did not start"
    assert client.view.get("outcome") is None


def test_a_best_of_three_is_played_out_on_the_same_seats_and_rated_once(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    engine = create_engine(f"sqlite:///{server.db}")
    try:
        before = {p: standing(engine, p, "cribbage-2") for p in (ann, "bot:greedy")}
        table = match_table(browser, "best-of-3")
        assert table["match_format"] == {"games": 3, "best_of": True, "scoring": "points"} | {
            "title": "best of 3"
        }
        games: list[dict[str, Any]] = []
        with server.player(table["id"], sit(browser, table["id"], "Ann")) as client:
            client.receive()
            seating = client.table["seating"]
            while True:
                dealt_first = first_dealer(client)
                outcome = client.play_to_end()
                client.drain()
                play = client.table["match_play"]
                games.append({"outcome": outcome, "first": dealt_first, "play": play})
                assert client.table["seating"] == seating, "the same seats all match"
                assert len(play["results"]) == len(games)
                if play["decided"]:
                    break
                assert client.table["ratings"] is None, "no rating moves before the match ends"
                next_game(server, client, len(games) + 1)
                loser = outcome["ranks"].index(2)
                assert first_dealer(client) == loser, "the loser deals the next game first"
            final = client.table
        assert 2 <= len(games) <= 3
        totals = final["match_play"]["totals"]
        winner = final["match_play"]["winner"]
        assert totals[winner]["games"] == 2 and totals[1 - winner]["games"] == len(games) - 2
        # every game's record carries the match's score after it
        for number, game in enumerate(games, start=1):
            record = server.get(f"/api/tables/{table['id']}/records/{number}").json()
            assert record["match"]["score"]["results"] == game["play"]["results"]
        server.wait_for(
            lambda: settled_count(engine, table["id"]) == len(games), "every game to settle"
        )
        slot_of = {s["kind"]: i for i, s in enumerate(final["slots"])}
        seat_of = {slot: seat for seat, slot in enumerate(final["seating"])}
        ann_seat = seat_of[slot_of["human"]]
        ranks = [1 if winner == ann_seat else 2, 1 if winner != ann_seat else 2]
        (a,), (g,) = expected([[before[ann][:2]], [before["bot:greedy"][:2]]], ranks)
        assert standing(engine, ann, "cribbage-2")[2] == 1, "one rated match, however many games"
        assert standing(engine, "bot:greedy", "cribbage-2")[2] == 1
        assert standing(engine, ann, "cribbage-2")[:2] == pytest.approx(a)
        assert standing(engine, "bot:greedy", "cribbage-2")[:2] == pytest.approx(g)
        assert final["ratings"][slot_of["human"]]["games"] == 1
    finally:
        engine.dispose()
        browser.close()


def test_a_bad_match_setting_is_refused_and_makes_no_table(server: Server) -> None:
    browser, _ = guest(server, "Ann")
    try:
        before = server.get("/api/tables").json()
        for match in ("best-of-4", "games-40", "bo3"):
            refused = browser.post(
                "/api/tables",
                json={"game": "cribbage", "players": 2, "bots": [None, "greedy"], "match": match},
            )
            assert refused.status_code == 400, match
            assert "match" in refused.json()["error"] or "best of" in refused.json()["error"]
        assert server.get("/api/tables").json() == before
    finally:
        browser.close()


def test_a_table_of_one_game_a_match_shows_no_match(server: Server) -> None:
    table = server.table(bots=["greedy", "greedy"], score_target=15)
    info = server.get(f"/api/tables/{table}").json()
    assert info["match_format"]["games"] == 1 and info["match_play"] is None


def test_a_match_survives_restarts_between_and_within_its_games(server: Server) -> None:
    browser, _ = guest(server, "Ann")
    try:
        table = match_table(browser, "best-of-5", rated=False)
        token = sit(browser, table["id"], "Ann")
        with server.player(table["id"], token) as client:
            client.receive()
            first = client.play_to_end()
            client.drain()
        server.restart_after(1)  # down on the results of game 1
        with server.player(table["id"], token) as client:
            client.receive()
            assert client.table["status"] == "results"
            assert len(client.table["match_play"]["results"]) == 1
            next_game(server, client, 2)
            assert first_dealer(client) == first["ranks"].index(2), "the loser deals first"
            client.play_until("play")
            seating = client.table["seating"]
        server.restart_after(1)  # down in the middle of game 2
        with server.player(table["id"], token) as client:
            client.receive()
            play = client.table["match_play"]
            assert client.table["match"] == 2 and client.table["seating"] == seating
            assert [r["scores"] for r in play["results"]] == [
                [first["scores"][s[0]] for s in play["sides"]]
            ]
            client.play_to_end()
            client.drain()
            assert len(client.table["match_play"]["results"]) == 2
        # Both games were dealt verifiably; game 2's first dealer (the loser of game 1) was
        # fixed, not drawn, and says so in its record, across the restart within it.
        one, two = (server.get(f"/api/tables/{table['id']}/records/{n}").json() for n in (1, 2))
        loser = first["ranks"].index(2)
        assert "fixed" not in one["fair"]
        assert two["fair"]["fixed"] == [{"step": 0, "pick": loser}]
        assert two["chance"][0] == {"pick": loser}
        for record in (one, two):
            assert verify(record).unrevealed == []
    finally:
        browser.close()


def test_leaving_between_games_forfeits_the_match_and_is_rated_as_a_loss(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    engine = create_engine(f"sqlite:///{server.db}")
    try:
        before = {p: standing(engine, p, "cribbage-2") for p in (ann, "bot:greedy")}
        table = match_table(browser, "best-of-5")
        with server.player(table["id"], sit(browser, table["id"], "Ann")) as client:
            client.receive()
            client.play_to_end()
            client.drain()
            client.send({"type": "leave"})
            client.drain()
        server.advance(31)  # the results run out: game 2 starts, and Ann leaves it at once
        server.wait_for(lambda: settled_count(engine, table["id"]) == 2, "both games to settle")
        second = server.get(f"/api/tables/{table['id']}/records/2").json()
        assert second["outcome"]["reason"] == "leave"
        score = second["match"]["score"]
        assert score["decided"] and score["forfeited"] is not None
        ann_seat = next(i for i, s in enumerate(second["seats"]) if s["kind"] == "human")
        assert score["winner"] != ann_seat and score["ranks"][ann_seat] == 2
        (a,), (g,) = expected([[before[ann][:2]], [before["bot:greedy"][:2]]], [2, 1])
        assert standing(engine, ann, "cribbage-2")[:2] == pytest.approx(a)
        assert standing(engine, "bot:greedy", "cribbage-2")[:2] == pytest.approx(g)
        assert standing(engine, ann, "cribbage-2")[2] == 1
        server.advance(31)  # its results run out too: Ann left, so the table closes
        server.wait_for(
            lambda: server.get(f"/api/tables/{table['id']}").json()["status"] == "finished",
            "the table to finish",
        )
    finally:
        engine.dispose()
        browser.close()


@pytest.mark.parametrize(
    ("match", "given", "dealer"),
    [
        ("best-of-3", {}, "rotate"),  # a match passes the deal to the left
        ("games-9", {}, "rotate"),
        ("1", {}, None),  # one game: the game's own default
        ("best-of-3", {"dealer": "random"}, "random"),  # the table asked for it
    ],
)
def test_a_match_of_several_games_rotates_the_deal_where_the_game_can(
    match: str, given: dict[str, object], dealer: str | None
) -> None:
    spec = get_spec("cribbage")  # Cribbage has the option (dealer=random by default)
    options = match_options(spec, given, MatchFormat.parse(match))
    assert options.get("dealer") == dealer
    without = replace(spec, options=tuple(o for o in spec.options if o.name != "dealer"))
    assert "dealer" not in match_options(without, {}, MatchFormat.parse(match)), "no such option"
