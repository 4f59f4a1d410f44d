"""Challenges (docs/protocol.md, "Challenges"): Ann challenges Bob to a table of her choosing;
Bob finds it in his list (the client shows it on any page) and accepts, which makes the table
with both seated, or declines, which makes nothing. An answered challenge cannot be answered
again; neither of two people where one blocks the other can challenge the other."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from harness import Server


@contextmanager
def device(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=20) as browser:
        yield browser


def guest(browser: httpx.Client, name: str) -> str:
    made = browser.post("/api/me", json={"name": name})
    assert made.status_code == 200, made.text
    return str(made.json()["player"]["id"])


def challenge(browser: httpx.Client, to: str, **settings: Any) -> httpx.Response:
    body = {"to": to, "game": "cribbage", "options": {"score_target": 121}, "rated": True}
    return browser.post("/api/challenges", json=body | settings)


def test_a_challenge_accepted_seats_both_at_the_table_it_asked_for(server: Server) -> None:
    with device(server) as ann, device(server) as bob:
        ann_id, bob_id = guest(ann, "Ann"), guest(bob, "Bob")
        made = challenge(ann, bob_id, match="best-of-3")
        assert made.status_code == 200, made.text
        sent = made.json()
        assert (sent["status"], sent["rated"], sent["match"]) == ("waiting", True, "best-of-3")

        (received,) = bob.get("/api/challenges").json()["received"]
        assert received["id"] == sent["id"]
        assert received["from"] == {"id": ann_id, "name": "Ann", "tag": f"#{ann_id[:4]}"}
        assert ann.get("/api/challenges").json()["received"] == [], "Ann answers nothing"

        accepted = bob.post(f"/api/challenges/{sent['id']}/accept", json={})
        assert accepted.status_code == 200, accepted.text
        table, token = accepted.json()["table"], accepted.json()["token"]
        info = bob.get(f"/api/tables/{table}?token={token}").json()
        assert [s["name"] for s in info["slots"]] == ["Ann", "Bob"]
        assert info["status"] == "playing", "both are seated: it starts at once"
        assert info["rated"] and not info["listed"]
        assert (info["match_format"]["games"], info["match_format"]["best_of"]) == (3, True)
        assert info["options"]["score_target"] == 121

        (mine,) = ann.get("/api/challenges").json()["sent"]
        assert (mine["status"], mine["table"]) == ("accepted", table), "Ann sees the answer"
        assert ann.get(f"/api/tables/{table}/seat").json()["slot"] == 0, "and has her seat"
        assert bob.get("/api/challenges").json()["received"] == []
        again = bob.post(f"/api/challenges/{sent['id']}/accept", json={})
        assert again.status_code == 409, "one table a challenge"


def test_a_declined_challenge_makes_no_table(server: Server) -> None:
    with device(server) as ann, device(server) as bob:
        guest(ann, "Ann")
        bob_id = guest(bob, "Bob")
        sent = challenge(ann, bob_id, rated=False, options={"score_target": 61}).json()
        tables_before = len(ann.get("/api/tables").json())
        assert ann.post(f"/api/challenges/{sent['id']}/decline", json={}).status_code == 404, (
            "not hers"
        )
        declined = bob.post(f"/api/challenges/{sent['id']}/decline", json={})
        assert declined.json() == {"id": sent["id"], "status": "declined"}
        (mine,) = ann.get("/api/challenges").json()["sent"]
        assert (mine["status"], mine["table"]) == ("declined", None)
        assert bob.post(f"/api/challenges/{sent['id']}/accept", json={}).status_code == 409
        assert len(ann.get("/api/tables").json()) == tables_before


def test_nobody_blocked_can_challenge_or_be_challenged(server: Server) -> None:
    with device(server) as ann, device(server) as bob:
        ann_id, bob_id = guest(ann, "Ann"), guest(bob, "Bob")
        waiting = challenge(ann, bob_id).json()
        bob.request("PUT", f"/api/me/block/{ann_id}", json={}).raise_for_status()
        refused = challenge(ann, bob_id, rated=False)
        assert refused.status_code == 403 and refused.json()["detail"] == (
            "you cannot challenge this player"
        )
        assert challenge(bob, ann_id).status_code == 403, "nor the one who blocked"
        late = bob.post(f"/api/challenges/{waiting['id']}/accept", json={})
        assert late.status_code == 403, "a challenge from before the block is not taken up"


@pytest.mark.parametrize(
    ("change", "status", "says"),
    [
        ({"game": "cribist"}, 400, "not played by two"),
        ({"options": {"score_target": 31}}, 400, "standard length"),
        ({"options": {"score_target": 5000}}, 400, "score_target"),
        ({"to": "bot:greedy"}, 404, "no such person"),
        ({"to": "feedface00000000"}, 404, "no such person"),
        ({"match": "best-of-4"}, 400, "odd number of games"),
        ({"colour": "red"}, 422, "unknown field"),
    ],
)
def test_a_bad_challenge_is_refused_and_makes_nothing(
    server: Server, change: dict[str, Any], status: int, says: str
) -> None:
    with device(server) as ann, device(server) as bob:
        guest(ann, "Ann")
        bob_id = guest(bob, "Bob")
        body = {"to": bob_id, "game": "cribbage", "options": {"score_target": 121}, "rated": True}
        refused = ann.post("/api/challenges", json=body | change)
        assert refused.status_code == status, refused.text
        assert says in refused.text
        assert bob.get("/api/challenges").json()["received"] == []


def test_a_challenge_to_oneself_or_twice_is_refused(server: Server) -> None:
    with device(server) as ann, device(server) as bob, device(server) as nobody:
        ann_id, bob_id = guest(ann, "Ann"), guest(bob, "Bob")
        assert challenge(ann, ann_id).status_code == 400
        assert challenge(ann, bob_id).status_code == 200
        twice = challenge(ann, bob_id)
        assert twice.status_code == 400 and "already" in twice.text
        assert challenge(nobody, bob_id).status_code == 401
        assert nobody.get("/api/challenges").json() == {"received": [], "sent": []}


def test_a_form_from_another_site_answers_no_challenge_and_mutes_nobody(server: Server) -> None:
    """Every change is asked as JSON: a page elsewhere can post a form with the visitor's
    cookie, but not JSON, so it neither accepts a challenge for them nor sets a block."""
    with device(server) as ann, device(server) as bob:
        ann_id, bob_id = guest(ann, "Ann"), guest(bob, "Bob")
        sent = challenge(ann, bob_id).json()
        forged = bob.post(f"/api/challenges/{sent['id']}/accept", content=b"x=1")
        assert forged.status_code == 415
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        assert bob.put(f"/api/me/block/{ann_id}", headers=form).status_code == 415
        (waiting,) = bob.get("/api/challenges").json()["received"]
        assert waiting["status"] == "waiting"
        assert bob.get("/api/me/social").json() == {"mute": [], "block": []}
