// The form for a new table, built from the games' own option lists (with their bounds),
// with a person or a bot in every seat but the first, which is yours.

import { api, memory } from "./api.js";
import { h, render, toast } from "./dom.js";
import { guideByDefault, guideMemory } from "./guide.js";
import { ratedLength } from "./challenges.js";
import { joinTable } from "./player.js";
import { ensurePlayer } from "./ratings-api.js";
import { howToPlay } from "./rules.js";
import {
  BOT_LEVELS,
  choiceLabel,
  DEFAULT_BOT,
  ENDING_FIELDS,
  MORE_BOTS,
  optionLabel,
} from "./words.js";

export class CreateForm {
  constructor() {
    this.games = [];
    this.bots = [];
    this.choice = {
      game: null, // the first game the server lists, until the player picks one
      players: 2,
      seats: [],
      options: {},
      hints: true,
      rated: false, // a table setting: results change ratings (casual by default in the lobby)
      guide: null, // the guided first game: null until the player says (see `guided`)
      listed: null, // in the lobby: null until the player says (see `listed`)
      watching: true,
      chat: "on",
      match: "1", // a table setting: one game a match, best of N, or a fixed N
      matchScoring: "points",
    };
    this.element = h("form", {
      class: "panel create",
      "aria-labelledby": "create-title",
      onSubmit: (e) => this.create(e),
    });
  }

  show(games, bots) {
    this.games = games;
    this.bots = bots;
    this.pick(games.find((g) => g.name === this.choice.game) ?? games[0]);
  }

  /** Choose a game: reset the seats and options to its defaults. */
  pick(game) {
    this.game = game;
    const players = game.players.includes(this.choice.players)
      ? this.choice.players
      : game.players[0];
    this.choice = {
      game: game.name,
      players,
      seats: Array.from({ length: 8 }, (_, i) =>
        i === 0 ? null : this.bots.includes(DEFAULT_BOT) ? DEFAULT_BOT : (this.bots[0] ?? null),
      ),
      options: Object.fromEntries(game.options.map((o) => [o.name, o.default])),
      hints: this.choice.hints, // a table setting, not a game option: kept across games
      rated: this.choice.rated,
      guide: this.choice.guide, // null until the player says: then it follows the seats
      listed: this.choice.listed,
      watching: this.choice.watching,
      chat: this.choice.chat,
      match: this.choice.match,
      matchScoring: this.choice.matchScoring,
    };
    this.drawForm();
  }

  drawForm() {
    const game = this.game;
    const choice = this.choice;
    const gameField = h(
      "fieldset",
      { class: "games" },
      h("legend", {}, "Game"),
      this.games.map((g) => {
        return h(
          "label",
          {
            class: `game-choice ${g.name === game.name ? "chosen" : ""}`,
          },
          h("input", {
            type: "radio",
            name: "game",
            "data-key": `game-${g.name}`,
            value: g.name,
            checked: g.name === game.name,
            onChange: () => this.pick(g),
          }),
          h("span", {}, g.title),
          h("small", {}, `${g.players.join(", ")} players`),
        );
      }),
    );
    const players = h(
      "label",
      { class: "field" },
      h("span", {}, "Players"),
      h(
        "select",
        {
          name: "players",
          "data-key": "players",
          disabled: game.players.length === 1,
          onChange: (e) => {
            choice.players = Number(e.target.value);
            this.drawForm();
          },
        },
        game.players.map((n) =>
          h("option", { value: n, selected: n === choice.players }, String(n)),
        ),
      ),
    );
    const seats = h(
      "fieldset",
      { class: "seats" },
      h("legend", {}, "Seats"),
      Array.from({ length: choice.players }, (_, i) =>
        i === 0
          ? h(
              "div",
              { class: "field seat" },
              h("span", {}, "Seat 1"),
              h("span", { class: "fixed" }, "You"),
            )
          : h(
              "label",
              { class: "field seat" },
              h("span", {}, `Seat ${i + 1}`),
              h(
                "select",
                {
                  name: `seat-${i}`,
                  "data-key": `seat-${i}`,
                  onChange: (e) => {
                    choice.seats[i] = e.target.value || null;
                    this.drawForm();
                  },
                },
                h("option", { value: "", selected: choice.seats[i] === null }, "A person"),
                botOptions(this.bots, choice.seats[i]),
              ),
            ),
      ),
    );
    const options = h(
      "fieldset",
      { class: "options" },
      h("legend", {}, "Options"),
      game.options
        .filter((option) => !otherEnding(option.name, choice.options.end))
        .map((option) =>
          optionField(option, choice.options, () => this.drawForm(), () => this.syncRated()),
        ),
    );
    render(
      this.element,
      h("h2", { id: "create-title" }, "New table"),
      gameField,
      h("p", { class: "rules-link" }, howToPlay(game.name, { label: `How to play ${game.title}` })),
      players,
      seats,
      options,
      tableSettings(choice, game, () => this.drawForm()),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "submit", class: "primary", "data-key": "create" }, "Create table"),
      ),
    );
    this.syncRated();
  }

  /** The Rated box as the options stand: only a game of its standard length is rated (a game
   * to 15 is far more luck than one to 121), so another length shows the table unrated. */
  syncRated() {
    const box = this.element.querySelector("#table-rated");
    const help = this.element.querySelector("#table-rated-help");
    if (!box || !help) return;
    const ratable = ratedLength(this.game, this.choice.options);
    box.disabled = !ratable;
    box.checked = ratable && this.choice.rated;
    help.textContent = ratable ? RATED_HELP : unratedWords(this.game);
    help.dataset.testid = ratable ? "rated-help" : "unrated-length";
  }

  async create(event) {
    event.preventDefault();
    if (!this.element.reportValidity()) return;
    const choice = this.choice;
    const button = this.element.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      if (choice.rated) await ensurePlayer(); // before the table: a rated seat needs a player
      const table = await api.create({
        game: choice.game,
        players: choice.players,
        options: choice.options,
        bots: choice.seats.slice(0, choice.players),
        hints: Boolean(this.game?.hints) && choice.hints,
        rated: choice.rated && ratedLength(this.game, choice.options),
        listed: listed(choice),
        watching: choice.watching,
        chat: choice.chat,
        match: choice.match,
        match_scoring: choice.matchScoring,
      });
      memory.setInvite(table.id, table.invite); // the table's link: unlisted, it is the way in
      await joinTable(table.id); // the creator takes seat 1
      guideMemory.set(table.id, guided(choice));
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      toast(error.message);
      button.disabled = false;
    }
  }
}

