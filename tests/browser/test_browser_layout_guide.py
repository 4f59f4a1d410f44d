"""The guide and the panel pinned to the foot of the screen. Cribist's trick in sight: on the
player's turn to follow, the hand is pinned, and the guide (open or folded) is not in it, so the
pinned hand covers none of the trick it must follow: on a desktop as the page opens, and at every
size (three desktops, two phones) once the trick is scrolled to, the hand's playable cards on
screen with it; the guide is read under the hand, and nothing in the table sticks out of its
panel. Cribbage's claim on a short wide screen: the guide gives way, and so does its column, so
the claim's cards and buttons are on screen."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from clicker import CHROMIUM, Clicker, sit_down
from layout import boxes, on_screen, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_browser_layout import SHOTS, VIEWPORTS

from pegboard.core import SeededChance

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

# The layout tests' desktop and phones, and two shorter desktops.
SIZES: dict[str, ViewportSize] = {
    **VIEWPORTS,
    "short-desktop": {"width": 1280, "height": 720},
    "small-desktop": {"width": 1024, "height": 768},
}

# Our turn to follow: cards in the trick (a bot led) and cards of ours to play.
FOLLOWING = """() =>
  document.querySelector(".trick:not(.done) .trick-card") !== null &&
  document.querySelector(".felt > .me.to-act .hand .button-card:not([disabled])") !== null"""

# What the pinned hand hides, the page scrolled to the top or to the trick: each card of the
# trick under the hand's top edge or off screen, and each playable card of ours off screen.
HIDDEN = """(where) => {
  const trick = document.querySelector(".trick");
  const hand = document.querySelector(".felt > .me.to-act");
  window.scrollTo(0, where === "trick" ? trick.getBoundingClientRect().top + window.scrollY : 0);
  const pinned = getComputedStyle(hand).position === "sticky";
  const edge = hand.getBoundingClientRect().top;
  const out = [];
  for (const card of trick.querySelectorAll(".card")) {
    const box = card.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || (pinned && box.bottom > edge))
      out.push(`the trick's ${card.dataset.card} at ${box.top | 0}-${box.bottom | 0}, ` +
        `the hand's top at ${edge | 0}`);
  }
  for (const card of hand.querySelectorAll(".hand .button-card:not([disabled])")) {
    const box = card.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight)
      out.push(`our ${card.dataset.card} at ${box.top | 0}-${box.bottom | 0}`);
  }
  if (!pinned) out.push("the hand is not pinned");
  return out;
}"""

# The guide, scrolled to: on screen, under the hand, not under it.
GUIDE_READ = """() => {
  const guide = document.querySelector(".guide");
  guide.scrollIntoView({ block: "end" });
  const box = guide.getBoundingClientRect();
  const hand = document.querySelector(".felt > .me").getBoundingClientRect();
  const slack = 1.5; // scrolled to a fraction of a pixel
  return box.top >= hand.bottom && box.top >= -slack && box.bottom <= innerHeight + slack;
}"""


def hidden(page: Page, size: str, guide: str) -> list[str]:
    """What the pinned hand hides at ``size`` (as the page opens on a desktop, and at every
    size once the trick is scrolled to), and what sticks out of its panel."""
    page.set_viewport_size(SIZES[size])
    wheres = ["top", "trick"] if size == "desktop" else ["trick"]
    found = [
        f"{size}, guide {guide}, {where}: {problem}"
        for where in wheres
        for problem in page.evaluate(HIDDEN, where)
    ]
    page.screenshot(path=str(SHOTS / f"cribist-follow-{size}-guide-{guide}.png"))
    if not page.evaluate(GUIDE_READ):
        found.append(f"{size}, guide {guide}: the guide is not read under the hand")
    return found + [f"{size}, guide {guide}: {problem}" for problem in overflowing(page)]


def first_game(
    browser: Browser, live: LiveServer, size: str, game: str, **options: Any
) -> tuple[Page, list[str]]:
    """Ann's first game of ``game`` in a new browser at ``size`` (so it is guided), on a seeded
    deal, against bots; and the page's errors, as they come."""
    live.settings.chance = lambda: SeededChance(f"{game} at {size}")
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sit_down(page, live.url, game, turn_time=60, **options)
    return page, errors


def test_the_pinned_hand_covers_none_of_the_trick_it_must_follow_guide_open_or_folded(
    browser: Browser, live: LiveServer
) -> None:
    page, errors = first_game(browser, live, "desktop", "cribist", counting="auto")
    ann = Clicker(page)
    deadline = time.monotonic() + 120  # a slow machine; a bot must lead a trick
    while True:
        assert time.monotonic() < deadline, "never our turn to follow"
        if not page.evaluate(FOLLOWING):
            if not ann.step(lambda: bool(page.evaluate(FOLLOWING))):
                ann.wait_for_change(300)
            continue
        version = page.evaluate("document.querySelector('.game').dataset.version")
        guide = page.locator("[data-testid=guide]")
        page.set_viewport_size(SIZES["desktop"])
        if guide.get_attribute("open") is None:
            guide.locator("summary").click()  # folded at a turn we looked at before
        expect(guide).to_have_attribute("open", "")
        problems = [p for size in SIZES for p in hidden(page, size, "open")]
        page.set_viewport_size(SIZES["desktop"])
        guide.locator("summary").click()
        expect(guide).not_to_have_attribute("open", "")
        problems += [p for size in SIZES for p in hidden(page, size, "folded")]
        if page.evaluate("document.querySelector('.game').dataset.version") == version:
            break  # nothing moved while we looked (the clock did not play for us): it holds
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()


def test_a_cribbage_claim_on_a_short_wide_screen_keeps_its_cards_and_buttons_on_screen(
    browser: Browser, live: LiveServer
) -> None:
    page, errors = first_game(
        browser, live, "small-desktop", "cribbage", counting="manual", score_target=61
    )
    ann = Clicker(page)
    claim = page.locator(".me.to-act .claims [data-key=claim]")
    deadline = time.monotonic() + 120
    while not claim.count():
        assert time.monotonic() < deadline, "never our count to claim"
        if not ann.step(lambda: bool(claim.count())):
            ann.wait_for_change(300)
    guide = page.locator(".me.to-act > .guide")  # a first game of Cribbage: guided
    expect(guide).to_have_count(1)
    expect(guide).to_be_hidden()  # given way to the claim
    page.screenshot(path=str(SHOTS / "cribbage-claim-small-desktop.png"))
    wanted = ".me .prompt, .me .claims .claim-cards, .me .claims [data-key^=kind-], " + (
        ".me .claims [data-key=claim]"
    )
    assert on_screen(page, wanted), f"the claim off screen: {boxes(page, wanted)}"
    assert not overflowing(page)
    assert not errors
    page.context.close()
