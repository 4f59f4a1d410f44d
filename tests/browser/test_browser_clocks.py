"""Clocks and seats at the table in a real browser: a move the clock made says so, the clock
stays in sight, the results say what their countdown does, and name every side right."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from clicker import CHROMIUM, RESULTS, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

PLAYABLE = ".phase-play .hand .button-card:not([disabled])"


def sit_down(page: Page, url: str, target: int = 61) -> str:
    """Ann makes a Cribbage table against a greedy bot from the lobby; its id."""
    page.goto(url + "/")
    page.fill("#player-name", "Ann")
    page.fill("#option-score_target", str(target))
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    expect(page.locator(".phase-discard .hand .button-card")).to_have_count(6)
    return page.url.rsplit("/", 1)[1]


def test_a_move_the_clock_made_is_announced(context: BrowserContext, live: LiveServer) -> None:
    page = context.new_page()
    sit_down(page, live.url)
    live.jump(21)  # Ann's 20 s for the discard run out
    notice = page.locator("[data-testid=auto-notice]")
    expect(notice).to_contain_text(re.compile(r"^Time ran out: .+ went to the crib for you$"))
    expect(page.locator(".log")).to_contain_text("went to the crib for you")
    expect(page.locator(".log")).not_to_contain_text("You discard")

    # Then a card to play: the clock plays it for her, and says so.
    for _ in range(40):
        if page.locator(PLAYABLE).count():
            break
        Clicker(page).wait_for_change(500)
    else:
        raise AssertionError("Ann never had a card to play")
    live.jump(21)
    expect(notice).to_contain_text(re.compile(r"^Time ran out: .+ was played for you"))
    played = page.locator(".log .log-auto").last
    expect(played).to_contain_text("was played for you")
    expect(page.locator(".log")).not_to_contain_text("You play")

    # Her own move makes the notice go.
    Clicker(page).wait_for_change(500)
    for _ in range(40):
        if page.locator(PLAYABLE).count() or page.locator("[data-key=go]").count():
            Clicker(page).step()
            break
        Clicker(page).wait_for_change(500)
    expect(notice).to_have_count(0)


ANN_TIMED_OUT = {"type": "discard", "seat": 0, "cards": ["5H", "9C"], "auto": "timeout"}
HEELS = {"type": "score", "seat": 0, "points": 2, "items": [], "auto": "timeout"}
STARTER = {"type": "starter", "card": "JD", "auto": "timeout"}
BOB_TIMED_OUT = {"type": "discard", "seat": 1, "cards": None, "count": 2, "auto": "timeout"}
ANN_PLAYS = {"type": "play", "seat": 0, "card": "5H", "count": 5}
FIFTEEN = {"type": "score", "seat": 0, "points": 2, "items": []}


@pytest.mark.parametrize(
    ("events", "announced"),
    [
        # Ann's discard was the last one and a Jack was cut: the discard, not his heels.
        ([ANN_TIMED_OUT, STARTER, HEELS], 0),
        ([ANN_TIMED_OUT, BOB_TIMED_OUT, STARTER, HEELS], 0),
        ([ANN_TIMED_OUT], 0),
        # A play the clock made, and its fifteen.
        ([ANN_PLAYS, {**ANN_PLAYS, "auto": "timeout"}, {**FIFTEEN, "auto": "timeout"}], 1),
        # Her own move since: nothing to announce.
        ([ANN_TIMED_OUT, STARTER, ANN_PLAYS], None),
        ([ANN_TIMED_OUT, STARTER, ANN_PLAYS, FIFTEEN], None),
        # Only another seat's clock ran out.
        ([ANN_PLAYS, BOB_TIMED_OUT], None),
        ([], None),
    ],
)
def test_the_announced_move_is_the_one_the_clock_made(
    context: BrowserContext, live: LiveServer, events: list[dict[str, Any]], announced: int | None
) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    found = page.evaluate(
        """async (events) => {
            const { clockMove } = await import("/static/js/narrate.js");
            const move = clockMove(events, 0);
            return move === null ? null : events.indexOf(move);
        }""",
        events,
    )
    assert found == announced


def test_the_clock_stays_in_sight_with_the_hint_panel_open(
    browser: Browser, live: LiveServer
) -> None:
    # A phone held sideways: the hints run well below the prompt and its clock.
    phone = browser.new_context(viewport={"width": 667, "height": 375}, reduced_motion="reduce")
    page = phone.new_page()
    sit_down(page, live.url)
    page.click("[data-key=hint]")
    rows = page.locator("#hint-panel tbody tr")
    expect(rows).to_have_count(5)
    page.evaluate("document.querySelector('#hint-panel').scrollIntoView({block: 'end'})")
    clock = page.locator(".me .clock")
    expect(clock).to_be_visible()
    box = clock.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= 375, "the clock is on the screen"
    phone.close()


def test_the_results_say_what_their_countdown_does(
    context: BrowserContext, live: LiveServer
) -> None:
    page = context.new_page()
    table = sit_down(page, live.url, target=15)
    play_to_results(Clicker(page))
    note = page.locator(f"{RESULTS} [data-testid=countdown-note]")
    expect(note).to_contain_text("anyone who has not asked for a rematch gives up their seat")
    expect(page.locator(f"{RESULTS} .clock")).to_be_visible()
    live.jump(31)  # Ann never asked: no rematch starts for her
    expect(page.locator(RESULTS)).to_contain_text(
        "The table is closed: Ann did not ask for a rematch before the clock ran out."
    )
    assert live.info(table)["status"] == "finished"
    assert live.info(table)["match"] == 1


# Every game and number of players, as a spectator of a table of bots: the sides named on the
# results, by game seat (before, two-player Cribbage is not Enough read "Expert 2 & undefined").
ALONE_2, ALONE_3, ALONE_4 = [[0], [1]], [[0], [1], [2]], [[0], [1], [2], [3]]
PARTNERS = [[0, 2], [1, 3]]
SIDES: list[tuple[str, dict[str, Any], list[list[int]]]] = [
    ("cribbage", {"score_target": 15}, ALONE_2),
    ("cribbage", {"score_target": 15}, ALONE_3),
    ("cribbage", {"score_target": 15, "teams": True}, PARTNERS),
    ("cribist", {"end": "deals", "deals": 1}, ALONE_4),
    ("not-enough", {"score_target": 15}, ALONE_2),
    ("not-enough", {"score_target": 15}, PARTNERS),
]


@pytest.mark.parametrize(("game", "options", "sides"), SIDES)
def test_the_results_name_every_side(
    context: BrowserContext,
    live: LiveServer,
    game: str,
    options: dict[str, Any],
    sides: list[list[int]],
) -> None:
    players = sum(len(side) for side in sides)
    bots = ["greedy", "random"] * 2
    # The seating as the game starts: a table of bots closes soon after its results (its
    # seating gone), maybe before the page shows them on a loaded machine.
    info = live.table(game, players, bots=bots[:players], options=options)
    page = context.new_page()
    page.goto(live.link(info["id"]))
    expect(page.locator(RESULTS)).to_be_visible(timeout=60_000)
    name = [info["slots"][slot]["name"] for slot in info["seating"]]  # by game seat
    expected = sorted(" & ".join(name[seat] for seat in side) for side in sides)
    shown = page.locator(f"{RESULTS} tbody td:nth-child(2)").all_inner_texts()
    assert sorted(re.sub(r"(double )?skunk$", "", n).strip() for n in shown) == expected


def test_a_game_against_the_clock_shows_its_time_left(
    context: BrowserContext, live: LiveServer
) -> None:
    table = live.table(
        "cribist",
        4,
        bots=[None, "greedy", "greedy", "greedy"],
        options={"end": "minutes", "minutes": 5},
    )["id"]
    httpx.post(
        f"{live.url}/api/tables/{table}/join",
        json={"name": "Ann", "invite": live.invite(table)},
        timeout=10,
    )
    page = context.new_page()
    page.goto(live.link(table))
    left = page.locator("[data-testid=time-left]")
    expect(left).to_have_text(re.compile(r"^[45]:\d\d left$"))
    live.jump(120)
    time.sleep(0.5)
    expect(left).to_have_text(re.compile(r"^[23]:\d\d left$"))