/** The bots as levels first (easy, medium, expert, master), the research bots under "More". */
function botOptions(bots, chosen) {
  const option = (bot, label) => h("option", { value: bot, selected: chosen === bot }, label);
  const levels = BOT_LEVELS.filter(([bot]) => bots.includes(bot));
  const more = bots.filter((bot) => !levels.some(([level]) => level === bot));
  return [
    h(
      "optgroup",
      { label: "Bots" },
      levels.map(([bot, label]) => option(bot, label)),
    ),
    more.length
      ? h(
          "optgroup",
          { label: "More bots" },
          more.map((bot) =>
            option(bot, `Bot: ${bot}${MORE_BOTS[bot] ? ` (${MORE_BOTS[bot]})` : ""}`),
          ),
        )
      : null,
  ];
}

/** Whether this browser guides the player through the game: their choice, else the default. */
function guided(choice) {
  return choice.guide ?? guideByDefault(choice.game);
}

/** Whether the table is in the lobby: the player's choice, else not for a table of bots and
 * one person (nobody else could sit there; its link still lets people watch). */
function listed(choice) {
  const people = choice.seats.slice(0, choice.players).filter((seat) => seat === null).length;
  return choice.listed ?? people !== 1;
}

const RATED_HELP =
  "the results change each player's rating (a table of bots only is never rated)";

/** Why a table of another length than the game's standard one is not rated. */
export function unratedWords(game) {
  const { score_target: target, ...others } = game.rated_options ?? {};
  const also = Object.entries(others).map(([name, value]) => choiceLabel(name, value).toLowerCase());
  const length = [target ? `to ${target}` : null, ...also].filter(Boolean).join(", ");
  return `Not rated at this length: only ${game.title} ${length} is rated (a short game is mostly luck)`;
}

/** Settings of the table itself (not rules of the game): rated or casual, who sees it, the
 * chat, whether players may ask for hints, and (this browser's own) the guided first game. */
function tableSettings(choice, spec, redraw) {
  return h(
    "fieldset",
    { class: "options" },
    h("legend", {}, "Table"),
    checkField({
      id: "table-rated",
      name: "rated",
      label: "Rated",
      help: RATED_HELP,
      checked: choice.rated,
      onChange: (checked) => (choice.rated = checked),
    }),
    checkField({
      id: "table-listed",
      name: "listed",
      label: "Show it in the lobby",
      help: "otherwise only people with its link can find it, take a seat or watch",
      checked: listed(choice),
      onChange: (checked) => (choice.listed = checked),
    }),
    checkField({
      id: "table-watching",
      name: "watching",
      label: "Let people watch",
      help: "people without a seat may follow the game and read the chat (with its link, if it is not in the lobby)",
      checked: choice.watching,
      onChange: (checked) => (choice.watching = checked),
    }),
    h(
      "label",
      { class: "field" },
      h("span", {}, "Chat"),
      h(
        "select",
        {
          id: "table-chat",
          name: "chat",
          "data-key": "table-chat",
          "aria-describedby": "table-chat-help",
          onChange: (e) => (choice.chat = e.target.value),
        },
        h("option", { value: "on", selected: choice.chat === "on" }, "Messages and quick phrases"),
        h(
          "option",
          { value: "phrases", selected: choice.chat === "phrases" },
          "Quick phrases only",
        ),
      ),
      h(
        "small",
        { class: "help", id: "table-chat-help" },
        "quick phrases only: “Good luck”, “Nice hand”, “Good game”… and nothing else",
      ),
    ),
    matchFields(choice, redraw),
    checkField({
          id: "table-guide",
          name: "guide",
          label: "Guide me through my first game",
          help: "on your turn, a few words on what to do and why; you can turn it off at the table",
          checked: guided(choice),
          onChange: (checked) => (choice.guide = checked),
        }),
    spec.hints
      ? checkField({
          id: "table-hints",
          name: "hints",
          label: "Players may ask for hints",
          help: "the exact value of every discard of your hand, and in the play the cards ranked by the expert bot",
          checked: choice.hints,
          onChange: (checked) => (choice.hints = checked),
        })
      : null,
  );
}

