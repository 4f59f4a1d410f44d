"""Private tables and table chat in a real browser: a table that is not in the lobby is joined
through its link and turns a stranger away; two people chat (what they write is only ever
text), one mutes the other, a phone keeps the chat in a drawer with an unread count (its
button never over the Fair deals line), and the replay shows what was said where it was said."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from devices import People, desktop, phone
from live_server import LiveServer
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept


def private_table(page: Page, url: str) -> str:
    """Ann makes a table for two people, not in the lobby; the link to share."""
    page.goto(url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", "15")
    page.select_option("[name=seat-1]", "")
    expect(page.locator("#table-listed")).to_be_checked()  # a free seat: listed by default
    page.uncheck("#table-listed")
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    link = page.locator("#share-link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#/table/\w+\?invite=[\w-]+", link), link
    return link


def take_seat(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("[data-key=join]")
    expect(page.locator(".me .seat-name")).to_contain_text("(you)")


def chat_texts(page: Page) -> list[str]:
    return page.locator("#chat-panel .chat-list .chat-text").all_inner_texts()


def test_two_people_chat_at_a_private_table_and_one_mutes_the_other(
    people: People, live: LiveServer
) -> None:
    ann, bob, eve = people(desktop, desktop, desktop)
    link = private_table(ann, live.url)
    table = link.split("/")[-1].split("?")[0]

    # Not in the lobby; without the link the table turns a stranger away.
    eve.goto(live.url + "/")
    expect(eve.locator(".tables")).to_contain_text("No open tables")
    eve.goto(f"{live.url}/#/table/{table}")
    expect(eve.locator("[data-testid=refused] h2")).to_have_text("This table is private")

    take_seat(bob, link, "Bob")
    expect(ann.locator(".chat-empty")).to_have_text("No messages yet.")
    ann.fill("#chat-input", "<b>x</b> <img src=x onerror=alert(1)>")
    ann.press("#chat-input", "Enter")
    bob.click("[data-key=phrase-good-luck]")
    for page in (ann, bob):
        expect(page.locator("#chat-panel .chat-text")).to_have_text(
            ["<b>x</b> <img src=x onerror=alert(1)>", "Good luck"]
        )
        # Only ever text: no element came out of what Ann wrote.
        expect(page.locator("#chat-panel .chat-list b, #chat-panel .chat-list img")).to_have_count(
            0
        )
    expect(ann.locator("#chat-input")).to_have_value("")
    expect(bob.locator("#chat-panel .chat-line.own .chat-name")).to_have_text("You")
    assert_accessible(ann, "the table with its chat")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "chat-desktop.png"))

    # Ann mutes Bob: his messages are hidden, counted, and stay so after a reload.
    ann.click("[data-key=mute-1]")
    expect(ann.locator("[data-testid=chat-muted]")).to_have_text(
        re.compile(r"^Bob is muted \(1 message hidden\)")
    )
    bob.fill("#chat-input", "are you there?")
    bob.click("[data-key=chat-send]")
    expect(bob.locator("#chat-panel .chat-text")).to_have_count(3)
    expect(ann.locator("[data-testid=chat-muted]")).to_contain_text("2 messages hidden")
    assert chat_texts(ann) == ["<b>x</b> <img src=x onerror=alert(1)>"]
    ann.reload()
    expect(ann.locator("[data-testid=chat-muted]")).to_contain_text("2 messages hidden")
    ann.click("[data-key=unmute-1]")
    expect(ann.locator("#chat-panel .chat-text")).to_have_count(3)

    play_to_results(Clicker(ann), Clicker(bob))
    bob.click("[data-key=phrase-good-game]")
    expect(ann.locator("#chat-panel .chat-text").last).to_have_text("Good game")

    # The replay shows each message from its moment on.
    ann.locator(f"{RESULTS} a", has_text="Replay").click()
    said = ann.locator(".replay-chat .chat-text:visible")
    expect(ann.locator(".replay-chat")).to_be_visible()
    ann.click("[data-key=first]")
    expect(said).to_have_count(0)
    expect(ann.locator(".replay-chat .chat-empty")).to_be_visible()
    shown = []
    for _ in range(8):  # step on: what was said during the discard comes at once
        ann.click("[data-key=next]")
        shown.append(said.count())
    assert 3 in shown and 4 not in shown, shown
    ann.click("[data-key=last]")
    expect(said).to_have_count(4)
    expect(said.last).to_have_text("Good game")  # said on the results
    # A stranger cannot open the replay without the link.
    eve.goto(f"{live.url}/#/replay/{table}/1")
    expect(eve.locator("[data-testid=no-replay] p")).to_contain_text("This table is private")
    assert not people.errors


# The Fair deals line scrolled to the foot of the screen, where the Chat button floats: the
# right end of its text and the button's left edge.
FAIR_LINE_AT_THE_FOOT = """() => {
  const line = document.querySelector(".fair summary");
  window.scrollBy(0, line.getBoundingClientRect().bottom - window.innerHeight + 8);
  const text = document.createRange();
  text.selectNodeContents(line);
  const right = Math.max(...[...text.getClientRects()].map((r) => r.right));
  const button = document.querySelector("[data-key=chat-toggle]").getBoundingClientRect();
  return [right, button.left];
}"""


def test_on_a_phone_the_chat_is_a_drawer_with_an_unread_count(
    people: People, live: LiveServer
) -> None:
    ann, bob = people(desktop, phone)
    link = private_table(ann, live.url)
    take_seat(bob, link, "Bob")
    toggle = bob.locator("[data-key=chat-toggle]")
    expect(toggle).to_be_visible()
    expect(bob.locator("#chat-panel")).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    for words in ("good luck Bob", "have fun"):
        ann.fill("#chat-input", words)
        ann.press("#chat-input", "Enter")
    expect(bob.locator("[data-testid=chat-unread]")).to_have_text("2")
    expect(toggle).to_have_attribute("aria-label", "Chat, 2 unread messages")
    bob.screenshot(path=str(SHOTS / "chat-phone-closed.png"))
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    text_right, button_left = bob.evaluate(FAIR_LINE_AT_THE_FOOT)
    bob.screenshot(path=str(SHOTS / "chat-phone-fair-line.png"))
    assert text_right <= button_left, "the Chat button covers the Fair deals line"

    toggle.tap()
    expect(bob.locator("#chat-panel")).to_be_visible()
    expect(bob.locator("#chat-panel .chat-text")).to_have_text(["good luck Bob", "have fun"])
    expect(bob.locator("#chat-input")).to_be_focused()
    bob.locator("#chat-input").fill("thanks!")
    bob.locator("[data-key=chat-send]").tap()
    expect(ann.locator("#chat-panel .chat-text").last).to_have_text("thanks!")
    assert_accessible(bob, "the chat drawer on a phone")
    bob.screenshot(path=str(SHOTS / "chat-phone-open.png"))
    bob.keyboard.press("Escape")
    expect(bob.locator("#chat-panel")).to_be_hidden()
    expect(toggle).to_be_focused()
    expect(bob.locator("[data-testid=chat-unread]")).to_be_hidden()  # all read

    ann.click("[data-key=phrase-nice-hand]")
    expect(bob.locator("[data-testid=chat-unread]")).to_have_text("1")
    assert not people.errors
