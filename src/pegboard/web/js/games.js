// Each game's module of the web client, loaded by the name the server gives it (GET /api/games:
// a game's `client`). A game module exports `table(page)` (the live table) and
// `replay(page, state)` (one step of a replay); nothing else in the client names a game. A game
// of another package names its module's path on the server (GET /api/games/NAME/client.js).

const loaded = new Map();
let retries = 0; // every retry asks for a URL of its own: see load

/** The client module of a game spec (or of a bare client name), loaded once. */
export function gameModule(specOrName) {
  const client = typeof specOrName === "string" ? specOrName : specOrName.client;
  if (!loaded.has(client)) {
    const loading = load(client.startsWith("/") ? client : `./${client}.js`);
    loaded.set(client, loading);
    // A failure is not kept: the next table or replay that asks loads it afresh.
    loading.catch(() => loaded.delete(client));
  }
  return loaded.get(client);
}

/** The module at `url`, tried twice: one dropped fetch must not leave a table that cannot
 * load its game. A browser remembers a module that failed under its URL and fails every
 * import of that URL at once, so the second try asks for the same file by another URL. */
function load(url) {
  const again = `${url}${url.includes("?") ? "&" : "?"}retry=${++retries}`;
  return import(url).catch(() => import(again));
}
