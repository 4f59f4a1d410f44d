// Each game's module of the web client, loaded by the name the server gives it (GET /api/games:
// a game's `client`). A game module exports `table(page)` (the live table) and
// `replay(page, state)` (one step of a replay); nothing else in the client names a game. A game
// of another package names its module's path on the server (GET /api/games/NAME/client.js).

const loaded = new Map();

/** The client module of a game spec (or of a bare client name), loaded once. */
export function gameModule(specOrName) {
  const client = typeof specOrName === "string" ? specOrName : specOrName.client;
  if (!loaded.has(client))
    loaded.set(client, import(client.startsWith("/") ? client : `./${client}.js`));
  return loaded.get(client);
}
