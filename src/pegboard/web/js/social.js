// Mutes, blocks and challenges (docs/protocol.md, "Mutes and blocks", "Challenges"): kept by
// the server for the signed-in player, so an account finds them on every device.

import { request } from "./api.js";

const path = (id) => encodeURIComponent(id);

export const socialApi = {
  /** `{mute: [{id, name}], block: [...]}`; nobody signed in: empty lists. */
  lists: () => request("GET", "/api/me/social").catch(() => ({ mute: [], block: [] })),
  // Every change is sent as JSON, an empty object here (a form elsewhere cannot send JSON).
  set: (kind, id, on) => request(on ? "PUT" : "DELETE", `/api/me/${kind}/${path(id)}`, {}),
  challenges: () => request("GET", "/api/challenges"),
  challenge: (body) => request("POST", "/api/challenges", body),
  answer: (id, answer) => request("POST", `/api/challenges/${path(id)}/${answer}`, {}),
};

/** The players whose chat this browser's player does not read: muted or blocked. */
export async function silenced() {
  const lists = await socialApi.lists();
  return new Set([...lists.mute, ...lists.block].map((p) => p.id));
}

/** "Ann #3f2a": a name with the tag that tells same-named people apart (none for bots). */
export function tagged(person) {
  return person.tag ? `${person.name} ${person.tag}` : person.name;
}
