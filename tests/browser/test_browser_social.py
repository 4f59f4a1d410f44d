"""Names, mutes, blocks and challenges in a real browser (docs/protocol.md, "Names", "Mutes and
blocks", "Challenges"): two guests both called Ann are told apart on the leaderboard; a mute set
at one table hides the same person at the next and after a reload, and in the replay's chat; a
block turns away their challenge; a challenge sent from a profile is accepted (both seated) and
another declined; the new-table form fits a 360 px phone and says when a length is not rated.
Every page passes axe; the screenshots go to .cache/screens to be looked at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe import assert_accessible
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from devices import People, desktop, phone, watch_errors
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, Response, ViewportSize, expect
from sqlalchemy import create_engine
from test_browser_chat import chat_texts, private_table, take_seat

from pegboard.server.players import player_store as players
from pegboard.server.ratings.settle import FinishedMatch, SeatOf, settle

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"  # looked at, not kept
DESKTOP: ViewportSize = {"width": 1280, "height": 1000}
SMALL: ViewportSize = {"width": 360, "height": 740}
GUEST_MADE_WITHIN_MS = 60_000  # a loaded machine's set-up thread may take seconds


COVERS_THE_TOP_BAR = """() => {
  const a = document.querySelector(".challenge-notices").getBoundingClientRect();
  const b = document.querySelector(".topbar").getBoundingClientRect();
  return a.bottom > b.top && b.bottom > a.top && a.right > b.left && b.right > a.left;
}"""


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"social-{name}.png"))


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def player_id(page: Page) -> str:
    found: str = page.evaluate("fetch('/api/me').then((r) => r.json()).then((j) => j.player.id)")
    return found


def become(page: Page, url: str, name: str) -> str:
    """A guest called ``name`` on this browser (the lobby's name box makes one). Waits for the
    answer that makes the guest and gives its cookie: a read sent before it is nobody's."""
    page.goto(url + "/")
    page.fill("#player-name", name)
    with page.expect_response(makes_a_guest, timeout=GUEST_MADE_WITHIN_MS) as made:
        page.locator("#player-name").dispatch_event("change")
    guest = made.value.json()["player"]
    assert guest["name"] == name
    assert player_id(page) == guest["id"], "the browser is the guest its cookie names"
    return str(guest["id"])


def makes_a_guest(response: Response) -> bool:
    return response.url.endswith("/api/me") and response.request.method == "POST"


def rated_results(live: LiveServer, names: list[str]) -> list[str]:
    """Guests of these names, each with a rated win over the easy bot, settled in the store."""
    engine = create_engine(f"sqlite:///{live.db}")
    ids = [players.new_guest(engine, name, 1_000.0).id for name in names]
    for n, person in enumerate(ids):
        seats = (SeatOf(0, names[n], "human", person), SeatOf(1, "Easy", "bot:easy", "bot:easy"))
        match = FinishedMatch(
            table_id=f"seed{n}",
            match=1,
            game="cribbage",
            players=2,
            teams=False,
            rated=True,
            seats=seats,
            ranks=(1, 2),
            scores=(121, 90 + n),
            events=[],
            finished=1_000.0 + n,
        )
        settle(engine, match, match.finished)
    engine.dispose()
    return ids


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_two_guests_called_ann_are_told_apart_on_the_leaderboard(
    browser: Browser, live: LiveServer, screen: str
) -> None:
    ann_one, ann_two, _ = rated_results(live, ["Ann", "Ann", "Bob"])
    context = (
        browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
        if screen == "desktop"
        else phone(browser)
    )
    page = context.new_page()
    errors = watch_errors(page)
    become(page, live.url, "Cy")
    page.goto(f"{live.url}/#/leaderboard/cribbage-2")
    rows = page.locator(".board-table tbody tr", has_text="Ann")
    expect(rows).to_have_count(2)
    tags = rows.locator("[data-testid=player-tag]").all_inner_texts()
    assert sorted(tags) == sorted([f"#{ann_one[:4]}", f"#{ann_two[:4]}"]) and len(set(tags)) == 2
    expect(page.locator(f'tr[data-player="{ann_one}"] [data-key^=challenge-]')).to_be_visible()
    expect(page.locator('tr[data-player="bot:easy"] [data-key^=challenge-]')).to_have_count(0)
    assert fits(page)
    assert_accessible(page, "the leaderboard with tags")
    shoot(page, f"leaderboard-{screen}")

    # The Challenge button of a row opens the dialog for that very Ann.
    page.click(f'tr[data-player="{ann_two}"] [data-key^=challenge-]')
    expect(page.locator("#challenge-title")).to_have_text(f"Challenge Ann #{ann_two[:4]}")
    assert_accessible(page, "the challenge dialog")
    shoot(page, f"challenge-dialog-{screen}")
    assert not errors
    context.close()


def test_a_mute_follows_the_person_to_the_next_table_a_reload_and_the_replay(
    people: People, live: LiveServer
) -> None:
    ann, bob = people(desktop, desktop)
    first = private_table(ann, live.url)
    take_seat(bob, first, "Bob")
    bob.click("[data-key=phrase-hello]")
    expect(ann.locator("#chat-panel .chat-text")).to_have_text(["Hello"])
    ann.click("[data-key=mute-1]")
    expect(ann.locator("[data-testid=chat-muted]")).to_contain_text("Bob is muted (1 message")
    play_to_results(Clicker(ann), Clicker(bob))
    bob.click("[data-key=phrase-good-game]")
    expect(bob.locator("#chat-panel .chat-text")).to_have_count(2)

    # The replay's chat keeps Bob's messages hidden; its Next and Play buttons differ.
    ann.locator(f"{RESULTS} a", has_text="Replay").click()
    expect(ann.locator("[data-testid=replay-chat-muted]")).to_have_text(
        "2 messages of people you mute hidden"
    )
    expect(ann.locator(".replay-chat .chat-text")).to_have_count(0)
    next_icon = ann.locator("[data-key=next] path").get_attribute("d")
    play_icon = ann.locator("[data-key=play] path").get_attribute("d")
    assert next_icon != play_icon
    expect(ann.locator("[data-key=play]")).to_have_text("Play")
    assert_accessible(ann, "the replay with a muted player")
    shoot(ann, "replay-muted-desktop")

    # A new table: Bob is muted there before he says a word, and after a reload.
    second = private_table(ann, live.url)
    take_seat(bob, second, "Bob")
    bob.fill("#chat-input", "it is me again")
    bob.press("#chat-input", "Enter")
    expect(ann.locator("[data-testid=chat-muted]")).to_contain_text("Bob is muted (1 message")
    assert "it is me again" not in chat_texts(ann)
    ann.reload()
    expect(ann.locator("[data-testid=chat-muted]")).to_contain_text("Bob is muted (1 message")
    assert chat_texts(ann) == []
    shoot(ann, "mute-second-table-desktop")
    assert not people.errors


def test_a_block_from_the_profile_turns_away_a_challenge(people: People, live: LiveServer) -> None:
    ann, bob = people(desktop, phone)
    ann_id = become(ann, live.url, "Ann")
    bob_id = become(bob, live.url, "Bob")
    ann.goto(f"{live.url}/#/player/{bob_id}")
    expect(ann.locator("[data-testid=profile-tag]")).to_have_text(f"#{bob_id[:4]}")
    ann.click("[data-key=block]")
    expect(ann.locator("[data-key=unblock]")).to_be_visible()
    expect(ann.locator("[data-key=challenge]")).to_have_count(0)
    ann.reload()
    expect(ann.locator("[data-key=unblock]")).to_be_visible()  # kept by the server
    assert_accessible(ann, "a blocked player's profile")
    shoot(ann, "blocked-profile-desktop")

    bob.goto(f"{live.url}/#/player/{ann_id}")
    bob.click("[data-key=challenge]")
    bob.click("[data-key=challenge-send]")
    expect(bob.locator(".challenge-dialog .form-error")).to_have_text(
        "you cannot challenge this player"
    )
    shoot(bob, "blocked-challenge-phone")
    assert not people.errors


def test_a_challenge_is_accepted_and_another_declined(people: People, live: LiveServer) -> None:
    ann, bob = people(desktop, phone)
    become(ann, live.url, "Ann")
    bob_id = become(bob, live.url, "Bob")

    ann.goto(f"{live.url}/#/player/{bob_id}")
    ann.click("[data-key=challenge]")
    ann.fill("#challenge-target", "61")
    ann.locator("#challenge-target").dispatch_event("change")
    expect(ann.locator("#challenge-rated")).to_be_disabled()
    expect(ann.locator("[data-testid=challenge-rated-note]")).to_have_text(
        "Not rated: only games to 121 are rated."
    )
    ann.fill("#challenge-target", "121")
    ann.locator("#challenge-target").dispatch_event("change")
    expect(ann.locator("#challenge-rated")).to_be_checked()
    ann.select_option("#challenge-match", "best-of-3")
    shoot(ann, "challenge-form-desktop")
    ann.click("[data-key=challenge-send]")

    notice = bob.locator(".challenge-notice", has_text="Ann")
    expect(notice).to_contain_text("challenges you: Cribbage, to 121, best of 3, rated.")
    assert_accessible(bob, "a challenge notice on the lobby")
    shoot(bob, "challenge-received-phone")
    # The notice has its own room above the top bar: the bar's links stay usable.
    assert not bob.evaluate(COVERS_THE_TOP_BAR)
    notice.get_by_role("button", name="Accept").click()
    bob.wait_for_url(re.compile(r"#/table/\w+"))
    expect(bob.locator(".me .seat-name")).to_contain_text("(you)")
    table = bob.url.rsplit("/", 1)[1]

    answer = ann.locator(".challenge-notice", has_text="accepted your challenge")
    expect(answer).to_be_visible()
    shoot(ann, "challenge-accepted-desktop")
    answer.get_by_role("link", name="Go to the table").click()
    ann.wait_for_url(re.compile(rf"#/table/{table}$"))
    expect(ann.locator(".me .seat-name")).to_contain_text("(you)")
    info = live.info(table)
    assert [s["name"] for s in info["slots"]] == ["Ann", "Bob"] and info["rated"]

    # A second challenge, declined: Ann is told, and no table comes of it.
    ann.goto(f"{live.url}/#/player/{bob_id}")
    ann.click("[data-key=challenge]")
    ann.click("[data-key=challenge-send]")
    bob.goto(f"{live.url}/#/")
    bob.locator(".challenge-notice").get_by_role("button", name="Decline").click()
    expect(bob.locator(".challenge-notices")).to_be_hidden()
    expect(ann.locator(".challenge-notice", has_text="declined your challenge")).to_be_visible()
    shoot(ann, "challenge-declined-desktop")
    assert not people.errors


@pytest.mark.parametrize("viewport", [SMALL, {"width": 390, "height": 844}, DESKTOP])
def test_the_new_table_form_fits_and_says_when_a_length_is_not_rated(
    browser: Browser, live: LiveServer, viewport: ViewportSize
) -> None:
    context: BrowserContext = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    page.goto(live.url + "/")
    for game in ("cribist", "not-enough", "cribbage"):
        page.check(f"[data-key=game-{game}]")
        if game != "cribist":
            page.select_option("[data-key=players]", "4")
        seats = page.locator("fieldset.seats")
        box = seats.bounding_box()
        assert box is not None
        for menu in seats.locator("select").all():
            inner = menu.bounding_box()
            assert inner is not None
            assert inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5, (game, inner, box)
        assert fits(page), game
        # Nothing of the form spills out of its own box (the rules link did, by 9 px, at 360).
        spilled = page.evaluate(
            """() => [...document.querySelectorAll('form.create *')]
                .filter((e) => e.getBoundingClientRect().right
                    > e.parentElement.getBoundingClientRect().right + 0.5)
                .map((e) => e.outerHTML.slice(0, 80))"""
        )
        assert spilled == [], (game, spilled)
    page.locator("fieldset.seats").scroll_into_view_if_needed()
    shoot(page, f"form-seats-{viewport['width']}")
    page.select_option("[data-key=players]", "2")
    page.fill("#option-score_target", "15")
    expect(page.locator("#table-rated")).to_be_disabled()
    expect(page.locator("[data-testid=unrated-length]")).to_have_text(
        "Not rated at this length: only Cribbage to 121 is rated (a short game is mostly luck)"
    )
    page.fill("#option-score_target", "121")
    expect(page.locator("#table-rated")).to_be_enabled()
    assert_accessible(page, "the new-table form")
    context.close()
