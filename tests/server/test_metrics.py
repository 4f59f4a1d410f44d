"""``GET /metrics``: what an operator watches, in Prometheus's text format, read the way
Prometheus reads it (prometheus-client's own parser): every metric docs/operations.md names is
there, and each moves with what it counts."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server
from prometheus_client.parser import text_string_to_metric_families
from stored_reviews import REVIEW_WAIT, finished_matches, forget_reviews, reviewed

from pegboard.core.wire import Record
from pegboard.server.app import create_app
from pegboard.server.clock import FakeClock
from pegboard.server.reviews import queue
from pegboard.server.tables.room import RoomSettings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def scrape(server: Server) -> dict[str, float]:
    """Every sample of the worker's metrics by name and labels: ``{'name{label="v"}': value}``."""
    answer = server.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    samples: dict[str, float] = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            samples[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return samples


def test_every_metric_the_docs_name_is_scraped(server: Server) -> None:
    watch = DOCS.read_text().split("## What to watch", 1)[1]
    named = set(re.findall(r"`(pegboard_\w+)`", watch))
    assert len(named) >= 10
    scraped = {name.split("{")[0] for name in scrape(server)}
    found = {n for n in named if any(s.startswith(n) for s in scraped)}
    assert found == named


def test_the_metrics_move_with_a_game_and_a_refusal(server: Server) -> None:
    before = scrape(server)
    table = server.table(bots=[None, "greedy"], score_target=31)
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        during = scrape(server)
        assert during["pegboard_open_tables"] == before["pegboard_open_tables"] + 1
        assert during["pegboard_sockets"] == before["pegboard_sockets"] + 1
        ann.play_to_end()
    after = scrape(server)
    # a game to 31 is at least one hand: two discards and eight cards played (a big first hand
    # may end it there)
    assert after["pegboard_actions_total"] >= before["pegboard_actions_total"] + 10
    assert after["pegboard_move_seconds_count"] >= before["pegboard_move_seconds_count"] + 10
    writes = (
        after["pegboard_store_write_seconds_count"] - before["pegboard_store_write_seconds_count"]
    )
    assert writes > 10
    thoughts = (
        after["pegboard_bot_think_seconds_count"] - before["pegboard_bot_think_seconds_count"]
    )
    assert thoughts > 5

    big = httpx.post(
        server.url + "/api/tables",
        content=b"{" + b" " * 20_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert big.status_code == 413
    key = 'pegboard_refused_total{status="413"}'
    assert scrape(server)[key] == before.get(key, 0) + 1


def test_reviews_queued_counts_the_matches_waiting_for_their_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "db.sqlite"
    first = Server(db)
    first.start()
    tables = [first.table(bots=["greedy", "random"], listed=True, score_target=31) for _ in "ab"]
    for table in tables:
        finished_matches(first, table, [1])
    first.stop()
    forget_reviews(db)  # two finished matches whose reviews were never stored

    # The reviews are made in a thread here, each held until the test lets it go.
    go = threading.Event()
    made = queue.make_review

    def held(record: Record) -> dict[str, Any]:
        go.wait(REVIEW_WAIT)
        return made(record)

    monkeypatch.setattr(queue, "make_review", held)
    app = create_app(
        f"sqlite:///{db}",
        clock=FakeClock(),
        settings=RoomSettings(bot_delay=0.0),
        review_in_thread=True,
    )
    server = Server(db, app=app)
    server.start()
    try:
        server.wait_for(
            lambda: scrape(server)["pegboard_reviews_queued"] == 2, "the two matches queued", 30
        )
        go.set()
        server.reviews_done(REVIEW_WAIT)
        assert all(reviewed(db, table, 1) for table in tables)
        assert scrape(server)["pegboard_reviews_queued"] == 0
        for table in tables:
            assert server.get(f"/api/tables/{table}/records/1/review").status_code == 200
    finally:
        go.set()
        server.stop()
