"""A tournament in the browser: Ann (at a desk) makes a 3-round Swiss of short games, Bob (on
a phone) enters, bots fill the field to eight; each round both are told where to go, play their
game, and come back to standings that have moved; at the end each finds the tournament and
their place on their profile. Every page passes axe-core and fits the phone; and an ACC
tournament of bots with a playoff draws its bracket."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from axe import violations
from clicker import CHROMIUM, Clicker, play_to_results
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

PHONE: ViewportSize = {"width": 390, "height": 844}
PASSWORD = "correct horse battery"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def sign_up(page: Page, url: str, username: str) -> None:
    """An account for this browser (the request shares the page's cookies), before the app
    first asks who it is."""
    made = page.request.post(
        url + "/api/account", data={"username": username, "password": PASSWORD}
    )
    assert made.ok, made.text()
    page.goto(url + "/")


def serious(page: Page) -> list[str]:
    return [f"{v['impact']} {v['id']} {v['nodes']}" for v in violations(page)]


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def standings_fit(page: Page) -> bool:
    """Every column of the standings (each tie-break) is on screen, no sideways scrolling."""
    return bool(
        page.evaluate(
            "[...document.querySelectorAll('.standings')]"
            ".every((t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth)"
        )
    )


def state(page: Page, url: str, tournament: str) -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(f"{url}/api/tournaments/{tournament}").json()
    return found


def my_row(page: Page) -> list[str]:
    """My row of the standings as shown: place, name, points, won, lost, spread, plus, H2H."""
    row = page.locator(".standings tr.mine")
    expect(row).to_have_count(1)
    return [cell.strip() for cell in row.locator("td, th").all_inner_texts()]


def shown_standings(page: Page) -> list[list[str]]:
    """Every row of the standings as shown, the name without its badges."""
    rows = page.locator(".standings tbody tr")
    shown = []
    for i in range(rows.count()):
        cells = [c.strip() for c in rows.nth(i).locator("td, th").all_inner_texts()]
        cells[1] = rows.nth(i).locator("th").evaluate("th => th.firstChild.textContent")
        shown.append(cells)
    return shown


def signed(n: int) -> str:
    """A spread as the page writes it: "+12", "−5" (a minus sign, as in the rounds), "0"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def expected_standings(found: dict[str, Any]) -> list[list[str]]:
    """The standings the server sent, as the table writes them: every tie-break in order."""
    return [
        [
            f"{s['place']}{'=' if s['shared'] else ''}",
            s["name"],
            str(s["game_points"]),
            str(s["games_won"]),
            str(s["games_lost"]),
            signed(s["spread"]),
            str(s["plus_points"]),
            "—" if s["head_to_head"] is None else str(s["head_to_head"]),
        ]
        for s in found["standings"]
    ]


def test_two_people_and_six_bots_play_a_swiss(browser: Browser, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "pegboard.sqlite") as live:
        desk = browser.new_context(
            viewport={"width": 1280, "height": 1000}, reduced_motion="reduce"
        )
        phone = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"
        )
        for made in (desk, phone):
            made.set_default_timeout(15_000)
        try:
            play_it(live, desk.new_page(), phone.new_page())
        finally:
            desk.close()
            phone.close()


