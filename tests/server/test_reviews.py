"""Game reviews on the server (docs/review.md, docs/protocol.md "Game reviews"): each finished
match is reviewed once, off the event loop, and stored; its review is for whoever may see the
match's record (a seat after the match, everyone where the table is listed), never for a match
in progress; the profile shows a player's accuracy per game over time."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from harness import INVITES, Server
from stored_reviews import REVIEW_WAIT, finished_matches, forget_reviews, reviewed

from pegboard.server.clock import FakeClock
from pegboard.server.reviews.queue import ReviewQueue
from pegboard.server.reviews.review_store import accuracy_by_game, stored_review
from pegboard.server.store.sql_store import Store


def fetch_when_ready(server: Server, client: httpx.Client, path: str) -> dict[str, Any]:
    """The review at ``path``: asked for once (which submits it, if it is not made yet), then
    again once the review queue has done its work."""
    answer = client.get(path)
    if answer.status_code != 200:
        server.reviews_done(REVIEW_WAIT)
        answer = client.get(path)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_a_seat_sees_its_review_after_the_match_and_strangers_do_not(server: Server) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    key = INVITES[table]
    review = f"/api/tables/{table}/records/1/review"
    with httpx.Client(base_url=server.url, timeout=10) as ann_browser:
        ann_browser.post("/api/me", json={"name": "Ann"})
        me = ann_browser.get("/api/me").json()["player"]["id"]
        token = ann_browser.post(
            f"/api/tables/{table}/join", json={"name": "Ann", "invite": key}
        ).json()["token"]
        with server.player(table, token) as ann:
            ann.receive()
            # Nothing of a match in progress is reviewed: it has no record yet.
            assert ann_browser.get(review).status_code == 404
            ann.play_to_end()
        found = fetch_when_ready(server, ann_browser, review)
        profile = ann_browser.get(f"/api/players/{me}").json()
    assert found["format"] == "pegboard-review/1"
    assert found["game"] == "cribbage" and len(found["seats"]) == 2
    assert found["decisions"], "every decision of the match is there"
    marked = [d for d in found["decisions"] if d["mark"]]
    assert all("view" in d for d in marked), "a marked decision shows the position"
    assert all("view" not in d for d in found["decisions"] if not d["mark"])
    # The access rule of the record: the link or a seat, else nothing.
    with httpx.Client(base_url=server.url, timeout=10) as someone_else:
        someone_else.post("/api/me", json={"name": "Cat"})
        assert someone_else.get(review).status_code == 403
    assert httpx.get(server.url + review).status_code == 403
    assert httpx.get(f"{server.url}{review}?token={token}").status_code == 200
    assert (
        httpx.get(f"{server.url}/api/tables/{table}/records/2/review?invite={key}").status_code
        == 404
    )
    # The profile: Ann's accuracy in this match, by game.
    (game,) = profile["accuracy"]
    assert (game["game"], game["title"]) == ("cribbage", "Cribbage")
    (point,) = game["points"]
    seat = next(s for s in found["seats"] if s["name"] == "Ann")
    assert point["accuracy"] == seat["accuracy"] and point["match"] == 1


def test_a_listed_tables_reviews_are_for_everyone(server: Server) -> None:
    table = server.table(bots=["greedy", "random"], listed=True, score_target=31)
    finished_matches(server, table, [1])
    review = fetch_when_ready(
        server, httpx.Client(), f"{server.url}/api/tables/{table}/records/1/review"
    )
    assert review["match"] == 0


def test_the_queue_reviews_a_match_once_however_often_it_is_submitted(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite")
    server.start()
    table = server.table(bots=["greedy", "random"], listed=True, score_target=31)
    finished_matches(server, table, [1])
    server.stop()
    forget_reviews(tmp_path / "db.sqlite")  # the server's own queue may have made it already
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")

    async def burst() -> int:
        queue = ReviewQueue(store, FakeClock(), in_thread=True)
        queue.start()
        for _ in range(5):
            queue.submit(table, 1)
        queue.submit(table, 2)  # no such match: nothing is made
        await queue.idle()
        queue.submit(table, 1)  # stored already: skipped
        await queue.idle()
        await queue.stop()
        return queue.made

    assert asyncio.run(burst()) == 1
    assert stored_review(store.engine, table, 1) is not None
    assert stored_review(store.engine, table, 2) is None
    (cribbage,) = accuracy_by_game(store.engine, "bot:greedy")
    assert [p["match"] for p in cribbage["points"]] == [1]
    store.close()


def test_a_match_whose_review_was_never_stored_is_reviewed_when_the_server_starts(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite"
    server = Server(db)
    server.start()
    table = server.table(bots=["greedy", "random"], listed=True, score_target=31)
    finished_matches(server, table, [1])
    server.reviews_done(REVIEW_WAIT)
    assert reviewed(db, table, 1)
    server.stop()
    # The process died before (or while) making the review: nothing of it is stored.
    forget_reviews(db)
    assert not reviewed(db, table, 1)
    server.start()  # nobody asks for the review: the start-up finds the match without one
    server.reviews_done(REVIEW_WAIT)  # nobody asks for it: the start-up found the match
    assert reviewed(db, table, 1)
    review = httpx.get(f"{server.url}/api/tables/{table}/records/1/review").json()
    server.stop()
    assert review["game"] == "cribbage" and review["decisions"]
