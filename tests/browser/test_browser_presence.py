"""Who is at the table, in a real browser: when a player's page closes the others see them
away at once, and back as soon as they open the table again (not at the next move)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clicker import CHROMIUM
from devices import desktop, phone
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept


def open_table(page: Page, url: str) -> str:
    """Ann makes a table for two people; its address."""
    page.goto(url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", "15")
    page.select_option("[name=seat-1]", "")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    return page.url


def test_the_others_see_a_closed_page_as_away_and_an_open_one_as_back(
    browser: Browser, live: LiveServer
) -> None:
    ann_context, bob_context = desktop(browser), phone(browser)
    ann = ann_context.new_page()
    address = open_table(ann, live.url)
    bob = bob_context.new_page()
    bob.goto(address)
    bob.fill("#join-name", "Bob")
    bob.click("[data-key=join]")
    expect(bob.locator(".me .seat-name")).to_contain_text("(you)")
    bobs_seat = ann.locator(".seat-panel", has_text="Bob")
    expect(bobs_seat).to_be_visible()
    expect(bobs_seat.locator(".badge", has_text="away")).to_have_count(0)

    bob.close()  # Bob's phone drops the page
    expect(bobs_seat.locator(".badge", has_text="away")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "presence-away-desktop.png"))

    bob = bob_context.new_page()  # and opens it again: the seat is his (its token is kept)
    bob.goto(address)
    expect(bob.locator(".me .seat-name")).to_contain_text("(you)")
    expect(bobs_seat.locator(".badge", has_text="away")).to_have_count(0)

    ann.close()
    anns_seat = bob.locator(".seat-panel", has_text="Ann")
    expect(anns_seat.locator(".badge", has_text="away")).to_be_visible()
    bob.screenshot(path=str(SHOTS / "presence-away-phone.png"))
    ann_context.close()
    bob_context.close()
