"""The web client in a real browser: people click their way through whole games."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest
from clicker import (
    CHROMIUM,
    CLAIM_CARDS,
    RESULTS,
    Clicker,
    build_claim,
    play_to_results,
    play_until,
    true_items,
)
from live_server import LiveServer
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    expect,
)

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

PHONE: ViewportSize = {"width": 375, "height": 740}


def watch_errors(page: Page) -> list[str]:
    """Collect uncaught script errors: a page that throws fails its test."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def create_table(
    page: Page,
    url: str,
    name: str,
    *,
    target: int,
    listed: bool | None = None,
    fields: dict[str, str] | None = None,
) -> str:
    """Make a table from the lobby form; returns its id (the creator is seated). ``fields``:
    choices by select name (``{"seat-1": ""}``: a person in seat 2); ``listed``: whether it
    shows in the lobby, if not as the form has it."""
    page.goto(url + "/")
    page.fill("#player-name", name)
    page.fill("#option-score_target", str(target))
    for selector, value in (fields or {}).items():
        page.select_option(f"[name={selector}]", value)
    if listed is not None:
        page.set_checked("#table-listed", listed)
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    return page.url.rsplit("/", 1)[1]


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def ranks_shown(page: Page) -> list[str]:
    return sorted(page.locator(f"{RESULTS} td.rank").all_inner_texts())


def test_a_person_plays_a_greedy_bot_to_the_results(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(live.url + "/")
    expect(page.locator("#option-post_show")).to_be_checked()
    table = create_table(page, live.url, "Ann", target=15)

    # The discard: two cards must be chosen before the button works.
    cards = page.locator(".phase-discard .hand .button-card")
    expect(cards).to_have_count(6)
    expect(page.locator("[data-key=discard]")).to_be_disabled()
    cards.nth(0).click()
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    cards.nth(1).click()
    page.click("[data-key=discard]")
    expect(page.locator(".phase-discard .hand .button-card")).to_have_count(0)

    ann = Clicker(page)
    play_to_results(ann)
    assert ranks_shown(page) == ["1st", "2nd"]
    log = page.locator(".log").inner_text()
    assert "The starter is" in log
    assert re.search(r"scores \d+: ", log), "every score is explained in the log"
    assert "Game over" in log
    assert not errors

    # The finished game can be replayed step by step.
    page.click("text=Replay this game")
    expect(page.locator("[data-testid=step]")).to_contain_text("1 /")
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=step]")).to_contain_text("2 /")
    page.click("[aria-label=Previous]")
    expect(page.locator("[data-testid=step]")).to_contain_text("1 /")
    page.keyboard.press("End")
    expect(page.locator(".replay .results-table")).to_be_visible()
    assert page.url.endswith(f"#/replay/{table}/1")
    assert not errors


