"""Quick play in a real browser: two people press "Play now" in two browsers and meet at one
table; one alone who will not wait gets a bot; Cancel leaves the queue."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import create_engine, func, select

from pegboard.server.store.schema import queue_table

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

TABLE = re.compile(r"#/table/(\w+)$")


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def press_play_now(page: Page, url: str, name: str, *, wait: str = "20") -> None:
    """From the lobby to the queue: the lobby's Play now, a name, the choice, Play now."""
    page.goto(url + "/")
    page.click(".quick-entry [data-key=play-now]")
    expect(page).to_have_url(re.compile(r"#/play$"))
    page.fill("#quick-name", name)
    page.check("input[value=cribbage]")
    page.select_option("[name=players]", "2")
    page.select_option("[name=wait]", wait)
    expect(page.locator("#quick-rated")).to_be_checked()  # rated unless said otherwise
    page.click(".quick-form [data-key=play-now]")


def table_of(page: Page) -> str:
    expect(page).to_have_url(TABLE)
    found = TABLE.search(page.url)
    assert found is not None
    return found.group(1)


def queued(live: LiveServer) -> int:
    engine = create_engine(f"sqlite:///{live.db}")
    try:
        with engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(queue_table)).scalar_one())
    finally:
        engine.dispose()


def nobody_queued(live: LiveServer, timeout: float = 5) -> bool:
    """Whether the queue empties (the server hears of a closed socket in its own time)."""
    deadline = time.monotonic() + timeout
    while queued(live):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@contextmanager
def desk_and_phone(browser: Browser) -> Iterator[tuple[Page, Page, list[str]]]:
    """Two people in two browsers, one at a desk and one on a phone, and their page errors."""
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce"),
        browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce"),
    ]
    try:
        ann, bob = (context.new_page() for context in contexts)
        yield ann, bob, watch_errors(ann) + watch_errors(bob)
    finally:
        for context in contexts:
            context.close()


def test_two_people_press_play_now_and_meet_at_one_table(
    browser: Browser, live: LiveServer
) -> None:
    with desk_and_phone(browser) as (ann, bob, errors):
        press_play_now(ann, live.url, "Ann")
        expect(ann.locator(".quick-waiting h2")).to_have_text("Looking for players…")
        expect(ann.locator(".quick-facts")).to_contain_text("Nobody else is looking")
        expect(ann.locator(".quick-facts")).to_contain_text("Opponents rated 1400–1600")
        assert_accessible(ann, "the waiting panel")
        assert queued(live) == 1

        press_play_now(bob, live.url, "Bob")
        table = table_of(bob)
        assert table_of(ann) == table, "seated at the same table"
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            expect(page.locator(".phase-discard .hand .button-card")).to_have_count(6)
            expect(page.locator(".felt")).to_contain_text(other)
        info = live.info(table)
        assert sorted(s["name"] for s in info["slots"]) == ["Ann", "Bob"]
        assert all(s["kind"] == "human" for s in info["slots"])
        assert queued(live) == 0
        assert errors == []


def test_alone_without_waiting_a_bot_takes_the_other_seat(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    press_play_now(page, live.url, "Ann", wait="0")
    table = table_of(page)
    expect(page.locator(".phase-discard .hand .button-card")).to_have_count(6)
    kinds = sorted(s["kind"] for s in live.info(table)["slots"])
    assert kinds == ["bot:medium", "human"]
    assert errors == []


def test_cancel_leaves_the_queue_and_the_choice_is_remembered(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    press_play_now(page, live.url, "Ann", wait="120")
    expect(page.locator(".quick-countdown")).to_contain_text("Bots take the empty seats in")
    assert queued(live) == 1
    page.click("[data-key=cancel]")
    expect(page.locator(".quick-form")).to_be_visible()
    expect(page.locator("[data-key=play-now]")).to_be_focused()
    expect(page.locator("[name=wait]")).to_have_value("120")
    assert_accessible(page, "the quick play form")
    assert nobody_queued(live), "closing the socket left the queue"
    # Leaving the page while waiting leaves the queue too.
    page.click(".quick-form [data-key=play-now]")
    expect(page.locator(".quick-waiting")).to_be_visible()
    page.goto(live.url + "/#/")
    expect(page.locator(".quick-entry")).to_be_visible()
    assert nobody_queued(live), "leaving the page left the queue"
    assert errors == []


SHOTS = os.environ.get("PEGBOARD_SHOTS")  # a folder: the test leaves its screenshots there


def test_a_person_who_waits_longer_than_a_silence_is_allowed_is_seated(
    browser: Browser, live: LiveServer
) -> None:
    """The queue seats only sockets that answered within 10 s: the page pings every 5 s while
    it waits, so Ann, alone for her 20 s, is still there when the bot takes the other seat."""
    with desk_and_phone(browser) as (ann, phone, errors):
        press_play_now(phone, live.url, "Bob", wait="120")  # the phone's waiting panel
        expect(phone.locator(".quick-countdown")).to_contain_text("Bots take the empty seats")
        if SHOTS:
            phone.screenshot(path=str(Path(SHOTS) / "quickplay-waiting-390.png"))
        phone.click("[data-key=cancel]")
        assert nobody_queued(live)
        press_play_now(ann, live.url, "Ann", wait="20")
        expect(ann.locator(".quick-countdown")).to_contain_text("Bots take the empty seats")
        if SHOTS:
            ann.screenshot(path=str(Path(SHOTS) / "quickplay-waiting-1280.png"))
        ann.wait_for_timeout(12_000)  # longer than a socket may stay silent
        assert queued(live) == 1, "still in the queue: the page answered"
        expect(ann).to_have_url(TABLE, timeout=20_000)  # the bot comes at 20 s
        table = table_of(ann)
        kinds = sorted(s["kind"] for s in live.info(table)["slots"])
        assert kinds == ["bot:medium", "human"]
        assert errors == []
