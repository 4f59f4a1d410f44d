// Verifiable deals in the browser: the derivation gives docs/fairness.md's test vectors, and
// checkHand says plainly where a revealed hand does not check out.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  checkHand,
  commitmentOf,
  derive,
  seedsDigest,
  toHex,
} from "../../src/pegboard/web/js/fair.js";

const SECRET = Uint8Array.from({ length: 32 }, (_, i) => i);
const DECK = [..."A23456789TJQK"].flatMap((rank) => [..."CDHS"].map((suit) => rank + suit));
const VECTOR_DECK =
  "AS 8S JC 5H TS 7H 7S QC 9H 6C 4D 5D 3D 7C AC AH 8H 3H 4C 8D TC 7D QS 6D 3C 3S KS 6S 2H TD " +
  "9S 5S 2C 5C 8C 2D KH QH QD 9D JS 4S AD JH JD 4H KD 9C 6H 2S KC TH";

test("the derivation gives the published vectors", async () => {
  assert.equal(
    await commitmentOf(SECRET),
    "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
  );
  assert.equal(
    toHex(await seedsDigest(["ann", "bob"])),
    "001520571fa621b768ed0e597335416d52dfce39e4b270a4d9cdc10f89438f09",
  );
  assert.equal((await derive({ pick: 0, choices: 2 }, SECRET, ["ann", "bob"], 1, 0)).pick, 1);
  const deck = await derive({ shuffle: DECK }, SECRET, ["ann", "bob"], 1, 1);
  assert.equal(deck.shuffle.join(" "), VECTOR_DECK);
  assert.deepEqual((await derive({ roll: [1, 1] }, SECRET, ["ann", ""], 3, 4)).roll, [3, 3]);
});

async function revealed() {
  const seeds = ["mine", ""];
  const steps = [
    await derive({ pick: 0, choices: 2 }, SECRET, seeds, 1, 0),
    await derive({ shuffle: DECK }, SECRET, seeds, 1, 1),
  ];
  const commitment = await commitmentOf(SECRET);
  return { hand: 1, commitment, secret: toHex(SECRET), seeds, steps };
}

test("a revealed hand checks out, and each change is named", async () => {
  const reveal = await revealed();
  const mine = { commitment: reveal.commitment, seat: 0, seed: "mine" };
  assert.deepEqual(await checkHand(reveal, mine), { ok: true });
  const cases = [
    [{ ...reveal, secret: "00".repeat(32) }, "the secret does not match its commitment"],
    [{ ...reveal, seeds: ["yours", ""] }, "your seed was not used"],
    [
      { ...reveal, steps: [reveal.steps[0], { shuffle: [...DECK] }] },
      "the shuffle (step 1) is not the one its secret gives",
    ],
    [
      { ...reveal, steps: [{ pick: 1 - reveal.steps[0].pick, choices: 2 }, reveal.steps[1]] },
      "the pick (step 0)",
    ],
  ];
  for (const [changed, problem] of cases) {
    const found = await checkHand(changed, mine);
    assert.equal(found.ok, false);
    assert.match(found.problem, new RegExp(problem.replace(/[()]/g, "\\$&")));
  }
  const other = { ...mine, commitment: "ab".repeat(32) };
  assert.match((await checkHand(reveal, other)).problem, /commitment changed after the deal/);
});
