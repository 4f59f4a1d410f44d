"""The panel pinned to the foot of the screen over the table: nothing of the table shows through
its edge. Cribbage's claim and Muggins call, counting by hand, at 1280x1000 and 390x844: the
ring round the panel is drawn the same with the table behind it hidden, so none of the cards
it passes over (the starter at the count's left edge, once) shows through it as a sliver."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from clicker import CHROMIUM, Clicker
from layout import look_at_each
from live_server import LiveServer
from playwright.sync_api import Browser, FloatRect, Page
from test_browser_layout_guide import SIZES, first_game

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

# The prompt on show: a claim of our own, a Muggins call to make, or neither.
PROMPT = """() => document.querySelector(".me.to-act .claims [data-key=claim]") ? "claim" :
  document.querySelector(".me.to-act .claims [data-key=muggins]") ? "muggins" : null"""

# The pinned panel's box, the page at its top; null if it is not pinned (sticky).
PINNED = """() => {
  window.scrollTo(0, 0);
  const panel = document.querySelector(".felt > .me.to-act");
  const box = panel.getBoundingClientRect();
  const pinned = getComputedStyle(panel).position === "sticky";
  return pinned ? [box.left, box.top, box.right, box.bottom, innerHeight] : null;
}"""

HIDE_THE_TABLE = """(hidden) => {
  for (const element of document.querySelectorAll(".felt > :not(.me), .board-slot"))
    element.style.visibility = hidden ? "hidden" : "";
}"""


def ring(page: Page, box: list[float]) -> list[bytes]:
    """The pixels of the ring round the panel, where it is on screen: a column just left of it
    and one just right of it, and the row just above it, each short of the rounded corners
    (the ring is 2 px wide, outside the box)."""
    left, top, right, bottom, screen = box
    corner = 18  # past the rounding, where the ring runs straight
    first, last = max(top, 0) + corner, min(bottom, screen) - corner
    columns = [math.floor(left - 1), math.ceil(right)]
    clips: list[FloatRect] = [
        {"x": x, "y": first, "width": 1, "height": math.floor(last - first)} for x in columns
    ]
    if top >= 2:
        row = math.floor(top - 1)
        clips.append(
            {"x": left + corner, "y": row, "width": right - left - 2 * corner, "height": 1}
        )
    return [page.screenshot(clip=clip, animations="disabled") for clip in clips]


def shows_through(page: Page, size: str) -> list[str]:
    """What of the table shows through the pinned panel's ring at ``size``."""
    page.set_viewport_size(SIZES[size])
    box = page.evaluate(PINNED)
    if box is None:
        return [f"{size}: the panel is not pinned"]
    seen = ring(page, box)
    page.evaluate(HIDE_THE_TABLE, True)
    bare = ring(page, box)
    page.evaluate(HIDE_THE_TABLE, False)
    sides = ["left", "right", "top"]
    return [
        f"{size}: the table shows through the {side} edge"
        for side, a, b in zip(sides[: len(seen)], seen, bare, strict=True)
        if a != b
    ]


def test_nothing_of_the_table_shows_through_the_edge_of_a_pinned_claim_panel(
    browser: Browser, live: LiveServer
) -> None:
    page, errors = first_game(
        browser, live, "desktop", "cribbage", counting="manual", score_target=61
    )

    def look(prompt: str) -> list[str]:
        found = [
            f"{prompt}, {p}" for size in ("desktop", "phone") for p in shows_through(page, size)
        ]
        page.set_viewport_size(SIZES["desktop"])
        return found

    # a slow machine; a hand and the bot's count
    problems = look_at_each(Clicker(page), {"claim", "muggins"}, PROMPT, look, 180)
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
