// The lobby: your name, the open tables to join or watch, and the form for a new table.

import { api, joinTable, memory } from "./api.js";
import { CreateForm } from "./create.js";
import { h, render, toast } from "./dom.js";
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
      placeholder: "Ann",
      onInput: (event) => memory.setName(event.target.value),
    });
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
          h("div", { class: "top-actions" }, howToPlay("cribbage")),
        ),
        h(
          "main",
          { class: "lobby-body" },
          h(
            "section",
            { class: "panel you" },
            h("label", { for: "player-name" }, "Your name at the table"),
            this.nameInput,
          ),
          h(
            "section",
            { class: "panel open-tables", "aria-labelledby": "tables-title" },
            h("h2", { id: "tables-title" }, "Open tables"),
            this.tables,
          ),
          this.form.element,
        ),
      ),
    );
    this.load();
    this.timer = setInterval(() => this.refresh(), REFRESH);
  }

  destroy() {
    clearInterval(this.timer);
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
  if (table.chat === "phrases") parts.push("quick phrases only");
  if (table.watching === false) parts.push("no watchers");
  return parts.join(" · ");
}
