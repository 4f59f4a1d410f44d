// How to play: a game's rules page. The rules text is the package's own (the file
// `pegboard rules` prints), rendered by the server; the worked examples' numbers come from the
// scoring code; here they get card pictures, the options in plain words and the keys.

import { api } from "./api.js";
import { cardView } from "./cards.js";
import { h, render, toast } from "./dom.js";
import { gameModule } from "./games.js";
import { itemPhrase } from "./narrate.js";
import { choiceLabel, KEYS, optionLabel, POWER_WORDS } from "./words.js";

export class RulesPage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.body = h(
      "main",
      { class: "rules-body", id: "main" },
      h("p", { class: "notice" }, "Loading the rules…"),
    );
    document.title = "How to play · pegboard"; // the game's own, once its rules are in
    root.replaceChildren(
      h(
        "div",
        { class: "rules-page" },
        h(
          "header",
          { class: "topbar" },
          h("a", { href: "#/", class: "brand" }, h("span", { class: "brand-peg" }), "pegboard"),
          (this.nav = h("nav", { class: "title rules-nav", "aria-label": "Rules of each game" })),
          h("div", { class: "top-actions" }, backLink()),
        ),
        this.body,
      ),
    );
    this.load();
  }

  destroy() {}

  async load() {
    try {
      const games = await api.games();
      this.game ??= games[0]?.name; // #/rules alone: the first game the server lists
      const page = await api.rules(this.game);
      const spec = games.find((g) => g.name === this.game);
      render(this.nav, gameLinks(games, this.game));
      // The game's own help at the table (Cribbage is not Enough's power legend), if its
      // client module has any.
      const module = spec ? await gameModule(spec) : null;
      const article = h("article", { class: "panel rules-text" });
      article.innerHTML = page.html; // the server's rendering of the package's own Markdown
      render(
        this.body,
        article,
        page.examples.length // a game with no worked examples (its spec's `examples`) has none
          ? h(
              "section",
              { class: "panel rules-examples", "aria-labelledby": "examples-title" },
              h("h2", { id: "examples-title" }, "Worked examples"),
              page.examples.map(exampleView),
            )
          : null,
        h(
          "section",
          { class: "panel rules-help", "aria-labelledby": "help-title" },
          h("h2", { id: "help-title" }, "At the table"),
          module?.rulesHelp?.() ?? null,
          h("h3", {}, "Keys"),
          keyList(),
          spec ? h("h3", {}, "Table options") : null,
          spec ? optionList(spec) : null,
        ),
      );
      document.title = `${page.title}: how to play · pegboard`;
    } catch (error) {
      render(this.body, h("p", { class: "notice" }, `Could not load the rules: ${error.message}`));
      toast(error.message);
    }
  }
}

/** A link to each registered game's rules (GET /api/games). */
function gameLinks(games, current) {
  return games.map(({ name, title }) =>
    h("a", { href: `#/rules/${name}`, "aria-current": name === current ? "page" : null }, title),
  );
}

function backLink() {
  const back = sessionStorage.getItem("pegboard.rules-back") || "#/";
  return h("a", { class: "button quiet", href: back, "data-key": "rules-back" }, "Back");
}

/** A "How to play" link; it remembers the page to come back to. */
export function howToPlay(game = null, { label = "How to play" } = {}) {
  return h(
    "a",
    {
      class: "how-to-play",
      href: game ? `#/rules/${game}` : "#/rules", // no game: the first the server lists
      "data-key": game ? `rules-${game}` : "rules",
      onClick: () => sessionStorage.setItem("pegboard.rules-back", location.hash || "#/"),
    },
    label,
  );
}

function exampleView(example) {
  let total = 0;
  return h(
    "section",
    { class: "example" },
    h("h3", {}, example.title),
    h("p", {}, example.text),
    h(
      "div",
      { class: "example-groups" },
      example.groups.map((group) =>
        h(
          "figure",
          { class: "example-group" },
          h(
            "div",
            { class: "example-cards" },
            group.cards.map((card) => cardView(card, { small: true })),
          ),
          h("figcaption", {}, group.label),
        ),
      ),
    ),
    h(
      "ol",
      { class: "example-lines" },
      example.lines.map((line) => {
        total += line.points;
        const said = line.items.map((item) => itemPhrase(item)).join(", ");
        return h(
          "li",
          {},
          h(
            "span",
            { class: "example-cards" },
            line.cards.map((card) => cardView(card, { small: true })),
          ),
          h(
            "span",
            { class: "example-say" },
            line.text ? h("span", {}, line.text) : null,
            said ? h("strong", {}, said) : null,
          ),
          line.items.length && example.running
            ? h("span", { class: "example-total" }, `total ${total}`)
            : null,
        );
      }),
    ),
  );
}

function keyList() {
  return h(
    "dl",
    { class: "key-list" },
    KEYS.map(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, what)]),
  );
}

/** The legend of the Int / Mgt / Mag chips under court cards. */
export function powerLegend() {
  return h(
    "dl",
    { class: "ne-legend", "data-testid": "power-legend" },
    POWER_WORDS.map(([short, word, what]) => [
      h("dt", {}, h("span", { class: `ne-power ne-${word.toLowerCase()}` }, short)),
      h("dd", {}, h("strong", {}, word), `: ${what}`),
    ]),
  );
}

function optionList(spec) {
  return h(
    "dl",
    { class: "option-list" },
    spec.options.map((option) => [
      h("dt", {}, optionLabel(option.name)),
      h(
        "dd",
        {},
        option.help,
        option.kind === "choice"
          ? ` (${option.choices.map((c) => choiceLabel(option.name, c)).join("; or ")})`
          : "",
        `. Default: ${defaultWords(option)}.`,
      ),
    ]),
  );
}

function defaultWords(option) {
  if (option.kind === "bool") return option.default ? "on" : "off";
  if (option.kind === "choice") return choiceLabel(option.name, option.default);
  return String(option.default);
}
