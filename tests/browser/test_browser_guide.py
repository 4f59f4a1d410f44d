"""The guided first game in a real browser: Ann's first game of each kind is guided by default,
whichever way she comes to it (a table she made, quick play, an invite); the guide says what to do
at the discard (whose crib it is) and in the play (the count), follows the phase, keeps the hand
and its button on a phone's screen, and can be turned off at the table, for good. A browser that
has finished a game of that kind is not guided by default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, Clicker, open_lobby, play_to_results, play_until
from layout import on_screen
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect
from test_browser_quickplay import press_play_now

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

GUIDE = "[data-testid=guide]"


def phone_page(browser: Browser) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def open_form(page: Page, url: str) -> None:
    open_lobby(page, url, "Ann")


def test_a_first_game_against_a_bot_is_guided_phase_by_phase(
    browser: Browser, live: LiveServer
) -> None:
    page = phone_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_form(page, live.url)
    guide_box = page.locator("#table-guide")
    expect(guide_box).to_be_checked()  # no game of Cribbage finished yet
    page.select_option("select[name=seat-1]", "")  # against a person too
    expect(guide_box).to_be_checked()
    page.select_option("select[name=seat-1]", "greedy")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))

    # The discard: what to keep, and whose crib it is (the dealer's, as the board says).
    expect(page.locator(".phase-discard .hand .button-card")).to_have_count(6)
    guide = page.locator(GUIDE)
    expect(guide).to_contain_text("The discard")
    expect(guide).to_contain_text("adding up to 15")
    dealer_is_me = page.locator(".me .badge.dealer").count() == 1
    expect(guide).to_contain_text(
        "the crib is your crib" if dealer_is_me else "the crib is Greedy 2's crib"
    )
    expect(guide.locator("a.how-to-play")).to_have_attribute("href", "#/rules/cribbage")
    assert on_screen(page, ".me .hand"), "the guide pushed the hand off the phone's screen"
    assert on_screen(page, ".me [data-key=discard]"), "the guide pushed Discard off screen"
    assert_accessible(page, "the guide at the discard")

    # It folds away and stays folded while the hand is chosen.
    guide.locator("summary").click()
    expect(guide).not_to_have_attribute("open", "")
    page.locator(".phase-discard .hand .button-card").first.click()
    expect(page.locator(GUIDE)).not_to_have_attribute("open", "")
    page.locator(f"{GUIDE} summary").click()
    expect(page.locator(GUIDE)).to_have_attribute("open", "")

    # The play: the guide follows the phase and says the count on the table.
    ann = Clicker(page)
    playable = ".phase-play .hand .button-card:not([disabled])"
    play_until(lambda: page.locator(playable).count() > 0, ann)
    count = page.locator("[data-testid=count]").inner_text()
    expect(guide).to_contain_text("The play")
    expect(guide).to_contain_text(f"The count is {count}")
    expect(guide).not_to_contain_text("The discard")
    assert on_screen(page, ".me .hand"), "the guide pushed the hand off the phone's screen"
    assert_accessible(page, "the guide in the play")

    # Turned off at the table, it stays off for the rest of the game (and after a reload).
    page.click("[data-key=guide-off]")
    expect(page.locator(GUIDE)).to_have_count(0)
    page.reload()
    page.wait_for_selector(".felt")
    play_until(lambda: page.locator(playable).count() > 0 or _discarding(page), ann)
    expect(page.locator(GUIDE)).to_have_count(0)
    # And at her next table of Cribbage, though she never finished this one.
    open_form(page, live.url)
    expect(page.locator("#table-guide")).not_to_be_checked()
    assert not errors
    page.context.close()


def test_a_first_game_from_quick_play_or_an_invite_is_guided(
    browser: Browser, live: LiveServer
) -> None:
    ann = phone_page(browser)
    press_play_now(ann, live.url, "Ann", wait="0")
    expect(ann.locator(GUIDE)).to_contain_text("The discard")
    assert on_screen(ann, ".me .hand"), "the guide pushed the hand off the phone's screen"
    assert on_screen(ann, ".me [data-key=discard]"), "the guide pushed Discard off screen"
    assert_accessible(ann, "the guide at a quick-play table")

    # Bob, asked by link to a table Cat made, has never played: his first game is guided.
    cat = phone_page(browser)
    open_form(cat, live.url)
    cat.fill("#player-name", "Cat")
    cat.select_option("select[name=seat-1]", "")
    cat.click("[data-key=create]")
    cat.wait_for_url(re.compile(r"#/table/\w+"))
    bob = phone_page(browser)
    bob.goto(cat.locator("#share-link").input_value())
    bob.fill("#join-name", "Bob")
    bob.click("[data-key=join]")
    expect(bob.locator(GUIDE)).to_contain_text("The discard")
    for page in (ann, cat, bob):
        page.context.close()


def _discarding(page: Page) -> bool:
    return page.locator(".phase-discard .hand .button-card").count() > 4


def test_after_a_finished_game_the_guide_is_off_by_default(
    browser: Browser, live: LiveServer
) -> None:
    page = phone_page(browser)
    open_form(page, live.url)
    page.fill("#option-score_target", "5")  # a short first game, played to its results
    expect(page.locator("#table-guide")).to_be_checked()
    page.click("[data-key=create]")
    expect(page.locator(GUIDE)).to_contain_text("The discard")
    play_to_results(Clicker(page))

    open_form(page, live.url)
    expect(page.locator("#table-guide")).not_to_be_checked()
    page.check("#table-guide")  # but it may still be asked for
    page.click("[data-key=create]")
    expect(page.locator(GUIDE)).to_contain_text("The discard")
    page.context.close()


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("cribist", "like a cribbage hand"),  # at Ann's first turn in the play
        ("not-enough", "You deal: choose grey"),  # or the discard, when the bot deals
    ],
)
def test_the_other_games_are_guided_too(
    browser: Browser, live: LiveServer, game: str, said: str
) -> None:
    page = phone_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_form(page, live.url)
    page.check(f"input[value={game}]")
    page.check("#table-guide")
    page.click("[data-key=create]")
    guide = page.locator(GUIDE)
    expect(guide).to_have_count(1, timeout=30_000)
    phase = page.locator(".felt").get_attribute("data-phase")
    if game == "not-enough" and phase == "discard":
        said = "the cards you throw make the crib"
    expect(guide).to_contain_text(said)
    assert on_screen(page, ".me .hand"), "the guide pushed the hand off the phone's screen"
    assert_accessible(page, f"the guide in {game}")
    assert not errors
    page.context.close()
