"""Where things are on the page: inside the viewport, inside their panels (bounding boxes)."""

from __future__ import annotations

import time
from collections.abc import Callable

from clicker import Clicker
from playwright.sync_api import Page

# Panels whose contents must stay inside them; each element is checked against its nearest one.
PANELS = ".felt, .seat-panel, .me, .ne-deck, .count-area, .show-area, .shown, .trick, .claims"

OVERFLOWING = """(panels) => {
  const out = [];
  const name = (e) =>
    e.tagName.toLowerCase() + (e.className && typeof e.className === "string"
      ? "." + e.className.trim().split(/\\s+/).join(".") : "") +
    (e.dataset.card ? `[${e.dataset.card}]` : "");
  for (const element of document.querySelectorAll(".felt *")) {
    if (element.closest("svg") && element.tagName.toLowerCase() !== "svg") continue;
    let box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    // A folded <details> (the guide) still lays out what it hides: only its summary shows.
    const folded = element.parentElement.closest("details:not([open])");
    if (folded && !element.closest("summary")) continue;
    const panel = element.parentElement.closest(panels);
    if (!panel) continue;
    // In a list that scrolls within the panel, or a panel that scrolls itself, only what its
    // box shows counts (the rest is scrolled away, not sticking out).
    for (let a = element.parentElement; a; a = a === panel ? null : a.parentElement) {
      if (!["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowY)) continue;
      const view = a.getBoundingClientRect();
      box = { left: Math.max(box.left, view.left), right: Math.min(box.right, view.right),
              top: Math.max(box.top, view.top), bottom: Math.min(box.bottom, view.bottom) };
    }
    if (box.right <= box.left || box.bottom <= box.top) continue;
    const outer = panel.getBoundingClientRect();
    const slack = 1.5;
    if (box.left < outer.left - slack || box.right > outer.right + slack ||
        box.top < outer.top - slack || box.bottom > outer.bottom + slack)
      out.push(`${name(element)} outside ${name(panel)}: ` +
        `[${box.left|0},${box.top|0},${box.right|0},${box.bottom|0}] in ` +
        `[${outer.left|0},${outer.top|0},${outer.right|0},${outer.bottom|0}]`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth)
    out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
  return out;
}"""

ON_SCREEN = """(selector) => {
  window.scrollTo(0, 0);
  const found = [...document.querySelectorAll(selector)];
  return found.length > 0 && found.every((e) => {
    const box = e.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 &&
      box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}"""

