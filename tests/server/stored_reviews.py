"""Reviews in a test's store: finished matches, and a store whose reviews were never made."""

from __future__ import annotations

from pathlib import Path

from harness import Server

from pegboard.server.reviews.review_store import stored_review
from pegboard.server.store.schema import review_seats_table, reviews_table
from pegboard.server.store.sql_store import Store

REVIEW_WAIT = 90  # seconds: the review's worker process starts (imports) the first time


def finished_matches(server: Server, table: str, matches: list[int]) -> None:
    """Once the bots at ``table`` have played as far as they go, ``matches`` are over."""
    server.idle(timeout=30)  # the bots think in a process of their own, started the first time
    assert server.get(f"/api/tables/{table}/records").json() == matches


def reviewed(db: Path, table: str, match: int) -> bool:
    """Whether the store holds the match's review (asked of the store: asking the server for
    it would submit it)."""
    store = Store(f"sqlite:///{db}")
    try:
        return stored_review(store.engine, table, match) is not None
    finally:
        store.close()


def forget_reviews(db: Path) -> None:
    """The store as a process that died before its reviews were stored leaves it."""
    store = Store(f"sqlite:///{db}")
    with store.engine.begin() as tx:
        tx.execute(review_seats_table.delete())
        tx.execute(reviews_table.delete())
    store.close()
