// Counting by hand: which kinds the selected cards can be, and what an item is worth.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fits, itemPoints, takenHeading } from "../../src/pegboard/web/js/claims.js";

test("the selected cards fit a kind only when they could make it", () => {
  const table = [
    ["fifteen", ["5H", "JS"], true],
    ["fifteen", ["7H", "8S"], true],
    ["fifteen", ["7H", "9S"], false],
    ["pair", ["4H", "4S"], true],
    ["pair", ["4H", "5S"], false],
    ["run", ["3H", "4S", "5D"], true],
    ["run", ["3H", "4S", "6D"], false],
    ["run", ["QH", "KS"], false],
    ["flush", ["2H", "5H", "9H", "KH"], true],
    ["flush", ["2H", "5H", "9H", "KS"], false],
    ["nobs", ["JH"], true],
    ["nobs", ["QH"], false],
    ["jack-of-trumps", ["JC"], true],
  ];
  for (const [kind, cards, expected] of table)
    assert.equal(fits(kind, cards), expected, `${kind} ${cards}`);
});

test("an item is worth its kind's points", () => {
  const table = [
    ["fifteen", ["5H", "JS"], 2],
    ["pair", ["4H", "4S"], 2],
    ["run", ["3H", "4S", "5D", "6C"], 4],
    ["flush", ["2H", "5H", "9H", "KH", "AH"], 5],
    ["nobs", ["JH"], 1],
    ["jack-of-trumps", ["JC"], 1],
  ];
  for (const [kind, cards, points] of table) assert.equal(itemPoints(kind, cards), points);
});

test("what was counted already is headed by its number of items and points", () => {
  const table = [
    [[{ kind: "nobs", cards: ["JH"] }], "Already counted: 1 item, 1 point"],
    [
      [
        { kind: "fifteen", cards: ["5H", "JS"] },
        { kind: "fifteen", cards: ["5D", "JS"] },
        { kind: "pair", cards: ["5H", "5D"] },
      ],
      "Already counted: 3 items, 6 points",
    ],
    // the server's points win over the nominal ones (a run of three counted as such)
    [[{ kind: "run", cards: ["3H", "4S", "5D"], points: 3 }], "Already counted: 1 item, 3 points"],
  ];
  for (const [taken, heading] of table) assert.equal(takenHeading(taken), heading);
});
