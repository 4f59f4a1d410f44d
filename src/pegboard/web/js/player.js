// Who this browser plays as: a guest (a name) or an account, known to the server by an
// HttpOnly session cookie. Every change goes through one queue, so that a name typed and a
// join clicked at once make one guest, not two.

import { seedFor } from "./fair-panel.js";
import { api, memory } from "./api.js";

let known = null; // a promise of the player, or of null for nobody yet
let queue = Promise.resolve();
const listeners = new Set();

/** The player of this browser (null before a first name), asked of the server once. */
export function currentPlayer() {
  known ??= api.me().then(
    (answer) => answer.player,
    () => null,
  );
  return known;
}

/** `listener(player)` after every change; returns the function that stops it. */
export function onPlayer(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(player) {
  known = Promise.resolve(player);
  if (player) memory.setName(player.name);
  for (const listener of listeners) listener(player);
  return player;
}

function inTurn(work) {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
}

export const account = {
  /** Play under `name`: a new guest on a first visit, else a new display name. */
  name: (name) =>
    inTurn(async () => {
      const player = await currentPlayer();
      const wanted = name.trim();
      if (!wanted || player?.name === wanted) return player;
      return settle((await api.setMe(wanted)).player);
    }),
  claim: (username, password) =>
    inTurn(async () => settle((await api.claim(username, password)).player)),
  login: (username, password) =>
    inTurn(async () => settle((await api.login(username, password)).player)),
  logout: () =>
    inTurn(async () => {
      await api.logout();
      memory.forgetAll(); // the name and the seats were the account's
      return settle(null);
    }),
  password: (current, password) => inTurn(() => api.password(current, password)),
};

/** Said under every name box (a grey example name in the box looked filled in, and was not). */
export const NAME_HINT =
  "Needed to play: any name up to 32 characters. Lists add a tag (#3f2a) to tell two alike apart.";

/** Join a table with the remembered name and keep the token. The name makes the guest first,
 * so the seat is the player's (a name the server refuses is said by the join itself). */
export async function joinTable(tableId) {
  await account.name(memory.name()).catch(() => null);
  // Signed in with no name kept in this browser (an account's cookie on a new device, the guest
  // the daily page made): the player's own name, which the lobby shows, not "Player 1".
  const name = memory.name() || ((await currentPlayer())?.name ?? "");
  const table = await api.table(tableId).catch(() => ({}));
  const joined = await api.join(tableId, name, seedForHandOne(table.next_commitment));
  memory.setToken(tableId, joined.token);
  memory.setRoute(tableId, joined.route);
  return joined;
}

/** The seat a signed-in player holds at a table from another device, now this browser's
 * token too; null when there is none. */
export async function seatFromElsewhere(tableId) {
  if (!(await currentPlayer())) return null;
  try {
    const seat = await api.seat(tableId);
    memory.setToken(tableId, seat.token);
    memory.setRoute(tableId, seat.route);
    return seat.token;
  } catch {
    return null; // no seat here: watch
  }
}

/** The seed this seat gives with its join for hand 1 of the match the join may start (the
 * table's commitment to it came first, in the table info). */
function seedForHandOne(commitment) {
  return commitment ? { commitment, seed: seedFor(commitment) } : {};
}
