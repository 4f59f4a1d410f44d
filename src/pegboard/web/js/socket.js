// One table's WebSocket: welcome/update/resync bookkeeping, catch-up and reconnection.

import { memory } from "./api.js";
import { CLOSE } from "./protocol.js";

// ms: a ping keeps idle connections (and proxies) awake; a server that sends nothing at all
// (not even the pong) for `wait` after it is frozen or cut off: we reconnect, maybe to another
// worker that has taken the table over. Tests shorten both (globalThis.PEGBOARD_SOCKET_TIMING).
const TIMING = { ping: 25_000, wait: 10_000, ...(globalThis.PEGBOARD_SOCKET_TIMING ?? {}) };
const RETRY = [500, 1000, 2000, 4000]; // ms between reconnection attempts
const MOVES = 2; // sent on (CLOSE.moved) at most this often in a row before pausing as usual

/**
 * Keeps the latest `table`, `seat`, `view`, `version` and every event seen in this match.
 * `onChange(state)` is called after every message that changed something;
 * `onError(message, code)` when the server refused something (nothing changed).
 */
export class TableSocket {
  constructor(tableId, token, { onChange, onError, onFair }) {
    this.tableId = tableId;
    this.token = token;
    this.onChange = onChange;
    this.onError = onError;
    this.onFair = onFair; // the verifiable deals' messages (fair-panel.js)
    this.state = {
      table: null,
      seat: null,
      slot: null,
      view: null,
      version: 0,
      events: [],
      chat: [], // the table's chat so far (the last messages), oldest first
    };
    this.match = null; // the events belong to this match of the table
    this.offset = 0; // server clock - local clock, in seconds
    this.closed = false;
    this.attempt = 0;
    this.connected = false;
    // The worker that owns the table, as the load balancer names it: the join's answer said
    // it, else null (any worker, which sends the socket on to it).
    this.route = memory.route(tableId);
    this.moves = 0; // times sent on since the last welcome
    this.open();
  }

