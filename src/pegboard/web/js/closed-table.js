// A closed table's page, for whoever opens it later: the result of the games played there,
// each with its replay and review, or, for a table that never started, that nobody came.

import { api } from "./api.js";
import { h, render } from "./dom.js";
import { resultsTable, sidesOf } from "./results.js";
import { seatList } from "./waiting.js";

export class ClosedTable {
  constructor(page) {
    this.page = page;
    this.element = h("section", { class: "panel waiting-room", "data-testid": "closed-table" });
    this.loading = null;
  }

  /** The panel; its games are asked for once (a closed table never changes). */
  show(table) {
    if (!this.loading) {
      render(this.element, h("h2", {}, "The table is closed"), seatList(this.page, table));
      this.loading = this.load(table);
    }
    return this.element;
  }

  async load(table) {
    const id = this.page.tableId;
    let games;
    let last;
    let spec;
    try {
      games = await api.records(id);
      if (games.length) {
        [last, spec] = await Promise.all([
          api.record(id, games.at(-1)),
          api.games().then((all) => all.find((g) => g.name === table.game)),
        ]);
      }
    } catch (error) {
      render(this.element, h("h2", {}, "The table is closed"), h("p", {}, error.message));
      return;
    }
    if (!games.length) {
      // It never started (docs/protocol.md): a waiting table nobody came to.
      render(
        this.element,
        h("h2", {}, "The table is closed"),
        seatList(this.page, table),
        h(
          "p",
          { class: "notice" },
          "Nobody came to take the free seats for a long while. ",
          h("a", { href: "#/" }, "Back to the lobby"),
        ),
      );
      return;
    }
    const names = last.seats.map((seat) => seat.name);
    const sides = sidesOf({ players: last.players, teams: last.sides ?? last.options?.teams });
    const several = games.length > 1;
    const winners = sides.filter((seats) => last.outcome.ranks[seats[0]] === 1);
    const won = winners.map((seats) => seats.map((s) => names[s]).join(" & ")).join(" and ");
    const link = (href, key, text) => h("a", { href, "data-key": key }, text);
    render(
      this.element,
      h("h2", {}, several ? "The match is over" : "The game is over"),
      h(
        "p",
        { "data-testid": "closed-result" },
        several ? `${won} won the last of its ${games.length} games.` : `${won} won.`,
      ),
      resultsTable(last.outcome, names, sides),
      games.map((n) => {
        const replay = `#/replay/${encodeURIComponent(id)}/${n}`;
        return h(
          "p",
          { class: "closed-game" },
          link(replay, `replay-${n}`, several ? `Replay of game ${n}` : "Watch the replay"),
          spec?.review
            ? [" · ", link(`${replay}/review`, `review-${n}`, "its review")]
            : null,
        );
      }),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby")),
    );
  }
}
