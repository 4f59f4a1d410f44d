"""Every game on a desktop and on two phones: on the player's turn the question, its clock and
every button that answers it (and the hand, when cards are to be picked) are on screen together
without scrolling, nothing in the table sticks out of its panel, a phone's floating Chat button
covers nothing to read or press (the page at its top, the guide read to its end, the page at
its foot), and axe-core finds no serious or critical accessibility problem, prompt after
prompt (claims, Muggins, colours, powers, Magic); and a long count (a 29 hand's fifteen items,
and a call as long) keeps a Muggins prompt's buttons on screen too."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from axe import violations
from clicker import CHROMIUM, Clicker, build_claim, sit_down, true_items
from layout import boxes, on_screen, overflowing, under_the_chat_button
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_browser_not_enough import other_move

from pegboard.cards import parse_card, parse_cards
from pegboard.core import ScriptedChance, SeededChance
from pegboard.games.cribbage import stack_deck

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
    problems += [f"{where}: {problem}" for problem in under_the_chat_button(page)]
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


# Whichever seat the bot has (dealer or pone), its hand is a long count: the 29 (three fives
# and the jack of the starter's suit, cut a five: fifteen items) or 4 4 6 6 with the five (a
# 24: ten items). The greedy bot keeps its best four.
LONG_COUNT = ["5H 5C 5S JD AC 7S", "4C 4H 6S 6C KC QS"]
LONG_COUNT_STARTER = "5D"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_long_count_keeps_a_muggins_prompts_buttons_on_screen(
    browser: Browser, live: LiveServer, size: str
) -> None:
    deck = stack_deck([parse_cards(h) for h in LONG_COUNT], 0, parse_card(LONG_COUNT_STARTER))
    live.settings.chance = lambda: ScriptedChance(
        [(0,), [int(c) for c in deck]], then=SeededChance("after")
    )
    page = new_page(browser, VIEWPORTS[size])
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # a minute to answer: building a call takes a while
    sit_down(page, live.url, "cribbage", **OPTIONS["cribbage"], turn_time=60)
    ann = Clicker(page)
    muggins = page.locator(".me .claims [data-key=muggins]")
    taken = page.locator(".me .claims .taken .claim-items li")

    def at_a_long_count() -> bool:  # the bot claimed every item of its hand
        return bool(muggins.count()) and taken.count() >= 10

    deadline = time.monotonic() + 120
    while not at_a_long_count():
        assert time.monotonic() < deadline, "no Muggins prompt on the bot's long count"
        if not ann.step(at_a_long_count):
            ann.wait_for_change(300)
    # Ann builds a call of six of them (a wrong one: every item was taken), then looks.
    items = true_items(page)
    assert len(items) == taken.count()
    items = items[:6]
    build_claim(page, items)
    expect(page.locator(".me .claims .claim-items.building li")).to_have_count(len(items))
    turn = page.evaluate(TURN)
    assert turn is not None and {"muggins", "pass"} <= set(turn["buttons"]), turn
    problems = check_turn(page, turn)
    page.screenshot(path=str(SHOTS / f"layout-cribbage-{size}-long-count.png"))
    # Each list holds more than it shows: it scrolls, and its end fades to say so.
    for where in (".taken .claim-items", ".claim-items.building"):
        lists = page.locator(f".me .claims {where}")
        assert lists.evaluate("(e) => e.scrollHeight > e.clientHeight"), where
        fade = "more-above" if "building" in where else "more-below"
        assert lists.evaluate(f"(e) => e.classList.contains('{fade}')"), where
    assert not problems, "\n".join(problems)
    version = page.evaluate("document.querySelector('.game').dataset.version")
    page.click(".me .claims [data-key=pass]")  # on screen, so it takes a tap: the game goes on
    page.wait_for_function(
        "(v) => document.querySelector('.game')?.dataset.version !== v", arg=version
    )
    assert not errors
    page.context.close()
