// A game's client module whose first loads fail (games.test.js): every URL it is imported by
// runs it afresh, and it throws while the test still asks for failures (as a dropped fetch
// would leave that URL failed for good).
if (globalThis.moduleFailures > 0) {
  globalThis.moduleFailures -= 1;
  throw new Error("the fetch was dropped");
}

export const table = () => "a table";
export const replay = () => "a replay";
