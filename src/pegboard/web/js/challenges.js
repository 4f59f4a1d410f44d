// Challenges (docs/protocol.md, "Challenges"): the dialog that challenges a player to a table
// for two (from their profile or the leaderboard), and the notices of challenges on every page:
// one received, with Accept and Decline; one sent, until it is answered.

import { api, memory } from "./api.js";
import { h, render, toast } from "./dom.js";
import { socialApi, tagged } from "./social.js";

const POLL = 4000; // ms between asks for challenges while the page is on show
const MATCHES = [
  ["1", "One game"],
  ["best-of-3", "Best of 3"],
  ["best-of-5", "Best of 5"],
];

let games = null; // the games for two, with their options (asked once)
async function gamesForTwo() {
  games ??= api.games().then((all) => all.filter((g) => g.players.includes(2)));
  return games;
}

const defaultOf = (game, name) => game.options.find((o) => o.name === name)?.default;

/** Whether a game with these options is of its standard length, the one rated. */
export function ratedLength(game, options) {
  return Object.entries(game.rated_options ?? {}).every(
    ([name, value]) => (options[name] ?? defaultOf(game, name)) === value,
  );
}

/** "Cribbage, to 121, best of 3, rated": what a challenge asks for. */
export function challengeWords(challenge, titles = {}) {
  const target = challenge.options?.score_target;
  const match = MATCHES.find(([key]) => key === challenge.match)?.[1] ?? challenge.match;
  return [
    titles[challenge.game] ?? challenge.game,
    target ? `to ${target}` : null,
    challenge.match !== "1" ? match.toLowerCase() : null,
    challenge.rated ? "rated" : "casual",
  ]
    .filter(Boolean)
    .join(", ");
}

/** The dialog that challenges `person` ({id, name, tag}); opened by `open()`. */
export class ChallengeDialog {
  constructor(person) {
    this.person = person;
    this.error = h("p", { class: "form-error", role: "alert" });
    this.fields = h("div", { class: "challenge-fields" });
    this.element = h(
      "dialog",
      { class: "account-dialog challenge-dialog", "aria-labelledby": "challenge-title" },
      h(
        "div",
        { class: "account-head" },
        h("h2", { id: "challenge-title" }, `Challenge ${tagged(person)}`),
        h("button", { type: "button", class: "quiet", onClick: () => this.close() }, "Close"),
      ),
      h(
        "form",
        { class: "account-form", onSubmit: (event) => this.send(event) },
        this.fields,
        this.error,
        h("button", { type: "submit", class: "primary", "data-key": "challenge-send" }, "Send"),
      ),
    );
    document.body.append(this.element);
    this.element.addEventListener("close", () => this.element.remove());
  }

  async open() {
    this.games = await gamesForTwo();
    this.choice = { game: this.games[0].name, target: null, match: "1", rated: true };
    this.draw();
    this.element.showModal();
    this.fields.querySelector("select")?.focus();
  }

  close() {
    this.element.close();
  }

  draw() {
    const game = this.games.find((g) => g.name === this.choice.game);
    const standard = game.rated_options?.score_target ?? defaultOf(game, "score_target");
    const target = this.choice.target ?? standard;
    const ratable = ratedLength(game, { score_target: target });
    const select = (id, label, options, value, onChange) =>
      h(
        "p",
        { class: "account-field" },
        h("label", { for: id }, label),
        h(
          "select",
          { id, name: id, onChange: (event) => onChange(event.target.value) },
          options.map(([key, words]) => h("option", { value: key, selected: key === value }, words)),
        ),
      );
    render(
      this.fields,
      select(
        "challenge-game",
        "Game",
        this.games.map((g) => [g.name, g.title]),
        game.name,
        (name) => {
          this.choice = { ...this.choice, game: name, target: null };
          this.draw();
        },
      ),
      h(
        "p",
        { class: "account-field" },
        h("label", { for: "challenge-target" }, "Points to win"),
        h("input", {
          id: "challenge-target",
          name: "score_target",
          type: "number",
          min: 1,
          max: 1000,
          value: target,
          onChange: (event) => {
            this.choice.target = Number(event.target.value);
            this.draw();
          },
        }),
      ),
      select("challenge-match", "Match", MATCHES, this.choice.match, (match) => {
        this.choice.match = match;
      }),
      h(
        "p",
        { class: "account-field check" },
        h(
          "label",
          {},
          h("input", {
            type: "checkbox",
            id: "challenge-rated",
            checked: ratable && this.choice.rated,
            disabled: !ratable,
            "aria-describedby": "challenge-rated-note",
            onChange: (event) => (this.choice.rated = event.target.checked),
          }),
          " Rated",
        ),
        h(
          "span",
          { id: "challenge-rated-note", class: "hint", "data-testid": "challenge-rated-note" },
          ratable
            ? "The result changes both ratings."
            : `Not rated: only games to ${standard} are rated.`,
        ),
      ),
    );
  }

