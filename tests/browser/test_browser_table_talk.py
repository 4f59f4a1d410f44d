"""Table talk in a real browser (docs/rules.md, "Cribbage is not Enough"): at a table with partners
the chat's line for free text is switched off while a hand is in play, and the chat says why; the
quick phrases still go; after the game free text is back. Cribbage is not Enough for four and
Cribbage in teams, on a desktop and (in the drawer) on a phone."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, RESULTS, Clicker
from devices import desktop, phone
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept
WHY = "Partners may not talk about their cards"


def seat_ann(page: Page, live: LiveServer, game: str, options: dict[str, Any]) -> None:
    """Ann takes the one free seat of a table for four with three greedy bots."""
    table = live.table(game, 4, bots=[None, "greedy", "greedy", "greedy"], options=options)
    page.goto(live.link(table["id"]))
    page.fill("#join-name", "Ann")
    page.click("[data-key=join]")
    expect(page.locator(".me .seat-name")).to_contain_text("(you)")


def answer_until(page: Page, done: Any, seconds: float = 60) -> None:
    """Ann answers what the table asks (a colour, a power, a card) until ``done()``."""
    ann = Clicker(page)
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        choice = page.locator(".choices [data-key=choice-0]")
        if choice.count():
            # The table may move on (and redraw the choice) while we click: look again.
            with contextlib.suppress(PlaywrightTimeout):
                choice.first.click(timeout=1000)
            continue
        if not ann.step():
            ann.wait_for_change(300)


@pytest.mark.parametrize(
    ("game", "options"),
    [("not-enough", {"score_target": 15}), ("cribbage", {"score_target": 15, "teams": True})],
)
def test_partners_see_why_free_text_is_off_during_a_hand(
    browser: Browser, live: LiveServer, game: str, options: dict[str, Any]
) -> None:
    context = desktop(browser)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    seat_ann(page, live, game, options)
    box = page.locator("#chat-input")
    # The first hand is dealt (before, the dealer of Cribbage is not Enough takes a colour).
    answer_until(page, box.is_disabled)
    expect(page.locator("#chat-panel .chat-note")).to_contain_text(WHY)
    expect(page.locator("#chat-panel .chat-note")).to_contain_text("Free text returns between")
    expect(page.locator("[data-key=chat-send]")).to_be_disabled()
    expect(box).to_have_attribute("placeholder", "Phrases only")
    page.click("[data-key=phrase-good-luck]")
    expect(page.locator("#chat-panel .chat-text")).to_have_text(["Good luck"])
    assert_accessible(page, f"the chat of {game} partners during a hand")
    page.mouse.move(2, 2)
    page.screenshot(path=str(SHOTS / f"table-talk-{game}-desktop.png"))
    answer_until(page, lambda: page.locator(RESULTS).count() > 0, seconds=90)
    page.keyboard.press("Escape")  # the results overlay aside: the chat is free again
    expect(box).to_be_enabled()
    expect(page.locator("#chat-panel .chat-note")).not_to_contain_text(WHY)
    box.fill("good game, partner")
    box.press("Enter")
    expect(page.locator("#chat-panel .chat-text").last).to_have_text("good game, partner")
    assert not errors
    context.close()


def test_on_a_phone_the_drawer_says_why(browser: Browser, live: LiveServer) -> None:
    context = phone(browser)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    seat_ann(page, live, "not-enough", {"score_target": 61})
    answer_until(page, page.locator("#chat-input").is_disabled)
    page.locator("[data-key=chat-toggle]").tap()
    expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#chat-panel .chat-note")).to_contain_text(WHY)
    expect(page.locator("#chat-panel .chat-phrase").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page, "the chat drawer of partners during a hand, on a phone")
    page.screenshot(path=str(SHOTS / "table-talk-phone.png"))
    assert not errors
    context.close()
