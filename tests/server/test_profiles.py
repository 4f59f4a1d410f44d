"""Leaderboards and profiles: the top of a rating group in order of the rating shown, the
provisional after the ranked and without a place, your own place wherever you stand; a player's page
and match list made from real short matches against a bot. The key ones run on PostgreSQL too
(the ``store`` tests, conftest.py)."""

from __future__ import annotations

import httpx
import pytest
from harness import Server
from rating_fixtures import engine_of, guest, made_up_match, new_table, sit

from pegboard.match.phases import hand_points
from pegboard.server.ratings import profiles
from pegboard.server.ratings.rating import PROVISIONAL_GAMES
from pegboard.server.ratings.settle import settle


@pytest.mark.store
def test_the_leaderboard_orders_by_rating_and_leaves_the_provisional_unplaced(
    server: Server,
) -> None:
    leaderboard_order_and_provisional(server)


def leaderboard_order_and_provisional(server: Server) -> None:
    engine = engine_of(server)
    browsers: list[httpx.Client] = []
    try:
        ids = {}
        for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
            browser, ids[name] = guest(server, name)
            browsers.append(browser)
        ann, bob, _, dan, eve = browsers
        seats = [ids["Ann"], ids["Bob"], ids["Cat"], "bot:greedy"]
        for n in range(PROVISIONAL_GAMES):  # Ann always first, Bob and Cat by turns
            ranks = [1, 2, 3, 4] if n % 2 else [1, 3, 2, 4]
            settle(engine, made_up_match(seats, ranks, game="cribist"), 1_000.0 + n)
        lucky = [ids["Dan"], "bot:random", "bot:expert", "bot:hoyle"]
        settle(engine, made_up_match(lucky, [1, 2, 3, 4], game="cribist"), 2_000.0)

        board = dan.get("/api/leaderboard/cribist-4").json()
        rows = board["players"]
        # The ranked first, by the rating shown, with their places; then the provisional, by
        # rating too, with none: the number shown and the order agree.
        ranked = [r for r in rows if not r["provisional"]]
        assert rows[: len(ranked)] == ranked, "the provisional come after every ranked player"
        for part in (ranked, rows[len(ranked) :]):
            ratings = [r["mu"] for r in part]
            assert ratings == sorted(ratings, reverse=True), "best first, by rating"
        assert [r["place"] for r in rows] == [
            *range(1, len(ranked) + 1),
            *[None] * (len(rows) - len(ranked)),
        ]
        place = {r["id"]: r for r in rows}
        assert rows[0]["id"] == ids["Ann"], "ten wins out of ten"
        assert place[ids["Dan"]]["rating"] > place[ids["Cat"]]["rating"]
        assert place[ids["Dan"]]["place"] is None, "one lucky win is not enough for a place"
        assert rows.index(place[ids["Dan"]]) > rows.index(place[ids["Cat"]])
        assert [place[ids[n]]["provisional"] for n in ("Ann", "Bob", "Cat", "Dan")] == [
            False,
            False,
            False,
            True,
        ]
        assert place["bot:greedy"]["kind"] == "bot" and place["bot:greedy"]["name"] == "Greedy bot"
        assert board["me"] == place[ids["Dan"]], "your own row, with your place"
        assert bob.get("/api/leaderboard/cribist-4").json()["me"] == place[ids["Bob"]]
        assert {place[ids["Bob"]]["place"], place[ids["Cat"]]["place"]} == {2, 3}
        unrated = eve.get("/api/leaderboard/cribist-4").json()["me"]
        assert unrated["place"] is None and unrated["rating"] == 1500 and unrated["provisional"]
        assert server.get("/api/leaderboard/cribist-4").json()["me"] is None
        # Beyond the top: the board is cut, your place is not.
        top = profiles.leaderboard(engine, "cribist-4", size=2)
        assert [r["id"] for r in top] == [r["id"] for r in rows[:2]]
        assert profiles.place_of(engine, "cribist-4", ids["Dan"]) == place[ids["Dan"]]
        assert ann.get("/api/leaderboard/chess-2").status_code == 404
        groups = ann.get("/api/leaderboard").json()
        assert {"group": "cribist-4", "title": "Cribist"} in groups
    finally:
        for browser in browsers:
            browser.close()
        engine.dispose()


def play_out(server: Server, browser: httpx.Client, table: str) -> None:
    with server.player(table, sit(browser, table, "Ann")) as client:
        client.receive()
        client.play_to_end()
        client.drain()