def play_it(live: LiveServer, ann: Page, bob: Page) -> None:
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(ann, live.url, "ann")
    sign_up(bob, live.url, "bob")

    # Ann makes it from the tournaments page.
    ann.goto(live.url + "/#/tournaments")
    ann.fill("[data-key=t-name]", "Club night")
    ann.select_option("[data-key=t-format]", "swiss")
    ann.fill("[data-key=t-rounds]", "3")
    ann.fill("[data-key=t-target]", "15")
    ann.fill("[data-key=t-size]", "8")
    assert serious(ann) == []
    ann.click("button[type=submit]")
    ann.wait_for_url(re.compile(r"#/tournament/\w+"))
    tournament = ann.url.rsplit("/", 1)[1]
    ann.click("[data-key=register]")
    expect(ann.locator(".tournament-list li")).to_have_text(["ann"])

    # Bob finds it in the list on his phone and enters.
    bob.goto(live.url + "/#/tournaments")
    bob.click("text=Club night")
    bob.click("[data-key=register]")
    expect(bob.locator("[data-key=withdraw]")).to_be_visible()
    assert serious(bob) == [] and fits(bob)
    ann.screenshot(path=str(SHOTS / "tournament-upcoming-desktop.png"), full_page=True)

    ann.click("[data-key=start]")
    seen_points: list[list[str]] = []
    for number in (1, 2, 3):
        play_round(live, ann, bob, tournament, number)
        for page in (ann, bob):
            page.goto(f"{live.url}/#/tournament/{tournament}")
            expect(page.locator(".standings")).to_be_visible()
        # The standings moved: each has played ``number`` games.
        row = my_row(ann)
        won, lost = int(row[3]), int(row[4])
        assert won + lost == number, row
        seen_points.append(row)
        assert fits(bob), f"round {number}: the page is wider than the phone"
        if number == 1:
            bob.screenshot(path=str(SHOTS / "tournament-round-phone.png"), full_page=True)
    expect(ann.locator("[data-testid=t-status]")).to_contain_text("Won by")
    assert serious(ann) == [] and serious(bob) == []
    ann.screenshot(path=str(SHOTS / "tournament-desktop.png"), full_page=True)
    bob.screenshot(path=str(SHOTS / "tournament-phone.png"), full_page=True)
    final = state(ann, live.url, tournament)
    assert len(final["rounds_played"]) == 3 and len(final["entries"]) == 8
    # Every tie-break shown in the ACC's order, plus points after spread, and the caption says so.
    for page in (ann, bob):
        assert shown_standings(page) == expected_standings(final)
        assert standings_fit(page)
        expect(page.locator(".standings caption")).to_contain_text(
            "then spread (net points, a score counted at most to the target), then plus points"
        )
    places = {p["name"]: p["place"] for p in final["places"]}
    # They played their games out: to the target, nobody forfeited or was given up as away.
    people = {e["entry"] for e in final["entries"] if not e["bot"]}
    theirs = [
        table
        for r in final["rounds_played"]
        for table in r["tables"]
        if people & {p["entry"] for p in table["players"]}
    ]
    assert len(theirs) >= 5
    for table in theirs:
        match = table["match"]
        assert match["forfeited"] is None and match["results"][0]["how"] != "forfeit", table
        assert max(match["results"][0]["scores"]) >= 15, table

    # Each finds it on their profile, with their place.
    for page, name in ((ann, "ann"), (bob, "bob")):
        page.goto(live.url + "/#/me")
        listed = page.locator(".tournaments-played li")
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text("Club night")
        expect(listed).to_contain_text(f"{ordinal(places[name])} place")
        assert serious(page) == []
    bob.screenshot(path=str(SHOTS / "tournament-profile-phone.png"), full_page=True)
    assert errors == []


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def play_round(live: LiveServer, ann: Page, bob: Page, tournament: str, number: int) -> None:
    """Both are told where to go; they go and play their games (together, if paired)."""
    deadline = time.monotonic() + 60
    while True:
        tables = {
            name: state(page, live.url, tournament)["you"]["table"]
            for name, page in (("ann", ann), ("bob", bob))
        }
        now = state(ann, live.url, tournament)
        if all(tables.values()) and len(now["rounds_played"]) == number:
            break
        assert time.monotonic() < deadline, f"round {number} was not seated: {tables}"
        time.sleep(0.2)
    players = []
    for page in (ann, bob):
        page.goto(f"{live.url}/#/tournament/{tournament}")
        page.click("text=Go to your table")
        page.wait_for_url(re.compile(r"#/table/\w+"))
        expect(page.locator(".game")).to_be_visible()
        players.append(Clicker(page))
    if tables["ann"] == tables["bob"]:
        play_to_results(*players, timeout=90)
    else:
        for player in players:
            play_to_results(player, timeout=90)
    if number == 1:  # a tournament's match offers no rematch: its results say where to go
        for page, size in ((ann, "desktop"), (bob, "phone")):
            expect(page.locator("[data-testid=tournament-over]")).to_be_visible()
            expect(page.locator("[data-key=rematch]")).to_have_count(0)
            page.screenshot(path=str(SHOTS / f"tournament-results-{size}.png"))
    # The round ends when the bots' tables have too; the director records it.
    deadline = time.monotonic() + 60
    while True:
        now = state(ann, live.url, tournament)
        if now["status"] == "finished" or len(now["rounds_played"]) > number:
            return
        assert time.monotonic() < deadline, f"round {number} did not end"
        time.sleep(0.2)


