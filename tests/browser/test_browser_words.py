"""Words a player uses, and forms that show what applies: the rules pages on a phone (their
option tables wrap inside the page, in plain words, never a raw option key or the rule texts'
file names), the new-table form showing only the length of the ending chosen, and page titles
shown whole on a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

RAW = re.compile(r"turn_time|skip_empty|score_target|counting=|end=|deals deals|placeholder|seed")


def phone(browser: Browser, width: int = 360, height: int = 740) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(15_000)
    return context.new_page()


@pytest.mark.parametrize("game", ["cribbage", "cribist", "not-enough"])
def test_the_rules_page_reads_on_a_phone_in_plain_words(
    browser: Browser, live: LiveServer, game: str
) -> None:
    page = phone(browser)
    page.goto(f"{live.url}/#/rules/{game}")
    expect(page.locator(".rules-text h1")).to_be_visible()
    expect(page.locator(".option-list dt").first).to_be_visible()
    said = page.locator(".rules-text").inner_text() + page.locator(".option-list").inner_text()
    assert not RAW.findall(said), RAW.findall(said)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for table in page.locator(".rules-text table").all():
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert_accessible(page, f"the {game} rules on a phone")  # scrollable-region-focusable too
    page.context.close()


def test_the_form_shows_only_the_length_of_the_ending_chosen(
    browser: Browser, live: LiveServer
) -> None:
    page = phone(browser, 390, 844)
    page.goto(live.url + "/")
    page.check("input[value=cribist]")
    fields = ["#option-score_target", "#option-deals", "#option-minutes"]
    for end, shown in [("target", 0), ("deals", 1), ("minutes", 2), ("target", 0)]:
        page.select_option("#option-end", end)
        for i, field in enumerate(fields):
            expect(page.locator(field)).to_have_count(1 if i == shown else 0)
    help_text = page.locator(".options").first.inner_text()
    assert "end=" not in help_text and "manual:" not in help_text
    page.context.close()


@pytest.mark.parametrize(("route", "title"), [("leaderboard", "Leaderboard"), ("me", "profile")])
def test_page_titles_are_whole_on_a_phone(
    browser: Browser, live: LiveServer, route: str, title: str
) -> None:
    page = phone(browser)
    page.goto(f"{live.url}/#/{route}")
    heading = page.locator(".topbar .title")
    expect(heading).to_contain_text(title)
    assert page.evaluate(
        "() => { const t = document.querySelector('.topbar .title');"
        " return t.scrollWidth <= t.clientWidth; }"
    ), "the title is cut"
    page.context.close()
