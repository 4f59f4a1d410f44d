// The guided first game: on the player's own turn, a short panel under the hand says what to do
// now and why. The words come from the seat's view only (phase, dealer, count, its own cards
// and what has been shown), so the guide knows nothing the player could not see.
// A person's first game of each kind is guided, however they came to the table (quick play, an
// invite, a table they made); this browser remembers which games it has finished, and each
// table's own choice ("Turn off the guide", the form's box), in localStorage.

import { h } from "./dom.js";
import { howToPlay } from "./rules.js";

const finishedKey = (game) => `pegboard.finished.${game}`;
const guideKey = (tableId) => `pegboard.guide.${tableId}`;
const declinedKey = (game) => `pegboard.no-guide.${game}`; // turned off at a table: not again

export const guideMemory = {
  /** Whether this browser has seen a game of this kind of its own through to the results. */
  finished: (game) =>
    localStorage.getItem(finishedKey(game)) === "yes",
  noteFinished: (game) => localStorage.setItem(finishedKey(game), "yes"),
  declined: (game) => localStorage.getItem(declinedKey(game)) === "yes",
  decline: (game) => localStorage.setItem(declinedKey(game), "yes"),
  /** The table's own choice if one was made, else on for the first game of its kind. */
  on: (tableId, game) => {
    const chosen = localStorage.getItem(guideKey(tableId));
    return chosen ? chosen === "on" : guideByDefault(game);
  },
  set: (tableId, on) => localStorage.setItem(guideKey(tableId), on ? "on" : "off"),
};

/** On by default for a game of a kind this browser has never finished nor turned the guide off in. */
export function guideByDefault(game) {
  return !guideMemory.finished(game) && !guideMemory.declined(game);
}

/** The guide's panel (null when the table is not guided or the player has nothing to do);
 * `words(page)`: the game's words for this moment (its module's, from guide-words.js). */
export function guidePanel(page, words) {
  const view = page.view;
  const me = page.state.seat;
  if (!guideMemory.on(page.tableId, view.game) || me === null || me === undefined) return null;
  if (!view.legal?.length || view.outcome) return null;
  const said = words?.(page);
  if (!said) return null;
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
      said.title,
    ),
    said.lines.map((line) => h("p", {}, line)),
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
            guideMemory.decline(game); // nor at the next table of this game
            page.rerender();
          },
        },
        "Turn off the guide",
      ),
    ),
  );
}
