"""Every game on a desktop and on two phones: on the player's turn the question, its clock and
every button that answers it (and the hand, when cards are to be picked) are on screen together
without scrolling, nothing in the table sticks out of its panel, and axe-core finds no serious or
critical accessibility problem, prompt after prompt (claims, Muggins, colours, powers, Magic)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from axe import violations
from clicker import CHROMIUM, Clicker, sit_down
from layout import boxes, on_screen, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize
from test_browser_not_enough import other_move

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 1000},
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
}

# What the player is asked to do, read in one round trip: the phase, whether it is our move with
# cards in hand, and the keys of the buttons that answer the question.
TURN = """() => {
  const felt = document.querySelector(".felt");
  const me = document.querySelector(".me.to-act");
  if (!felt || !me || document.querySelector(".overlay .results")) return null;
  const cards = me.querySelectorAll(".hand .button-card:not([disabled])").length;
  const buttons = [...me.querySelectorAll(
    ".actions [data-key=discard], .actions [data-key=reveal], .actions [data-key=magic], " +
    ".actions [data-key=go], .actions [data-key=ready], .claims [data-key=claim], " +
    ".claims [data-key=muggins], .claims [data-key=pass], .choices [data-key^=choice-]"
  )].map((b) => b.dataset.key);
  return {
    phase: felt.dataset.phase,
    version: document.querySelector(".game")?.dataset.version ?? null,
    cards,
    picking: buttons.some((key) => ["discard", "reveal", "magic"].includes(key)),
    buttons,
  };
}"""

# The prompts each game must be seen at, on the player's own turn: a phase, or a button's key
# (claim: our own trick or hand to count; pass: a Muggins call to make or pass).
PROMPTS = {
    "cribbage": {"discard", "play", "claim", "pass"},
    "cribist": {"play", "claim", "pass"},
    "not-enough": {"discard", "play", "ready"},
}

# The options each game is played with here: counting by hand, so the claims come up.
OPTIONS: dict[str, dict[str, Any]] = {
    "cribbage": {"counting": "manual", "score_target": 61},
    "cribist": {"counting": "manual"},
    "not-enough": {},
}


def new_page(browser: Browser, viewport: ViewportSize) -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(
        viewport=viewport, has_touch=phone, is_mobile=phone, reduced_motion="reduce"
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def check_turn(page: Page, turn: dict[str, Any]) -> list[str]:
    """What is wrong with the page on this turn of ours (nothing, we hope)."""
    where = turn["buttons"][0] if turn["buttons"] else turn["phase"]
    problems = [f"{where}: {problem}" for problem in overflowing(page)]
    under = ".topbar, .board-slot, .felt > *, .me > *"
    wanted = [("the question and its clock", ".me .prompt")]
    if turn["cards"] and (turn["picking"] or not turn["buttons"]):
        wanted.append(("the hand", ".me .hand"))
    wanted += [(f"the {key} button", f".me [data-key={key}]") for key in turn["buttons"]]
    if any(key in ("claim", "muggins") for key in turn["buttons"]):
        wanted.append(("the counted cards", ".me .claims .claim-cards"))
    for what, selector in wanted:
        if not on_screen(page, selector):
            problems.append(
                f"{where}: {what} off screen at {boxes(page, selector)} under {boxes(page, under)}"
            )
    problems += [f"{where}: axe {v['impact']} {v['id']} {v['nodes']}" for v in violations(page)]
    return problems


@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("game", PROMPTS)
def test_every_prompt_its_buttons_and_clock_stay_on_screen_and_inside_the_table(
    browser: Browser, live: LiveServer, game: str, size: str
) -> None:
    page = new_page(browser, VIEWPORTS[size])
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sit_down(page, live.url, game, **OPTIONS[game])
    ann = Clicker(page, high=True)  # the highest card: Ann wins tricks, so has some to claim
    last: list[str | None] = [None]
    seen: set[str] = set()
    problems: list[str] = []
    checked: str | None = None
    deadline = time.monotonic() + 240  # a slow machine; Ann must win a trick to claim it
    while not PROMPTS[game] <= seen:
        assert time.monotonic() < deadline, f"only saw {sorted(seen)} of {sorted(PROMPTS[game])}"
        turn = page.evaluate(TURN)
        if turn and turn["version"] != checked and (turn["cards"] or turn["buttons"]):
            checked = turn["version"]
            page.wait_for_timeout(50)  # let a re-render from the same version settle
            found = check_turn(page, turn)
            if page.evaluate(TURN) != turn:
                continue  # a bot moved while we looked (a simultaneous discard): look again
            problems += found  # not moved on while we looked: what we saw holds
            for new in sorted(PROMPTS[game] & ({turn["phase"], *turn["buttons"]} - seen)):
                page.screenshot(path=str(SHOTS / f"layout-{game}-{size}-{new}.png"))
            seen |= {turn["phase"], *turn["buttons"]}
        if game == "not-enough" and other_move(page, last):
            continue
        if not ann.step():
            ann.wait_for_change(300)
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
