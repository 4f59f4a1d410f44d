"""Every game on a desktop and on two phones: on the player's turn the hand and its button are on
screen without scrolling, nothing in the table sticks out of its panel, and axe-core finds no
serious or critical accessibility problem, phase after phase."""

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

VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 1000},
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
}

# What the player is asked to do, read in one round trip: the phase, and whether it is our move
# with cards in hand (and which button goes with them).
TURN = """() => {
  const felt = document.querySelector(".felt");
  const me = document.querySelector(".me.to-act");
  if (!felt || !me || document.querySelector(".overlay .results")) return null;
  const cards = me.querySelectorAll(".hand .button-card:not([disabled])").length;
  const button = me.querySelector(
    ".actions [data-key=discard], .actions [data-key=reveal], .actions [data-key=magic]"
  );
  return {
    phase: felt.dataset.phase,
    version: document.querySelector(".game")?.dataset.version ?? null,
    cards,
    button: button ? button.dataset.key : null,
    choices: me.querySelector(".choices [data-key^=choice-]") !== null,
  };
}"""

# The phases each game must be seen in, on the player's own turn.
PHASES = {
    "cribbage": {"discard", "play"},
    "cribist": {"play"},
    "not-enough": {"discard", "play"},
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
    problems = [f"{turn['phase']}: {problem}" for problem in overflowing(page)]
    if turn["cards"] and not on_screen(page, ".me .hand"):
        problems.append(
            f"{turn['phase']}: the hand is off screen at {boxes(page, '.me .hand')} under "
            f"{boxes(page, '.topbar, .board-slot, .felt > *')}"
        )
    for what, selector in [
        (f"the {turn['button']} button", f".me [data-key={turn['button']}]"),
        ("the choices", ".me .choices"),
    ]:
        if (turn["button"] if "button" in what else turn["choices"]) and not on_screen(
            page, selector
        ):
            problems.append(
                f"{turn['phase']}: {what} is off screen at {boxes(page, selector)} under "
                f"{boxes(page, '.topbar, .board-slot, .felt > *, .me > *')}"
            )
    problems += [
        f"{turn['phase']}: axe {v['impact']} {v['id']} {v['nodes']}" for v in violations(page)
    ]
    return problems


@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("game", PHASES)
def test_the_hand_and_its_button_stay_on_screen_and_inside_the_table(
    browser: Browser, live: LiveServer, game: str, size: str
) -> None:
    page = new_page(browser, VIEWPORTS[size])
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sit_down(page, live.url, game)
    ann = Clicker(page)
    last: list[str | None] = [None]
    seen: set[str] = set()
    problems: list[str] = []
    checked: str | None = None
    deadline = time.monotonic() + 60
    while not PHASES[game] <= seen:
        assert time.monotonic() < deadline, f"only saw {sorted(seen)} of {sorted(PHASES[game])}"
        turn = page.evaluate(TURN)
        if turn and turn["version"] != checked and (turn["cards"] or turn["choices"]):
            checked = turn["version"]
            page.wait_for_timeout(50)  # let a re-render from the same version settle
            found = check_turn(page, turn)
            if page.evaluate(TURN) != turn:
                continue  # a bot moved while we looked (a simultaneous discard): look again
            problems += found  # not moved on while we looked: what we saw holds
            seen.add(turn["phase"])
        if game == "not-enough" and other_move(page, last):
            continue
        if not ann.step():
            ann.wait_for_change(300)
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
