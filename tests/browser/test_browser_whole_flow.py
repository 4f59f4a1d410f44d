"""The way back to pegboard, whole: two people press "Play now" for 2-player Cribbage in two
browsers (a desktop and a phone), are seated together, play a short rated match, see their
rating changes on the results, find the match on their profile pages and open its replay."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect
from test_browser_quickplay import desk_and_phone, press_play_now, table_of

from pegboard.server.quickplay.matcher import QuickPlaySettings

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

CHANGE = re.compile(r"^(\d+) → (\d+) \(([+−]\d+|±0)\)")


@pytest.fixture
def short_games(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose quick-play Cribbage tables play to 121, the rated length."""
    options = {"cribbage": {"score_target": 121}}
    with LiveServer(
        tmp_path / "flow.sqlite", quick_play=QuickPlaySettings(options=options)
    ) as live:
        yield live


def shown_change(page: Page, seat: int) -> tuple[int, int]:
    """The rating change the results panel shows for a game seat: (before, after)."""
    text = page.locator(f"{RESULTS} [data-testid=rating-{seat}]").inner_text()
    found = CHANGE.match(text)
    assert found is not None, text
    return int(found.group(1)), int(found.group(2))


def test_two_people_meet_play_a_rated_match_and_find_it_on_their_profiles(
    browser: Browser, short_games: LiveServer
) -> None:
    live = short_games
    with desk_and_phone(browser) as (ann, bob, errors):
        press_play_now(ann, live.url, "Ann")
        press_play_now(bob, live.url, "Bob")
        table = table_of(ann)
        assert table_of(bob) == table, "seated together"

        play_to_results(Clicker(ann), Clicker(bob), timeout=240)  # two people, to 121

        info = live.info(table)
        assert info["rated"] is True and info["options"]["score_target"] == 121
        for page in (ann, bob):
            expect(page.locator(RESULTS)).to_be_visible()
            for seat, slot in enumerate(info["seating"]):
                change = info["ratings"][slot]
                assert shown_change(page, seat) == (change["before"], change["after"])
                assert change["before"] == 1500, "a first rated game starts from 1500"
        changes = [info["ratings"][slot]["change"] for slot in info["seating"]]
        assert sorted(c > 0 for c in changes) == [False, True], "the winner gains, the loser not"

        for page, name, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
            page.click(f"{RESULTS} >> text=Your profile")
            expect(page.locator("[data-testid=profile-name]")).to_contain_text(name)
            row = page.locator(f'.match-row[data-table="{table}"]')
            expect(row).to_be_visible()
            expect(row).to_contain_text(other)
            slot = next(i for i, s in enumerate(info["slots"]) if s["name"] == name)
            mine = info["ratings"][slot]
            expect(row.locator(".rating-change")).to_contain_text(
                f"{mine['before']} → {mine['after']}"
            )
            row.locator(f"[data-testid=replay-{table}-1]").click()
            page.wait_for_url(re.compile(rf"#/replay/{table}/1$"))
            expect(page.locator("[data-testid=step]")).to_contain_text("1 /")
        assert errors == []
