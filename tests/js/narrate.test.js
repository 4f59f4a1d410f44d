// The log's sentences: every event of every recorded game is told, and scores are called the
// way players call them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockMove, lastPegged, Narrator, numberWord, scoreTalk } from "../../src/pegboard/web/js/narrate.js";
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

test("only a move the clock made says time ran out, not what followed from it", () => {
  const narrator = new Narrator(["Ann", "Bob"], 1);
  const said = (event) => text(narrator.line(event).parts);
  const table = [
    [{ type: "play", seat: 0, card: "5H", count: 5, auto: "timeout" }, true],
    [{ type: "discard", seat: 1, cards: ["AH", "2H"], auto: "timeout" }, true],
    [{ type: "go", seat: 0, auto: "timeout" }, true],
    [{ type: "starter", card: "AD", auto: "timeout" }, false],
    [{ type: "reset", auto: "timeout" }, false],
    [{ type: "play", seat: 0, card: "6H", count: 11 }, false],
  ];
  for (const [event, timed] of table)
    assert.equal(said(event).startsWith("Time ran out"), timed, JSON.stringify(event));
});

test("the points of a 31 or a go stay on show after the count goes back to zero", () => {
  const thirtyOne = { type: "score", seat: 0, points: 8, items: [{ kind: "31" }, { kind: "pair-royal" }] };
  const goForOne = { type: "score", seat: 1, points: 1, items: [{ kind: "go" }] };
  const play = { type: "play", seat: 1, card: "5H" };
  const reset = { type: "reset" };
  const table = [
    [[play, thirtyOne, reset], { seat: 0, text: "+8 31, pair royal" }],
    [[{ type: "go", seat: 0 }, goForOne, reset], { seat: 1, text: "+1 go" }],
    [[thirtyOne, reset, play], null],
    [[play], null],
  ];
  for (const [events, shown] of table) assert.deepEqual(lastPegged(events), shown);
});

test("Cribbage is not Enough's log names the players and says its own words", () => {
  const narrator = new Narrator(["Ann", "Bob", "Cat", "Dan"], 0, { nobs: "his heels" });
  const said = (event) => text(narrator.line(event).parts);
  const table = [
    [
      { type: "battle", winner: 3, totals: [17, 17, 0, 22] },
      "Dan wins the battle for the crib (You 17, Bob 17, Cat 0, Dan 22)",
    ],
    [
      { type: "intel", winner: 1, sums: [4, 9, 0, 9] },
      "Intel in hand: You 4, Bob 9, Cat 0, Dan 9: Bob counts the enemy Top too",
    ],
    [
      { type: "score", seat: 0, points: -1, items: [{ kind: "her-heels", points: -1, cards: ["QS"] }] },
      "You lose 1: her heels (Q♠ in the other team's hand): minus one",
    ],
    [
      { type: "score", seat: 1, points: 1, items: [{ kind: "nobs", points: 1, cards: ["JH"] }] },
      "Bob scores 1: his heels for one",
    ],
  ];
  for (const [event, words] of table) assert.equal(said(event), words);
  const cribbage = new Narrator(["Ann", "Bob"], 0);
  const nobs = { type: "score", seat: 1, points: 1, items: [{ kind: "nobs", points: 1, cards: ["JH"] }] };
  assert.equal(text(cribbage.line(nobs).parts), "Bob scores 1: one for his nob");
});
