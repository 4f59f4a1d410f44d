"""A match of several games in a real browser, in every game, on a desktop and on a phone: the
table is made a best of 3 in the form; the strip above the board shows the match; the results
show every game of the match (who won each in sight, on a phone too) and a button for the next,
which starts it on the same seats."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, RESULTS, Clicker, open_lobby
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_browser_not_enough import other_move

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 1000},
    "phone": {"width": 390, "height": 844},
}
GAMES = {  # short games: each game's own options
    "cribbage": {"score_target": "15"},
    "not-enough": {"score_target": "15"},
    "cribist": {"score_target": "10", "counting": "auto"},
}


def shots_dir(tmp_path: Path) -> Path:
    """Where the pictures go: ``PEGBOARD_MATCH_SHOTS`` to keep them, else the test's own."""
    return Path(os.environ.get("PEGBOARD_MATCH_SHOTS", tmp_path))


def make_match_table(page: Page, url: str, game: str) -> None:
    open_lobby(page, url, "Ann", game)
    if page.locator("#table-guide").count():
        page.locator("#table-guide").set_checked(False)
    for option, value in GAMES[game].items():
        field = page.locator(f"#option-{option}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.select_option("#table-match", "best-of-3")
    expect(page.locator("#table-match-scoring")).to_be_disabled()  # a best of counts games
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))


def play_one_game(page: Page) -> None:
    ann = Clicker(page)
    last: list[str | None] = [None]
    deadline = time.monotonic() + 90
    while not ann.finished():
        assert time.monotonic() < deadline, "the game did not end in time"
        if other_move(page, last) or ann.step():
            continue
        ann.wait_for_change(300)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_a_best_of_three_shows_the_match_and_goes_on_to_its_next_game(
    browser: Browser, live: LiveServer, tmp_path: Path, game: str, size: str
) -> None:
    phone = size == "phone"
    context = browser.new_context(
        viewport=SIZES[size], reduced_motion="reduce", has_touch=phone, is_mobile=phone
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    out = shots_dir(tmp_path)
    make_match_table(page, live.url, game)
    strip = page.locator("[data-testid=match-strip]")
    expect(strip).to_contain_text("Best of 3 · game 1")
    page.screenshot(path=str(out / f"match-{game}-{size}-playing.png"), animations="disabled")

    play_one_game(page)
    page.wait_for_selector(RESULTS)
    games = page.locator(f"{RESULTS} [data-testid=match-games] tbody tr")
    expect(games).to_have_count(1)
    # Who won the game is in sight, not in a column scrolled off a phone's screen.
    won = games.first.locator(".won-cell").bounding_box()
    assert won is not None and won["x"] >= 0 and won["x"] + won["width"] <= SIZES[size]["width"]
    expect(page.locator("[data-testid=match-result]")).to_contain_text(
        re.compile(r"Best of 3: .+ leads 1–0")
    )
    expect(strip).to_contain_text("1 won")
    page.mouse.move(2, 2)
    page.screenshot(path=str(out / f"match-{game}-{size}-results.png"), animations="disabled")
    assert_accessible(page, f"{game} match results ({size})")

    replay = context.new_page()  # the game's replay: the match, and the way to its next game
    table = page.url.rsplit("/", 1)[1]
    replay.goto(f"{live.url}/#/replay/{table}/1")
    expect(replay.locator(".match-nav")).to_contain_text("Game 1 of the match")
    expect(replay.locator("[data-key=match-next]")).to_have_attribute("href", f"#/replay/{table}/2")
    expect(replay.locator("[data-key=match-prev]")).to_have_count(0)
    # The match goes on at its table: the replay leads back there.
    expect(replay.locator("[data-key=replay-table]")).to_have_attribute("href", f"#/table/{table}")
    replay.screenshot(path=str(out / f"match-{game}-{size}-replay.png"), animations="disabled")
    assert_accessible(replay, f"{game} match replay ({size})")
    replay.close()

    page.click("[data-key=next-game]")
    expect(strip).to_contain_text("game 2", timeout=20_000)
    expect(page.locator(RESULTS)).to_have_count(0)
    page.screenshot(path=str(out / f"match-{game}-{size}-game2.png"), animations="disabled")
    assert_accessible(page, f"{game} match, game 2 ({size})")
    assert not errors
    context.close()
