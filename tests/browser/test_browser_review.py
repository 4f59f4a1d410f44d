"""The replay's review mode in the real browser, for each game, on a desktop and a phone: the
players' accuracy, the graph (a tap jumps there), the marks in the log, and at a marked decision
the position as its seat saw it with the best choice beside the one made; axe finds nothing
serious. Screenshots go to ``SHOTS`` (looked at by hand)."""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe import assert_accessible
from clicker import RESULTS, Clicker, play_to_results, sit_down
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, expect

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "review-screenshots"
VIEWPORTS = {"desktop": (1280, 1000), "phone": (390, 844)}
GAMES = {
    "cribbage": (2, {"score_target": 61}),
    "cribist": (4, {"end": "deals", "deals": 1}),
    "not-enough": (2, {"score_target": 121}),
}
TOPS_PHASES = ("colour", "first", "power", "reveal", "split", "magic")
"""Not-enough's decisions of the Tops: the colour, the order, the powers and what follows."""
TOPS_TABLES = 3
"""Not-enough tables played for one whose review marks a decision of the Tops, for its
screenshot (3 of 8 seeded games of expert against random to 121 marked one)."""


def finished_and_reviewed(live: LiveServer, game: str) -> tuple[str, dict[str, Any]]:
    """A listed table of bots (expert and random) that has played one match, and its review;
    for not-enough, of :data:`TOPS_TABLES` tables played at once, one whose review marks a
    decision of the Tops (the colour, a power, …) where one does."""
    players, options = GAMES[game]
    bots = ["expert" if s % 2 == 0 else "random" for s in range(players)]
    body = {"game": game, "players": players, "options": options, "bots": bots, "listed": True}
    tables: list[str] = [
        httpx.post(f"{live.url}/api/tables", json=body, timeout=10).json()["id"]
        for _ in range(TOPS_TABLES if game == "not-enough" else 1)
    ]
    reviews = []
    for table in tables:
        review = f"{live.url}/api/tables/{table}/records/1/review"
        deadline = time.monotonic() + 240
        while (answer := httpx.get(review, timeout=10)).status_code != 200:
            assert time.monotonic() < deadline, f"{game}: no review"
            time.sleep(0.5)
        reviews.append((table, answer.json()))
    return next(
        (found for found in reviews if any(tops_marks(found[1]))),
        reviews[0],
    )


def tops_marks(review: dict[str, Any]) -> list[int]:
    """Where the marked decisions of the Tops are among the marked decisions."""
    marked = [d for d in review["decisions"] if d["mark"]]
    return [i for i, d in enumerate(marked) if d["phase"] in TOPS_PHASES]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_match_is_reviewed_in_the_replay(
    browser: Browser, live: LiveServer, game: str
) -> None:
    table, review = finished_and_reviewed(live, game)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, (width, height) in VIEWPORTS.items():
        context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion="reduce",
            is_mobile=name == "phone",
            has_touch=name == "phone",
        )
        context.set_default_timeout(20_000)
        page: Page = context.new_page()
        page.goto(f"{live.url}/#/replay/{table}/1/review")
        panel = page.locator(".review-panel")
        expect(panel).to_be_visible()
        players = GAMES[game][0]
        expect(panel.locator(".review-summary tbody tr")).to_have_count(players)
        # Every column of the players' table in sight, no sideways scroll (beside the replay on
        # a desktop its last column, luck, was cut off).
        scroller = panel.locator(".review-table-scroll")
        assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth"), scroller.evaluate(
            "e => [e.scrollWidth, e.clientWidth]"
        )
        page.screenshot(path=str(SHOTS / f"{game}-{name}-review.png"), full_page=False)
        # A tap on the graph's far right goes to its last point.
        graph = page.locator("[data-testid=review-graph]")
        graph.scroll_into_view_if_needed()
        box = graph.bounding_box()
        assert box is not None
        step = page.locator("[data-testid=step]")
        if name == "phone":
            graph.tap(position={"x": box["width"] - 2, "y": box["height"] / 2})
        else:
            graph.click(position={"x": box["width"] - 2, "y": box["height"] / 2})
        expect(step).to_contain_text(f"{review['series'][-1]['step']} /")
        # The random player's marks: in the list, in the log, and the decision shown.
        marks = page.locator(".review-mark")
        assert marks.count() > 0, "random's mistakes are marked"
        assert page.locator(".log-list li.marked").count() == marks.count()
        first = marks.first
        first.scroll_into_view_if_needed()
        first.click()
        decision = page.locator(".review-decision")
        expect(decision).to_be_visible()
        expect(decision.locator(".review-choice.played")).to_be_visible()
        expect(decision.locator(".review-choice.best")).to_be_visible()
        expect(page.locator(".log-list li.current.marked")).to_have_count(1)
        decision.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{game}-{name}-decision.png"), full_page=False)
        # Not-enough's Tops and the decisions made by rule (colour, order, reveal, split).
        tops = tops_marks(review)
        if tops:  # the decision is shown as any other; this is for looking at it
            marks.nth(tops[0]).scroll_into_view_if_needed()
            marks.nth(tops[0]).click()
            expect(decision.locator(".review-choice.best")).to_be_visible()
            decision.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{game}-{name}-tops.png"), full_page=False)
        assert_accessible(page, f"the review of {game} ({name})")
        # Nothing wider than the screen on the phone.
        wide = page.evaluate("document.documentElement.scrollWidth")
        beyond = page.evaluate(
            f"[...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > "
            f"{width + 1}).slice(0, 6).map(e => e.className)"
        )
        assert wide <= width + 1, f"{game} {name}: {wide}px wide: {beyond}"
        context.close()


