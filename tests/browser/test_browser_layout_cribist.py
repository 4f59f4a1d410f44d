"""Cribist at six sizes (four desktops, three of them short, and two phones), the page at its
top as it opens: on each kind of turn of Ann's (her lead, her follow, her claim, a Muggins
call) the prompt and what answers it are on screen, and so is every card of the trick she must
follow, above the hand pinned to the foot of the screen; at the end the results, each row and
button of them on screen with nothing over them (at 1024 px the side column once was)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clicker import CHROMIUM, Clicker
from layout import look_at_each, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize
from test_browser_layout import SHOTS
from test_browser_layout_guide import SIZES as GUIDE_SIZES
from test_browser_layout_guide import first_game

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

# The guide's sizes, and the desktop most browser tests use (a laptop's 900 px tall).
SIZES: dict[str, ViewportSize] = {**GUIDE_SIZES, "laptop": {"width": 1280, "height": 900}}

# Ann's turn, read in one round trip: its kind (lead, follow, claim, muggins), or null.
TURN = """() => {
  if (document.querySelector(".overlay .results")) return "results";
  const me = document.querySelector(".felt.cribist > .me.to-act");
  if (!me) return null;
  if (me.querySelector(".claims [data-key=claim]")) return "claim";
  if (me.querySelector(".claims [data-key=muggins]")) return "muggins";
  if (!me.querySelector(".hand .button-card:not([disabled])")) return null;
  return document.querySelector(".trick:not(.done) .trick-card") ? "follow" : "lead";
}"""

# What is not in sight, the page at its top: each of the wanted elements off screen (or, in the
# trick, under the pinned hand's top edge), or with something else over its middle.
UNSEEN = """(kind) => {
  window.scrollTo(0, 0);
  const wanted = {
    lead: [".me .prompt", ".me .hand .button-card:not([disabled])"],
    follow: [".me .prompt", ".me .hand .button-card:not([disabled])", ".trick .trick-card"],
    claim: [".me .prompt", ".me .claims .claim-cards .button-card", ".me .claims button"],
    muggins: [".me .prompt", ".me .claims .claim-cards .button-card",
              ".me .claims .claim-kinds button", ".me .claims .actions button"],
    results: [".results", ".results h2", ".results th", ".results td", ".results p",
              ".results button", ".results a"],
  }[kind];
  const hand = document.querySelector(".felt > .me.to-act");
  const edge = hand && getComputedStyle(hand).position === "sticky"
    ? hand.getBoundingClientRect().top : innerHeight;
  const out = [];
  for (const selector of wanted) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) out.push(`no ${selector}`);
    for (const element of found) {
      const box = element.getBoundingClientRect();
      const bottom = selector.startsWith(".trick") ? edge : innerHeight;
      const where = `${selector} at [${box.left | 0},${box.top | 0},${box.right | 0},` +
        `${box.bottom | 0}]`;
      if (box.top < 0 || box.left < 0 || box.right > innerWidth || box.bottom > bottom + 0.5) {
        out.push(`${where} off screen (its foot at ${bottom | 0})`);
        continue;
      }
      // The middle of each, and the corners of the results' panel (inside its rounding).
      const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
      const [l, t, r, b] = [box.left + 12, box.top + 12, box.right - 12, box.bottom - 12];
      const points = selector === ".results" ? [[l, t], [r, t], [l, b], [r, b]] : [[x, y]];
      for (const [px, py] of points) {
        const over = document.elementFromPoint(px, py);
        if (!over || element.contains(over)) continue;
        out.push(`${where} under ${over.tagName.toLowerCase()}.${[...over.classList].join(".")}`);
        break;
      }
    }
  }
  return out;
}"""


def unseen(page: Page, kind: str) -> list[str]:
    """What Ann cannot see of this turn at each size, the page at its top."""
    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        problems += [f"{kind}, {size}: {problem}" for problem in page.evaluate(UNSEEN, kind)]
        problems += [f"{kind}, {size}: {problem}" for problem in overflowing(page)]
        page.screenshot(path=str(SHOTS / f"cribist-{kind}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])
    return problems


def test_every_turn_of_a_cribist_game_is_in_sight_as_the_page_opens_at_every_size(
    browser: Browser, live: LiveServer
) -> None:
    page, errors = first_game(browser, live, "desktop", "cribist", counting="manual")
    ann = Clicker(page, high=True)  # the highest card: Ann wins tricks, so has some to claim
    kinds = {"lead", "follow", "claim", "muggins", "results"}
    # a slow machine; a whole game against three bots
    problems = look_at_each(ann, kinds, TURN, lambda kind: unseen(page, kind), 300)
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
