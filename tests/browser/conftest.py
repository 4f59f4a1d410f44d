"""The browser, server and page fixtures every browser test shares.

Chromium is Debian's (``/usr/bin/chromium``), launched by Playwright with the flags in
:data:`clicker.BROWSER_ARGS`; each test gets its own server on a fresh SQLite file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from clicker import BROWSER_ARGS, CHROMIUM
from devices import People
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, expect, sync_playwright

# An assertion on the page waits as long as the pages' own actions (15 s, not Playwright's 5):
# make test loads both cores, and a seat taken was once drawn past 5 s at a load average of 30.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "pegboard.sqlite") as server:
        yield server


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    made.set_default_timeout(15_000)
    yield made
    made.close()


@pytest.fixture
def people(browser: Browser) -> Iterator[People]:
    """People on screens of their own (``people(desktop, phone)``), closed after the test."""
    made = People(browser)
    yield made
    made.close()
