"""Screenshots of the ratings pages: a rated game's results, a profile and a leaderboard, on a
desktop and a phone. ``screenshots.py`` takes them into docs/screenshots/; run this file alone
(``.venv/bin/python tests/browser/rating_screenshots.py OUT_DIR``) to look at them elsewhere.

The leaderboard is filled first with players whose matches are settled straight into the store
(seeded, so the pictures are the same every time); Ann then plays her rated games in the
browser."""

from __future__ import annotations

import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from clicker import BROWSER_ARGS, CHROMIUM, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from sqlalchemy import create_engine

from pegboard.server.players import player_store as players
from pegboard.server.ratings.settle import FinishedMatch, SeatOf, settle

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = ["Maud", "Ezra", "Priya", "Tomás", "Ines", "Kofi", "Lena", "Sasha", "Ruth", "Yuki"]
BOTS = ["bot:easy", "bot:medium", "bot:expert"]
STRENGTH = {"bot:easy": 0.2, "bot:medium": 0.5, "bot:expert": 0.8}


def fill_the_leaderboard(server: LiveServer) -> None:
    """Players of known strength playing each other and the bots, settled one by one."""
    engine = create_engine(f"sqlite:///{server.db}")
    chance = random.Random(7)
    people = [players.new_guest(engine, name, 1_000.0).id for name in NAMES]
    strength = STRENGTH | {p: chance.uniform(0.15, 0.9) for p in people}
    everyone = people + BOTS
    for n in range(160):
        one, two = chance.sample(everyone, 2)
        if one.startswith("bot:") and two.startswith("bot:"):
            continue
        first = chance.random() < 0.5 + (strength[one] - strength[two]) / 2
        seats = tuple(
            SeatOf(i, p, p, p) if p.startswith("bot:") else SeatOf(i, f"P{i}", "human", p)
            for i, p in enumerate((one, two))
        )
        match = FinishedMatch(
            table_id=f"seed{n}",
            match=1,
            game="cribbage",
            players=2,
            teams=False,
            rated=True,
            seats=seats,
            ranks=(1, 2) if first else (2, 1),
            scores=(121, chance.randint(70, 120)) if first else (chance.randint(70, 120), 121),
            events=[],
            finished=1_700_000_000.0 + n * 3_600,
        )
        settle(engine, match, match.finished)
    engine.dispose()


def shoot(page: Page, path: Path) -> None:
    page.mouse.move(2, 2)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), animations="disabled")
    print("saved", path)


def rated_game(page: Page, url: str) -> None:
    page.goto(url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", "121")  # the rated length
    page.check("#table-rated")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    play_to_results(Clicker(page), timeout=180)


def ratings(browser: Browser, server: LiveServer, out: Path) -> None:
    fill_the_leaderboard(server)
    kept: Any = None  # the cookie: the same Ann on the phone, with more games
    for viewport, suffix in [(DESKTOP, ""), (PHONE, "-phone")]:
        phone = viewport is PHONE
        context = browser.new_context(
            storage_state=kept,
            viewport=viewport,
            has_touch=phone,
            is_mobile=phone,
            device_scale_factor=2 if phone else 1,
            reduced_motion="reduce",
        )
        context.set_default_timeout(20_000)
        page = context.new_page()
        for _ in range(3):  # a few points on the chart
            rated_game(page, server.url)
        page.wait_for_selector(".overlay .results [data-testid^=rating-]")
        shoot(page, out / f"rated-results{suffix}.png")
        page.goto(server.url + "/#/me")
        page.wait_for_selector(".match-row")
        shoot(page, out / f"profile{suffix}.png")
        page.goto(server.url + "/#/leaderboard/cribbage-2")
        page.wait_for_selector(".board-table tr.mine")
        shoot(page, out / f"leaderboard{suffix}.png")
        kept = context.storage_state()
        context.close()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        LiveServer(Path(tmp) / "shots.sqlite") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        ratings(browser, server, out)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
