"""Cribbage is not Enough in a real browser: a person clicks a game against a bot to the end."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from clicker import CHROMIUM, RESULTS, Clicker, open_lobby
from live_server import LiveServer
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "not-enough.png"

# The first choice button, or the cards a picking hand needs (reveal, magic), if on show.
OFFER = """() => {
  const hand = document.querySelector(".not-enough:not(.phase-discard) .hand.picking");
  return {
    version: document.querySelector(".game")?.dataset.version ?? null,
    choice: document.querySelector(".choices [data-key=choice-0]") !== null,
    need: hand ? Number(hand.dataset.need) : 0,
    pick: hand ? document.querySelector(".actions [data-key=reveal], .actions [data-key=magic]")
      ?.dataset.key ?? null : null,
  };
}"""


def other_move(page: Page, last: list[str | None]) -> bool:
    """Answer a choice (the first one) or pick the first cards asked for; True if moved."""
    seen = page.evaluate(OFFER)
    if seen["version"] is None or seen["version"] == last[0]:
        return False
    try:
        if seen["choice"]:
            page.click(".choices [data-key=choice-0]", timeout=1000)
        elif seen["need"] and seen["pick"]:
            cards = page.locator(".hand.picking .button-card")
            for i in range(seen["need"]):
                cards.nth(i).click(timeout=1000)
            page.click(f".actions [data-key={seen['pick']}]", timeout=1000)
        else:
            return False
    except Exception:  # re-rendered under the pointer: look again
        return False
    last[0] = seen["version"]
    return True


def mid_game(page: Page) -> bool:
    return (
        page.locator(".not-enough .ne-deck .ne-top .card").count() == 2
        and page.locator(".phase-play .hand .button-card:not([disabled])").count() > 1
    )


def test_a_person_plays_not_enough_against_a_greedy_bot(browser: Browser, live: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1250}, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_lobby(page, live.url, "Ann", "not-enough")
    page.fill("#option-score_target", "15")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    page.wait_for_selector(".felt.not-enough")

    ann = Clicker(page)
    last: list[str | None] = [None]
    shot = not os.environ.get("PEGBOARD_SCREENSHOTS")  # refresh docs/screenshots only on request
    deadline = time.monotonic() + 50
    while not ann.finished():
        assert time.monotonic() < deadline, "the game did not end in time"
        if not shot and mid_game(page):
            page.mouse.move(2, 2)
            page.screenshot(path=str(SHOT), animations="disabled")
            shot = True
        if other_move(page, last) or ann.step():
            continue
        ann.wait_for_change(300)

    page.wait_for_selector(RESULTS)
    assert sorted(page.locator(f"{RESULTS} td.rank").all_inner_texts()) == ["1st", "2nd"]
    log = page.locator(".log").inner_text()
    assert "The Tops: grey" in log
    assert re.search(r"scores? \d+: ", log), "every score is explained in the log"
    assert "Game over" in log
    assert shot, "the game was seen mid-play"
    assert not errors
    context.close()