def follows(page: Page, chances: list[float]) -> bool:
    """Whether the review graph's line draws ``chances`` (higher up, more likely to win)."""
    points: str = page.locator(".review-line").get_attribute("points") or ""
    heights = [float(point.split(",")[1]) for point in points.split()]
    steps = list(pairwise(zip(chances, heights, strict=True)))
    return all((a[0] - b[0]) * (b[1] - a[1]) >= -1e-6 for a, b in steps) and any(
        abs(a[0] - b[0]) > 1e-3 for a, b in steps
    )


def test_the_results_link_to_the_review_and_the_profile_shows_accuracy(
    browser: Browser, context: BrowserContext, live: LiveServer
) -> None:
    page: Page = context.new_page()
    sit_down(page, live.url, score_target=15)
    play_to_results(Clicker(page))
    page.wait_for_selector(RESULTS)
    page.locator(RESULTS).get_by_role("link", name="Review", exact=True).click()
    # Made once the match is over: being made, then shown (the page asks again meanwhile).
    expect(page.locator(".review-panel")).to_be_visible(timeout=60_000)
    expect(page.locator(".review-summary tbody tr")).to_have_count(2)
    # The graph is the player's own chance of winning, whichever seat they had (it was seat
    # 0's always); to a watcher, seat 0's, named.
    table = page.url.split("/replay/", 1)[1].split("/", 1)[0]
    record = page.request.get(f"{live.url}/api/tables/{table}/records/1").json()
    you = record["you"]
    assert you in (0, 1), record["you"]
    review = page.request.get(f"{live.url}/api/tables/{table}/records/1/review").json()
    caption = page.locator(".review-figure figcaption")
    expect(caption).to_contain_text("Your chance of winning")
    assert follows(page, [p["standing"][you] for p in review["series"]])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review-yours.png"), full_page=True)
    watcher = browser.new_page()
    watcher.goto(f"{live.url}/#/replay/{table}/1/review?invite={live.invite(table)}")
    seat_0 = record["seats"][0]["name"]
    expect(watcher.locator(".review-figure figcaption")).to_contain_text(
        f"{seat_0}'s chance of winning"
    )
    assert follows(watcher, [p["standing"][0] for p in review["series"]])
    watcher.context.close()
    page.goto(f"{live.url}/#/me")
    accuracy = page.locator("section[aria-labelledby=accuracy-title]")
    expect(accuracy).to_be_visible()
    expect(accuracy.locator("[data-game=cribbage] .rating-now")).not_to_be_empty()
    accuracy.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "profile-accuracy.png"), full_page=False)
    assert_accessible(page, "the profile with accuracy")