BOXES = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const b = e.getBoundingClientRect();
  return [b.left, b.top, b.right, b.bottom].map(Math.round);
})"""


def overflowing(page: Page) -> list[str]:
    """Every element of the table sticking out of its panel (and a page wider than the screen)."""
    found: list[str] = page.evaluate(OVERFLOWING, PANELS)
    return found


def on_screen(page: Page, selector: str) -> bool:
    """Whether every element matching ``selector`` lies inside the viewport, scrolled to the top."""
    return bool(page.evaluate(ON_SCREEN, selector))


def boxes(page: Page, selector: str) -> list[list[int]]:
    found: list[list[int]] = page.evaluate(BOXES, selector)
    return found


# The results' panel: its title, cells, text, buttons and links.
RESULTS = [
    ".results",
    ".results h2",
    ".results th",
    ".results td",
    ".results p",
    ".results button",
    ".results a",
]

# A claim's question, its counted cards and its buttons; and a Muggins call's.
CLAIM = [".me .prompt", ".me .claims .claim-cards .button-card", ".me .claims button"]
MUGGINS = [
    ".me .prompt",
    ".me .claims .claim-cards .button-card",
    ".me .claims .claim-kinds button",
    ".me .claims .actions button",
]

# What is not in sight, the page at its top: each element matching one of the selectors that is
# off screen (or, outside the panel pinned to the foot of the screen, under its top edge), or
# with something else over its middle (the results' panel: over its corners).
NOT_IN_SIGHT = """(wanted) => {
  window.scrollTo(0, 0);
  const hand = document.querySelector(".felt > .me.to-act");
  const edge = hand && getComputedStyle(hand).position === "sticky"
    ? hand.getBoundingClientRect().top : innerHeight;
  const out = [];
  for (const selector of wanted) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) out.push(`no ${selector}`);
    for (const element of found) {
      const box = element.getBoundingClientRect();
      const pinned = !hand || hand.contains(element) || element.closest(".overlay");
      const bottom = pinned ? innerHeight : edge;
      const where = `${selector} at [${box.left | 0},${box.top | 0},${box.right | 0},` +
        `${box.bottom | 0}]`;
      if (box.top < 0 || box.left < 0 || box.right > innerWidth || box.bottom > bottom + 0.5) {
        out.push(`${where} off screen (its foot at ${bottom | 0})`);
        continue;
      }
      const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
      const [l, t, r, b] = [box.left + 12, box.top + 12, box.right - 12, box.bottom - 12];
      const points = selector === ".results" ? [[l, t], [r, t], [l, b], [r, b]] : [[x, y]];
      for (const [px, py] of points) {
        const over = document.elementFromPoint(px, py);
        if (!over || element.contains(over)) continue;
        out.push(`${where} under ${over.tagName.toLowerCase()}.${[...over.classList].join(".")}`);
        break;
      }
    }
  }
  return out;
}"""


def not_in_sight(page: Page, wanted: list[str]) -> list[str]:
    """Of the elements ``wanted`` (selectors, each of which must match), what the player cannot
    see with the page at its top."""
    found: list[str] = page.evaluate(NOT_IN_SIGHT, wanted)
    return found


# What the floating Chat button (a phone's) sits on: each line of text and each control of the
# page whose box meets the button's and that would be on top there but for the button (what
# another panel already covers, or a list scrolls away, is not under the button); the guide's
# last row (its link and its button, however they wrap) whole. With ``pinned``, only what is in
# a panel pinned whole to the foot of the screen: scrolling moves anything else out from under
# the button, but not that.
UNDER_CHAT = """(pinned) => {
  const button = document.querySelector(".chat-toggle");
  const b = button?.getBoundingClientRect();
  if (!b || getComputedStyle(button).position !== "fixed" || !b.width) return [];
  const panel = document.querySelector(".felt > .me");
  const box = panel?.getBoundingClientRect();
  const stuck = box && getComputedStyle(panel).position === "sticky" && box.top >= 0 &&
    Math.abs(box.bottom - innerHeight) < 2;
  if (pinned && !stuck) return [];
  const out = [];
  const seen = (element, box, what) => {
    if (pinned && !panel.contains(element)) return false;
    let [left, top, right, bottom] = [b.left, b.top, b.right, b.bottom];
    // Only what a list that scrolls shows of its items (what it scrolls away is not seen).
    for (let a = element; a && a !== document.body; a = a.parentElement) {
      const clip = a === element ? box
        : ["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowY)
          ? a.getBoundingClientRect() : null;
      if (!clip) continue;
      [left, top] = [Math.max(left, clip.left), Math.max(top, clip.top)];
      [right, bottom] = [Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
    }
    if (right - left < 1 || bottom - top < 1) return false;
    const shown = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2)
      .find((e) => !e.closest(".chat-dock"));
    if (!shown || !(element.contains(shown) || shown.contains(element))) return false;
    out.push(`${what} at [${box.left|0},${box.top|0},${box.right|0},${box.bottom|0}] ` +
      `under the Chat button at [${b.left|0},${b.top|0},${b.right|0},${b.bottom|0}]`);
    return true;
  };
  // A folded <details> (the guide, Fair deals) lays out what it hides: only its summary shows.
  const hidden = (e) => e.closest(".chat-dock") ||
    (e.parentElement.closest("details:not([open])") && !e.closest("summary"));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || hidden(element) || element.closest(".sr-only, svg")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects())
      if (seen(element, box, `"${node.textContent.trim().slice(0, 30)}"`)) break;
  }
  const controls = "button, a, input, select, textarea, .card, .guide-foot";
  for (const element of document.querySelectorAll(controls)) {
    if (hidden(element)) continue;
    const name = element.dataset.key ?? element.dataset.card ?? element.className;
    seen(element, element.getBoundingClientRect(), `${element.tagName.toLowerCase()} ${name}`);
  }
  return out;
}"""

# Scroll the page so the guide's foot is at the foot of the screen (read to its end): whether it
# is there (there is a guide, and the page scrolls so far).
GUIDE_READ = """() => {
  const guide = document.querySelector(".guide");
  if (!guide) return false;
  window.scrollBy(0, guide.getBoundingClientRect().bottom - innerHeight);
  return Math.abs(guide.getBoundingClientRect().bottom - innerHeight) < 2;
}"""


def under_the_chat_button(page: Page) -> list[str]:
    """What the floating Chat button covers: in the panel pinned to the foot of the screen as
    the page opens, anything at all with the guide read to its end (its foot at the foot of
    the screen), and with the page scrolled to its own foot."""
    page.evaluate("window.scrollTo(0, 0)")
    found = [f"top: {problem}" for problem in page.evaluate(UNDER_CHAT, True)]
    if page.evaluate(GUIDE_READ):
        found += [f"the guide read: {problem}" for problem in page.evaluate(UNDER_CHAT, False)]
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    return found + [f"foot: {problem}" for problem in page.evaluate(UNDER_CHAT, False)]


def look_at_each(
    ann: Clicker,
    kinds: set[str],
    which: str,
    look: Callable[[str], list[str]],
    seconds: float,
    other: Callable[[], bool] = lambda: False,
    looked: set[str] | None = None,
) -> list[str]:
    """Play on (``ann`` answering the page, ``other()`` first making any move she does not
    know) until each of ``kinds`` of moment has been looked at once: ``which`` (a script)
    names the moment on show, ``look(kind)`` says what is wrong with it. A look during which
    the game moved on is looked at again, at the next of its kind. ``looked`` (if given)
    gathers the kinds looked at, as they are, for ``other`` to leave the rest alone."""
    page = ann.page
    version = "document.querySelector('.game').dataset.version"
    looked = set() if looked is None else looked
    problems: list[str] = []
    deadline = time.monotonic() + seconds  # a slow machine
    while looked != kinds:
        assert time.monotonic() < deadline, f"only saw {sorted(looked)} of {sorted(kinds)}"
        kind = page.evaluate(which)
        if kind in kinds - looked:
            before = page.evaluate(version)
            found = look(kind)
            if page.evaluate(version) == before:
                problems += found  # nothing moved while we looked: what we saw holds
                looked.add(kind)
            continue
        if other():
            continue
        if not ann.step(lambda: page.evaluate(which) in kinds - looked):
            ann.wait_for_change(300)
    return problems
