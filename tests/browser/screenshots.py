"""Take the screenshots in docs/screenshots/ from a real server and a real browser.

Run ``.venv/bin/python tests/browser/screenshots.py [NAME…]`` from the project root (every
picture, or those of the names in ``SHOTS``); it needs Chromium at /usr/bin/chromium. Every
picture is taken at a state the page itself reports (no sleeps).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import httpx
from clicker import (
    BROWSER_ARGS,
    CHROMIUM,
    RESULTS,
    Clicker,
    build_claim,
    open_lobby,
    play_to_results,
    play_until,
    true_items,
)
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from rating_screenshots import ratings
from test_browser_not_enough import other_move

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def shoot(page: Page, name: str) -> None:
    """Save the viewport, scrolled to the top, with no hover effect and no animation."""
    page.mouse.move(2, 2)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{name}.png"), animations="disabled")
    print("saved", OUT / f"{name}.png")


def new_page(browser: Browser, viewport: ViewportSize, *, phone: bool = False) -> Page:
    context = browser.new_context(
        viewport=viewport, has_touch=phone, is_mobile=phone, device_scale_factor=2 if phone else 1
    )
    context.set_default_timeout(20_000)
    return context.new_page()


def create(
    page: Page, url: str, name: str, game: str = "cribbage", *, guide: bool = False, **options: str
) -> None:
    open_lobby(page, url, name, game)
    if page.locator("#table-guide").count():  # on by default for a first game against bots
        page.locator("#table-guide").set_checked(guide)
    for option, value in options.items():
        field = page.locator(f"[name={option}]")
        if field.get_attribute("type") == "number":
            field.fill(value)
        else:
            field.select_option(value)
    page.click("[data-key=create]")
    page.wait_for_selector(".felt")


def lobby(browser: Browser, server: LiveServer) -> None:
    # Some tables to look at: one waiting for a second person, one with a free Cribist seat.
    waiting = server.table(options={"score_target": 61})
    httpx.post(f"{server.url}/api/tables/{waiting['id']}/join", json={"name": "Bob"}, timeout=5)
    server.table("cribist", 4, bots=[None, "greedy", "greedy", "random"], listed=True)
    server.table(players=3, bots=[None, "greedy", None], options={"counting": "manual"})
    page = new_page(browser, {"width": 1280, "height": 1180})
    page.goto(server.url + "/")
    page.fill("#player-name", "Ann")
    page.wait_for_selector(".table-row")
    shoot(page, "lobby")
    page.context.close()


def cribbage(browser: Browser, server: LiveServer) -> None:
    page = new_page(browser, {"width": 1280, "height": 1000})
    create(page, server.url, "Ann", score_target="121")
    ann = Clicker(page)
    # A few hands first, so that the pegs are out on the board.
    play_until(lambda: page.locator(".log-deal").count() >= 3 and discarding(page), ann)
    cards = page.locator(".phase-discard .hand .button-card")
    cards.nth(1).click()
    cards.nth(4).click()
    shoot(page, "cribbage-discard")
    page.click("[data-key=discard]")
    play_until(lambda: my_turn_with(page, 2), ann)
    shoot(page, "cribbage-play")
    play_until(lambda: page.locator(".phase-post-show [data-key=ready]").count() > 0, ann)
    shoot(page, "cribbage-show")
    page.context.close()


def hint(browser: Browser, server: LiveServer) -> None:
    """The hint panel open at a discard, its best row picked."""
    page = new_page(browser, {"width": 1280, "height": 1240})
    create(page, server.url, "Ann", score_target="121")
    page.wait_for_selector(".phase-discard .hand .button-card")
    page.click("[data-key=hint]")
    page.wait_for_selector("#hint-panel tbody tr.best")
    page.locator("#hint-panel tbody tr.best button.hint-pick").click()
    page.wait_for_selector("#hint-panel tbody tr.best button.hint-pick[aria-pressed=true]")
    shoot(page, "cribbage-hint")
    page.context.close()


def guided(browser: Browser, server: LiveServer) -> None:
    """The guided first game: the guide at the discard on a desktop, in the play on a phone."""
    page = new_page(browser, {"width": 1280, "height": 1000})
    create(page, server.url, "Ann", guide=True, score_target="121")
    page.wait_for_selector(".phase-discard [data-testid=guide]")
    shoot(page, "cribbage-guide")
    page.context.close()

    page = new_page(browser, PHONE, phone=True)
    create(page, server.url, "Ann", guide=True, score_target="121")
    play_until(lambda: my_turn_with(page, 1), Clicker(page))
    page.wait_for_selector(".phase-play [data-testid=guide]")
    shoot(page, "cribbage-guide-phone")
    page.context.close()


def discarding(page: Page) -> bool:
    return page.locator(".phase-discard .hand .button-card").count() > 4


def my_turn_with(page: Page, count_cards: int) -> bool:
    """Our turn in the play, with a choice of cards and a few cards in the count."""
    playable = page.locator(".phase-play .hand .button-card:not([disabled])").count()
    return playable > 1 and page.locator(".count-card").count() >= count_cards


def phone(browser: Browser, server: LiveServer) -> None:
    """Each game on a phone, on the player's turn in the play: hand, count and scores at once."""
    page = new_page(browser, PHONE, phone=True)
    create(page, server.url, "Ann", score_target="61")
    ann = Clicker(page)
    play_until(lambda: page.locator(".log-deal").count() >= 2 and my_turn_with(page, 1), ann)
    shoot(page, "cribbage-phone")
    page.context.close()

    page = new_page(browser, PHONE, phone=True)
    create(page, server.url, "Ann", game="cribist")
    ann = Clicker(page, high=True)
    playable = ".phase-play .hand .button-card:not([disabled])"
    play_until(
        lambda: (
            page.locator(".trick:not(.done) .trick-card").count() >= 2
            and page.locator(playable).count() > 0
        ),
        ann,
        timeout=90,
    )
    shoot(page, "cribist-phone")
    page.context.close()

    page = new_page(browser, PHONE, phone=True)
    create(page, server.url, "Ann", game="not-enough")
    ann = Clicker(page)
    last: list[str | None] = [None]
    deadline = time.monotonic() + 90
    while not (
        page.locator(".ne-deck .ne-top .card").count() == 2
        and page.locator(".ne-count .count-card").count() >= 1
        and page.locator(playable).count() > 1
    ):
        assert time.monotonic() < deadline, "no not-enough play turn in time"
        if not (other_move(page, last) or ann.step()):
            ann.wait_for_change(300)
    shoot(page, "not-enough-phone")
    page.context.close()


