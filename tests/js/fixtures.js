// What the Python side made for these tests (tests/js/test_client.py): every registered game's
// spec (GET /api/games) and a whole recorded game of each game and player count.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = process.env.PEGBOARD_JS_FIXTURES;
if (!DIR) throw new Error("PEGBOARD_JS_FIXTURES is not set: run these tests through pytest");

const read = (name) => JSON.parse(readFileSync(join(DIR, name), "utf-8"));

/** Every game, as GET /api/games answers. */
export const GAMES = read("games.json");

/** Every recorded game: {name, record}. */
export const RECORDS = readdirSync(DIR)
  .filter((name) => name.startsWith("record-"))
  .sort()
  .map((name) => ({ name, record: read(name) }));

/** The client module of a game, loaded as the browser loads it (by the name the server gives). */
export function clientModule(spec) {
  return import(`../../src/pegboard/web/js/${spec.client}.js`);
}
