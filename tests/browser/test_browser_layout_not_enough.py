"""Cribbage is not Enough at seven sizes (five desktops, three of them short, and two phones),
the page at its top as it opens, on each kind of turn of Ann's through a whole game: the colour,
the power of her team's Top (Intel, Might, Magic or none), the discard, the play, her claim, a
Muggins call, the next hand after the battle for the crib (its dice on show) and the results.
On a desktop the table shows whole above the hand pinned to the foot of the screen: the prompt
and what answers it, her cards, whose turn it is, the count, both Tops and both team piles, and
on a screen 900 px tall or more the battle for the crib too (its line under the decks; shorter,
it is a scroll away). On a phone, the prompt, what answers it, her cards and whose turn it is.
Claims and Muggins calls: the count's cards (the Tops with them) and their buttons."""

from __future__ import annotations

from pathlib import Path

import pytest
from clicker import CHROMIUM, Clicker, sit_down
from devices import watch_errors
from layout import CLAIM, MUGGINS, RESULTS, look_at_each, not_in_sight, overflowing
from live_server import LiveServer
from playwright.sync_api import Browser, Page, ViewportSize
from test_browser_claims import around, persons_seat
from test_browser_layout import SHOTS, VIEWPORTS, new_page
from test_browser_layout_short import SIZES as SHORT_SIZES

from pegboard.cards import parse_card
from pegboard.core import ScriptedChance, SeededChance
from pegboard.core.chance import ChanceSource
from pegboard.games.not_enough import stack_decks
from pegboard.games.not_enough.powers import GREY

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

# The short desktops' test's four, the laptop most browser tests use, and the two phones.
PHONES = {"phone", "small-phone"}
SIZES: dict[str, ViewportSize] = {
    **SHORT_SIZES,
    "laptop": {"width": 1280, "height": 900},
    **{size: VIEWPORTS[size] for size in sorted(PHONES)},
}
TALL = {"desktop", "laptop"}  # where the battle for the crib shows above the hand too

# Ann's turn, read in one round trip: its kind, or null.
TURN = """() => {
  if (document.querySelector(".overlay .results")) return "results";
  const me = document.querySelector(".felt.not-enough > .me.to-act");
  if (!me) return null;
  if (me.querySelector(".claims [data-key=claim]")) return "claim";
  if (me.querySelector(".claims [data-key=muggins]")) return "muggins";
  const phase = document.querySelector(".felt.not-enough").dataset.phase;
  if (["colour", "power"].includes(phase) && me.querySelector(".choices button")) return phase;
  if (me.querySelector(".actions [data-key=discard]")) return "discard";
  if (me.querySelector(".actions [data-key=ready]") && document.querySelector(".ne-battle .die"))
    return "ready";
  const playing = phase === "play" && me.querySelector(".hand .button-card:not([disabled])");
  return playing ? "play" : null;
}"""

WHOSE = ".felt .seat-panel .seat-status"
# The table above the hand: both Tops (or the dash of one not turned yet) and both team piles.
DECKS = [".ne-top :is(.card, .ne-empty)", ".ne-pile"]
# Shown when the phase has them: the count, Ann's cards; the battle for the crib on a tall screen.
IF_SHOWN = [".felt .count", ".me .hand .button-card"]
BATTLE = ".ne-battle"

# What answers each kind of turn.
ANSWER = {
    "colour": [".me .choices button"],
    "power": [".me .choices button"],
    "discard": [".me [data-key=discard]"],
    "play": [".me .hand .button-card:not([disabled])"],
    "ready": [".me [data-key=ready]"],
}
WHOLE = {"claim": CLAIM, "muggins": MUGGINS, "results": RESULTS}


def wanted(page: Page, kind: str, size: str) -> list[str]:
    """The selectors Ann must see on this turn at this size."""
    if kind in WHOLE:
        return WHOLE[kind]
    shown = [s for s in IF_SHOWN if page.locator(s).count()]
    table = [WHOSE] if size in PHONES else [WHOSE, *DECKS]
    if size in TALL and page.locator(BATTLE).count():
        table.append(BATTLE)
    if size in PHONES:
        shown = [s for s in shown if s.startswith(".me")]
    return [".me .prompt", *ANSWER[kind], *table, *shown]


def unseen(page: Page, kind: str) -> list[str]:
    """What Ann cannot see of this turn at each size, the page at its top."""
    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found = not_in_sight(page, sorted(set(wanted(page, kind, size)))) + overflowing(page)
        problems += [f"{kind}, {size}: {problem}" for problem in found]
        page.screenshot(path=str(SHOTS / f"not-enough-{kind}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])
    return problems


# The first hand: Ann deals (wherever she sits) and takes a colour; both Tops are kings, so she
# says which team resolves first and uses a power of her own Top, whichever colour she took.
HANDS = ["AC 3C 7S 9S TC 2S", "AH 4D 6H 8D TD 3H"]
TOPS = {"grey": "KS", "blue": "KH"}


def ann_deals(seat: int) -> ChanceSource:
    tops = {colour: parse_card(card) for colour, card in TOPS.items()}
    decks = stack_decks(around(HANDS, seat), seat, GREY, tops)
    order = [(seat,), [int(c) for c in decks["grey"]], [int(c) for c in decks["blue"]]]
    return ScriptedChance(order, then=SeededChance("after the first hand"))


# Answer what Ann's clicker does not (a choice: the first one; cards to show or swap: the first
# ones), in one go in the page, unless it is a kind of turn still to be looked at: the page must
# not move on between seeing the turn and answering it. True if answered.
MOVE = (
    """([wanted, last]) => {
  const version = document.querySelector(".game")?.dataset.version ?? null;
  if (version === null || version === last || wanted.includes(("""
    + TURN
    + """)())) return null;
  const me = ".felt.not-enough > .me.to-act";
  const choice = document.querySelector(`${me} .choices [data-key=choice-0]`);
  if (choice) {
    choice.click();
    return version;
  }
  const hand = document.querySelector(`${me} .hand.picking`);
  const pick = `${me} .actions :is([data-key=reveal], [data-key=magic])`;
  if (!hand || !document.querySelector(pick)) return null;
  for (let i = 0; i < Number(hand.dataset.need); i++)
    document.querySelectorAll(`${me} .hand.picking .button-card`)[i].click(); // each re-renders
  document.querySelector(pick).click();
  return version;
}"""
)


def answer(page: Page, wanted: set[str], last: list[str | None]) -> bool:
    """Make Ann's move her clicker does not know, unless the turn is one of ``wanted``."""
    version = page.evaluate(MOVE, [sorted(wanted), last[0]])
    if version is None:
        return False
    last[0] = version
    return True


def test_every_turn_of_a_not_enough_game_shows_the_table_above_the_pinned_hand(
    browser: Browser, live: LiveServer
) -> None:
    live.settings.chance = lambda: ann_deals(persons_seat(live.db))
    page = new_page(browser, SIZES["desktop"])
    errors = watch_errors(page)
    sit_down(page, live.url, "not-enough", counting="manual", score_target=31, turn_time=60)
    ann = Clicker(page, high=True)  # the highest card: Ann wins the count, so has some to claim
    last: list[str | None] = [None]
    kinds = {"colour", "power", "discard", "play", "claim", "muggins", "ready", "results"}
    looked: set[str] = set()
    # A slow machine; a whole game against a bot.
    problems = look_at_each(
        ann,
        kinds,
        TURN,
        lambda kind: unseen(page, kind),
        400,
        lambda: answer(page, kinds - looked, last),
        looked,
    )
    assert not problems, "\n".join(problems)
    assert not errors
    page.context.close()
