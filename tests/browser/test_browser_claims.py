"""Counting by hand in the two games that were never looked at there, on a desktop and a phone,
from scripted deals: Cribbage is not Enough's show (a hand of 24 in ten items, his heels under
the game's own name, the Top marked, a Muggins call refused at no cost, as its seed says) and
Cribist's trick of the rules' own example, 4-5-5-6 for 12 in five items. Each panel is on
screen with nothing sticking out of the table, and the right claim is accepted."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path

import pytest
from clicker import CHROMIUM, Clicker, build_claim, sit_down, true_items
from devices import watch_errors
from layout import on_screen, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect
from test_browser_layout import SHOTS, new_page
from test_browser_layout import VIEWPORTS as LAYOUT_VIEWPORTS
from test_browser_not_enough import other_move

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.core import ScriptedChance, SeededChance
from pegboard.core.chance import ChanceSource
from pegboard.core.claims import item_key
from pegboard.games.cribist.deal import stack_deck
from pegboard.games.not_enough import stack_decks
from pegboard.games.not_enough.powers import BLUE, GREY
from pegboard.scoring import ScoreItem, score_show, score_trick

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

VIEWPORTS = {size: LAYOUT_VIEWPORTS[size] for size in ("desktop", "phone")}

CLAIM = ".me .claims [data-key=claim]"
PASS = ".me .claims [data-key=pass]"
MUGGINS = ".me .claims [data-key=muggins]"


def sit_down_dealt(
    browser: Browser, live: LiveServer, size: str, game: str, deal: Callable[[int], ChanceSource]
) -> tuple[Page, list[str]]:
    """Ann at a table of ``game`` (counting by hand) dealt by ``deal(her seat)``, on a screen
    of ``size``; the page and its uncaught errors."""
    live.settings.chance = lambda: deal(persons_seat(live.db))
    page = new_page(browser, VIEWPORTS[size])
    errors = watch_errors(page)
    sit_down(page, live.url, game, counting="manual", turn_time=60)
    return page, errors


def persons_seat(db: Path) -> int:
    """The game seat of the one person at the table: the seats are shuffled for a new match,
    and stored just before its deal (when the room asks the test for its chance)."""
    with closing(sqlite3.connect(db)) as store:
        (seating,) = store.execute("select seating from tables").fetchone()
        (slot,) = store.execute("select slot from slots where kind = 'human'").fetchone()
    seat: int = json.loads(seating).index(slot)
    return seat


def around(hands: Sequence[str], seat: int) -> list[list[Card]]:
    """The hands by game seat, the first of ``hands`` the person's at ``seat``, then leftwards."""
    by_seat = [hands[(s - seat) % len(hands)] for s in range(len(hands))]
    return [parse_cards(h) for h in by_seat]


def keys(items: list[ScoreItem]) -> list[tuple[str, frozenset[int]]]:
    return sorted((kind, cards) for kind, cards in map(item_key, items))


def hold_the_clock(live: LiveServer) -> None:
    """Put the server's clock back ten minutes: a claim of ten items is some thirty clicks,
    which on a loaded machine may take longer than the turn's minute (the clock would then
    claim nothing for Ann). Her turn's deadline stays where it was, ten minutes ahead."""
    live.jump(-600)


def check_panel(page: Page, shot: str) -> None:
    """The counting panel, its cards and its answers on screen; nothing outside the table."""
    page.wait_for_timeout(50)  # a re-render of the same version settles
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}.png"), timeout=60_000)  # a loaded machine
    assert overflowing(page) == []
    for selector in (".me .claims .claim-cards", ".me .claims .actions button"):
        assert on_screen(page, selector), f"{selector} is off screen"


def play_until(page: Page, done: Callable[[], bool], timeout: float = 90) -> None:
    """Ann answers what the table asks (never a count: that is the test's) until ``done()``."""
    ann = Clicker(page)
    last: list[str | None] = [None]
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the table did not reach the count in time"
        if other_move(page, last) or ann.step(done):
            continue
        ann.wait_for_change(300)


