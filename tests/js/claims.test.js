// Counting by hand: which kinds the selected cards can be, and what an item is worth.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fits, itemPoints } from "../../src/pegboard/web/js/claims.js";

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