def bots_play_a_tournament(page: Page, url: str, settings: dict[str, Any], within: float) -> str:
    """A director (this page) makes a tournament of ``greedy`` bots with ``settings`` and
    starts it; its id once it has finished, which it must within ``within`` seconds."""
    sign_up(page, url, "director")
    made = page.request.post(url + "/api/tournaments", data={**settings, "bot": "greedy"})
    assert made.ok, made.text()
    tournament: str = made.json()["id"]
    started = page.request.post(f"{url}/api/tournaments/{tournament}/start", data={})
    assert started.ok, started.text()
    deadline = time.monotonic() + within
    while state(page, url, tournament)["status"] != "finished":
        assert time.monotonic() < deadline, "the tournament did not finish"
        time.sleep(0.5)
    return tournament


def on_a_phone(browser: Browser, address: str, shown: str, shot: str, count: int = 1) -> None:
    """The page at ``address`` on a phone, once it shows ``count`` of ``shown``: it fits,
    passes axe, and is shot as ``tournament-{shot}-phone.png``."""
    small = browser.new_context(viewport=PHONE, is_mobile=True, reduced_motion="reduce")
    try:
        phone = small.new_page()
        phone.goto(address)
        expect(phone.locator(shown)).to_have_count(count)
        expect(phone.locator(shown).first).to_be_visible()
        assert fits(phone)
        assert serious(phone) == []
        phone.screenshot(path=str(SHOTS / f"tournament-{shot}-phone.png"), full_page=True)
    finally:
        small.close()


# Each box's games won: a number of its own at the box's right, clear of the name it follows
# (it read as part of the name: "(1) Greedy bot 4 1").
GAMES_WON_APART = """() => [...document.querySelectorAll("svg.bracket .bracket-match")]
.flatMap((g) => {
  const box = g.querySelector("rect").getBBox();
  const names = [...g.querySelectorAll("text:not(.bracket-score)")];
  const scores = [...g.querySelectorAll("text.bracket-score")];
  const played = names.length === 2 && !names.some((n) => n.textContent.endsWith("bye"));
  if (played && scores.length !== 2) return [`${g.textContent}: no games won shown apart`];
  return scores.flatMap((score, i) => {
    const [s, n] = [score.getBBox(), names[i].getBBox()];
    return /^\\d+$/.test(score.textContent) && s.x > n.x + n.width + 4 &&
      s.x + s.width <= box.x + box.width ? [] : [`${names[i].textContent} | ${score.textContent}`];
  });
})"""


def games_won_apart(page: Page) -> list[str]:
    """The bracket's boxes whose games won are missing, or not a number apart at the right."""
    found: list[str] = page.evaluate(GAMES_WON_APART)
    return found


def test_an_acc_playoff_draws_its_bracket(
    context: BrowserContext, browser: Browser, tmp_path: Path
) -> None:
    with LiveServer(tmp_path / "pegboard.sqlite", bot_delay=0.0) as live:
        page = context.new_page()
        made = bots_play_a_tournament(
            page,
            live.url,
            {
                "name": "ACC open",
                "format": "acc",
                "rounds": 3,
                "playoff": "best-of-3",
                "options": {"score_target": 15},
                "start_when": 20,
            },
            within=120,
        )
        page.goto(f"{live.url}/#/tournament/{made}")
        bracket = page.locator("svg.bracket")
        expect(bracket).to_be_visible()
        # 20 entrants: 5 qualify, a bracket of 8, byes to the top 3 seeds.
        label = bracket.get_attribute("aria-label") or ""
        assert label.count("has a bye") == 3, label
        assert page.locator("svg.bracket .bracket-match").count() == 4 + 2 + 1
        assert games_won_apart(page) == []
        assert serious(page) == []
        page.screenshot(path=str(SHOTS / "tournament-bracket-desktop.png"), full_page=True)
        on_a_phone(browser, f"{live.url}/#/tournament/{made}", "svg.bracket", "bracket")


