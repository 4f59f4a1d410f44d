// The tournaments (#/tournaments): upcoming, running and finished, and a form to make one
// (an account only).

import { api } from "./api.js";
import { h, render, toast } from "./dom.js";
import { ratingsFrame } from "./leaderboard.js";
import { ratingsApi } from "./ratings-api.js";
import { describeFormat, gameWords, matchWords, roundWords, tournamentsApi } from "./tournaments-api.js";

const SECTIONS = [
  ["running", "Running"],
  ["upcoming", "Upcoming"],
  ["finished", "Finished"],
];

export class TournamentsPage {
  constructor(root) {
    this.body = h(
      "main",
      { class: "ratings-body tournaments", id: "main" },
      h("p", { class: "notice" }, "Loading the tournaments…"),
    );
    ratingsFrame(root, "Tournaments", this.body);
    this.load();
  }

  destroy() {}

  async load() {
    try {
      const [listing, me, games] = await Promise.all([
        tournamentsApi.list(),
        ratingsApi.me(),
        api.games(),
      ]);
      this.show(listing, me, games);
    } catch (error) {
      render(this.body, h("p", { class: "notice" }, `Could not load: ${error.message}`));
      toast(error.message);
    }
  }

  show(listing, me, games) {
    document.title = "Tournaments · pegboard";
    render(
      this.body,
      SECTIONS.map(([key, title]) =>
        h(
          "section",
          { class: "panel", "aria-labelledby": `t-${key}` },
          h("h2", { id: `t-${key}` }, title),
          listing[key].length
            ? h("ul", { class: "tournament-list" }, listing[key].map((t) => item(t, games)))
            : h("p", { class: "notice" }, `No ${title.toLowerCase()} tournaments.`),
        ),
      ),
      me?.kind === "account"
        ? createForm(games)
        : h(
            "section",
            { class: "panel" },
            h("h2", {}, "Make a tournament"),
            h("p", { class: "notice" }, "Sign in with an account (in the lobby) to make one."),
          ),
    );
  }
}

function item(t, games) {
  const when =
    t.status === "upcoming"
      ? t.start_when
        ? `starts when ${t.start_when} have joined`
        : `starts ${new Date(t.start_at * 1000).toLocaleString()}`
      : t.status === "running"
        ? roundWords(t.round, t.rounds).toLowerCase()
        : "finished";
  return h(
    "li",
    {},
    h("a", { href: `#/tournament/${encodeURIComponent(t.id)}` }, t.name),
    h(
      "span",
      { class: "hint" },
      ` ${gameWords(t, games)} · ${describeFormat(t)} · ${t.entrants} entered · ${when}`,
    ),
  );
}

function field(label, input, help) {
  return h("label", { class: "field" }, h("span", {}, label), input, help ? h("span", { class: "help" }, help) : null);
}

/** Every game and player count the server has, as the form offers them: each count of each
 * game, and its teams where a game offers the ``teams`` option (docs/rules.md, "Tournaments":
 * partners are drawn at each table). */
export function tableChoices(games) {
  const out = [];
  for (const game of games) {
    const teams = game.options.some((o) => o.name === "teams");
    for (const players of game.players) {
      out.push({ game: game.name, players, teams: false, words: `${game.title}, ${players} players` });
      if (teams && players === 4)
        out.push({ game: game.name, players, teams: true, words: `${game.title}, teams of two` });
    }
  }
  return out;
}

function createForm(games) {
  const choices = tableChoices(games);
  const name = h("input", { type: "text", maxlength: 64, required: true, "data-key": "t-name" });
  const table = h(
    "select",
    { "data-key": "t-game" },
    choices.map((c, i) => h("option", { value: String(i) }, c.words)),
  );
  const format = h(
    "select",
    { "data-key": "t-format" },
    h("option", { value: "swiss" }, "Swiss"),
    h("option", { value: "round-robin" }, "Round robin"),
    h("option", { value: "acc" }, "ACC qualifying"),
  );
  const rounds = h("input", { type: "number", min: 1, max: 40, value: 3, "data-key": "t-rounds" });
  const match = h(
    "select",
    { "data-key": "t-match" },
    ["1", "best-of-3", "best-of-5", "games-2"].map((m) => h("option", { value: m }, matchWords(m))),
  );
  const playoff = h(
    "select",
    { "data-key": "t-playoff" },
    h("option", { value: "" }, "none"),
    h("option", { value: "best-of-3" }, "best of 3"),
    h("option", { value: "best-of-5" }, "best of 5"),
  );
  const target = h("input", { type: "number", min: 5, max: 121, value: 121, "data-key": "t-target" });
  const turn = h("input", { type: "number", min: 5, max: 600, value: 60, "data-key": "t-turn" });
  const size = h("input", { type: "number", min: 2, max: 256, value: 8, "data-key": "t-size" });
  const bots = h("input", { type: "checkbox", checked: true, "data-key": "t-bots" });
  const rated = h("input", { type: "checkbox", "data-key": "t-rated" });
  const form = h(
    "form",
    {
      class: "panel tournament-form",
      "aria-labelledby": "t-make",
      onSubmit: async (event) => {
        event.preventDefault();
        const chosen = choices[Number(table.value)];
        const game = games.find((g) => g.name === chosen.game);
        const options = {};
        if (game.options.some((o) => o.name === "score_target")) options.score_target = Number(target.value);
        if (chosen.teams) options.teams = true;
        try {
          const made = await tournamentsApi.create({
            name: name.value,
            game: chosen.game,
            players: chosen.players,
            format: format.value,
            rounds: format.value === "round-robin" ? null : Number(rounds.value),
            match: match.value,
            playoff: playoff.value || null,
            turn_time: Number(turn.value),
            options,
            start_when: Number(size.value),
            bots: bots.checked,
            rated: rated.checked,
          });
          location.hash = `#/tournament/${encodeURIComponent(made.id)}`;
        } catch (error) {
          toast(error.message);
        }
      },
    },
    h("h2", { id: "t-make" }, "Make a tournament"),
    h("p", { class: "hint" }, "It starts when the field is full, or when you start it (bots fill the places, if you let them)."),
    field("Name", name),
    field("Game", table, "At tables of three or four: a Swiss grouped by the standings, partners drawn at each table."),
    field("Format", format),
    field("Rounds", rounds, "A round robin plays everyone once."),
    field("Match", match),
    field("Playoff", playoff, "ACC: one in four qualify, byes to the top seeds."),
    field("Points to win", target),
    field("Seconds a move", turn),
    field("Entrants", size, "Starts when this many have joined."),
    h("label", { class: "field check" }, bots, h("span", {}, "Bots fill the empty places")),
    h("label", { class: "field check" }, rated, h("span", {}, "Rated")),
    h("button", { type: "submit", class: "primary" }, "Make it"),
  );
  return form;
}
