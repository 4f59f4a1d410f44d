"""Cribist at six sizes (four desktops, three of them short, and two phones), the page at its
top as it opens: on each kind of turn of Ann's (her lead, her follow, her claim, a Muggins
call) the prompt and what answers it are on screen, and so is every card of the trick she must
follow (and, as she leads early in a hand, of the last trick), above the hand pinned to the foot
of the screen; at the end the results, each row and button of them on screen with nothing over
them (at 1024 px the side column once was)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clicker import CHROMIUM, Clicker
from layout import CLAIM, MUGGINS, RESULTS, look_at_each, not_in_sight, overflowing
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

# Ann's turn, read in one round trip: its kind (lead, an early lead after a trick she took,
# follow, claim, muggins), or null.
TURN = """() => {
  if (document.querySelector(".overlay .results")) return "results";
  const me = document.querySelector(".felt.cribist > .me.to-act");
  if (!me) return null;
  if (me.querySelector(".claims [data-key=claim]")) return "claim";
  if (me.querySelector(".claims [data-key=muggins]")) return "muggins";
  if (!me.querySelector(".hand .button-card:not([disabled])")) return null;
  if (document.querySelector(".trick:not(.done) .trick-card")) return "follow";
  const early = me.querySelectorAll(".hand .button-card").length >= 7;
  return early && document.querySelector(".trick.done .trick-card") ? "lead-early" : "lead";
}"""

# What Ann must see on each kind of turn.
WANTED = {
    "lead": [".me .prompt", ".me .hand .button-card:not([disabled])"],
    # early in a hand (two rows of cards on a phone), the whole last trick above her hand too
    "lead-early": [".me .prompt", ".me .hand .button-card:not([disabled])", ".trick .trick-card"],
    "follow": [".me .prompt", ".me .hand .button-card:not([disabled])", ".trick .trick-card"],
    "claim": CLAIM,
    "muggins": MUGGINS,
    "results": RESULTS,
}


def unseen(page: Page, kind: str) -> list[str]:
    """What Ann cannot see of this turn at each size, the page at its top."""
    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found = not_in_sight(page, WANTED[kind])
        problems += [f"{kind}, {size}: {problem}" for problem in found]
        problems += [f"{kind}, {size}: {problem}" for problem in overflowing(page)]
        page.screenshot(path=str(SHOTS / f"cribist-{kind}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])
    return problems


def test_every_turn_of_a_cribist_game_is_in_sight_as_the_page_opens_at_every_size(
    browser: Browser, live: LiveServer
) -> None:
    page, errors = first_game(browser, live, "desktop", "cribist", counting="manual")
    ann = Clicker(page, high=True)  # the highest card: Ann wins tricks, so has some to claim
    kinds = {"lead", "lead-early", "follow", "claim", "muggins", "results"}
    # a slow machine; a whole game against three bots
    problems = look_at_each(ann, kinds, TURN, lambda kind: unseen(page, kind), 300)
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