def test_cribbage_teams_show_each_tables_match(
    context: BrowserContext, browser: Browser, tmp_path: Path
) -> None:
    """Eight bots at tables of four, partners drawn at each table, best of 3: each table shows
    its sides (partners joined) and its match's strip: games won, game points, spread."""
    with LiveServer(tmp_path / "pegboard.sqlite", bot_delay=0.0) as live:
        page = context.new_page()
        made = bots_play_a_tournament(
            page,
            live.url,
            {
                "name": "Partners night",
                "players": 4,
                "format": "swiss",
                "rounds": 2,
                "match": "best-of-3",
                "options": {"score_target": 15, "teams": True},
                "start_when": 8,
            },
            within=180,
        )
        page.goto(f"{live.url}/#/tournament/{made}")
        expect(page.locator(".standings tbody tr")).to_have_count(8)
        expect(page.locator("[data-testid=t-status]")).to_contain_text("Won by")
        expect(page.locator(".tournament-summary")).to_contain_text("tables of 4")
        pairings = page.locator(".pairing")
        expect(pairings).to_have_count(4)
        for i in range(4):
            text = pairings.nth(i).inner_text()
            assert text.count(" & ") >= 2 and " v " in text, text
            sides = pairings.nth(i).locator("[data-testid=t-match-side]")
            expect(sides).to_have_count(2)
            expect(sides.first).to_contain_text("won")
            expect(sides.first).to_contain_text(re.compile(r"\d+ pts?"))  # "1 pt", "2 pts"
            expect(sides.first).to_contain_text("spread")
        assert serious(page) == []
        page.screenshot(path=str(SHOTS / "tournament-teams-desktop.png"), full_page=True)
        on_a_phone(browser, f"{live.url}/#/tournament/{made}", ".pairing", "teams", count=4)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 1000}, PHONE])
def test_the_form_offers_every_game_and_makes_a_teams_tournament(
    browser: Browser, tmp_path: Path, viewport: ViewportSize
) -> None:
    with LiveServer(tmp_path / "pegboard.sqlite") as live:
        context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        try:
            page = context.new_page()
            sign_up(page, live.url, "director")
            page.goto(live.url + "/#/tournaments")
            expect(page.locator("[data-key=t-game] option").first).to_be_attached()
            choices = page.locator("[data-key=t-game] option").all_inner_texts()
            assert "Cribbage, 2 players" in choices
            assert "Cribbage, teams of two" in choices
            assert "Cribbage is not Enough, 2 players" in choices
            assert "Cribist, 4 players" in choices
            page.fill("[data-key=t-name]", "Partners")
            page.select_option("[data-key=t-game]", label="Cribbage, teams of two")
            page.select_option("[data-key=t-match]", "best-of-3")
            assert serious(page) == [] and fits(page)
            size = "desktop" if viewport["width"] > 500 else "phone"
            page.screenshot(path=str(SHOTS / f"tournament-form-{size}.png"), full_page=True)
            page.click("button[type=submit]")
            page.wait_for_url(re.compile(r"#/tournament/\w+"))
            made = state(page, live.url, page.url.rsplit("/", 1)[1])
            assert (made["game"], made["players"], made["match"]) == ("cribbage", 4, "best-of-3")
            assert made["settings"]["options"]["teams"] is True
            expect(page.locator(".tournament-summary")).to_contain_text("tables of 4")
            # A format that cannot seat four is refused with its reason, and nothing is made.
            page.goto(live.url + "/#/tournaments")
            expect(page.locator("[data-key=t-game] option").first).to_be_attached()
            page.fill("[data-key=t-name]", "No")
            page.select_option("[data-key=t-game]", label="Cribist, 4 players")
            page.select_option("[data-key=t-format]", "round-robin")
            page.click("button[type=submit]")
            expect(page.locator(".toast").last).to_contain_text("grouped by the standings")
            listing = page.request.get(live.url + "/api/tournaments").json()
            assert [t["name"] for t in listing["upcoming"]] == ["Partners"]
        finally:
            context.close()
