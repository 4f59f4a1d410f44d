"""A player who answers whatever the table page asks, by clicking like a person would."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from pegboard.cards import card_names, parse_card, parse_cards
from pegboard.scoring import ScoreItem, score_show, score_trick

BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CHROMIUM = "/usr/bin/chromium"

RESULTS = ".overlay .results"
CLAIM_CARDS = ".claims .claim-cards .button-card"  # the counted cards, when it is our turn


# What the page offers now, read in one round trip: its version and the moves on show.
PROBE = """() => {
  const game = document.querySelector(".game");
  const one = (selector) => document.querySelector(selector) !== null;
  return {
    version: game ? game.dataset.version ?? null : null,
    finished: one(".overlay .results"),
    discard: document.querySelectorAll(".phase-discard .hand .button-card").length,
    button: ["go", "ready", "claim", "pass"].find((key) => one(`[data-key=${key}]`)) ?? null,
    play: one(".phase-play .hand .button-card:not([disabled])"),
  };
}"""

# The index, among the cards we may play, of the highest ranked one.
HIGHEST = """() => {
  const ranks = "A23456789TJQK";
  const cards = [...document.querySelectorAll(".phase-play .hand .button-card:not([disabled])")];
  const rank = (card) => ranks.indexOf(card.dataset.card.slice(0, -1).replace("10", "T"));
  return cards.reduce((best, card, i) => (rank(card) > rank(cards[best]) ? i : best), 0);
}"""

CHANGED = """(version) =>
  (document.querySelector(".game")?.dataset.version ?? null) !== version ||
  document.querySelector(".overlay .results") !== null"""


class Clicker:
    """One page at a table. :meth:`step` makes at most one move and never blocks long."""

    def __init__(self, page: Page, *, high: bool = False) -> None:
        self.page = page
        self.high = high  # play the highest card we may (to win tricks), not the first
        self.acted_on: str | None = None  # the version of our last move
        self.acted_at = 0.0
        self.moves = 0

    def probe(self) -> dict[str, Any]:
        found: dict[str, Any] = self.page.evaluate(PROBE)
        return found

    def wait_for_change(self, timeout: float = 1000) -> None:
        """Wait until the game on the page moves on (a bot's move, the answer to ours)."""
        version = self.probe()["version"]
        with contextlib.suppress(PlaywrightError):
            self.page.wait_for_function(CHANGED, arg=version, timeout=timeout)

    def finished(self) -> bool:
        return bool(self.probe()["finished"])

    def step(self, stop: Callable[[], bool] = lambda: False) -> bool:
        """Make the move the page offers, if any, unless ``stop()``; True if a move was made."""
        seen = self.probe()
        version = seen["version"]
        if seen["finished"] or version is None or stop():
            return False
        if version == self.acted_on and time.monotonic() - self.acted_at < 3:
            return False  # our last move has not come back yet
        if self.probe()["version"] != version:
            return False  # the page moved on while ``stop()`` was asked: look again
        moved = self._move(seen)
        if moved:
            self.acted_on, self.acted_at = version, time.monotonic()
            self.moves += 1
        return moved

    def _move(self, seen: dict[str, Any]) -> bool:
        page = self.page
        try:
            if seen["discard"] > 4:
                cards = page.locator(".phase-discard .hand .button-card")
                for i in range(seen["discard"] - 4):
                    cards.nth(i).click(timeout=1000)
                page.click("[data-key=discard]", timeout=1000)
            elif seen["button"]:
                page.click(f"[data-key={seen['button']}]", timeout=1000)
            elif seen["play"]:
                cards = page.locator(".phase-play .hand .button-card:not([disabled])")
                pick = page.evaluate(HIGHEST) if self.high else 0
                cards.nth(pick).click(timeout=1000)
            else:
                return False
        except PlaywrightError:  # re-rendered under the pointer: look again next step
            return False
        return True


def play_to_results(*players: Clicker, timeout: float = 45.0) -> None:
    """Let every player answer the table until each of them sees the results."""
    play_until(lambda: all(p.finished() for p in players), *players, timeout=timeout)


def play_until(done: Callable[[], bool], *players: Clicker, timeout: float = 45.0) -> None:
    """Let every player answer the table until ``done()`` (checked before every move)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the table did not reach the expected state in time")
        moved = [p.step(done) for p in players]
        if any(moved):
            continue
        if len(players) == 1:
            players[0].wait_for_change()
        else:
            players[0].page.wait_for_timeout(40)  # two pages: look at each in turn


# The count on show in the claims panel, read in one round trip (it may go at any moment).
COUNTED = """() => ({
  cards: [...document.querySelectorAll(".claims .claim-cards .button-card")].map(
    (card) => card.dataset.card,
  ),
  title: document.querySelector(".claims h3")?.textContent ?? "",
  trump: document.querySelector("[data-testid=trumps]")?.dataset.trump ?? null,
  cribist: document.querySelector(".felt.cribist") !== null,
})"""


def true_items(page: Page) -> list[ScoreItem]:
    """The items really in the count on screen: what a perfect counter would claim."""
    seen: dict[str, Any] = page.evaluate(COUNTED)
    cards: list[str] = seen["cards"]
    if not cards:
        return []
    if seen["cribist"]:
        return list(score_trick(parse_cards(cards), "CDHS".index(seen["trump"])).items)
    *hand, starter = cards
    crib = "crib" in seen["title"].lower()
    return list(score_show(parse_cards(hand), parse_card(starter), crib=crib).items)


def build_claim(page: Page, items: list[ScoreItem]) -> None:
    """Select each item's cards in the claims panel, then press its kind."""
    for item in items:
        for card in card_names(item.cards):
            page.click(f"{CLAIM_CARDS}[data-card='{card}']")
        page.click(f".claims [data-key=kind-{item.kind}]")


def open_lobby(page: Page, url: str, name: str, game: str = "cribbage") -> None:
    """Open the lobby as ``name`` and choose ``game`` in the form, once the lobby has settled."""
    page.goto(url + "/")
    page.fill("#player-name", name)
    page.press("#player-name", "Tab")  # the name is taken (the guest made) as it is left
    # The lobby settles first: the tables listed and the guest made both move the form down
    # (on a phone it is below them), and a click must not land where the form used to be.
    expect(page.locator(".tables .notice", has_text="Loading")).to_have_count(0)
    expect(page.locator(".you .who")).to_have_text("Playing as a guest")
    page.check(f"input[value={game}]")


def sit_down(
    page: Page, url: str, game: str = "cribbage", *, bot: str = "greedy", **options: int | str
) -> None:
    """Ann makes a table from the lobby form, a ``bot`` in the other seat(s), and sits at it."""
    open_lobby(page, url, "Ann", game)
    for option, value in options.items():
        if isinstance(value, str):
            page.select_option(f"#option-{option}", value)  # a choice, such as counting
        else:
            page.fill(f"#option-{option}", str(value))
    for seat in page.locator("select[name^=seat-]").all():
        seat.select_option(bot)
    page.click("[data-key=create]")
    page.wait_for_selector(".felt")
