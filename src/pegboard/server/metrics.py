"""What an operator watches (``GET /metrics``, Prometheus's text format, one worker's own):
docs/operations.md, "What to watch".

Counters and histograms are the process's (one set, counted wherever the thing happens);
gauges are read from the worker's lobby when Prometheus scrapes. Each app has a registry of its
own holding both, so several apps in one process (the tests) each answer for themselves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from fastapi import APIRouter, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Buckets, in seconds, for what a person waits on: a move, a store write, a bot's thought."""

ACTIONS = Counter(
    "pegboard_actions", "Actions accepted at the tables (people, bots, clocks).", registry=None
)
MOVE_SECONDS = Histogram(
    "pegboard_move_seconds",
    "A table's change (its new actions): stored, then sent to every seat and watcher.",
    buckets=FAST,
    registry=None,
)
STORE_WRITE_SECONDS = Histogram(
    "pegboard_store_write_seconds",
    "One table change written to the store (one transaction).",
    buckets=FAST,
    registry=None,
)
BOT_THINK_SECONDS = Histogram(
    "pegboard_bot_think_seconds",
    "One bot move, thought in a worker thread.",
    buckets=FAST,
    registry=None,
)
SETTLEMENTS = Counter(
    "pegboard_rating_settlements",
    "Finished matches settled (histories and ratings).",
    registry=None,
)
REFUSED = Counter(
    "pegboard_refused",
    "Requests refused by a limit, by HTTP status (413 body, 414 URL, 429 rate, 431 headers).",
    ["status"],
    registry=None,
)
SOCKETS_RELAYED = Counter(
    "pegboard_sockets_relayed",
    "Sockets served here for a table another worker owns, relayed over the bus.",
    registry=None,
)
SOCKETS_MOVED = Counter(
    "pegboard_sockets_moved",
    "Sockets sent to the route of their table's owner (close 4307), not relayed.",
    registry=None,
)
SHARED = (
    ACTIONS,
    MOVE_SECONDS,
    STORE_WRITE_SECONDS,
    BOT_THINK_SECONDS,
    SETTLEMENTS,
    REFUSED,
    SOCKETS_RELAYED,
    SOCKETS_MOVED,
)

REFUSALS = frozenset({413, 414, 429, 431})
for _status in sorted(REFUSALS):  # each status scraped from the start, at 0
    REFUSED.labels(status=str(_status))


@dataclass
class Readings:
    """How to read this worker's gauges when Prometheus scrapes (each returns a count)."""

    open_tables: Callable[[], int]
    sockets: Callable[[], int]
    queue: Callable[[], int]
    reviews_queued: Callable[[], int]


class _Gauges(Collector):
    def __init__(self, readings: Readings) -> None:
        self.readings = readings

    def collect(self) -> Iterator[Metric]:
        gauges = (
            ("pegboard_open_tables", "Tables open on this worker.", self.readings.open_tables),
            (
                "pegboard_sockets",
                "Sockets of people and watchers at its tables.",
                self.readings.sockets,
            ),
            ("pegboard_quickplay_queue", "People waiting in quick play.", self.readings.queue),
            (
                "pegboard_reviews_queued",
                "Finished matches waiting for their review.",
                self.readings.reviews_queued,
            ),
        )
        for name, text, read in gauges:
            yield GaugeMetricFamily(name, text, value=read())


def registry(readings: Readings) -> CollectorRegistry:
    """One worker's registry: the process's counters and its own gauges."""
    found = CollectorRegistry(auto_describe=True)
    for metric in SHARED:
        found.register(metric)
    found.register(_Gauges(readings))
    return found


def refused(status: int) -> None:
    """Count a request a limit refused (any other status is not counted)."""
    if status in REFUSALS:
        REFUSED.labels(status=str(status)).inc()


class RefusalCount:
    """ASGI middleware: counts every answer a limit gave (413, 429, …) as it goes out."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start":
                refused(int(message["status"]))
            await send(message)

        await self.app(scope, receive, counted)


def metrics_routes(found: CollectorRegistry) -> APIRouter:
    """``GET /metrics``: this worker's registry in Prometheus's text format."""
    router = APIRouter()

    @router.get("/metrics")
    async def scrape() -> Response:
        # The gauges may ask the store (quick play's queue): off the event loop.
        body = await asyncio.to_thread(generate_latest, found)
        return Response(body, media_type=CONTENT_TYPE_LATEST)

    return router