def rules(browser: Browser, server: LiveServer) -> None:
    """How to play: the top of the Cribbage rules page, and a worked example of each game."""
    page = new_page(browser, {"width": 1280, "height": 1000})
    page.goto(server.url + "/#/rules/cribbage")
    page.wait_for_selector(".example")
    shoot(page, "rules")
    for game, title in [("cribbage", "A hand counted"), ("not-enough", "The battle")]:
        page.goto(f"{server.url}/#/rules/{game}")
        example = page.locator(".example", has_text=title)
        example.scroll_into_view_if_needed()
        example.screenshot(path=str(OUT / f"rules-example-{game}.png"), animations="disabled")
        print("saved", OUT / f"rules-example-{game}.png")
    page.context.close()


def cribist(browser: Browser, server: LiveServer) -> None:
    page = new_page(browser, {"width": 1280, "height": 1100})
    create(page, server.url, "Ann", game="cribist", score_target="121")
    ann = Clicker(page, high=True)

    def mid_trick() -> bool:
        return (
            page.locator(".log-score").count() >= 4
            and page.locator(".trick:not(.done) .trick-card").count() >= 2
            and page.locator(".phase-play .hand .button-card:not([disabled])").count() > 0
        )

    play_until(mid_trick, ann, timeout=90)
    shoot(page, "cribist")
    # A trick of ours to count: the claim half built, as a person would be doing it.
    claiming = page.locator(".claims [data-key=claim]")
    play_until(lambda: claiming.count() > 0 and len(true_items(page)) >= 1, ann, timeout=180)
    items = true_items(page)
    build_claim(page, items[:-1] if len(items) > 1 else items)
    page.set_viewport_size({"width": 1280, "height": 1760})
    shoot(page, "cribist-claims")
    page.context.close()


