// REST for tournaments (docs/protocol.md, "Tournaments").

import { request } from "./api.js";

const path = (id) => `/api/tournaments/${encodeURIComponent(id)}`;

export const tournamentsApi = {
  list: () => request("GET", "/api/tournaments"),
  get: (id) => request("GET", path(id)),
  create: (settings) => request("POST", "/api/tournaments", settings),
  register: (id) => request("POST", `${path(id)}/register`, {}), // every change is sent as JSON
  withdraw: (id) => request("POST", `${path(id)}/withdraw`, {}),
  start: (id) => request("POST", `${path(id)}/start`, {}),
  played: (playerId) =>
    request("GET", `/api/players/${encodeURIComponent(playerId)}/tournaments`),
};

export const FORMAT_WORDS = {
  "round-robin": "Round robin",
  swiss: "Swiss",
  acc: "ACC qualifying",
};

/** "Swiss, 3 rounds, best of 3" and the like. */
export function describeFormat(t) {
  const match = t.match === "one-game" ? "one game a round" : t.match.replaceAll("-", " ");
  const playoff = t.playoff ? `, top quarter to a ${t.playoff.replaceAll("-", " ")} playoff` : "";
  const rounds = t.rounds ? `${t.rounds} round${t.rounds === 1 ? "" : "s"}, ` : "";
  return `${FORMAT_WORDS[t.format] ?? t.format}, ${rounds}${match}${playoff}`;
}
