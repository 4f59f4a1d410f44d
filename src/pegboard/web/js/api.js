// REST calls and what the browser remembers: the player's name and a seat token per table.

export async function request(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = data.error ?? data.detail;
    const message = typeof detail === "string" ? detail : `request failed (${response.status})`;
    throw new Error(message);
  }
  return data;
}

/**
 * `/api/tables/ID/…` with what opens a table that is not listed: the key of its link, and
 * our seat's token there (docs/protocol.md, "Private tables"); the token also says which
 * seat of a finished game was ours.
 */
function tablePath(id, rest = "") {
  const query = new URLSearchParams();
  const invite = memory.invite(id);
  const token = memory.token(id);
  if (invite) query.set("invite", invite);
  if (token) query.set("token", token);
  const path = `/api/tables/${encodeURIComponent(id)}${rest}`;
  return query.toString() ? `${path}?${query}` : path;
}

export const api = {
  games: () => request("GET", "/api/games"),
  bots: () => request("GET", "/api/bots"),
  rules: (game) => request("GET", `/api/rules/${encodeURIComponent(game)}`),
  tables: () => request("GET", "/api/tables"),
  table: (id) => request("GET", tablePath(id)),
  create: (spec) => request("POST", "/api/tables", spec),
  join: (id, name, fair = {}) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/join`, {
      name,
      invite: memory.invite(id) ?? undefined,
      ...fair, // verifiable deals: a seed for hand 1, and the commitment it answers
    }),
  records: (id) => request("GET", tablePath(id, "/records")),
  record: (id, match) => request("GET", tablePath(id, `/records/${encodeURIComponent(match)}`)),
  /** What was said during a finished match (for those who could read it at the table). */
  recordChat: (id, match) =>
    request("GET", tablePath(id, `/records/${encodeURIComponent(match)}/chat`)),
  /** A finished match's review; `{status: "queued"}` while it is being made. */
  review: (id, match) =>
    request("GET", tablePath(id, `/records/${encodeURIComponent(match)}/review`)),
  seat: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/seat`),
  // Players and accounts (docs/protocol.md): the session is an HttpOnly cookie.
  me: () => request("GET", "/api/me"),
  setMe: (name) => request("POST", "/api/me", { name }),
  claim: (username, password) => request("POST", "/api/account", { username, password }),
  login: (username, password) => request("POST", "/api/login", { username, password }),
  logout: () => request("POST", "/api/logout", {}),
  password: (current, password) => request("POST", "/api/password", { current, password }),
};

const NAME_KEY = "pegboard.name";
const seatKey = (tableId) => `pegboard.seat.${tableId}`;
const inviteKey = (tableId) => `pegboard.invite.${tableId}`;
const routeKey = (tableId) => `pegboard.route.${tableId}`;

export const memory = {
  name: () => localStorage.getItem(NAME_KEY) ?? "",
  setName: (name) => localStorage.setItem(NAME_KEY, name.trim()),
  /** The seat token kept for a table: it *is* the seat, so a reload keeps it. */
  token: (tableId) => localStorage.getItem(seatKey(tableId)),
  setToken: (tableId, token) => localStorage.setItem(seatKey(tableId), token),
  forget: (tableId) => localStorage.removeItem(seatKey(tableId)),
  /** Forget the name and every seat (logging out of a shared computer). */
  forgetAll: () => {
    for (const key of Object.keys(localStorage)) {
      if (key === NAME_KEY || key.startsWith("pegboard.seat.")) localStorage.removeItem(key);
    }
  },
  /** The key of a table's link (an unlisted table opens with it only), kept from the link. */
  invite: (tableId) => localStorage.getItem(inviteKey(tableId)),
  setInvite: (tableId, key) => localStorage.setItem(inviteKey(tableId), key),
  /** The route of the worker that owns a table (several workers: a join's answer says it),
   * asked for by its first socket so that it lands there. */
  route: (tableId) => localStorage.getItem(routeKey(tableId)),
  setRoute: (tableId, route) => {
    if (route) localStorage.setItem(routeKey(tableId), route);
    else localStorage.removeItem(routeKey(tableId));
  },
};