def results_and_replay(browser: Browser, server: LiveServer) -> None:
    page = new_page(browser, DESKTOP)
    create(page, server.url, "Ann", score_target="31")
    play_to_results(Clicker(page), timeout=90)
    page.wait_for_selector(RESULTS)
    shoot(page, "results")
    page.click("text=Replay this game")
    page.wait_for_selector("[data-testid=step]")
    page.keyboard.press("End")
    # Step back to the last count of a show: a hand on the table with its score.
    for _ in range(400):
        current = page.locator(".current-event").inner_text()
        if page.locator(".replay .show-area").count() and " scores " in current:
            break
        page.keyboard.press("ArrowLeft")
    shoot(page, "replay")
    page.context.close()


def quickplay(browser: Browser, server: LiveServer) -> None:
    """Quick play: the choice on a phone, and someone waiting on a desktop and on a phone."""
    page = new_page(browser, PHONE, phone=True)
    page.goto(server.url + "/#/play")
    page.fill("#quick-name", "Ann")
    page.wait_for_selector(".quick-form [data-key=play-now]")
    shoot(page, "quickplay-phone")
    page.context.close()
    for viewport, name, phone in [
        (DESKTOP, "quickplay", False),
        (PHONE, "quickplay-waiting-phone", True),
    ]:
        page = new_page(browser, viewport, phone=phone)
        page.goto(server.url + "/#/play")
        page.fill("#quick-name", "Bea")
        page.select_option("[name=wait]", "120")
        page.click(".quick-form [data-key=play-now]")
        page.wait_for_selector(".quick-facts li:has-text('Opponents rated')")
        page.wait_for_function("document.querySelector('.quick-clock').textContent !== '0:00'")
        shoot(page, name)
        page.context.close()


def review(browser: Browser, server: LiveServer) -> None:
    """A finished game's review: the expert against the random player, at the first blunder
    (else the first mark), on a desktop and a phone."""
    body = {
        "game": "cribbage",
        "players": 2,
        "options": {"score_target": 61},
        "bots": ["expert", "random"],
        "listed": True,
    }
    table = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()["id"]
    made = f"{server.url}/api/tables/{table}/records/1/review"
    deadline = time.monotonic() + 240
    while httpx.get(made, timeout=10).status_code != 200:
        if time.monotonic() > deadline:
            raise RuntimeError("the review was not made")
        time.sleep(0.5)
    for viewport, name, phone in [(DESKTOP, "review", False), (PHONE, "review-phone", True)]:
        page = new_page(browser, viewport, phone=phone)
        page.goto(f"{server.url}/#/replay/{table}/1/review")
        page.wait_for_selector(".review-panel")
        marks = page.locator(".review-mark.blunder")
        (marks if marks.count() else page.locator(".review-mark")).first.click()
        page.wait_for_selector(".review-decision")
        shoot(page, name)
        page.context.close()


def rated(browser: Browser, server: LiveServer) -> None:
    ratings(browser, server, OUT)


SHOTS = {
    "lobby": lobby,
    "cribbage": cribbage,
    "hint": hint,
    "guided": guided,
    "phone": phone,
    "rules": rules,
    "cribist": cribist,
    "results": results_and_replay,
    "quickplay": quickplay,
    "review": review,
    "ratings": rated,  # last: it fills the leaderboard with players
}


def main() -> int:
    if not Path(CHROMIUM).exists():
        print(f"Chromium is needed at {CHROMIUM}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        LiveServer(Path(tmp) / "shots.sqlite") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        for name in sys.argv[1:] or SHOTS:  # some by name, or all of them
            SHOTS[name](browser, server)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
