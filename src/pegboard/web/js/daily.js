// The daily challenge (#/daily): today's games, the same deals for everyone, one attempt each;
// the day's results (won, then margin) with the others' replays once you have played; your
// streak; the day's commitment, and yesterday's secret to check the deals with.

import { api, memory, request } from "./api.js";
import { h, render, toast } from "./dom.js";
import { ratingsFrame } from "./leaderboard.js";
import { finalScore } from "./rating-change.js";

const short = (hex) => `${hex.slice(0, 16)}…`;

function resultText(result) {
  if (!result) return "playing";
  const [mine, ...theirs] = result.scores;
  return `${result.won ? "Won" : "Lost"} ${finalScore(mine, theirs)}`;
}

export class DailyPage {
  constructor(root) {
    this.body = h(
      "main",
      { class: "ratings-body daily", id: "main" },
      h("p", { class: "notice" }, "Loading today's challenge…"),
    );
    ratingsFrame(root, "Daily challenge", this.body);
    this.load();
  }

  destroy() {
    this.gone = true;
  }

  async load() {
    try {
      const today = await request("GET", "/api/daily");
      const boards = await Promise.all(
        today.games.map((g) => request("GET", `/api/daily/${today.day}/${g.game}`)),
      );
      if (!this.gone) this.show(today, boards);
    } catch (error) {
      render(
        this.body,
        h("p", { class: "notice" }, `Could not load the challenge: ${error.message}`),
      );
    }
  }

  /** The challenge is played signed in: a guest with the name this browser uses will do. */
  async signedIn() {
    const me = await api.me();
    if (!me.player) await api.setMe(memory.name() || "Guest");
  }

  async play(game) {
    try {
      await this.signedIn();
      const seat = await request("POST", `/api/daily/${game}`, {}); // as JSON, as every change is
      memory.setToken(seat.table, seat.token);
      location.hash = `#/table/${seat.table}`;
    } catch (error) {
      toast(error.message);
    }
  }

  show(today, boards) {
    render(
      this.body,
      h(
        "section",
        { class: "panel daily-head" },
        h("h2", {}, `Today, ${today.day} (UTC)`),
        h(
          "p",
          {},
          "One game of each against the experts, the same deals for everyone: every card and die " +
            "comes from today's secret, committed to now and revealed when the day ends.",
        ),
        h(
          "p",
          { class: "notice" },
          "Commitment: ",
          h(
            "code",
            { "data-testid": "daily-commitment", title: today.commitment },
            short(today.commitment),
          ),
        ),
        today.streak !== null
          ? h(
              "p",
              { "data-testid": "daily-streak" },
              `Your streak: ${today.streak} day${today.streak === 1 ? "" : "s"} in a row`,
            )
          : null,
        today.previous
          ? h(
              "p",
              { class: "notice" },
              `${today.previous.day}'s secret, to check its deals: `,
              h("code", { title: today.previous.secret }, short(today.previous.secret)),
            )
          : null,
      ),
      today.games.map((game, i) => this.gamePanel(game, boards[i])),
    );
  }

  gamePanel(game, board) {
    const attempt = game.attempt;
    const action = attempt?.finished
      ? h("p", { class: "daily-done" }, `Your game: ${resultText(attempt.result)}`)
      : h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-key": `daily-${game.game}`,
            onClick: () => this.play(game.game),
          },
          attempt ? "Carry on with your game" : "Play today's game",
        );
    const others = game.players > 2 ? `${game.players - 1} experts` : "the expert";
    return h(
      "section",
      {
        class: "panel daily-game",
        "aria-labelledby": `daily-${game.game}-title`,
        "data-game": game.game,
      },
      h("h2", { id: `daily-${game.game}-title` }, game.title),
      h("p", { class: "notice" }, `Against ${others}.`),
      action,
      this.results(board),
    );
  }

  results(board) {
    if (!board.results.length)
      return h("p", { class: "notice" }, "Nobody has played it yet today.");
    return [
      board.played || board.over
        ? null
        : h(
            "p",
            { class: "notice" },
            "Play it yourself to watch how the others played these deals.",
          ),
      h(
        "table",
        { class: "board-table daily-results", "data-testid": `daily-results-${board.game}` },
        h("caption", { class: "sr-only" }, `${board.title}: today's results`),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "#"),
            h("th", { scope: "col" }, "Player"),
            h("th", { scope: "col" }, "Result"),
            h("th", { scope: "col" }, "Game"),
          ),
        ),
        h(
          "tbody",
          {},
          board.results.map((r) =>
            h(
              "tr",
              { class: r.you ? "mine" : "" },
              h("td", { class: "num" }, r.rank ?? "–"),
              h("td", {}, r.name, r.you ? " (you)" : ""),
              h("td", { class: "daily-result" }, resultText(r.result)),
              h(
                "td",
                {},
                r.table && r.finished
                  ? h("a", { href: `#/replay/${r.table}/1?invite=${r.invite}` }, "Replay")
                  : "",
              ),
            ),
          ),
        ),
      ),
    ];
  }
}
