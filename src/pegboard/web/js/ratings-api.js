// REST for ratings and profiles, and who this browser is: rated tables need a player, made
// (a guest with the remembered name) the first time one is needed.

import { memory, request } from "./api.js";
import { account } from "./player.js";

const path = (id) => encodeURIComponent(id);

export const ratingsApi = {
  groups: () => request("GET", "/api/leaderboard"),
  leaderboard: (group) => request("GET", `/api/leaderboard/${path(group)}`),
  player: (id) => request("GET", `/api/players/${path(id)}`),
  matches: (id, offset = 0, limit = 20) =>
    request("GET", `/api/players/${path(id)}/matches?offset=${offset}&limit=${limit}`),
  me: async () => (await request("GET", "/api/me")).player,
};

/** This browser's player, made from the name in the lobby if there is none yet. */
export async function ensurePlayer() {
  const player = await account.name(memory.name());
  if (player) return player;
  throw new Error("Choose your name first: a rated table shows it with your rating");
}