  async send(event) {
    event.preventDefault();
    const game = this.games.find((g) => g.name === this.choice.game);
    const target = this.choice.target ?? defaultOf(game, "score_target");
    const rated = this.choice.rated && ratedLength(game, { score_target: target });
    try {
      await socialApi.challenge({
        to: this.person.id,
        game: game.name,
        options: { score_target: target },
        rated,
        match: this.choice.match,
      });
      this.close();
      toast(`Challenge sent to ${this.person.name}: you will see the answer here`, "info");
      challengeNotices.poll();
    } catch (error) {
      this.error.textContent = error.message;
    }
  }
}

/** The notices of challenges, on every page: received ones to answer, sent ones' answers. */
class ChallengeNotices {
  constructor() {
    this.element = h("section", {
      class: "challenge-notices",
      "aria-label": "Challenges",
      "aria-live": "polite",
      hidden: true,
    });
    this.seen = new Set(JSON.parse(sessionStorage.getItem("pegboard.challenges.seen") ?? "[]"));
    this.drawn = "";
  }

  start() {
    document.body.prepend(this.element);
    this.poll();
    setInterval(() => document.visibilityState === "visible" && this.poll(), POLL);
  }

  async poll() {
    try {
      const [found, all] = await Promise.all([socialApi.challenges(), gamesForTwo()]);
      this.titles = Object.fromEntries(all.map((g) => [g.name, g.title]));
      this.draw(found);
    } catch {
      // offline for a moment: the next poll tries again
    }
  }

  draw({ received, sent }) {
    const answered = sent.filter((c) => c.status !== "waiting" && !this.seen.has(c.id));
    const key = JSON.stringify([received.map((c) => c.id), answered.map((c) => c.id)]);
    if (key === this.drawn) return;
    this.drawn = key;
    render(
      this.element,
      received.map((c) => this.received(c)),
      answered.map((c) => this.answered(c)),
    );
    this.element.hidden = !received.length && !answered.length;
  }

  received(challenge) {
    return h(
      "div",
      { class: "challenge-notice", "data-challenge": challenge.id },
      h(
        "p",
        {},
        h("strong", {}, tagged(challenge.from)),
        ` challenges you: ${challengeWords(challenge, this.titles)}.`,
      ),
      h(
        "div",
        { class: "challenge-actions" },
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-key": `accept-${challenge.id}`,
            onClick: () => this.accept(challenge),
          },
          "Accept",
        ),
        h(
          "button",
          {
            type: "button",
            "data-key": `decline-${challenge.id}`,
            onClick: () => this.decline(challenge),
          },
          "Decline",
        ),
      ),
    );
  }

  answered(challenge) {
    const who = tagged(challenge.to);
    const accepted = challenge.status === "accepted";
    return h(
      "div",
      { class: "challenge-notice", "data-challenge": challenge.id },
      h(
        "p",
        {},
        h("strong", {}, who),
        accepted
          ? " accepted your challenge: the table is ready."
          : ` ${challenge.status === "declined" ? "declined" : "did not take up"} your challenge.`,
      ),
      h(
        "div",
        { class: "challenge-actions" },
        accepted
          ? h(
              "a",
              {
                class: "button primary",
                href: `#/table/${challenge.table}`,
                "data-key": `go-${challenge.id}`,
                onClick: () => this.dismiss(challenge),
              },
              "Go to the table",
            )
          : null,
        h(
          "button",
          { type: "button", class: "quiet", onClick: () => this.dismiss(challenge) },
          "Dismiss",
        ),
      ),
    );
  }

  async accept(challenge) {
    try {
      const seat = await socialApi.answer(challenge.id, "accept");
      memory.setToken(seat.table, seat.token);
      location.hash = `#/table/${seat.table}`;
    } catch (error) {
      toast(error.message);
    }
    this.drawn = "";
    this.poll();
  }

  async decline(challenge) {
    await socialApi.answer(challenge.id, "decline").catch((error) => toast(error.message));
    this.drawn = "";
    this.poll();
  }

  dismiss(challenge) {
    this.seen.add(challenge.id);
    sessionStorage.setItem("pegboard.challenges.seen", JSON.stringify([...this.seen]));
    this.drawn = "";
    this.poll();
  }
}

export const challengeNotices = new ChallengeNotices();
