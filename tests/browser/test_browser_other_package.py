"""A game of another package (Pile, tests/toygame) in the real browser: the lobby's form offers
it, its table is drawn by the client module its own package serves, a person plays it to the
results against a bot (which offer no review: Pile has none; no "Fair deals" either: it
deals nothing by chance), and its replay is drawn by the
same module; on a desktop and a phone,
and axe finds nothing serious. Screenshots go to ``SHOTS`` (looked at by hand)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import RESULTS, sit_down
from live_server import LiveServer
from playwright.sync_api import Browser, expect

from toygame import registered_pile

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "other-package-screenshots"
VIEWPORTS = {"desktop": (1280, 1000), "phone": (390, 844)}


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_game_of_another_package_plays_and_replays(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, device: str
) -> None:
    width, height = VIEWPORTS[device]
    SHOTS.mkdir(parents=True, exist_ok=True)
    with registered_pile(monkeypatch), LiveServer(tmp_path / "pegboard.sqlite") as live:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            reduced_motion="reduce",
            is_mobile=device == "phone",
            has_touch=device == "phone",
        )
        context.set_default_timeout(15_000)
        page = context.new_page()
        sit_down(page, live.url, "pile", counters=5)
        expect(page.locator(".pile-title")).to_have_text(re.compile(r"Pile: [1-5] left"))
        # Pile deals nothing by chance (its spec's `chance`): no deals to check.
        expect(page.locator("[data-testid=fair]")).to_be_hidden()
        page.screenshot(path=str(SHOTS / f"pile-{device}-table.png"))
        assert_accessible(page, f"Pile's table ({device})")
        while not page.locator(RESULTS).is_visible():
            take = page.locator("[data-testid=take-1]")
            if take.is_visible():
                take.click()
            page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"pile-{device}-results.png"))
        results = page.locator(RESULTS)
        expect(results.get_by_role("link", name="Replay this game")).to_be_visible()
        expect(results.get_by_role("link", name="Review")).to_have_count(0)  # Pile has none
        table = page.evaluate("location.hash").split("/")[2].split("?")[0]
        page.goto(f"{live.url}/#/replay/{table}/1")
        expect(page.locator(".felt.replay .pile-title")).to_be_visible()
        expect(page.locator(".felt.replay .pile-scores")).to_contain_text("Ann")
        page.screenshot(path=str(SHOTS / f"pile-{device}-replay.png"))
        assert_accessible(page, f"Pile's replay ({device})")
        context.close()
