"""The daily challenge in the browser: today's page, a game against the expert played to the
end, one attempt a day, and the day's results with your place, on a desktop and a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, ViewportSize, expect
from test_browser_play import no_horizontal_scroll, watch_errors

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path("/tmp/pegboard-fair-shots")
DESKTOP: ViewportSize = {"width": 1280, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}


def test_the_daily_game_played_to_the_end_and_its_results(
    browser: Browser, live: LiveServer
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(live.url + "/")
    page.fill("#player-name", "Ann")
    page.click("[data-key=daily]")
    expect(page.locator("[data-testid=daily-commitment]")).to_have_text(
        re.compile(r"^[0-9a-f]{16}…$")
    )
    expect(page.locator(".daily-game")).to_have_count(3)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "daily-desktop.png"), full_page=True)
    assert_accessible(page, "the daily challenge page")
    page.click("[data-key=daily-cribbage]")
    expect(page.locator("[data-testid=fair-state]")).to_contain_text("revealed when")
    play_to_results(Clicker(page), timeout=400)
    expect(page.locator("[data-testid=daily-over]")).to_be_visible()
    expect(page.locator("[data-key=rematch]")).to_have_count(0)  # one attempt a day
    page.screenshot(path=str(SHOTS / "daily-over.png"))
    page.click("[data-key=daily-results]")
    board = page.locator("[data-testid=daily-results-cribbage]")
    expect(board.locator("tr.mine")).to_contain_text("Ann (you)")
    expect(board.locator("tr.mine td").first).to_have_text("1")
    expect(board.locator("tr.mine")).to_contain_text("Replay")
    # The result as a player reads it: won or lost, and the score, hers first ("Lost 96–121").
    result = board.locator("tr.mine td.daily-result")
    expect(result).to_have_text(re.compile(r"^(Won|Lost) \d+–\d+$"))
    shown = re.fullmatch(r"(Won|Lost) (\d+)–(\d+)", result.inner_text())
    assert shown is not None
    assert (shown[1] == "Won") == (int(shown[2]) > int(shown[3])), shown[0]
    expect(page.locator(".daily-game[data-game=cribbage] .daily-done")).to_have_text(
        f"Your game: {shown[0]}"
    )
    expect(page.locator("[data-testid=daily-streak]")).to_have_text("Your streak: 1 day in a row")
    page.screenshot(path=str(SHOTS / "daily-results.png"), full_page=True)
    assert_accessible(page, "the daily results")
    # On a phone: the same page, nothing wider than the screen.
    phone = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    phone_page = phone.new_page()
    phone_page.goto(live.url + "/#/daily")
    expect(phone_page.locator(".daily-game")).to_have_count(3)
    assert no_horizontal_scroll(phone_page)
    phone_page.screenshot(path=str(SHOTS / "daily-phone.png"), full_page=True)
    phone.close()
    assert not errors
    context.close()
