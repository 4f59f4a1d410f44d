// How a rating and its change read: "1500 → 1523 (+23)", provisional ones marked.

import { h, plural } from "./dom.js";

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

/** A finished game's score as a player reads it: their own first, then the best of the
 * others' ("95–121"); their points alone if the others' are not known. */
export function finalScore(mine, theirs) {
  const known = theirs.filter((n) => typeof n === "number");
  return known.length ? `${mine}–${Math.max(...known)}` : plural(mine, "point");
}

export function provisionalBadge() {
  return h(
    "span",
    { class: "badge provisional", title: "fewer than 10 rated games: still finding its level" },
    "provisional",
  );
}

/** A rating change as shown on the results and in match lists. */
export function ratingChange(change, { testid } = {}) {
  const diff = change.after - change.before;
  return h(
    "span",
    {
      class: `rating-change ${diff > 0 ? "up" : diff < 0 ? "down" : "same"}`,
      "data-testid": testid,
    },
    h("span", { class: "rating-numbers" }, `${change.before} → ${change.after} (${signed(diff)})`),
    change.provisional ? provisionalBadge() : null,
  );
}

export const PHASE_WORDS = {
  pegging: "Pegging",
  heels: "His heels",
  hand: "Hand",
  crib: "Crib",
  muggins: "Muggins",
  tricks: "Tricks",
  "trick count": "Trick count",
  tops: "Tops (nob, pot)",
  "her heels": "Her heels",
  intel: "Intel bonus",
  total: "Total",
};
