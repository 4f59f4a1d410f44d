"""The web client notices a server that stops answering: no pong (nor anything else) in time
after its ping, and it reconnects (with several workers, to whichever now serves the table)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from clicker import CHROMIUM
from live_server import LiveServer
from playwright.sync_api import BrowserContext, WebSocket, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

# The page pings every 300 ms and gives a silent server 600 ms (in play: 25 s and 10 s).
TIMING = "globalThis.PEGBOARD_SOCKET_TIMING = { ping: 300, wait: 600 };"
FROZEN = 3.0  # seconds the server's event loop is held


def freeze(live: LiveServer, seconds: float) -> None:
    """Hold the server's event loop, as a worker stalled past its lease would be: its sockets
    stay open, and nothing is answered."""

    async def stall() -> None:
        time.sleep(seconds)  # blocking on purpose: the whole loop stops

    asyncio.run_coroutine_threadsafe(stall(), live.app.state.loop)


def test_a_page_reconnects_when_the_server_stops_answering(
    context: BrowserContext, live: LiveServer
) -> None:
    table = live.table(bots=[None, "greedy"])["id"]
    page = context.new_page()
    page.add_init_script(TIMING)
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.goto(live.link(table))
    expect(page.locator(".game, .waiting").first).to_be_visible()
    assert len(sockets) == 1
    page.wait_for_timeout(1000)  # pings answered: no reconnection
    assert len(sockets) == 1

    freeze(live, FROZEN)
    page.wait_for_function("() => document.body.innerText.includes('reconnecting')")
    page.wait_for_timeout(FROZEN * 1000)
    assert len(sockets) >= 2, "a new socket was opened"
    expect(page.get_by_text("reconnecting")).to_have_count(0)  # and it is live again
