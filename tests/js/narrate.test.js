// The log's sentences: every event of every recorded game is told, and scores are called the
// way players call them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockMove, Narrator, numberWord, scoreTalk } from "../../src/pegboard/web/js/narrate.js";
import { RECORDS } from "./fixtures.js";

const text = (parts) => {
  const box = document.createElement("div");
  box.append(...[parts].flat(Infinity).map((p) => (typeof p === "string" ? p : p)));
  return box.textContent;
};

test("every event of every recorded game is told without a gap", () => {
  for (const { name, record } of RECORDS) {
    const narrator = new Narrator(record.seats.map((seat) => seat.name));
    let told = 0;
    for (const event of record.events) {
      const line = narrator.line(event);
      if (line) {
        told += 1;
        assert.ok(text(line.parts).trim().length > 0, `${name}: ${event.type}`);
        assert.ok(!text(line.parts).includes("undefined"), `${name}: ${JSON.stringify(event)}`);
      }
    }
    assert.ok(told > record.events.length / 3, name);
  }
});

test("numbers are said in words below a hundred", () => {
  const table = [
    [0, "zero"],
    [15, "fifteen"],
    [24, "twenty-four"],
    [31, "thirty-one"],
    [-2, "minus two"],
    [121, "121"],
  ];
  for (const [n, said] of table) assert.equal(numberWord(n), said);
});

test("a show is called as players call it", () => {
  const items = [
    { kind: "fifteen", points: 2, cards: ["5H", "JS"] },
    { kind: "fifteen", points: 2, cards: ["5D", "JS"] },
    { kind: "pair", points: 2, cards: ["5H", "5D"] },
  ];
  assert.equal(text(scoreTalk(items, { show: true })), "fifteen two, fifteen four, a pair is six");
});

test("the clock's notice names the move the clock made, not what it scored", () => {
  const discard = { type: "discard", seat: 0, cards: ["AH", "2H"], auto: "timeout" };
  const heels = { type: "score", seat: 0, points: 2, items: [], auto: "timeout" };
  const table = [
    [[discard, heels], discard],
    [[discard, { type: "play", seat: 0, card: "5H" }], null],
    [[{ type: "play", seat: 1, card: "5H", auto: "timeout" }], null],
    [[], null],
  ];
  for (const [events, move] of table) assert.equal(clockMove(events, 0), move);
});

test("a drawn dealer cuts lowest: every game's first hand, each hand with dealer=random", () => {
  const narrator = new Narrator(["Ann", "Bob"]);
  const deal = { type: "deal", dealer: 1, hands: [null, null], crib: null };
  const table = [
    [{ ...deal, hand: 1 }, "Hand 1: Bob cuts lowest and deals"],
    [{ ...deal, hand: 2 }, "Hand 2: Bob deals"],
    [{ ...deal, hand: 3, drawn: true }, "Hand 3: Bob cuts lowest and deals"],
  ];
  for (const [event, said] of table) assert.equal(text(narrator.line(event).parts), said);
});