@pytest.mark.store
def test_a_profile_is_made_of_the_players_own_matches(server: Server) -> None:
    a_profile_is_made_of_the_players_own_matches(server)


def a_profile_is_made_of_the_players_own_matches(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    try:
        tables = []
        # Two rated matches and a casual one, against bots: at unlisted tables, so what is
        # read here is what Ann herself reads (test_unlisted_history.py: what others do).
        for rated in (True, True, False):
            table = new_table(browser, rated=rated, score_target=121)["id"]
            play_out(server, browser, table)
            tables.append(table)
            server.advance(60)  # each ends at its own time
        server.wait_for(
            lambda: browser.get(f"/api/players/{ann}/matches").json()["total"] == 3,
            "three matches in Ann's history",
        )
        records = [server.get(f"/api/tables/{t}/records/1").json() for t in tables]
        seat = [next(i for i, s in enumerate(r["seats"]) if s["kind"] == "human") for r in records]
        ranks = [r["outcome"]["ranks"][s] for r, s in zip(records, seat, strict=True)]
        scores = [r["outcome"]["scores"][s] for r, s in zip(records, seat, strict=True)]

        page = browser.get(f"/api/players/{ann}").json()
        assert page["player"] == {"id": ann, "name": "Ann", "kind": "guest", "tag": f"#{ann[:4]}"}
        (rating,) = page["ratings"]
        assert rating["group"] == "cribbage-2" and rating["games"] == 2 and rating["provisional"]
        chart = page["chart"]["cribbage-2"]
        assert [p["table"] for p in chart] == tables[:2], "the rated ones, in order"
        assert chart[-1]["rating"] == rating["rating"]
        (stats,) = page["stats"]
        assert stats == {
            "group": "cribbage-2",
            "title": "Cribbage, 2 players",
            "played": 3,
            "won": ranks.count(1),
            "rated": 2,
        }
        (phases,) = page["phases"]
        dealt = sum(
            sum(1 for e in r["events"] if e["type"] == "deal" and e["hands"][s])
            for r, s in zip(records, seat, strict=True)
        )
        assert phases["game"] == "cribbage" and phases["deals"] == dealt
        per_deal = phases["per_deal"]
        assert per_deal["total"] == round(sum(scores) / dealt, 2), "every point, in some phase"
        pegged = sum(
            sum(h.points[s]["pegging"] for h in hand_points("cribbage", 2, r["events"]))
            for r, s in zip(records, seat, strict=True)
        )
        assert per_deal["pegging"] == round(pegged / dealt, 2)
        assert set(per_deal) == {"pegging", "heels", "hand", "crib", "muggins", "total"}

        listed = browser.get(f"/api/players/{ann}/matches").json()
        assert [m["table"] for m in listed["matches"]] == tables[::-1], "newest first"
        newest, _, oldest = listed["matches"]
        assert newest["rated"] is False and newest["rating"] is None
        assert (
            oldest["rating"]["before"] == 1500 and oldest["rating"]["after"] == chart[0]["rating"]
        )
        bot_seat = 1 - seat[0]
        assert oldest["opponents"] == [
            {
                "name": "Greedy 2",
                "player": "bot:greedy",
                "tag": None,  # a bot's name is its level: no tag
                "rank": records[0]["outcome"]["ranks"][bot_seat],
                "score": records[0]["outcome"]["scores"][bot_seat],
            }
        ]
        assert oldest["partners"] == [] and oldest["places"] == 2
        assert [m["rank"] for m in listed["matches"]] == ranks[::-1]
        assert [m["score"] for m in listed["matches"]] == scores[::-1]
        assert oldest["replay"] == f"#/replay/{tables[0]}/1" and oldest["title"] == "Cribbage"
        one = browser.get(f"/api/players/{ann}/matches?offset=1&limit=1").json()
        assert one["total"] == 3 and [m["table"] for m in one["matches"]] == [tables[1]]
    finally:
        browser.close()


def test_an_unknown_player_is_404_and_a_bad_page_400(server: Server) -> None:
    assert server.get("/api/players/nobody").status_code == 404
    assert server.get("/api/players/" + "x" * 41).status_code == 404
    assert server.get("/api/players/nobody/matches").status_code == 404
    _, ann = guest(server, "Ann")
    assert server.get(f"/api/players/{ann}/matches?limit=1000").status_code == 400
    assert server.get(f"/api/players/{ann}/matches?offset=-1").status_code == 400
    empty = server.get(f"/api/players/{ann}").json()
    assert empty["ratings"] == [] and empty["stats"] == [] and empty["chart"] == {}
