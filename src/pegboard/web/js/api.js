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

export const api = {
  games: () => request("GET", "/api/games"),
  bots: () => request("GET", "/api/bots"),
  rules: (game) => request("GET", `/api/rules/${encodeURIComponent(game)}`),
  tables: () => request("GET", "/api/tables"),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => request("POST", "/api/tables", spec),
  join: (id, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { name }),
  records: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/records`),
  record: (id, match) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/records/${encodeURIComponent(match)}`),
};

const NAME_KEY = "pegboard.name";
const seatKey = (tableId) => `pegboard.seat.${tableId}`;

export const memory = {
  name: () => localStorage.getItem(NAME_KEY) ?? "",
  setName: (name) => localStorage.setItem(NAME_KEY, name.trim()),
  /** The seat token kept for a table: it *is* the seat, so a reload keeps it. */
  token: (tableId) => localStorage.getItem(seatKey(tableId)),
  setToken: (tableId, token) => localStorage.setItem(seatKey(tableId), token),
  forget: (tableId) => localStorage.removeItem(seatKey(tableId)),
};

/** Join a table with the remembered name and keep the token. */
export async function joinTable(tableId) {
  const joined = await api.join(tableId, memory.name());
  memory.setToken(tableId, joined.token);
  return joined;
}
