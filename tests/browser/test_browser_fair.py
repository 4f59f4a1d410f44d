"""Verifiable deals in the browser: the page sends its seed for each hand, checks every revealed
hand itself (WebCrypto) and shows "verified" (or, plainly, a failed check), on a desktop and on
a phone."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, Clicker, open_lobby, play_until
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, WebSocketRoute, expect
from test_browser_not_enough import other_move
from test_browser_play import create_table, no_horizontal_scroll, watch_errors

from pegboard.cards import DECK, card_names
from pegboard.core.chance import Chance, Pick, Roll, Shuffle
from pegboard.core.fair import derive

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path("/tmp/pegboard-fair-shots")
DESKTOP: ViewportSize = {"width": 1280, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}
STATE = "[data-testid=fair-state]"


def verified_hands(page: Page) -> int:
    text = page.locator(STATE).inner_text()
    if "hand 1 verified" in text:
        return 1
    return int(text.split()[1]) if text.startswith("✓") and "hands verified" in text else 0


def keep_reveal(frame: str | bytes, reveals: list[dict[str, Any]]) -> None:
    data = json.loads(frame)
    if data.get("type") == "reveal":
        reveals.append(data)


def seat_of(page: Page) -> int:
    """This page's seat: the board names it "(you)" (its lane's score is numbered by seat; the
    strip lists the player last)."""
    seat: int = page.evaluate(
        """() => {
          const you = [...document.querySelectorAll(".board-legend li")]
            .find((row) => row.querySelector(".lane-name")?.textContent.includes("(you)"));
          return you ? Number(you.querySelector(".lane-score").dataset.testid.slice(6)) : -1;
        }"""
    )
    return seat


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_each_hand_is_verified_at_the_table(
    browser: Browser, live: LiveServer, size: ViewportSize
) -> None:
    context = browser.new_context(viewport=size, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = watch_errors(page)
    reveals: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: keep_reveal(f, reveals)))
    create_table(page, live.url, "Ann", target=61)
    ann = Clicker(page)
    play_until(lambda: verified_hands(page) >= 2, ann, timeout=90)
    expect(page.locator(STATE)).to_have_text("✓ 2 hands verified")
    expect(page.locator("[data-testid=fair]")).to_be_visible()  # Cribbage deals by chance
    page.locator("[data-testid=fair] summary").click()
    expect(page.locator(".fair-hands li")).to_have_text(
        ["Hand 1: verified ✓", "Hand 2: verified ✓"]
    )
    assert no_horizontal_scroll(page)
    SHOTS.mkdir(exist_ok=True)
    name = "desktop" if size is DESKTOP else "phone"
    page.locator("[data-testid=fair]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"fair-{name}.png"))
    assert_accessible(page, f"the fair deals panel ({name})")
    # The page gave a random seed of its own for each hand: hand 1's with the join that
    # filled the table (answering the commitment the table info showed), hand 2's on its commit.
    mine = [next(r for r in reveals if r["hand"] == h)["seeds"][seat_of(page)] for h in (1, 2)]
    assert all(len(seed) == 32 and int(seed, 16) >= 0 for seed in mine) and mine[0] != mine[1]
    assert not errors
    context.close()


def tamper(route: WebSocketRoute) -> None:
    """Between the page and the server: each reveal's second step gets another outcome."""
    server = route.connect_to_server()

    def from_server(message: str | bytes) -> None:
        data = json.loads(message)
        if data.get("type") == "reveal":
            step = data["steps"][-1]
            if "shuffle" in step:
                deck = step["shuffle"]
                deck[0], deck[1] = deck[1], deck[0]
        route.send(json.dumps(data))

    server.on_message(from_server)


def test_a_hand_that_does_not_check_out_is_shown_plainly(
    browser: Browser, live: LiveServer
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", tamper)
    create_table(page, live.url, "Ann", target=61)
    ann = Clicker(page)
    play_until(lambda: "check failed" in page.locator(STATE).inner_text(), ann, timeout=90)
    expect(page.locator(STATE)).to_contain_text(
        "✗ check failed: hand 1: the shuffle (step 1) is not the one its secret gives"
    )
    page.locator("[data-testid=fair] summary").click()
    expect(page.locator(".fair-hands li").first).to_contain_text("Hand 1: FAILED ✗")
    page.screenshot(path=str(SHOTS / "fair-failed.png"))
    context.close()


def test_the_browser_derives_what_the_server_does(browser: Browser, live: LiveServer) -> None:
    """fair.js against pegboard.core.fair on the docs' vectors and a few more steps."""
    page = browser.new_page()
    page.goto(live.url + "/")
    secret = bytes(range(32))
    steps: list[tuple[dict[str, Any], Chance, list[str], int, int]] = [
        ({"pick": 0, "choices": 4}, Pick(4), ["a", "b", "c", "d"], 1, 0),
        ({"shuffle": card_names(DECK)}, Shuffle(DECK), ["ann", "bob"], 1, 1),
        ({"shuffle": card_names(DECK[:26])}, Shuffle(DECK[:26]), ["", ""], 7, 2),
        ({"roll": [1, 1, 1]}, Roll(3), ["ann", ""], 3, 4),
    ]
    for given, step, seeds, hand, number in steps:
        derived = page.evaluate(
            """async ([step, seeds, hand, number]) => {
                const { derive } = await import("/static/js/fair.js");
                const secret = Uint8Array.from({ length: 32 }, (_, i) => i);
                return derive(step, secret, seeds, hand, number);
            }""",
            [given, seeds, hand, number],
        )
        expected = derive(step, secret, tuple(seeds), hand, number)
        if isinstance(step, Shuffle):
            assert derived["shuffle"] == card_names(expected)
        elif isinstance(step, Roll):
            assert derived["roll"] == list(expected)
        else:
            assert derived["pick"] == expected[0]
    page.close()


@pytest.mark.parametrize("game", ["not-enough", "cribist"])
def test_the_other_games_hands_are_verified_too(
    browser: Browser, live: LiveServer, game: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = watch_errors(page)
    open_lobby(page, live.url, "Ann", game)
    page.click("[data-key=create]")
    page.wait_for_selector(f".felt.{game}")
    ann = Clicker(page, high=game == "cribist")
    last: list[str | None] = [None]
    deadline = time.monotonic() + 240
    while verified_hands(page) < 1:
        assert time.monotonic() < deadline, "no hand was verified in time"
        if (game == "not-enough" and other_move(page, last)) or ann.step():
            continue
        ann.wait_for_change(300)
    page.locator("[data-testid=fair] summary").click()
    expect(page.locator(".fair-hands li").first).to_have_text("Hand 1: verified ✓")
    page.screenshot(path=str(SHOTS / f"fair-{game}.png"))
    assert not errors
    context.close()


def test_a_seed_the_player_sets_is_the_one_used(browser: Browser, live: LiveServer) -> None:
    """Set in the panel, it goes with every hand committed to from then on (hand 2's seed went
    with hand 1's deal: from hand 3)."""
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    reveals: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: keep_reveal(f, reveals)))
    create_table(page, live.url, "Ann", target=91)
    page.locator("[data-testid=fair] summary").click()
    page.fill("#fair-seed", "my lucky seed")
    page.locator("#fair-seed").press("Tab")
    play_until(lambda: verified_hands(page) >= 3, Clicker(page), timeout=150)
    seat = seat_of(page)
    third = next(r for r in reveals if r["hand"] == 3)
    assert third["seeds"][seat] == "my lucky seed"
    assert page.evaluate("localStorage.getItem('pegboard.seed')") == "my lucky seed"
    context.close()
