// The guided first game: on the player's own turn, a short panel under the hand says what to do
// now and why. The words come from the seat's view only (phase, dealer, count, its own cards
// and what has been shown), so the guide knows nothing the player could not see.
// Whether a table is guided is this browser's choice, kept in localStorage.

import { h } from "./dom.js";
import { GUIDE_WORDS } from "./guide-words.js";
import { howToPlay } from "./rules.js";

export const GUIDED_GAMES = Object.keys(GUIDE_WORDS);

const FINISHED_KEY = "pegboard.finished-a-game";
const guideKey = (tableId) => `pegboard.guide.${tableId}`;

export const guideMemory = {
  /** Whether this browser has seen a game of its own through to the results. */
  finishedAGame: () => localStorage.getItem(FINISHED_KEY) === "yes",
  noteFinished: () => localStorage.setItem(FINISHED_KEY, "yes"),
  on: (tableId) => localStorage.getItem(guideKey(tableId)) === "on",
  set: (tableId, on) =>
    on ? localStorage.setItem(guideKey(tableId), "on") : localStorage.removeItem(guideKey(tableId)),
};

/** On by default for a first game (this browser never finished one) against bots only. */
export function guideByDefault(seats) {
  return seats.length > 1 && seats.slice(1).every((bot) => bot) && !guideMemory.finishedAGame();
}

/** The guide's panel (null when the table is not guided or the player has nothing to do). */
export function guidePanel(page) {
  const view = page.view;
  const me = page.state.seat;
  if (!guideMemory.on(page.tableId) || me === null || me === undefined) return null;
  if (!view.legal?.length || view.outcome) return null;
  const words = GUIDE_WORDS[view.game]?.(page);
  if (!words) return null;
  const game = view.game;
  return h(
    "details",
    {
      class: "guide",
      "data-testid": "guide",
      open: !page.ui.guideFolded,
      onToggle: (event) => (page.ui.guideFolded = !event.target.open),
    },
    h(
      "summary",
      { "data-key": "guide-fold" },
      h("span", { class: "badge guide-tag" }, "Guide"),
      words.title,
    ),
    words.lines.map((line) => h("p", {}, line)),
    h(
      "p",
      { class: "guide-foot" },
      howToPlay(game, { label: "More in How to play" }),
      h(
        "button",
        {
          type: "button",
          class: "quiet",
          "data-key": "guide-off",
          onClick: () => {
            guideMemory.set(page.tableId, false);
            page.rerender();
          },
        },
        "Turn off the guide",
      ),
    ),
  );
}
