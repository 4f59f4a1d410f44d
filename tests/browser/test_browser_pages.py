"""The pages outside a table as a player reads them: each page names itself in the browser's
title (none keeps the last page's), a replay that is not there says so in the site's frame, and
a profile's matches give each game's score against the others' ("95–121"), not a lone number."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest
from axe import assert_accessible
from clicker import CHROMIUM
from devices import PHONE, desktop, phone
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine

from pegboard.server.players import player_store as players
from pegboard.server.ratings.settle import FinishedMatch, SeatOf, settle

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)


def a_finished_game(live: LiveServer) -> str:
    """A listed table of two bots to 15 that has played its game and closed: its id."""
    made = live.table(bots=["greedy", "greedy"], options={"score_target": 15}, listed=True)
    table: str = made["id"]
    deadline = time.monotonic() + 120  # a loaded machine
    while httpx.get(f"{live.url}/api/tables/{table}/records", timeout=10).json() != [1]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.3)
    while live.info(table)["status"] != "finished":  # past its results: a bots' table closes
        assert time.monotonic() < deadline, "the table of bots did not close"
        live.jump(30)
        time.sleep(0.3)
    return table


def goes_to(page: Page, url: str, where: str, shown: str) -> None:
    """Follow a link within the app (the title is the page's own, not the last one's)."""
    page.goto(f"{url}/{where}")
    expect(page.locator(shown).first).to_be_visible()


def test_each_page_names_itself_and_a_missing_replay_says_so(
    browser: Browser, live: LiveServer
) -> None:
    table = a_finished_game(live)
    page = desktop(browser).new_page()
    goes_to(page, live.url, "#/tournaments", "h2:has-text('Make a tournament')")
    expect(page).to_have_title("Tournaments · pegboard")
    # A replay opened from there names the game, not the tournaments page it came from.
    goes_to(page, live.url, f"#/replay/{table}/1", "[data-testid=step]")
    expect(page).to_have_title("Replay: Cribbage, game 1 · pegboard")
    # Its table has closed: no link to a page that would only say so (it said "Nobody came to
    # take the free seats" of a game played to its end).
    expect(page.locator(".topbar [data-table-status=finished]")).to_be_attached()
    expect(page.locator("[data-key=replay-table]")).to_have_count(0)
    expect(page.locator(".topbar a[href^='#/table/']")).to_have_count(0)
    # The table's own page, opened later, says the game is over, with its result and the
    # ways to its replay and review (it said "Nobody came to take the free seats").
    goes_to(page, live.url, f"#/table/{table}", "[data-testid=closed-table] h2")
    expect(page).to_have_title("Cribbage table · pegboard")
    closed = page.locator("[data-testid=closed-table]")
    expect(closed.locator("h2")).to_have_text("The game is over")
    expect(closed).not_to_contain_text("Nobody came")
    expect(closed.locator(".results-table tbody tr")).to_have_count(2)
    expect(closed.locator(f"a[href='#/replay/{table}/1']")).to_be_visible()
    expect(closed.locator(f"a[href='#/replay/{table}/1/review']")).to_be_visible()
    goes_to(page, live.url, "#/play", ".quick-form")
    expect(page).to_have_title("Play now · pegboard")
    goes_to(page, live.url, "#/daily", ".daily-game")
    expect(page).to_have_title("Daily challenge · pegboard")
    goes_to(page, live.url, "#/rules/nonsense", ".rules-body .notice")
    expect(page).to_have_title("How to play · pegboard")  # no such game, still how to play
    goes_to(page, live.url, "#/", "#player-name")
    expect(page).to_have_title("pegboard")
    # A game that is not there: the site's top bar, a heading that says so, the way out.
    for screen in (desktop, phone):
        missing = page if screen is desktop else screen(browser).new_page()
        goes_to(missing, live.url, f"#/replay/{table}/9", "[data-testid=no-replay]")
        expect(missing).to_have_title("No replay · pegboard")
        expect(missing.locator(".topbar .brand")).to_be_visible()
        expect(missing.locator("h1")).to_have_text("Replay")
        expect(missing.locator("[data-testid=no-replay] h2")).to_have_text("No replay to show")
        expect(missing.locator("[data-testid=no-replay] a[href='#/']")).to_be_visible()
        assert missing.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert_accessible(missing, "a replay that is not there")
        missing.context.close()


def seat(slot: int, player: str) -> SeatOf:
    return (
        SeatOf(slot, player, player, player)
        if player.startswith("bot:")
        else SeatOf(slot, "Ann", "human", player)
    )


def test_a_profiles_matches_give_the_score_against_the_others(
    browser: Browser, live: LiveServer
) -> None:
    engine = create_engine(f"sqlite:///{live.db}")
    ann = players.new_guest(engine, "Ann", 1_000.0).id
    played = [  # (table, game, players, seats, ranks, scores)
        ("lost2", "cribbage", 2, (ann, "bot:greedy"), (2, 1), (95, 121)),
        ("won2", "cribbage", 2, ("bot:greedy", ann), (2, 1), (88, 121)),
        (
            "cribist4",
            "cribist",
            4,
            (ann, "bot:greedy", "bot:easy", "bot:medium"),
            (4, 1, 2, 3),
            (1, 61, 30, 20),
        ),
    ]
    for n, (table, game, count, who, ranks, scores) in enumerate(played):
        match = FinishedMatch(
            table_id=table,
            match=1,
            game=game,
            players=count,
            teams=False,
            rated=False,
            seats=tuple(seat(i, p) for i, p in enumerate(who)),
            ranks=ranks,
            scores=scores,
            events=[],
            finished=1_700_000_000.0 + n * 60,
        )
        settle(engine, match, match.finished)
    engine.dispose()
    for screen in (desktop, phone):
        page = screen(browser).new_page()
        page.goto(f"{live.url}/#/player/{ann}")
        score = {
            table: page.locator(f".match-row[data-table={table}] .match-score")
            for table, *_ in played
        }
        expect(score["lost2"]).to_have_text("95–121")  # hers first, as she reads it
        expect(score["won2"]).to_have_text("121–88")
        expect(score["cribist4"]).to_have_text("1–61")  # against the best of the others
        expect(page.locator(".match-row[data-table=cribist4]")).to_contain_text(
            re.compile(r"4th of 4")
        )
        # When each was played, to the minute (seconds crowded a phone's line).
        finished = page.locator(".match-row[data-table=lost2] time")
        expect(finished).to_have_attribute("datetime", "2023-11-14T22:13:20.000Z")
        assert re.search(r"\d:\d\d", finished.inner_text()), finished.inner_text()
        assert not re.search(r"\d:\d\d:\d\d", finished.inner_text()), finished.inner_text()
        # These matches kept no deals (as a forfeit keeps none): no points per deal "over 0
        # deals", all noughts.
        expect(page.locator(".phases-table")).to_have_count(0)
        expect(page.get_by_text("over 0 deals")).to_have_count(0)
        if screen is phone:  # the score stays on one line, on the screen
            for found in score.values():
                box = found.bounding_box()
                assert (
                    box is not None
                    and box["height"] < 30
                    and box["x"] + box["width"] <= (PHONE["width"])
                ), box
        assert_accessible(page, "a profile's matches")
        page.context.close()


def test_a_tournament_says_which_game_it_plays(browser: Browser, live: LiveServer) -> None:
    """The list and the page name the game (three are played here), and the page its points
    to win and seconds a move: what a player decides on before registering."""
    page = desktop(browser).new_page()
    made = page.request.post(
        live.url + "/api/account", data={"username": "director", "password": "correct horse 1"}
    )
    assert made.ok, made.text()
    settings = {
        "name": "Tuesday club",
        "game": "not-enough",
        "format": "swiss",
        "rounds": 3,
        "turn_time": 45,
        "options": {"score_target": 61},
        "start_when": 8,
    }
    made = page.request.post(live.url + "/api/tournaments", data=settings)
    assert made.ok, made.text()
    goes_to(page, live.url, "#/tournaments", ".tournament-list li")
    expect(page.locator(".tournament-list li")).to_contain_text(
        "Tuesday club Cribbage is not Enough · Swiss, 3 rounds"
    )
    page.click("text=Tuesday club")
    expect(page.locator("[data-testid=t-format]")).to_have_text(
        "Cribbage is not Enough to 61, 45 s a move · Swiss, 3 rounds, one game a round · 0 entered"
    )
    assert_accessible(page, "an upcoming tournament")
    page.context.close()


def test_a_signed_in_player_sits_under_their_own_name(browser: Browser, live: LiveServer) -> None:
    """Signed in by the cookie alone (an account on a new device: no name kept in this
    browser), a table made from the lobby seats the player under the name the lobby shows."""
    page = desktop(browser).new_page()
    made = page.request.post(
        live.url + "/api/account", data={"username": "maud", "password": "correct horse 1"}
    )
    assert made.ok, made.text()
    goes_to(page, live.url, "#/", ".you .player-username")
    expect(page.locator("#player-name")).to_have_value("maud")
    expect(page.locator(".tables .notice", has_text="Loading")).to_have_count(0)
    page.click("[data-key=create]")
    page.wait_for_url(re.compile(r"#/table/\w+"))
    table = page.url.rsplit("/", 1)[1].split("?")[0]
    deadline = time.monotonic() + 30
    while not (slot := live.info(table)["slots"][0]):
        assert time.monotonic() < deadline, "nobody sat down"
        time.sleep(0.2)
    assert slot["name"] == "maud", slot
    page.context.close()


def test_a_closed_private_table_lets_in_the_player_who_sat_there(
    browser: Browser, live: LiveServer
) -> None:
    """An unlisted table, closed: the player who sat there, signed in, sees its page without
    its link (they had it; a new device has not), and anybody else is told it is private."""
    context = phone(browser)
    page = context.new_page()
    made = page.request.post(
        live.url + "/api/account", data={"username": "maud", "password": "correct horse 1"}
    )
    assert made.ok, made.text()
    table = live.table(bots=[None, "greedy"], options={"score_target": 15}, listed=False)["id"]
    joined = page.request.post(
        f"{live.url}/api/tables/{table}/join", data={"name": "maud", "invite": live.invite(table)}
    )
    assert joined.ok, joined.text()
    goes_to(page, live.url, f"#/table/{table}", "[data-key=leave]")
    page.click("[data-key=leave]")
    page.click("[data-key=leave-yes]")  # a game under way asks first
    deadline = time.monotonic() + 120  # a loaded machine
    while live.info(table)["status"] != "finished":  # the one person left: it closes
        assert time.monotonic() < deadline, "the table did not close"
        live.jump(30)
        time.sleep(0.3)
    page.evaluate("localStorage.clear()")  # no seat token, no link: as on a new device
    goes_to(page, live.url, f"#/table/{table}", "[data-testid=closed-table] h2")
    closed = page.locator("[data-testid=closed-table]")
    expect(closed.locator("h2")).to_have_text("The game is over")
    expect(closed.locator(f"a[href='#/replay/{table}/1']")).to_be_visible()
    expect(page.locator("[data-testid=refused]")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert_accessible(page, "a closed table's page")
    stranger = phone(browser).new_page()
    goes_to(stranger, live.url, f"#/table/{table}", "[data-testid=refused]")
    expect(stranger.locator("[data-testid=refused] h2")).to_have_text("This table is private")
    stranger.context.close()
    context.close()


def rated(table: str, who: tuple[str, str], ranks: tuple[int, int], at: float) -> FinishedMatch:
    """A rated Cribbage match of two, for the leaderboard alone."""
    return FinishedMatch(
        table_id=table,
        match=1,
        game="cribbage",
        players=2,
        teams=False,
        rated=True,
        seats=tuple(seat(i, p) for i, p in enumerate(who)),
        ranks=ranks,
        scores=tuple(121 if r == 1 else 100 for r in ranks),
        events=[],
        finished=at,
    )


def test_the_leaderboard_places_by_the_rating_it_shows(browser: Browser, live: LiveServer) -> None:
    """The Rating column and the order agree: the ranked by rating, with places, then the
    provisional by rating, without (it ordered by mu − 3 sigma beside mu: 1899, 1752, 1776, and
    a bot of 1147 above one of 1658)."""
    engine = create_engine(f"sqlite:///{live.db}")
    ann = players.new_guest(engine, "Ann", 1_000.0).id
    lucky = players.new_guest(engine, "Lucky", 1_000.0).id
    for n in range(12):  # Ann and the easy bot: ranked, by turns ahead (Ann 1549, easy 1451)
        won = (1, 2) if n % 2 else (2, 1)
        settle(engine, rated(f"ranked{n}", (ann, "bot:easy"), won, 1_000.0 + n), 1_000.0 + n)
    # One lucky win: a higher rating than either, still provisional.
    settle(engine, rated("lucky", (lucky, "bot:greedy"), (1, 2), 2_000.0), 2_000.0)
    engine.dispose()
    for screen in (desktop, phone):
        page = screen(browser).new_page()
        page.goto(f"{live.url}/#/leaderboard/cribbage-2")
        rows = page.locator(".leaderboard .board-table tbody tr")
        expect(rows).to_have_count(4)
        table = [
            (
                row.locator("td").nth(0).inner_text(),
                row.locator("td a").first.inner_text(),
                int(row.locator("td").nth(2).inner_text()),
            )
            for row in rows.all()
        ]
        assert [place for place, *_ in table] == ["1", "2", "—", "—"], table
        assert table[0][1] == "Ann" and table[2][1] == "Lucky", table
        shown = [rating for *_, rating in table]
        assert shown[0] > shown[1] and shown[2] > shown[3], table  # by the rating shown
        assert shown[2] > shown[0], "the lucky one's rating is higher, yet not placed"
        expect(page.locator("[data-testid=board-rule]")).to_contain_text("Placed by rating")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert_accessible(page, "the leaderboard")
        page.context.close()
