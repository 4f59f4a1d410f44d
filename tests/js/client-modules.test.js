// Every registered game has a client module that draws its table and its replay, and every
// recorded game replays to its own result.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ReplayPage } from "../../src/pegboard/web/js/replay.js";
import { replayStates } from "../../src/pegboard/web/js/replay-state.js";
import { sidesOf } from "../../src/pegboard/web/js/results.js";
import { clientModule, GAMES, RECORDS } from "./fixtures.js";

test("every game names a client module with a table and a replay", async () => {
  assert.ok(GAMES.length >= 3);
  for (const spec of GAMES) {
    const module = await clientModule(spec);
    assert.equal(typeof module.table, "function", `${spec.name}: table`);
    assert.equal(typeof module.replay, "function", `${spec.name}: replay`);
  }
});

test("every game and player count was recorded", () => {
  const recorded = new Set(RECORDS.map(({ record }) => `${record.game}-${record.players}`));
  for (const spec of GAMES)
    for (const players of spec.players) assert.ok(recorded.has(`${spec.name}-${players}`));
});

test("a replay's last step holds the record's final scores", () => {
  for (const { name, record } of RECORDS) {
    const last = replayStates(record).at(-1);
    assert.deepEqual(last.scores, record.outcome.scores, name);
    assert.deepEqual(last.outcome.ranks, record.outcome.ranks, name);
  }
});

/** A replay page without its fetches: what a game's replay drawing asks of the page. */
function replayPage(record) {
  const page = Object.create(ReplayPage.prototype);
  page.record = record;
  page.names = record.seats.map((seat) => seat.name);
  page.teams = Boolean(record.options?.teams);
  page.sides = sidesOf({ players: record.players, teams: record.sides });
  return page;
}

test("every step of every recorded game is drawn by its game's module", async () => {
  for (const { name, record } of RECORDS) {
    const module = await clientModule(GAMES.find((g) => g.name === record.game));
    const page = replayPage(record);
    const states = replayStates(record);
    for (const state of states) {
      const drawn = module.replay(page, state).filter(Boolean);
      assert.ok(drawn.length > 0, name);
      for (const node of drawn) assert.ok(node instanceof Node, name);
    }
    const end = document.createElement("div");
    end.append(...module.replay(page, states.at(-1)).filter(Boolean));
    for (const seat of record.seats) assert.ok(end.textContent.includes(seat.name), name);
  }
});
