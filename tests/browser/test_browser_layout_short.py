"""Cribbage and Cribbage is not Enough on short desktops (a 1280x720 or 1366x768 laptop, a
1024x768 screen) and on the tall one most tests use, the page at its top as it opens: on each
kind of turn of Ann's (the discard, the play, a go, a claim, a Muggins call, the next hand, Not
Enough's choices and picks) the question, what answers it (her cards, the buttons), the count
and whose turn it is (each other seat's status) are in sight without scrolling, nothing over
them; at the end, the results. The full-size board once pushed the discard's button below the
first screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clicker import CHROMIUM, Clicker
from layout import CLAIM, MUGGINS, RESULTS, look_at_each, not_in_sight, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize
from test_browser_layout import SHOTS
from test_browser_layout_guide import first_game
from test_browser_not_enough import other_move

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 1000},
    "short-desktop": {"width": 1280, "height": 720},
    "wide-short-desktop": {"width": 1366, "height": 768},
    "small-desktop": {"width": 1024, "height": 768},
}

# Ann's turn, read in one round trip: its kind, or null.
TURN = """() => {
  if (document.querySelector(".overlay .results")) return "results";
  const me = document.querySelector(".felt > .me.to-act");
  if (!me) return null;
  if (me.querySelector(".claims [data-key=claim]")) return "claim";
  if (me.querySelector(".claims [data-key=muggins]")) return "muggins";
  if (me.querySelector(".choices [data-key^=choice-]")) return "choice";
  const key = me.querySelector(".actions [data-key]:is(" +
    "[data-key=discard], [data-key=reveal], [data-key=magic], [data-key=go], [data-key=ready])");
  if (key) return key.dataset.key;
  return me.querySelector(".hand .button-card:not([disabled])") ? "play" : null;
}"""

# Whose turn it is (each other seat's status), and in the play the count.
WHOSE = ".felt .seat-panel .seat-status"
TABLE = [WHOSE, ".felt .count"]
PICKING = [".me .prompt", ".me .hand .button-card", WHOSE]

# What Ann must see on each kind of turn.
WANTED = {
    "discard": [*PICKING, ".me [data-key=discard]"],
    "reveal": [*PICKING, ".me [data-key=reveal]"],
    "magic": [*PICKING, ".me [data-key=magic]"],
    "play": [".me .prompt", ".me .hand .button-card:not([disabled])", *TABLE],
    "go": [".me .prompt", ".me [data-key=go]", *TABLE],
    "ready": [".me .prompt", ".me [data-key=ready]", WHOSE],
    "choice": [".me .prompt", ".me .choices button", WHOSE],
    "claim": CLAIM,
    "muggins": MUGGINS,
    "results": RESULTS,
}

# The kinds of turn each game must be seen at (Not Enough's choices, picks and goes come as the
# deal has them: each is looked at when it comes).
KINDS = {
    "cribbage": {"discard", "play", "claim", "muggins", "results"},
    "not-enough": {"discard", "play", "ready", "choice"},
}

OPTIONS: dict[str, dict[str, Any]] = {
    "cribbage": {"counting": "manual", "score_target": 61},
    "not-enough": {},
}


def unseen(page: Page, game: str, kind: str) -> list[str]:
    """What Ann cannot see of this turn at each size, the page at its top."""
    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found = not_in_sight(page, WANTED[kind]) + overflowing(page)
        problems += [f"{kind}, {size}: {problem}" for problem in found]
        page.screenshot(path=str(SHOTS / f"short-{game}-{kind}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])
    return problems


@pytest.mark.parametrize("game", KINDS)
def test_every_turn_is_in_sight_as_the_page_opens_on_a_short_desktop(
    browser: Browser, live: LiveServer, game: str
) -> None:
    page, errors = first_game(browser, live, "desktop", game, **OPTIONS[game])
    ann = Clicker(page, high=True)  # the highest card: Ann wins tricks, so has some to claim
    last: list[str | None] = [None]
    kinds = KINDS[game]
    # A slow machine; a whole game against a bot.
    problems = look_at_each(
        ann, kinds, TURN, lambda kind: unseen(page, game, kind), 300, lambda: other_move(page, last)
    )
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
