"""Accounts in the browser: a guest makes an account from the lobby, logs in on a phone and
finds their seat there, logs out; a name made of markup is shown as text everywhere."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from devices import phone
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect
from test_browser_play import create_table, no_horizontal_scroll, watch_errors

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

PASSWORD = "correct horse battery"
MARKUP = "<img src=x onerror=alert(1)>"
SHOTS = os.environ.get("PEGBOARD_SHOTS")  # a folder: the test leaves its screenshots there


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), animations="disabled")


def submit(page: Page, form: str, username: str, password: str) -> None:
    page.fill(f"#{form}-username", username)
    page.fill(f"#{form}-password", password)
    page.click(f"[data-key={form}]")


def signed_in_player(page: Page) -> dict[str, str] | None:
    """GET /api/me with the page's own cookies."""
    found: dict[str, str] | None = page.request.get(page.url.split("#")[0] + "api/me").json()[
        "player"
    ]
    return found


def test_a_guest_makes_an_account_and_takes_their_seat_to_a_phone(
    browser: Browser, context: BrowserContext, live: LiveServer
) -> None:
    desk = context.new_page()
    errors = watch_errors(desk)
    desk.goto(live.url + "/")
    desk.fill("#player-name", "Ann")
    desk.locator("#player-name").press("Tab")  # the name makes the guest
    expect(desk.locator(".who")).to_have_text("Playing as a guest")
    guest = signed_in_player(desk)
    assert guest is not None and guest["kind"] == "guest"

    desk.click("[data-key=account]")
    dialog = desk.locator("dialog.account-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You play as the guest Ann.")
    shoot(desk, "account-guest-desktop")
    assert_accessible(desk, "the account dialog of a guest")
    submit(desk, "claim", "ann", "short")  # the browser itself asks for 8 characters
    expect(dialog).to_be_visible()
    assert signed_in_player(desk) == guest
    submit(desk, "claim", "ann", PASSWORD)
    expect(dialog).to_be_hidden()
    expect(desk.locator(".who")).to_have_text("Signed in as ann")
    assert signed_in_player(desk) == guest | {"kind": "account", "username": "ann"}
    shoot(desk, "lobby-signed-in-desktop")

    # Ann sits down at a table that waits for a second person.
    table = create_table(desk, live.url, "Ann", target=15, fields={"seat-1": ""})
    expect(desk.locator(".waiting-room .badge.you")).to_be_visible()

    on_phone = phone(browser)
    mobile = on_phone.new_page()
    errors += watch_errors(mobile)
    mobile.goto(live.url + "/")
    mobile.click("[data-key=account]")
    submit(mobile, "login", "ANN", "not the password")
    expect(mobile.locator("[data-form=login] .form-error")).to_have_text(
        "wrong username or password"
    )
    assert signed_in_player(mobile) is None
    shoot(mobile, "account-login-phone")
    assert no_horizontal_scroll(mobile)
    submit(mobile, "login", "ANN", PASSWORD)
    expect(mobile.locator(".who")).to_have_text("Signed in as ann")
    expect(mobile.locator("#player-name")).to_have_value("Ann")
    shoot(mobile, "lobby-signed-in-phone")

    mobile.goto(f"{live.url}/#/table/{table}")  # no token on the phone: the seat comes back
    expect(mobile.locator(".waiting-room .taken .badge.you")).to_be_visible()
    expect(mobile.locator(".join-form")).to_have_count(0)
    assert mobile.evaluate(f"localStorage.getItem('pegboard.seat.{table}')") is not None
    shoot(mobile, "account-seat-back-phone")

    mobile.goto(live.url + "/")
    mobile.click("[data-key=account]")
    expect(mobile.locator("dialog.account-dialog")).to_contain_text("Signed in as Ann")
    shoot(mobile, "account-signed-in-phone")
    assert_accessible(mobile, "the account dialog of an account")
    mobile.click("[data-key=logout]")
    expect(mobile.locator(".who")).to_have_text("")
    expect(mobile.locator("#player-name")).to_have_value("")
    assert mobile.evaluate(f"localStorage.getItem('pegboard.seat.{table}')") is None
    assert signed_in_player(mobile) is None
    assert signed_in_player(desk) is not None, "the desktop stays signed in"
    assert not errors
    on_phone.close()


def test_a_name_made_of_markup_is_shown_as_text(browser: Browser, live: LiveServer) -> None:
    alerts: list[str] = []

    def no_alert(dialog: Dialog) -> None:
        alerts.append(dialog.message)
        dialog.dismiss()

    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        for _ in range(2)
    ]
    player, watcher = (c.new_page() for c in contexts)
    errors = watch_errors(player) + watch_errors(watcher)
    for page in (player, watcher):
        page.on("dialog", no_alert)

    # Against a greedy bot, in the lobby so that a watcher sees the name there too.
    table = create_table(player, live.url, MARKUP, target=15, listed=True)
    expect(player.locator(".me .seat-name")).to_have_text(f"{MARKUP} (you)")
    player.goto(live.url + "/")
    player.click("[data-key=account]")
    expect(player.locator("dialog.account-dialog .player-name")).to_have_text(MARKUP)
    player.keyboard.press("Escape")

    watcher.goto(live.url + "/")
    expect(watcher.locator(f"[data-table='{table}'] .players")).to_contain_text(MARKUP)
    watcher.goto(f"{live.url}/#/table/{table}")
    player.goto(f"{live.url}/#/table/{table}")
    play_to_results(Clicker(player))
    expect(watcher.locator(RESULTS)).to_be_visible()
    expect(watcher.locator(RESULTS)).to_contain_text(MARKUP)
    expect(watcher.locator(".log")).to_contain_text(MARKUP)
    expect(watcher.locator(".seat-panel", has_text=MARKUP)).to_have_count(1)
    for page in (player, watcher):
        planted = page.evaluate("document.querySelectorAll('img[src=x], [onerror]').length")
        assert planted == 0, "no element was made from the name"
    watcher.click("text=Replay this game")
    expect(watcher.locator("[data-testid=step]")).to_contain_text("1 /")
    expect(watcher.locator(".replay")).to_contain_text(MARKUP)
    assert watcher.evaluate("document.querySelectorAll('img[src=x]').length") == 0
    assert not alerts and not errors
    for c in contexts:
        c.close()
