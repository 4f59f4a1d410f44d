// A match of several games on the page: the line that says who leads, the spread as players
// read it, and a row per game of the match.
import assert from "node:assert/strict";
import { test } from "node:test";

import { matchGames, matchLine, signed } from "../../src/pegboard/web/js/match-score.js";

const NAMES = ["Ann", "Bo", "Cy", "Di"];

/** A 2-sided match as the server sends it (`match_play`), after games won by `winners`. */
function play(winners, { decided = false, winner = null, sides = [[0], [1]] } = {}) {
  const results = winners.map((w) => ({
    scores: sides.map((_, i) => (i === w ? 121 : 100)),
    ranks: sides.map((_, i) => (i === w ? 1 : 2)),
    points: sides.map((_, i) => (i === w ? 2 : 0)),
    games: sides.map((_, i) => (i === w ? 1 : 0)),
    how: "win",
    reason: "target",
  }));
  const totals = sides.map((_, i) => ({
    games: winners.filter((w) => w === i).length,
    points: 2 * winners.filter((w) => w === i).length,
    spread: 0,
    points_for: 0,
  }));
  const format = { games: 5, best_of: true };
  return { title: "best of 5", format, sides, results, totals, decided, winner };
}

test("the spread reads with its sign", () => {
  for (const [n, shown] of [
    [12, "+12"],
    [-5, "−5"],
    [0, "0"],
  ])
    assert.equal(signed(n), shown);
});

test("the match's line says who leads, or that it is level, or who won", () => {
  for (const [match, line] of [
    [play([]), "Best of 5: level at 0–0."],
    [play([1]), "Best of 5: Bo leads 1–0."],
    [play([0, 1]), "Best of 5: level at 1–1."],
    [play([0, 0, 1]), "Best of 5: Ann leads 2–1."],
    [play([0, 0, 0], { decided: true, winner: 0 }), "Ann wins the match."],
    [play([0], { sides: [[0, 2], [1, 3]] }), "Best of 5: Ann & Cy lead 1–0."],
    [
      play([1, 1, 1], { decided: true, winner: 1, sides: [[0, 2], [1, 3]] }),
      "Bo & Di win the match.",
    ],
  ])
    assert.equal(matchLine(match, NAMES), line);
});

test("a row per game of the match, its winner and game points", () => {
  const box = matchGames(play([1, 0]), NAMES);
  const rows = [...box.querySelectorAll("tbody tr")].map((row) => row.textContent);
  assert.deepEqual(rows, ["1100121Bo · 2 pts", "2121100Ann · 2 pts"]);
});
