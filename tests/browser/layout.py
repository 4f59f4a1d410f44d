"""Where things are on the page: inside the viewport, inside their panels (bounding boxes)."""

from __future__ import annotations

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