def status_becomes(live: LiveServer, table: str, status: str, timeout: float = 5) -> bool:
    """Poll the table's status until it is ``status`` (True), or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while live.info(table)["status"] != status:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# The results' Leave button, and the header's (under the results: reached by keyboard).
@pytest.mark.parametrize("control", ["results-leave", "leave"])
def test_leaving_on_the_results_tells_the_table(
    context: BrowserContext, live: LiveServer, control: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table = create_table(page, live.url, "Ann", target=15)
    play_to_results(Clicker(page))
    expect(page.locator(f"{RESULTS} .links")).not_to_contain_text("Lobby")  # going is leaving
    leave = page.locator(f"[data-key={control}]")
    leave.click() if control == "results-leave" else leave.press("Enter")
    expect(page.locator("[data-key=create]")).to_be_visible()
    assert page.url.endswith("#/")
    assert page.evaluate(f"localStorage.getItem('pegboard.seat.{table}')") is None

    # Had Ann only gone away, the table would wait in the results for her grace period (60 s).
    live.jump(31)  # the results intermission is over
    assert status_becomes(live, table, "finished"), "Ann left: no rematch, the table closed"
    lobby = httpx.get(f"{live.url}/api/tables", timeout=10).json()
    assert table not in {t["id"] for t in lobby}
    assert not errors


def test_a_table_nobody_comes_to_is_shown_closed(context: BrowserContext, live: LiveServer) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table = create_table(page, live.url, "Ann", target=15, fields={"seat-1": ""})
    expect(page.locator(".waiting-room")).to_contain_text("Waiting for players")
    live.jump(3600)  # Ann's page is open: the table waits with her
    assert not status_becomes(live, table, "finished", timeout=0.5)
    page.click("[data-key=leave]")  # "Lobby": Ann keeps her seat, but nobody is here now
    expect(page.locator("[data-key=create]")).to_be_visible()
    live.jump(live.settings.abandon_waiting + 1)
    assert status_becomes(live, table, "finished"), "abandoned"
    page.goto(f"{live.url}/#/table/{table}")
    expect(page.locator(".waiting-room h2")).to_have_text("The table is closed")
    expect(page.locator(".waiting-room")).to_contain_text("Nobody came")
    expect(page.locator("#share-link")).to_have_count(0)
    assert not errors


def test_two_people_play_each_other_from_the_lobby(browser: Browser, live: LiveServer) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1100, "height": 850}, reduced_motion="reduce")
        for _ in range(2)
    ]
    ann, bob = (c.new_page() for c in contexts)
    errors = watch_errors(ann) + watch_errors(bob)
    table = create_table(ann, live.url, "Ann", target=15, fields={"seat-1": ""})
    expect(ann.locator(".waiting-room")).to_contain_text("Waiting for players")
    expect(ann.locator("#share-link")).to_have_value(f"{live.url}/#/table/{table}")

    # Bob sees the table in the lobby, but takes the seat through Ann's link.
    bob.goto(live.url + "/")
    row = bob.locator(f"[data-table='{table}']")
    expect(row).to_contain_text("Ann")
    expect(row.get_by_role("button", name="Join")).to_be_visible()
    bob.goto(ann.locator("#share-link").input_value())
    bob.fill("#join-name", "Bob")
    bob.click("[data-key=join]")

    for page in (ann, bob):
        expect(page.locator(".me .seat-name")).to_contain_text("(you)")
    expect(ann.locator(".opponents")).to_contain_text("Bob")
    expect(bob.locator(".opponents")).to_contain_text("Ann")

    play_to_results(Clicker(ann), Clicker(bob))
    assert ranks_shown(ann) == ranks_shown(bob) == ["1st", "2nd"]
    assert ann.locator(f"{RESULTS} h2").inner_text() != bob.locator(f"{RESULTS} h2").inner_text()

    # Bob asks for the rematch: Ann is told, and Bob sees whom he waits for.
    expect(bob.locator("[data-testid=rematch-note]")).to_have_text("Waiting for Ann.")
    bob.click("[data-key=rematch]")
    expect(ann.locator("[data-testid=rematch-note]")).to_have_text("Bob asks for a rematch.")
    expect(bob.locator("[data-testid=rematch-note]")).to_have_text("Waiting for Ann.")
    # Ann does not: when the clock runs out the table closes, and says why.
    live.jump(31)
    for page in (ann, bob):
        expect(page.locator("[data-testid=closed-note]")).to_have_text(
            "The table is closed: Ann did not ask for a rematch before the clock ran out."
        )
    assert not errors
    for c in contexts:
        c.close()


def hand(page: Page) -> list[str | None]:
    return [c.get_attribute("data-card") for c in page.locator(".hand .button-card").all()]


def test_a_reload_keeps_the_seat_and_the_game_goes_on(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    create_table(page, live.url, "Ann", target=15)

    # The discard by keyboard: a digit picks a card, Enter presses a focused one.
    cards = page.locator(".phase-discard .hand .button-card")
    expect(cards).to_have_count(6)
    page.keyboard.press("1")
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    cards.nth(1).focus()
    page.keyboard.press("Enter")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    page.locator("[data-key=discard]").press("Enter")

    ann = Clicker(page)
    play_until(lambda: page.locator(".phase-play .hand .button-card").count() > 0, ann)
    before = hand(page)
    dealer = page.locator(".badge.dealer").locator("xpath=..").inner_text()
    page.reload()
    expect(page.locator(".me .seat-name")).to_have_text("Ann (you)")
    expect(page.locator(".phase-play .hand .button-card").first).to_be_visible()
    assert hand(page) == before, "the same seat, the same hand"
    assert page.locator(".badge.dealer").locator("xpath=..").inner_text() == dealer
    assert page.locator(".log li").count() > 3, "the log is caught up from the start"

    # The connection drops: the page comes back for the events it missed, and plays on.
    page.evaluate("window.pegboard.page.socket.ws.close()")
    play_to_results(Clicker(page))
    assert ranks_shown(page) == ["1st", "2nd"]
    assert len(sockets) >= 3 and "since=0" not in sockets[-1], "it asked only for what it missed"
    fresh = context.new_page()  # the same seat again, told the whole game from the start
    fresh.goto(page.url)
    expect(fresh.locator(RESULTS)).to_be_visible()
    assert fresh.locator(".log-list").inner_text() == page.locator(".log-list").inner_text()
    assert not errors


def test_a_phone_screen_shows_the_table_without_sideways_scrolling(
    browser: Browser, live: LiveServer
) -> None:
    phone = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    page = phone.new_page()
    errors = watch_errors(page)
    page.goto(live.url + "/")
    expect(page.locator("[data-key=create]")).to_be_visible()
    assert no_horizontal_scroll(page), "the lobby fits"
    create_table(page, live.url, "Ann", target=15)

    cards = page.locator(".phase-discard .hand .button-card")
    expect(cards).to_have_count(6)
    # Measure once the hand is laid out (a busy machine can be caught between two renders).
    page.wait_for_function(
        "() => [...document.querySelectorAll('.phase-discard .hand .button-card')]"
        ".every(card => card.offsetWidth > 0)"
    )
    assert no_horizontal_scroll(page), "the discard fits"
    sizes = page.eval_on_selector_all(
        ".phase-discard .hand .button-card",
        "cards => cards.map(c => [c.offsetWidth, c.offsetHeight])",
    )
    assert all(w >= 44 and h >= 44 for w, h in sizes), f"big enough to tap: {sizes}"
    cards.nth(0).tap()
    cards.nth(1).tap()
    page.locator("[data-key=discard]").tap()

    ann = Clicker(page)
    play_until(lambda: page.locator(".phase-play .hand .button-card").count() > 0, ann)
    assert no_horizontal_scroll(page), "the play fits"
    play_to_results(ann)
    assert no_horizontal_scroll(page), "the results fit"
    assert not errors
    phone.close()


def test_manual_counting_a_claim_built_card_by_card(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    create_table(page, live.url, "Ann", target=61, fields={"counting": "manual"})
    ann = Clicker(page)
    claiming = page.locator(".claims [data-key=claim]")
    play_until(lambda: claiming.count() > 0 and true_items(page) != [], ann)

    items = true_items(page)
    total = sum(item.points for item in items)
    build_claim(page, items)
    expect(page.locator(".claims .claim-items.building li")).to_have_count(len(items))
    expect(claiming).to_have_text(f"Claim {total}")
    claiming.click()
    expect(page.locator(".log")).to_contain_text(f"You claim {total}")
    expect(page.locator(".show-area")).to_contain_text(str(total))

    # The opponent's count: we may call Muggins, or pass.
    passing = page.locator(".claims [data-key=pass]")
    play_until(lambda: passing.count() > 0, ann)
    expect(page.locator(".claims [data-key=muggins]")).to_be_disabled()
    passing.click()
    expect(page.locator(".log")).to_contain_text("You pass")
    assert not errors


def test_cribist_only_legal_cards_can_be_played(context: BrowserContext, live: LiveServer) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(live.url + "/")
    page.check("input[value=cribist]")
    page.fill("#player-name", "Ann")
    page.click("[data-key=create]")
    expect(page.locator(".felt.cribist .hand .button-card")).to_have_count(13)
    ann = Clicker(page)
    trick = page.locator(".trick:not(.done) .trick-card .card")
    playable = page.locator(".phase-play .hand .button-card:not([disabled])")
    play_until(lambda: trick.count() > 0 and playable.count() > 0, ann)

    led = (trick.first.get_attribute("data-card") or "?")[-1]
    expect(page.locator("[data-testid=trumps]")).to_be_visible()
    mine = [c.get_attribute("data-card") or "" for c in page.locator(".hand .button-card").all()]
    allowed = [c.get_attribute("data-card") or "" for c in playable.all()]
    following = [card for card in mine if card.endswith(led)]
    assert allowed == (following or mine), "follow suit if you can, else anything"

    # After the trick, its winner claims; the others may call Muggins or pass.
    counting = page.locator(".claims [data-key=claim], .claims [data-key=pass]")
    play_until(lambda: counting.count() > 0, ann)
    expect(page.locator(CLAIM_CARDS)).to_have_count(4)
    if page.locator(".claims [data-key=claim]").count():
        build_claim(page, true_items(page))
        page.click(".claims [data-key=claim]")
        expect(page.locator(".log")).to_contain_text("You claim")
    else:
        expect(page.locator(".claims [data-key=muggins]")).to_be_disabled()
        page.click(".claims [data-key=pass]")
        expect(page.locator(".log")).to_contain_text("You pass")
    assert not errors
