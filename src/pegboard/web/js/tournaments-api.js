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

/** A match's name as words: "1" one game, "best-of-3" best of 3, "games-9" 9 games (a
 * tournament stored before match play says "one-game" and "9-games"). */
export function matchWords(name) {
  if (name === "1" || name === "one-game") return "one game";
  if (name.startsWith("games-")) return `${name.slice(6)} games`;
  return name.replaceAll("-", " ");
}

/** "Swiss, 3 rounds, best of 3, tables of 4" and the like. */
export function describeFormat(t) {
  const match = matchWords(t.match);
  const playoff = t.playoff ? `, top quarter to a ${matchWords(t.playoff)} playoff` : "";
  const rounds = t.rounds ? `${t.rounds} round${t.rounds === 1 ? "" : "s"}, ` : "";
  const tables = t.players > 2 ? `, tables of ${t.players}` : "";
  return `${FORMAT_WORDS[t.format] ?? t.format}, ${rounds}${match} a round${playoff}${tables}`;
}

/** The game a tournament plays, as its pages name it: "Cribbage", with the points to win and
 * the seconds a move where its settings are at hand ("Cribbage to 121, 60 s a move"). */
export function gameWords(t, games) {
  const title = games.find((g) => g.name === t.game)?.title ?? t.game;
  const target = t.settings?.options?.score_target;
  const turn = t.settings?.turn_time;
  return `${title}${target ? ` to ${target}` : ""}${turn ? `, ${turn} s a move` : ""}`;
}

/** Where a running tournament is after `played` rounds of `rounds`: "Round 2 of 3", and past
 * the qualifying rounds, "Playoff round 1" (not "Round 4 of 3"). */
export function roundWords(played, rounds) {
  if (!rounds) return `Round ${played}`;
  return played > rounds ? `Playoff round ${played - rounds}` : `Round ${played} of ${rounds}`;
}