  /** Server time now, in the server's clock seconds. */
  serverNow() {
    return Date.now() / 1000 + this.offset;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ since: String(this.state.events.length) });
    if (this.token) query.set("token", this.token);
    const invite = memory.invite(this.tableId); // the key of an unlisted table's link
    if (invite) query.set("invite", invite);
    query.set("route", this.route ?? ""); // we follow CLOSE.moved; "" for any worker
    const url = `${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}?${query}`;
    const ws = (this.ws = new WebSocket(url));
    ws.onopen = () => {
      this.attempt = 0;
      this.connected = true;
      this.pinger = setInterval(() => this.ping(), TIMING.ping);
      if (this.leaving && this.send({ type: "leave" })) this.leaving(true); // asked while away
    };
    ws.onmessage = (message) => {
      clearTimeout(this.silence); // the server is alive
      this.silence = null;
      this.receive(JSON.parse(message.data));
    };
    ws.onclose = (event) => this.dropped(event.code, event.reason);
  }

  /** Ping, and give up on this socket if nothing at all comes back in time. */
  ping() {
    if (!this.send({ type: "ping" }) || this.silence) return;
    this.silence = setTimeout(() => {
      const ws = this.ws;
      ws.onclose = ws.onmessage = null; // a frozen server may never finish the close
      ws.close();
      this.dropped(1006);
    }, TIMING.wait);
  }

  /**
   * The socket is gone: come back after a pause, unless the server said not to (CLOSE.gone),
   * or at once by the route it named (CLOSE.moved: the worker that owns the table). A route
   * already asked for, or too many moves in a row, is not followed at once: no loop.
   */
  dropped(code, reason = "") {
    clearInterval(this.pinger);
    clearTimeout(this.silence);
    this.silence = null;
    this.connected = false;
    if (this.closed) return;
    if (code === CLOSE.gone) {
      this.onError?.("This seat is not valid here", "seat-closed");
      return;
    }
    if (code === CLOSE.moved && reason && reason !== this.route && this.moves < MOVES) {
      this.route = reason;
      memory.setRoute(this.tableId, reason); // the next visit asks for it at once
      this.moves += 1;
      this.open(); // with the same `since`: nothing was missed
      return;
    }
    this.onChange?.(this.state); // shows "reconnecting"
    const wait = RETRY[Math.min(this.attempt++, RETRY.length - 1)];
    this.retry = setTimeout(() => this.open(), wait);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    clearTimeout(this.silence);
    this.ws?.close();
  }

  send(message) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /**
   * Play an action made on the version of the view we have. While reconnecting, the last
   * one waits and is sent if the game has not moved on meanwhile (else it is dropped).
   */
  act(action) {
    const message = { type: "act", version: this.state.version, action };
    if (this.send(message)) return true;
    this.pending = message;
    return false;
  }

  /**
   * Leave the game for good (the server then counts us out, not away). Resolves true once
   * `leave` has gone out, ahead of the socket's close; false if the table could not be reached
   * within `wait` ms (then the seat's grace period will take us out instead).
   */
  leave(wait = 5000) {
    if (this.send({ type: "leave" })) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.leaving?.(false), wait);
      this.leaving = (sent) => {
        clearTimeout(timer);
        this.leaving = null;
        resolve(sent);
      };
    });
  }

  /** Ask for the discard hint; the answer lands in `state.hint` (false: not connected). */
  hint() {
    return this.send({ type: "hint" });
  }

  /** Say something at the table (false: not connected). */
  say(text) {
    return this.send({ type: "chat", text });
  }

  /** Say one of the quick phrases, by its key (false: not connected). */
  phrase(key) {
    return this.send({ type: "chat", phrase: key });
  }

  receive(message) {
    const state = this.state;
    if (message.table) this.setTable(message.table);
    switch (message.type) {
      case "welcome":
      case "resync":
        if (message.type === "welcome") this.moves = 0;
        state.seat = message.seat;
        state.slot = message.slot;
        state.chat = message.chat ?? []; // none for people watching where nobody may
        if (message.invite) memory.setInvite(this.tableId, message.invite); // ours to pass on
        if (message.fair) this.onFair?.({ type: "summary", ...message.fair }, state);
        if (message.view === undefined) break; // no game yet
        if (this.match !== message.table.match && message.from > 0) {
          // A new match began while we were away: our events belong to the old one.
          this.match = message.table.match;
          this.send({ type: "resync", since: 0 });
          return;
        }
        this.match = message.table.match;
        this.apply(message);
        if (this.pending?.version === state.version) this.send(this.pending);
        this.pending = null;
        break;
      case "update":
        if (message.from > state.events.length) {
          this.send({ type: "resync", since: state.events.length }); // a gap: ask again
          return;
        }
        this.match = message.table?.match ?? this.match;
        this.apply(message);
        break;
      case "hint":
        state.hint = message; // for this socket only: every discard of our own hand
        break;
      case "chat":
        if (message.message.n > (state.chat.at(-1)?.n ?? 0)) state.chat.push(message.message);
        break;
      case "error":
        this.onError?.(message.message, message.code);
        return;
      case "table":
        break;
      case "commit":
      case "seed":
      case "reveal":
        this.onFair?.(message, state);
        return;
      default:
        return; // pong
    }
    this.onChange?.(state);
  }

  /** Events continue from `from`; a new match starts again from 0. */
  apply(message) {
    const state = this.state;
    state.events = state.events.slice(0, message.from).concat(message.events ?? []);
    state.view = message.view;
    state.version = message.version;
    state.seat = message.view?.seat ?? null; // seats are reshuffled at every rematch
  }

  setTable(table) {
    this.state.table = table;
    if (typeof table.now === "number") this.offset = table.now - Date.now() / 1000;
  }
}
