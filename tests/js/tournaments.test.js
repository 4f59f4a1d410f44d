// A tournament as its pages describe it: the game it plays with its points and clock, and
// where a running one is, its playoff rounds counted as such.
import assert from "node:assert/strict";
import { test } from "node:test";

import { gameWords, roundWords } from "../../src/pegboard/web/js/tournaments-api.js";

const GAMES = [
  { name: "cribbage", title: "Cribbage" },
  { name: "not-enough", title: "Cribbage is not Enough" },
];

test("the game by its title, with its points to win and seconds a move when known", () => {
  const settings = { turn_time: 60, options: { score_target: 121 } };
  assert.equal(gameWords({ game: "cribbage", settings }, GAMES), "Cribbage to 121, 60 s a move");
  assert.equal(gameWords({ game: "not-enough" }, GAMES), "Cribbage is not Enough");
  assert.equal(gameWords({ game: "cribist" }, GAMES), "cribist"); // a game the server left out
});

test("the qualifying rounds of their number, then the playoff's rounds of their own", () => {
  assert.equal(roundWords(2, 3), "Round 2 of 3");
  assert.equal(roundWords(3, 3), "Round 3 of 3");
  assert.equal(roundWords(4, 3), "Playoff round 1");
  assert.equal(roundWords(5, 3), "Playoff round 2");
  assert.equal(roundWords(1, null), "Round 1");
});
