// The lobby: who you are (your name, your account), the open tables to join or watch, and the
// form for a new table.

import { AccountDialog } from "./account.js";
import { api, memory } from "./api.js";
import { CreateForm } from "./create.js";
import { h, render, toast } from "./dom.js";
import { account, currentPlayer, joinTable, NAME_HINT, onPlayer } from "./player.js";
import { topLinks } from "./leaderboard.js";
import { ensurePlayer } from "./ratings-api.js";
import { howToPlay } from "./rules.js";

const REFRESH = 4000; // ms between lobby refreshes

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.nameInput = h("input", {
      id: "player-name",
      value: memory.name(),
      maxlength: 32,
      autocomplete: "nickname",
      "aria-describedby": "player-name-hint",
      onInput: (event) => memory.setName(event.target.value),
      // The name makes the guest (or renames the player): an identity before any join.
      onChange: (event) => account.name(event.target.value).catch((e) => toast(e.message)),
    });
    this.who = h("span", { class: "who" });
    this.dialog = new AccountDialog();
    this.accountButton = h(
      "button",
      { type: "button", "data-key": "account", onClick: () => this.dialog.open() },
      "Log in or make an account",
    );
    this.tables = h("div", { class: "tables" }, h("p", { class: "notice" }, "Loading tables…"));
    this.form = new CreateForm();
    root.replaceChildren(
      h(
        "div",
        { class: "lobby" },
        h(
          "header",
          { class: "topbar" },
          h("a", { href: "#/", class: "brand" }, h("span", { class: "brand-peg" }), "pegboard"),
          h(
            "div",
            { class: "title" },
            h("h1", { class: "page-title" }, "Cribbage and friends, online"),
          ),
          h("div", { class: "top-actions" }, topLinks(), howToPlay()),
        ),
        h(
          "main",
          { class: "lobby-body" },
          h(
            "section",
            { class: "panel quick-entry", "aria-labelledby": "quick-entry-title" },
            h("h2", { id: "quick-entry-title" }, "Quick play"),
            h("p", { class: "notice" }, "Opponents of your level in seconds, bots if nobody comes."),
            h(
              "a",
              { href: "#/play", class: "button primary", "data-key": "play-now" },
              "Play now",
            ),
            " ",
            h("a", { href: "#/daily", class: "button", "data-key": "daily" }, "Daily challenge"),
          ),
          h(
            "section",
            { class: "panel you" },
            h("label", { for: "player-name" }, "Your name at the table"),
            this.nameInput,
            h("span", { id: "player-name-hint", class: "hint" }, NAME_HINT),
            h("span", { class: "you-account" }, this.who, this.accountButton),
          ),
          h(
            "section",
            { class: "panel open-tables", "aria-labelledby": "tables-title" },
            h("h2", { id: "tables-title" }, "Open tables"),
            this.tables,
          ),
          this.form.element,
        ),
        this.dialog.element,
      ),
    );
    this.stopWatching = onPlayer((player) => this.showPlayer(player));
    currentPlayer().then((player) => this.showPlayer(player));
    this.load();
    this.timer = setInterval(() => this.refresh(), REFRESH);
  }

  destroy() {
    clearInterval(this.timer);
    this.stopWatching();
  }

  /** Guest or account, as text (a name is never markup). */
  showPlayer(player) {
    if (player && document.activeElement !== this.nameInput) this.nameInput.value = player.name;
    if (!player) this.nameInput.value = memory.name();
    if (player?.kind === "account") {
      render(this.who, "Signed in as ", h("strong", { class: "player-username" }, player.username));
      this.accountButton.textContent = "Account";
    } else {
      render(this.who, player ? "Playing as a guest" : "");
      this.accountButton.textContent = "Log in or make an account";
    }
  }

  async load() {
    try {
      const [games, bots] = await Promise.all([api.games(), api.bots()]);
      this.form.show(games, bots);
    } catch (error) {
      toast(error.message);
    }
    this.refresh();
  }

  async refresh() {
    try {
      this.showTables(await api.tables());
    } catch (error) {
      render(
        this.tables,
        h("p", { class: "notice" }, `Could not load the tables: ${error.message}`),
      );
    }
  }

  showTables(tables) {
    if (!tables.length) {
      render(this.tables, h("p", { class: "notice" }, "No open tables. Make one below!"));
      return;
    }
    render(
      this.tables,
      h(
        "ul",
        { class: "table-list" },
        tables.map((table) => {
          const mine = memory.token(table.id) !== null;
          const free = table.slots.filter((slot) => slot === null).length;
          const open = async () => {
            if (mine || !free || table.status !== "waiting") {
              location.hash = `#/table/${table.id}`;
              return;
            }
            try {
              if (table.rated) await ensurePlayer(); // a rated seat is a known player's
              await joinTable(table.id);
              location.hash = `#/table/${table.id}`;
            } catch (error) {
              toast(error.message);
              this.refresh();
            }
          };
          const label = mine
            ? "Back to my seat"
            : free && table.status === "waiting"
              ? "Join"
              : table.watching === false
                ? "No watchers"
                : "Watch";
          return h(
            "li",
            { class: "table-row", "data-table": table.id },
            h(
              "div",
              { class: "table-info" },
              h("strong", {}, table.title),
              h(
                "span",
                { class: `status status-${table.status}` },
                table.status === "waiting" ? `${free} free` : table.status,
              ),
              h("span", { class: "meta" }, summary(table)),
              h(
                "span",
                { class: "players" },
                table.slots.map((slot) => (slot ? slot.name : "—")).join(" · "),
              ),
            ),
            h(
              "button",
              {
                type: "button",
                class: label === "Join" ? "primary" : "",
                "data-key": `open-${table.id}`,
                disabled: label === "No watchers",
                onClick: open,
              },
              label,
            ),
          );
        }),
      ),
    );
  }
}

function summary(table) {
  const o = table.options ?? {};
  const parts = [`${table.players} players`];
  if (o.score_target && (o.end ?? "target") === "target") parts.push(`to ${o.score_target}`);
  if (o.counting) parts.push(`${o.counting} counting`);
  if (table.hints) parts.push("hints allowed");
  parts.push(table.rated ? "rated" : "casual");
  if (table.chat === "phrases") parts.push("quick phrases only");
  if (table.watching === false) parts.push("no watchers");
  return parts.join(" · ");
}
