// A game's client module is loaded again when a load fails: once at once (under another URL),
// and afresh when the next table asks (a failure is never kept).
import assert from "node:assert/strict";
import { test } from "node:test";

import { gameModule } from "../../src/pegboard/web/js/games.js";

const FLAKY = new URL("./fails-at-first.js", import.meta.url).pathname;

test("one failed load is retried, and the module is kept once loaded", async () => {
  globalThis.moduleFailures = 1;
  const client = `${FLAKY}?case=one`;
  const module = await gameModule({ client });
  assert.equal(module.table(), "a table");
  assert.equal(globalThis.moduleFailures, 0);
  assert.equal(await gameModule(client), module);
});

test("a load that fails twice is not kept: the next ask loads the module", async () => {
  globalThis.moduleFailures = 2;
  const client = `${FLAKY}?case=two`;
  await assert.rejects(gameModule({ client }), /the fetch was dropped/);
  const module = await gameModule({ client });
  assert.equal(module.replay(), "a replay");
});
