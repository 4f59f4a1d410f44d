// Quick play (#/play): choose a game, the players and rated or not, press "Play now", wait on
// /ws/play while the server looks for opponents of a similar rating, then go to the table.
// Closing the page (or Cancel) closes the socket, which is leaving the queue.

import { memory, request } from "./api.js";
import { h, plural, render, toast } from "./dom.js";
import { NAME_HINT } from "./player.js";
import { CLOSE } from "./protocol.js";
import { howToPlay } from "./rules.js";

const WAITS = [0, 10, 20, 30, 60, 120, 300]; // seconds before bots fill the empty seats
const CHOICE_KEY = "pegboard.quickplay";
const RETRY = 2000; // ms before entering the queue again after the server let the socket go ...
const RETRIES = 15; // ... at most this many times in a row
const QUEUE_PING = 5000; // ms between pings while waiting (the server wants one every 10 s)

/** The choice this browser made last time, or the defaults (rated, 20 s). */
function lastChoice() {
  const fallback = { game: null, players: 2, rated: true, wait: 20 };
  try {
    return { ...fallback, ...JSON.parse(localStorage.getItem(CHOICE_KEY) ?? "{}") };
  } catch {
    return fallback;
  }
}

function minutes(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class QuickPlayPage {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.choice = lastChoice();
    this.player = null;
    this.socket = null;
    this.retries = 0;
    this.status = null; // the last `queued` message, and when it came (ms)
    this.body = h("main", { class: "quick-body" }, h("p", { class: "notice" }, "Loading…"));
    document.title = "Play now · pegboard";
    root.replaceChildren(
      h(
        "div",
        { class: "lobby quick" },
        h(
          "header",
          { class: "topbar" },
          h("a", { href: "#/", class: "brand" }, h("span", { class: "brand-peg" }), "pegboard"),
          h("div", { class: "title" }, h("h1", { class: "page-title" }, "Play now")),
          h(
            "div",
            { class: "top-actions" },
            h("a", { href: "#/", class: "button quiet", "data-key": "lobby" }, "Lobby"),
          ),
        ),
        this.body,
      ),
    );
    this.load();
  }

  destroy() {
    this.leave();
  }

  async load() {
    try {
      const [games, me] = await Promise.all([
        request("GET", "/api/games"),
        request("GET", "/api/me"),
      ]);
      this.games = games.filter((g) => g.players.some((n) => n > 1));
      this.player = me.player;
      if (!this.games.some((g) => g.name === this.choice.game)) {
        this.choice.game = this.games[0]?.name;
      }
      this.drawForm();
    } catch (error) {
      render(this.body, h("p", { class: "notice" }, `Could not load the games: ${error.message}`));
    }
  }

  get game() {
    return this.games.find((g) => g.name === this.choice.game) ?? this.games[0];
  }

  drawForm() {
    const choice = this.choice;
    const game = this.game;
    if (!game.players.includes(choice.players)) choice.players = game.players.find((n) => n > 1);
    const form = h(
      "form",
      {
        class: "panel quick-form",
        "aria-labelledby": "quick-title",
        onSubmit: (e) => this.play(e),
      },
      h("h2", { id: "quick-title" }, "Find me a game"),
      h(
        "p",
        { class: "notice" },
        "We seat you with people of about your level, looking wider the longer you wait. " +
          "Nobody about? Bots of your level take the empty seats.",
      ),
      h(
        "label",
        { class: "field" },
        h("span", {}, "Your name"),
        h("input", {
          id: "quick-name",
          name: "name",
          required: true,
          maxlength: 32,
          autocomplete: "nickname",
          "aria-describedby": "quick-name-hint",
          value: this.player?.name ?? memory.name(),
        }),
        h("span", { id: "quick-name-hint", class: "hint" }, NAME_HINT),
      ),
      h(
        "fieldset",
        { class: "games" },
        h("legend", {}, "Game"),
        this.games.map((g) =>
          h(
            "label",
            { class: `game-choice ${g.name === game.name ? "chosen" : ""}` },
            h("input", {
              type: "radio",
              name: "game",
              value: g.name,
              "data-key": `quick-game-${g.name}`,
              checked: g.name === game.name,
              onChange: () => {
                choice.game = g.name;
                this.drawForm();
              },
            }),
            h("span", {}, g.title),
            h("small", {}, `${g.players.filter((n) => n > 1).join(", ")} players`),
          ),
        ),
      ),
      h(
        "p",
        { class: "rules-link" },
        howToPlay(game.name, { label: `How to play ${game.title}` }),
      ),
      h(
        "div",
        { class: "quick-settings" },
        h(
          "label",
          { class: "field" },
          h("span", {}, "Players"),
          h(
            "select",
            {
              name: "players",
              "data-key": "quick-players",
              onChange: (e) => (choice.players = Number(e.target.value)),
            },
            game.players
              .filter((n) => n > 1)
              .map((n) => h("option", { value: n, selected: n === choice.players }, String(n))),
          ),
        ),
        h(
          "label",
          { class: "field" },
          h("span", {}, "Bots fill empty seats after"),
          h(
            "select",
            {
              name: "wait",
              "data-key": "quick-wait",
              "aria-describedby": "quick-wait-help",
              onChange: (e) => (choice.wait = Number(e.target.value)),
            },
            WAITS.map((s) =>
              h(
                "option",
                { value: s, selected: s === choice.wait },
                s === 0 ? "no wait" : s < 60 ? `${s} seconds` : plural(s / 60, "minute"),
              ),
            ),
          ),
          h(
            "small",
            { class: "help", id: "quick-wait-help" },
            "how long to look for people before bots join",
          ),
        ),
        h(
          "label",
          { class: "field check" },
          h("input", {
            type: "checkbox",
            id: "quick-rated",
            name: "rated",
            "data-key": "quick-rated",
            checked: choice.rated,
            "aria-describedby": "quick-rated-help",
            onChange: (e) => (choice.rated = e.target.checked),
          }),
          h("span", {}, "Rated game"),
          h(
            "small",
            { class: "help", id: "quick-rated-help" },
            "the result changes your rating; a casual game changes nothing",
          ),
        ),
      ),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "submit", class: "primary big", "data-key": "play-now" }, "Play now"),
      ),
    );
    render(this.body, form);
  }

  /** Sign in as a guest (or take the new name), then enter the queue. */
  async play(event) {
    event.preventDefault();
    const form = event.target;
    if (!form.reportValidity()) return;
    const name = form.elements.name.value.trim();
    const button = form.querySelector("[data-key=play-now]");
    button.disabled = true;
    try {
      if (!this.player || this.player.name !== name) {
        this.player = (await request("POST", "/api/me", { name })).player;
      }
      memory.setName(this.player.name);
      localStorage.setItem(CHOICE_KEY, JSON.stringify(this.choice));
      this.retries = 0;
      this.enter();
    } catch (error) {
      toast(error.message);
      button.disabled = false;
    }
  }

  enter() {
    const { game, players, rated, wait } = this.choice;
    const query = new URLSearchParams({
      game,
      players: String(players),
      rated: String(rated),
      wait: String(wait),
    });
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = (this.socket = new WebSocket(`${scheme}://${location.host}/ws/play?${query}`));
    this.status = null;
    this.drawWaiting();
    this.ticker = setInterval(() => this.drawStatus(), 1000);
    // The queue seats only people whose socket answered recently: say we are here.
    this.pinger = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, QUEUE_PING);
    ws.onmessage = (message) => this.receive(JSON.parse(message.data));
    ws.onclose = (event) => this.closed(ws, event.code);
  }

  receive(message) {
    if (message.type === "queued") {
      this.retries = 0; // in the queue again
      this.status = { ...message, at: Date.now() };
      this.drawStatus();
    } else if (message.type === "seated") {
      this.seated = true;
      memory.setToken(message.table, message.token);
      this.leave();
      location.hash = `#/table/${encodeURIComponent(message.table)}`;
    } else if (message.type === "error") {
      this.refused = message;
    }
  }

  /** The socket has gone: refused (say why), let go by a stopping server (enter again), or
   * dropped. */
  closed(ws, code) {
    if (ws !== this.socket) return; // cancelled, or seated: nothing to do
    this.stopWaiting();
    const refused = this.refused;
    this.refused = null;
    // Back after a dropped connection (or just after Cancel), the server may not have seen
    // this page's old socket go yet: try again.
    const recently = this.retries > 0 || Date.now() - (this.left ?? 0) < 5000;
    const stale = refused?.code === "already-queued" && recently;
    if ((refused || code === CLOSE.gone) && !stale) {
      toast(refused?.message ?? "The queue refused you");
      this.drawForm();
      return;
    }
    if (this.retries++ >= RETRIES) {
      toast("Lost the connection to the queue: press Play now again");
      this.drawForm();
      return;
    }
    this.retry = setTimeout(() => this.enter(), RETRY);
  }

  stopWaiting() {
    clearInterval(this.ticker);
    clearInterval(this.pinger);
    clearTimeout(this.retry);
    this.socket = null;
  }

  /** Out of the queue: closing the socket is leaving it. */
  leave() {
    const ws = this.socket;
    this.stopWaiting();
    if (ws) {
      this.left = Date.now();
      ws.onclose = ws.onmessage = null;
      ws.close();
    }
  }

  cancel() {
    this.leave();
    this.drawForm();
    this.body.querySelector("[data-key=play-now]")?.focus();
  }

  drawWaiting() {
    const game = this.game;
    const { players, rated } = this.choice;
    // Told as they change (aria-live): who else looks, and the range. The clock and the
    // countdown change every second, so they are shown, not announced.
    this.facts = h("ul", { class: "quick-facts" });
    this.clock = h("p", { class: "quick-clock" }, "0:00");
    this.countdown = h("p", { class: "quick-countdown" });
    render(
      this.body,
      h(
        "section",
        { class: "panel quick-waiting", "aria-labelledby": "waiting-title" },
        h("div", { class: "quick-pegs", "aria-hidden": "true" }, h("span"), h("span"), h("span")),
        h("h2", { id: "waiting-title" }, "Looking for players…"),
        h(
          "p",
          { class: "quick-choice" },
          `${game.title}, ${plural(players, "player")}, ${rated ? "rated" : "casual"}`,
        ),
        this.clock,
        h("div", { role: "status", "aria-live": "polite" }, this.facts),
        this.countdown,
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            { type: "button", "data-key": "cancel", onClick: () => this.cancel() },
            "Cancel",
          ),
        ),
      ),
    );
    this.body.querySelector("[data-key=cancel]").focus();
    this.drawStatus();
  }

  /** Time waited (counted here between the server's messages), who else looks, the range. */
  drawStatus() {
    const status = this.status;
    if (!this.facts) return;
    if (!status) {
      this.facts.replaceChildren(h("li", {}, "Joining the queue…"));
      return;
    }
    const since = (Date.now() - status.at) / 1000;
    const botsIn = Math.max(0, Math.ceil(status.bots_in - since));
    this.clock.textContent = minutes(status.waited + since);
    this.countdown.textContent =
      botsIn > 0 ? `Bots take the empty seats in ${plural(botsIn, "second")}` : "Seating you…";
    const others = status.size - 1;
    const facts = [
      others
        ? `${plural(others, "other player")} looking for the same game`
        : "Nobody else is looking for this game yet",
      `Opponents rated ${status.range[0]}–${status.range[1]} (you: ${status.rating})`,
    ];
    if (facts.join("|") !== this.told) {
      this.told = facts.join("|");
      this.facts.replaceChildren(...facts.map((fact) => h("li", {}, fact)));
    }
  }
}
