"""Help for newcomers in a real browser: the rules pages (the package's own rules text, worked
examples counted by the scoring code), options in plain words, bots as levels, the keyboard,
and axe-core on the lobby, the rules, the results and the replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import (
    CHROMIUM,
    RESULTS,
    Clicker,
    open_lobby,
    play_to_results,
    play_until,
    sit_down,
)
from live_server import LiveServer
from playwright.sync_api import BrowserContext, Page, expect

from pegboard.cards import card_names, parse_card, parse_cards
from pegboard.core.spec import get_spec
from pegboard.scoring import score_show

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

GAMES = ["cribbage", "cribist", "not-enough"]


def headings(markdown: str) -> list[str]:
    found = [line.lstrip("#").strip() for line in markdown.splitlines() if line.startswith("#")]
    return [heading.replace("`", "") for heading in found]  # `end` is shown as code


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_is_the_packages_rules_text_with_worked_examples(
    context: BrowserContext, live: LiveServer, game: str
) -> None:
    page = context.new_page()
    page.goto(f"{live.url}/#/rules/{game}")
    page.wait_for_selector(".example")
    text = get_spec(game).rules_text()
    # Every heading of the file `pegboard rules` prints is on the page, in order, h1 first.
    shown = page.locator(".rules-text").locator("h1, h2").all_inner_texts()
    assert shown == headings(text)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("main")).to_have_count(1)
    # The examples show cards as pictures, and every table option in plain words.
    assert page.locator(".example .card[data-card]").count() >= 4
    for option in get_spec(game).options:
        expect(page.locator(".option-list dd", has_text=option.help)).to_have_count(1)
    expect(page.locator(".option-list")).not_to_contain_text("skip_")
    expect(page.locator(".key-list")).to_contain_text("1 – 9")
    assert_accessible(page, f"the {game} rules page")


def test_the_counted_hand_is_the_scorers_count_item_by_item(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    page.goto(f"{live.url}/#/rules/cribbage")
    example = page.locator(".example", has_text="A hand counted item by item")
    groups = example.locator(".example-group")
    # evaluate_all does not wait: let the page draw the hand's four cards first.
    expect(groups.nth(0).locator(".card")).to_have_count(4)
    hand = groups.nth(0).locator(".card").evaluate_all("cs => cs.map((c) => c.dataset.card)")
    starter = groups.nth(1).locator(".card").get_attribute("data-card")
    assert starter is not None
    score = score_show(parse_cards(hand), parse_card(starter), crib=False)
    lines = example.locator(".example-lines li")
    expect(lines).to_have_count(len(score.items))
    for i, item in enumerate(score.items):
        cards = lines.nth(i).locator(".card").evaluate_all("cs => cs.map((c) => c.dataset.card)")
        assert cards == card_names(item.cards)
    expect(lines.last.locator(".example-total")).to_have_text(f"total {score.total}")


def test_how_to_play_is_reached_from_the_lobby_the_form_and_the_table(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    open_lobby(page, live.url, "Ann", "cribist")
    page.click(".create [data-key=rules-cribist]")
    expect(page.locator(".rules-text h1")).to_have_text("Cribist")
    page.click("[data-key=rules-back]")
    expect(page.locator("[data-key=create]")).to_be_visible()
    page.click(".topbar [data-key=rules]")  # the lobby's: the first game the server lists
    expect(page.locator(".rules-text h1")).to_have_text("Cribbage")
    page.goto(live.url + "/")
    page.check("input[value=not-enough]")
    page.click("[data-key=create]")
    page.wait_for_selector(".felt")
    table = page.url
    page.click(".topbar [data-key=rules-not-enough]")
    expect(page.locator(".rules-text h1")).to_have_text("Cribbage is not Enough")
    expect(page.locator("[data-testid=power-legend]")).to_contain_text("Might")
    page.click("[data-key=rules-back]")
    page.wait_for_selector(".felt")
    assert page.url == table


def test_the_form_offers_bot_levels_and_options_in_plain_words(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    seat = page.locator("[name=seat-1]")
    expect(seat).to_have_value("medium")
    levels = seat.locator("optgroup[label=Bots] option").all_inner_texts()
    assert levels == ["Easy bot", "Medium bot", "Expert bot", "Master bot"]
    more = seat.locator("optgroup[label='More bots'] option").evaluate_all(
        "os => os.map((o) => o.value)"
    )
    assert sorted(more) == ["greedy", "hoyle", "learned", "random"]
    form = page.locator(".create")
    expect(form).to_contain_text("Pass for me when I have no cards left")
    expect(form).not_to_contain_text("skip empty")
    assert_accessible(page, "the lobby and its form")


def test_the_keyboard_keeps_its_place_in_the_hand(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    sit_down(page, live.url)
    page.wait_for_selector(".phase-discard .hand .button-card")
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.locator("[data-key=discard]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".phase-play")
    ann = Clicker(page)
    playable = ".phase-play .hand .button-card:not([disabled])"
    play_until(lambda: page.locator(playable).count() > 1, ann)
    page.locator(playable).first.focus()
    page.keyboard.press("Enter")  # play it: that button is gone
    # Focus stays in the hand (a card, or the hand itself while none can be played).
    page.wait_for_function("document.activeElement.closest('.hand') !== null")
    # Back on our turn, the focus is on a card again, with a ring unlike the solid gold
    # borders of playable and selected cards.
    page.wait_for_function("document.activeElement.matches('.hand .button-card')")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "dashed"
    # The log can be scrolled from the keyboard.
    assert page.locator(".log-scroll").get_attribute("tabindex") == "0"


PEGGED_AND_LAST_SCORE = """() => {
  const flash = document.querySelector("[data-testid=pegged]");
  if (!flash) return null;
  const scores = [...document.querySelectorAll(".log-list li")].filter((li) =>
    li.innerText.toLowerCase().includes("score"),
  );
  return [flash.innerText, scores.length ? scores[scores.length - 1].innerText : ""];
}"""


def test_the_points_pegged_show_beside_the_count(context: BrowserContext, live: LiveServer) -> None:
    page = context.new_page()
    sit_down(page, live.url)
    ann = Clicker(page)
    seen: list[tuple[str, str]] = []

    def pegged() -> bool:
        # The flash goes with the next card played: read it and the log in one round trip.
        found = page.evaluate(PEGGED_AND_LAST_SCORE)
        if found is not None:
            seen.append((found[0], found[1]))
        return found is not None

    play_until(pegged, ann, timeout=90)
    flash, last = seen[-1]
    assert re.fullmatch(r"[+−]\d+ [a-z ,-]+", flash), flash
    assert flash.split()[0].lstrip("+−") in last  # the same points as the log's last score


def test_results_and_replay_pass_axe_and_the_replay_plays_by_itself(
    context: BrowserContext, live: LiveServer
) -> None:
    page: Page = context.new_page()
    sit_down(page, live.url, score_target=15)
    play_to_results(Clicker(page))
    page.wait_for_selector(RESULTS)
    assert_accessible(page, "the results")
    page.click("text=Replay this game")
    page.wait_for_selector("[data-testid=step]")
    page.keyboard.press("ArrowRight")
    assert_accessible(page, "the replay")
    # Play steps on by itself until paused.
    step = page.locator("[data-testid=step]")
    expect(step).to_contain_text("2 /")
    play = page.locator("[data-key=play]")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(step).to_contain_text("3 /")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    stopped = step.inner_text()
    page.wait_for_timeout(1500)  # longer than a step: a paused replay stays where it is
    assert step.inner_text() == stopped
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("main")).to_have_count(1)
