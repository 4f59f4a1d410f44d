"""Who deals each hand, in a real browser (docs/rules.md, Cribbage: seed 003_41df7812b759fafb.txt,
"A random player is selected to be the dealer ..." in every round): the new-table form offers
the option `dealer`, the table is made with it, the log tells the draw ("You cut lowest and
deal"), and the rules page lists the option. On a desktop and on a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM
from devices import desktop, phone
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_form_offers_who_deals_and_the_log_tells_the_draw(
    browser: Browser, live: LiveServer, device: str
) -> None:
    context: BrowserContext = desktop(browser) if device == "desktop" else phone(browser)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live.url + "/")
    page.fill("#player-name", "Ann")
    page.press("#player-name", "Tab")
    expect(page.locator(".you .who")).to_have_text("Playing as a guest")
    dealer = page.locator("#option-dealer")
    expect(dealer).to_have_value("random")  # the seed's: a dealer drawn every hand
    assert dealer.locator("option").all_inner_texts() == ["drawn every hand", "passed to the left"]
    expect(page.locator("#option-dealer-help")).to_contain_text("a dealer drawn for every hand")
    dealer.select_option("rotate")
    dealer.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"dealer-form-{device}.png"))
    assert_accessible(page, f"the new-table form with who deals, {device}")
    page.click("[data-key=create]")
    page.wait_for_selector(".felt")
    table = page.url.split("#/table/")[1].split("?")[0]
    assert live.info(table)["options"]["dealer"] == "rotate"
    expect(page.locator(".log")).to_contain_text("Hand 1: ")
    # "You cut lowest and deal" or "Medium 2 cuts lowest and deals", as the draw fell.
    expect(page.locator(".log")).to_contain_text(re.compile(r"Hand 1: .+ cuts? lowest and deals?"))
    page.goto(f"{live.url}/#/rules/cribbage")
    page.wait_for_selector(".example")
    expect(page.locator(".option-list")).to_contain_text("Who deals each hand")
    page.locator(".option-list dt", has_text="Who deals each hand").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"dealer-rules-{device}.png"))
    # The rule text's own words; its file name is for docs/rules.md, not for players.
    expect(page.locator(".rules-text")).to_contain_text("A random player is selected to be the")
    assert not errors
    context.close()


def test_the_log_tells_each_hands_draw(context: BrowserContext, live: LiveServer) -> None:
    """dealer=random (the default): every hand's dealer is drawn, and the log says so for the
    second hand too, where with rotate it says only who deals."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = live.table("cribbage", 2, bots=["greedy", "greedy"], options={"score_target": 61})
    page.goto(live.link(table["id"]))
    log = page.locator(".log")
    expect(log).to_contain_text(re.compile(r"Hand 2: \S+ \d cuts lowest and deals"), timeout=30_000)
    assert not errors