# Ann deals (wherever she sits), takes grey (clubs and spades) and keeps 4 5 5 6 under a grey
# Top of 6: four fifteens, two pairs and four runs of three, 24 in ten items. No court card
# anywhere: no power, no Magic, no intelligence bonus, so her hand is counted as dealt.
NE_HANDS = ["4C 5C 5S 6C 2S 8S", "2H 3D 7D 8H 9D TH"]
NE_TOPS = {GREY: "6S", BLUE: "9H"}
NE_KEPT = "4C 5C 5S 6C"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_not_enough_a_hand_claimed_and_a_wrong_muggins_call_refused_at_no_cost(
    browser: Browser, live: LiveServer, size: str
) -> None:
    def ann_deals(seat: int) -> ChanceSource:
        tops = {c: parse_card(t) for c, t in NE_TOPS.items()}
        decks = stack_decks(around(NE_HANDS, seat), seat, GREY, tops)
        order = [(seat,), [int(c) for c in decks[GREY]], [int(c) for c in decks[BLUE]]]
        return ScriptedChance(order, then=SeededChance("after"))

    page, errors = sit_down_dealt(browser, live, size, "not-enough", ann_deals)
    page.click(".choices .choice.colour-grey")
    hand = page.locator(".phase-discard .hand .button-card")
    expect(hand).to_have_count(6)
    for card in ("2S", "8S"):
        page.click(f".phase-discard .hand .button-card[data-card='{card}']")
    page.click("[data-key=discard]")

    claiming = page.locator(CLAIM)
    play_until(page, lambda: claiming.count() > 0)
    hold_the_clock(live)
    panel = page.locator(".me .claims")
    expect(panel.locator("h3")).to_have_text("Your hand")
    expect(page.locator(".me .prompt")).to_contain_text("Count your hand: claim what you see")
    # The game's own words: his heels, not nobs; the Top is marked and named so.
    expect(panel.locator("[data-key=kind-nobs]")).to_have_text("His heels")
    top = panel.locator(".claim-cards .button-card.starter")
    expect(top).to_have_count(1)
    expect(top).to_have_attribute("data-card", NE_TOPS[GREY])
    expect(top).to_have_attribute("aria-label", "6 of spades, the Top")
    expected = list(score_show(parse_cards(NE_KEPT), parse_card(NE_TOPS[GREY])).items)
    items = true_items(page)
    assert keys(items) == keys(expected) and len(items) == 10
    build_claim(page, items)
    expect(panel.locator(".claim-items.building li")).to_have_count(10)
    expect(claiming).to_have_text("Claim 24")
    check_panel(page, f"claims-not-enough-{size}-hand")
    claiming.click()
    expect(page.locator(".log")).to_contain_text("You claim 24")

    # Muggins on the bot's hand: it claimed every item, so a call is wrong; here (the seed) it
    # is refused with the reason and costs nothing, and Ann may still pass.
    passing = page.locator(PASS)
    expect(passing).to_be_visible()
    expect(panel.locator("h3")).to_contain_text("Greedy 2's hand")
    expect(panel.locator(".hint")).to_contain_text("refused and costs nothing")
    expect(page.locator(".me .prompt")).to_contain_text(
        "Muggins? Call what was missed in Greedy 2's hand, or pass"
    )
    expect(top).to_have_attribute("data-card", NE_TOPS[BLUE])  # their Top, not Ann's
    taken = panel.locator(".taken .claim-items li")
    theirs = true_items(page)
    assert theirs and taken.count() == len(theirs)
    score = page.locator(".me .seat-score").inner_text()
    build_claim(page, theirs[:1])
    check_panel(page, f"claims-not-enough-{size}-muggins")
    page.click(MUGGINS)
    expect(page.locator("#toast")).to_contain_text("is already taken")
    expect(passing).to_be_visible()
    assert page.locator(".me .seat-score").inner_text() == score
    passing.click()
    expect(page.locator(".log")).to_contain_text("You pass")
    assert not errors
    page.context.close()


# Ann deals (wherever she sits); the greedy bots' own choices make the first trick the rules'
# example: the bot on her left leads its highest heart (its longest suit: trumps), 5H; the
# next, void in hearts and holding only tens and a five, gives the least it can, 5C; the third
# follows with its one heart, 4H; Ann wins with 6H. Runs 4-5-6 twice, fifteens twice, a pair:
# 12 in five items.
CRIBIST_HANDS = [
    "6H 7H 8H 9H TH JH QH KH 6C 7C 8C 9C 9D",
    "AH 2H 3H 5H AC 2C 3C 4C AD 2D 3D 4D AS",
    "5C TC JC QC KC TD JD QD KD TS JS QS KS",
    "4H 5D 6D 7D 8D 2S 3S 4S 5S 6S 7S 8S 9S",
]
CRIBIST_TRICK = "5H 5C 4H 6H"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_cribist_a_long_trick_claimed_item_by_item(
    browser: Browser, live: LiveServer, size: str
) -> None:
    def ann_deals(seat: int) -> ChanceSource:
        deck = stack_deck(around(CRIBIST_HANDS, seat), seat)
        return ScriptedChance([(seat,), [int(c) for c in deck]], then=SeededChance("after"))

    page, errors = sit_down_dealt(browser, live, size, "cribist", ann_deals)
    six = page.locator(".phase-play .hand .button-card[data-card='6H']:not([disabled])")
    expect(page.locator(".trick .trick-card")).to_have_count(3)
    six.click()

    claiming = page.locator(CLAIM)
    expect(claiming).to_be_visible()
    hold_the_clock(live)
    panel = page.locator(".me .claims")
    expect(panel.locator("h3")).to_have_text("Your trick")
    cards = panel.locator(".claim-cards .button-card")
    assert sorted(cards.evaluate_all("(cs) => cs.map((c) => c.dataset.card)")) == sorted(
        CRIBIST_TRICK.split()
    )
    expected = list(score_trick(parse_cards(CRIBIST_TRICK), "CDHS".index("H")).items)
    items = true_items(page)
    assert keys(items) == keys(expected) and len(items) == 5
    check_panel(page, f"claims-cribist-{size}-trick")
    build_claim(page, items)
    expect(panel.locator(".claim-items.building li")).to_have_count(5)
    expect(claiming).to_have_text("Claim 12")
    check_panel(page, f"claims-cribist-{size}-built")
    claiming.click()
    expect(page.locator(".log")).to_contain_text("You claim 12")
    # The others had nothing left to call: each passed, and the next trick is led.
    expect(page.locator(".log")).to_contain_text("You score 12")
    assert not errors
    page.context.close()
