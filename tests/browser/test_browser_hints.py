"""Hints in a real browser: the discard hint (ask, pick the best row, discard, play on) and
the play hint (the cards Ann may play, best expected gain first)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, Clicker, play_until, sit_down
from live_server import LiveServer
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)


def cards(page: Page, selector: str) -> set[str]:
    return {c.get_attribute("data-card") or "" for c in page.locator(selector).all()}


def test_the_hint_panel_picks_the_best_discard_and_the_game_goes_on(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live.url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", "61")
    expect(page.locator("#table-hints")).to_be_checked()  # "Allow hints" is on by default
    page.check("#table-listed")  # in the lobby, though a bot and Ann leave nobody a seat
    page.click("[data-key=create]")  # seat 2 is a bot
    page.wait_for_url(re.compile(r"#/table/\w+"))
    table = page.url.rsplit("/", 1)[1]
    assert live.info(table)["hints"] is True

    expect(page.locator(".phase-discard .hand .button-card")).to_have_count(6)
    expect(page.locator("#hint-panel")).to_have_count(0)
    hint_button = page.locator("[data-key=hint]")
    expect(hint_button).to_have_attribute("aria-expanded", "false")
    hint_button.click()
    rows = page.locator("#hint-panel tbody tr")
    expect(rows).to_have_count(5)
    expect(hint_button).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#hint-panel caption")).to_contain_text("of 15 discards")
    expect(rows.first).to_have_class(re.compile(r"\bbest\b"))
    expect(page.locator("#hint-panel tbody tr.best")).to_have_count(1)

    hint: dict[str, Any] = page.evaluate("window.pegboard.page.state.hint")
    best = hint["discards"][0]
    assert sorted(hint["hand"]) == sorted(cards(page, ".hand .button-card"))
    expect(rows.first.locator("td.net")).to_have_text(f"{best['net']:.2f}")
    expect(rows.first.locator(".inline-card")).to_have_count(2)
    assert_accessible(page, "the discard hint")

    # Picking the row selects its cards; the discard itself is still the player's to confirm.
    rows.first.locator("button.hint-pick").click()
    expect(page.locator(".hand .button-card[aria-pressed=true]")).to_have_count(2)
    assert cards(page, ".hand .button-card[aria-pressed=true]") == set(best["discard"])
    expect(rows.first.locator("button.hint-pick")).to_have_attribute("aria-pressed", "true")
    discard = page.locator("[data-key=discard]")
    expect(discard).to_be_enabled()
    discard.click()

    expect(page.locator("#hint-panel")).to_have_count(0)
    expect(page.locator(".felt[data-phase=play]")).to_be_visible()
    assert cards(page, ".me .hand .card") == set(hint["hand"]) - set(best["discard"])

    page.goto(live.url + "/")  # the lobby says the table allows hints
    expect(page.locator(f"[data-table='{table}']")).to_contain_text("hints allowed")
    assert not errors


def test_the_play_hint_ranks_the_cards_ann_may_play(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sit_down(page, live.url)
    playable = ".phase-play .hand .button-card:not([disabled])"
    play_until(lambda: page.locator(playable).count() > 1, Clicker(page))
    hint_button = page.locator(".phase-play [data-key=hint]")
    hint_button.click()
    rows = page.locator("#hint-panel tbody tr")
    expect(rows.first).to_have_class(re.compile(r"\bbest\b"))
    hint: dict[str, Any] = page.evaluate("window.pegboard.page.state.hint")
    assert hint["kind"] == "play"
    ranked = [card for row in hint["plays"] for card in row["cards"]]
    assert sorted(ranked) == sorted(cards(page, playable))  # every legal card, once
    gains = [row["gain"] for row in hint["plays"]]
    assert gains == sorted(gains, reverse=True)
    expect(rows).to_have_count(len(hint["plays"]))
    expect(page.locator("#hint-panel caption")).to_contain_text(f"count of {hint['count']}")
    assert_accessible(page, "the play hint")
    # The best row puts the keyboard on its card; Enter plays it.
    best = hint["plays"][0]["cards"][0]
    rows.first.locator("button.hint-pick").click()
    expect(page.locator(f".hand [data-card='{best}']")).to_be_focused()
    page.keyboard.press("Enter")
    # Played: gone from her hand (the count may already be back to zero after a 31 or a go).
    expect(page.locator(f".hand [data-card='{best}']")).to_have_count(0)
    assert not errors
