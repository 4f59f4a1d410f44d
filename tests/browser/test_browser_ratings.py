"""Ratings in the browser: a rated game against a bot shows each rating change on the results;
the profile lists the match with its change, and its replay link opens the replay; the
leaderboard highlights your row. Both pages pass axe-core and fit a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import violations
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

PHONE: ViewportSize = {"width": 390, "height": 844}
CHANGE = re.compile(r"^(\d+) → (\d+) \(([+−]\d+|±0)\)")


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def play_a_rated_game(page: Page, url: str) -> str:
    """From the lobby: a rated table against the default bot (medium), to 121, played to the
    results."""
    page.goto(url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", "121")  # the rated length
    page.check("#table-rated")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    play_to_results(Clicker(page), timeout=180)  # a whole game to 121, move by move
    return page.url.rsplit("/", 1)[1]


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def serious(page: Page) -> list[str]:
    return [f"{v['impact']} {v['id']} {v['nodes']}" for v in violations(page)]


def test_the_results_show_the_rating_change_and_the_profile_lists_the_match(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table = play_a_rated_game(page, live.url)

    info = live.info(table)
    assert info["rated"] is True
    seat_of_slot = {slot: seat for seat, slot in enumerate(info["seating"])}
    changes = [page.locator(f"{RESULTS} [data-testid=rating-{s}]") for s in range(2)]
    for slot, change in enumerate(info["ratings"]):
        shown = changes[seat_of_slot[slot]].inner_text()
        sign = "+" if change["change"] > 0 else "−" if change["change"] < 0 else "±"
        assert shown.startswith(f"{change['before']} → {change['after']} ({sign}"), shown
        provisional = changes[seat_of_slot[slot]].locator(".badge.provisional")
        expect(provisional).to_be_visible()  # one rated game is not ten
    mine = next(i for i, s in enumerate(info["slots"]) if s["kind"] == "human")
    found = CHANGE.match(changes[seat_of_slot[mine]].inner_text())
    assert found is not None and found.group(1) == "1500"

    page.click(f"{RESULTS} >> text=Your profile")
    row = page.locator(f'.match-row[data-table="{table}"]')
    expect(row).to_be_visible()
    expect(page.locator("[data-testid=profile-name]")).to_contain_text("Ann")
    expect(row.locator(".rating-change")).to_contain_text(f"1500 → {found.group(2)}")
    expect(row).to_contain_text("Medium 2")  # the default bot
    expect(page.locator(".rating-card[data-group=cribbage-2] .rating-now")).to_contain_text(
        found.group(2)
    )
    expect(page.locator(".rating-card svg.rating-chart polyline")).to_have_count(1)
    expect(page.locator(".phases-table[data-game=cribbage]")).to_be_visible()
    assert serious(page) == []

    row.locator(f"[data-testid=replay-{table}-1]").click()
    page.wait_for_url(re.compile(rf"#/replay/{table}/1$"))
    expect(page.locator("[data-testid=step]")).to_contain_text("1 /")
    assert not errors


def test_the_leaderboard_highlights_your_row(context: BrowserContext, live: LiveServer) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    play_a_rated_game(page, live.url)
    page.goto(live.url + "/")
    page.click(".topbar >> text=Leaderboard")
    page.wait_for_url(re.compile(r"#/leaderboard$"))  # the first group the server lists
    expect(page.locator("#board-title")).to_have_text("Cribbage, 2 players")
    mine = page.locator(".board-table tr.mine")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("Ann")
    expect(mine.locator(".badge.provisional")).to_be_visible()
    expect(page.locator(".board-table tbody tr")).to_have_count(2)  # Ann and the medium bot
    assert serious(page) == []
    page.select_option("[data-key=group]", "cribist-4")
    page.wait_for_url(re.compile(r"#/leaderboard/cribist-4$"))
    expect(page.locator(".leaderboard")).to_contain_text("Nobody has played")
    expect(page.locator(".your-place")).to_contain_text("Play a rated game")
    assert not errors


def test_the_ratings_pages_fit_a_phone(browser: Browser, live: LiveServer, tmp_path: Path) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = watch_errors(page)
    table = play_a_rated_game(page, live.url)
    page.screenshot(path=str(tmp_path / "results-phone.png"))
    for hash_, ready in [
        ("#/me", f'.match-row[data-table="{table}"]'),
        ("#/leaderboard/cribbage-2", ".board-table tr.mine"),
    ]:
        page.goto(f"{live.url}/{hash_}")
        page.wait_for_selector(ready)
        assert fits(page), f"{hash_} is wider than the phone"
        assert serious(page) == [], hash_
        page.screenshot(path=str(tmp_path / f"{hash_[2:].replace('/', '-')}-phone.png"))
    assert not errors
    context.close()