const MATCHES = [
  ["1", "One game"],
  ["best-of-3", "Best of 3"],
  ["best-of-5", "Best of 5"],
  ["best-of-7", "Best of 7"],
  ["games-3", "3 games"],
  ["games-9", "9 games (a club night's count)"],
];

/** The match: its length, and how a fixed number of games is scored (docs/rules.md). */
function matchFields(choice, redraw) {
  const fixed = choice.match.startsWith("games-");
  return [
    h(
      "label",
      { class: "field" },
      h("span", {}, "Match"),
      h(
        "select",
        {
          id: "table-match",
          name: "match",
          "data-key": "table-match",
          "aria-describedby": "table-match-help",
          onChange: (e) => {
            choice.match = e.target.value;
            redraw(); // the scoring applies to a fixed number of games only
          },
        },
        MATCHES.map(([value, label]) =>
          h("option", { value, selected: choice.match === value }, label),
        ),
      ),
      h(
        "small",
        { class: "help", id: "table-match-help" },
        "the same players, the loser of each game dealing the next; rated once, on the match",
      ),
    ),
    h(
      "label",
      { class: "field" },
      h("span", {}, "Match scoring"),
      h(
        "select",
        {
          id: "table-match-scoring",
          name: "match_scoring",
          "data-key": "table-match-scoring",
          "aria-describedby": "table-match-scoring-help",
          disabled: !fixed,
          onChange: (e) => (choice.matchScoring = e.target.value),
        },
        h(
          "option",
          { value: "points", selected: choice.matchScoring === "points" },
          "Game points (a win 2, a skunk 3)",
        ),
        h("option", { value: "games", selected: choice.matchScoring === "games" }, "Games won"),
      ),
      h(
        "small",
        { class: "help", id: "table-match-scoring-help" },
        "for a fixed number of games; a best-of match counts games won",
      ),
    ),
  ];
}

/** A checkbox with its label and a line of help. */
function checkField({ id, name, label, help, checked, onChange }) {
  return h(
    "label",
    { class: "field check" },
    h("input", {
      type: "checkbox",
      id,
      name,
      "data-key": id,
      checked,
      "aria-describedby": `${id}-help`,
      onChange: (e) => onChange(e.target.checked),
    }),
    h("span", {}, label),
    h("small", { class: "help", id: `${id}-help` }, help),
  );
}

/** Whether an option belongs to another ending than the one chosen (deals for a game to a
 * target score): its field is not shown. */
function otherEnding(name, ending) {
  if (ending === undefined) return false;
  return Object.entries(ENDING_FIELDS).some(([end, field]) => field === name && end !== ending);
}

/** One option as a form field: a number with its bounds, a checkbox or a choice (`redraw`: the
 * form again, after the ending changes which fields it shows). */
function optionField(option, values, redraw, changed = () => {}) {
  const id = `option-${option.name}`;
  const label = optionLabel(option.name);
  const help = h("small", { class: "help", id: `${id}-help` }, option.help);
  if (option.kind === "bool") {
    return checkField({
      id,
      name: option.name,
      label,
      help: option.help,
      checked: values[option.name],
      onChange: (checked) => {
        values[option.name] = checked;
        changed();
      },
    });
  }
  if (option.kind === "choice") {
    return h(
      "label",
      { class: "field" },
      h("span", {}, label),
      h(
        "select",
        {
          id,
          name: option.name,
          "data-key": id,
          "aria-describedby": `${id}-help`,
          onChange: (e) => {
            values[option.name] = e.target.value;
            if (option.name === "end") redraw();
            else changed();
          },
        },
        option.choices.map((c) =>
          h(
            "option",
            { value: c, selected: c === values[option.name] },
            choiceLabel(option.name, c),
          ),
        ),
      ),
      help,
    );
  }
  return h(
    "label",
    { class: "field" },
    h(
      "span",
      {},
      label,
      h("span", { class: "bounds" }, ` (${option.min ?? "…"}–${option.max ?? "…"})`),
    ),
    h("input", {
      type: "number",
      id,
      name: option.name,
      "data-key": id,
      min: option.min,
      max: option.max,
      step: 1,
      required: true,
      value: values[option.name],
      "aria-describedby": `${id}-help`,
      onInput: (e) => {
        values[option.name] = Number(e.target.value);
        changed();
      },
    }),
    help,
  );
}
