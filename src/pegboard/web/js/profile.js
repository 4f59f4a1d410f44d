// A player's page (#/player/ID, or #/me for this browser's): ratings per group with a chart
// over time, games played and won, points per deal by phase, and the finished matches with a
// link to each replay.

import { h, render, toast } from "./dom.js";
import { ratingChart } from "./chart.js";
import { accuracyPanel } from "./review.js";
import { ratingsFrame } from "./leaderboard.js";
import { PHASE_WORDS, finalScore, provisionalBadge, ratingChange } from "./rating-change.js";
import { ratingsApi } from "./ratings-api.js";
import { tournamentsApi } from "./tournaments-api.js";
import { ordinal } from "./results.js";
import { ChallengeDialog } from "./challenges.js";
import { socialApi } from "./social.js";

const PAGE = 20; // matches per page

export class ProfilePage {
  /** `playerId` null: the player of this browser. */
  constructor(root, playerId) {
    this.playerId = playerId;
    this.offset = 0;
    this.body = h(
      "main",
      { class: "ratings-body profile", id: "main" },
      h("p", { class: "notice" }, "Loading the profile…"),
    );
    this.matchList = h("div", { class: "match-list" });
    ratingsFrame(root, playerId === null ? "My profile" : "Player", this.body);
    this.load();
  }

  destroy() {}

  async load() {
    try {
      if (this.playerId === null) {
        const me = await ratingsApi.me();
        if (!me) {
          render(
            this.body,
            h(
              "section",
              { class: "panel" },
              h("h2", {}, "No profile yet"),
              h(
                "p",
                {},
                "Choose your name in the lobby and play a game: your ratings, results and " +
                  "matches will be here.",
              ),
              h("a", { class: "button primary", href: "#/" }, "To the lobby"),
            ),
          );
          return;
        }
        this.playerId = me.id;
        this.me = true;
      }
      const [profile, matches, tournaments] = await Promise.all([
        ratingsApi.player(this.playerId),
        ratingsApi.matches(this.playerId, 0, PAGE),
        tournamentsApi.played(this.playerId).catch(() => []),
      ]);
      this.show(profile, matches, tournaments);
    } catch (error) {
      render(this.body, h("p", { class: "notice" }, `Could not load the profile: ${error.message}`));
      toast(error.message);
    }
  }

  show(profile, matches, tournaments = []) {
    const player = profile.player;
    document.title = `${player.name} · pegboard`;
    this.matches = matches.matches;
    this.total = matches.total;
    render(
      this.body,
      h(
        "section",
        { class: "panel profile-head" },
        h(
          "h2",
          { "data-testid": "profile-name" },
          player.name,
          player.tag ? h("span", { class: "player-tag", "data-testid": "profile-tag" }, player.tag) : null,
          player.kind === "bot" ? h("span", { class: "badge" }, "bot") : null,
          this.me ? h("span", { class: "badge you" }, "you") : null,
        ),
        // with none played, the Matches panel below says so (once)
        summary(profile.stats),
        (this.actions = h("div", { class: "profile-actions" })),
        profile.daily_streak
          ? h(
              "p",
              { "data-testid": "daily-streak" },
              `Daily challenge streak: ${profile.daily_streak} day${profile.daily_streak === 1 ? "" : "s"}`,
            )
          : null,
      ),
      profile.ratings.length
        ? h(
            "section",
            { class: "panel", "aria-labelledby": "ratings-title" },
            h("h2", { id: "ratings-title" }, "Ratings"),
            h(
              "div",
              { class: "rating-cards" },
              profile.ratings.map((r) => ratingCard(r, profile.chart[r.group] ?? [])),
            ),
          )
        : null,
      profile.stats.length ? statsPanel(profile.stats) : null,
      // Only games with deals to average: a forfeit has none ("over 0 deals" and noughts).
      profile.phases.some((game) => game.deals > 0)
        ? phasesPanel(profile.phases.filter((game) => game.deals > 0))
        : null,
      profile.accuracy?.length ? accuracyPanel(profile.accuracy) : null,
      tournaments.length ? tournamentsPanel(tournaments) : null,
      h(
        "section",
        { class: "panel", "aria-labelledby": "matches-title" },
        h("h2", { id: "matches-title" }, "Matches"),
        this.matchList,
      ),
    );
    this.drawMatches();
    if (!this.me && player.kind !== "bot") this.drawActions(player);
  }

  /** Challenge, mute and block: for another person, when this browser has a player. */
  async drawActions(player) {
    const [me, lists] = await Promise.all([ratingsApi.me().catch(() => null), socialApi.lists()]);
    if (!me || me.id === player.id) return;
    const has = (kind) => lists[kind].some((p) => p.id === player.id);
    const toggle = (kind, on, words) =>
      h(
        "button",
        {
          type: "button",
          class: "quiet",
          "data-key": `${on ? "" : "un"}${kind}`,
          onClick: async () => {
            try {
              await socialApi.set(kind, player.id, on);
              const done = kind === "mute" ? "muted" : "blocked";
              toast(`${player.name} is ${on ? "" : "no longer "}${done}`, "info");
            } catch (error) {
              toast(error.message);
            }
            this.drawActions(player);
          },
        },
        words,
      );
    const blocked = has("block");
    render(
      this.actions,
      blocked
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "primary",
              "data-key": "challenge",
              onClick: () => new ChallengeDialog(player).open(),
            },
            "Challenge",
          ),
      has("mute") ? toggle("mute", false, "Unmute") : toggle("mute", true, "Mute"),
      blocked ? toggle("block", false, "Unblock") : toggle("block", true, "Block"),
      blocked
        ? h("span", { class: "hint" }, "Blocked: you are never seated together, nor challenged.")
        : null,
    );
  }

  drawMatches() {
    if (!this.matches.length) {
      render(this.matchList, h("p", { class: "notice" }, "No finished matches yet."));
      return;
    }
    render(
      this.matchList,
      h("ol", { class: "matches" }, this.matches.map(matchItem)),
      this.matches.length < this.total
        ? h(
            "button",
            { type: "button", "data-key": "more-matches", onClick: () => this.more() },
            "Show more",
          )
        : null,
    );
  }

  async more() {
    try {
      const next = await ratingsApi.matches(this.playerId, this.matches.length, PAGE);
      this.matches = [...this.matches, ...next.matches];
      this.total = next.total;
      this.drawMatches();
    } catch (error) {
      toast(error.message);
    }
  }
}

function summary(stats) {
  const played = stats.reduce((n, s) => n + s.played, 0);
  const won = stats.reduce((n, s) => n + s.won, 0);
  if (!played) return null;
  return h("p", { class: "notice" }, `${played} ${played === 1 ? "match" : "matches"} played, ${won} won.`);
}

function ratingCard(rating, points) {
  return h(
    "article",
    { class: "rating-card", "data-group": rating.group },
    h("h3", {}, h("a", { href: `#/leaderboard/${rating.group}` }, rating.title)),
    h(
      "p",
      { class: "rating-now" },
      h("strong", {}, String(rating.rating)),
      rating.provisional ? provisionalBadge() : null,
    ),
    h(
      "p",
      { class: "notice" },
      `${rating.games} rated ${rating.games === 1 ? "game" : "games"}`,
      rating.place ? ` · ${ordinal(rating.place)} on the leaderboard` : "",
    ),
    points.length ? ratingChart(points, `${rating.title} rating`) : null,
  );
}

function statsPanel(stats) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "stats-title" },
    h("h2", { id: "stats-title" }, "Played and won"),
    h(
      "table",
      { class: "board-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Game"),
          h("th", { scope: "col", class: "num" }, "Played"),
          h("th", { scope: "col", class: "num" }, "Won"),
          h("th", { scope: "col", class: "num" }, "Rated"),
        ),
      ),
      h(
        "tbody",
        {},
        stats.map((s) =>
          h(
            "tr",
            {},
            h("td", {}, s.title),
            h("td", { class: "num" }, String(s.played)),
            h("td", { class: "num" }, `${s.won} (${Math.round((100 * s.won) / s.played)}%)`),
            h("td", { class: "num" }, String(s.rated)),
          ),
        ),
      ),
    ),
  );
}

function phasesPanel(games) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "phases-title" },
    h("h2", { id: "phases-title" }, "Points per deal"),
    games.map((game) =>
      h(
        "table",
        { class: "board-table phases-table", "data-game": game.game },
        h("caption", {}, `${game.title}, over ${game.deals} ${game.deals === 1 ? "deal" : "deals"}`),
        h(
          "tbody",
          {},
          Object.entries(game.per_deal)
            .filter(([phase, points]) => phase !== "muggins" || points !== 0) // manual only
            .map(([phase, points]) =>
              h(
                "tr",
                { class: phase === "total" ? "total" : "" },
                h("th", { scope: "row" }, PHASE_WORDS[phase] ?? phase),
                h("td", { class: "num" }, points.toFixed(2)),
              ),
            ),
        ),
      ),
    ),
  );
}

function names(seats) {
  return seats.map((seat, i) => [
    i ? ", " : "",
    seat.player
      ? h("a", { href: `#/player/${encodeURIComponent(seat.player)}` }, seat.name)
      : seat.name,
    seat.tag ? h("span", { class: "player-tag" }, seat.tag) : null,
  ]);
}

function matchItem(match) {
  const when = new Date(match.finished * 1000);
  const result =
    match.rank === 1
      ? "Won"
      : match.places === 2
        ? "Lost"
        : `${ordinal(match.rank)} of ${match.places}`;
  return h(
    "li",
    { class: "match-row", "data-table": match.table, "data-match": match.match },
    h(
      "div",
      { class: "match-main" },
      h("strong", { class: match.rank === 1 ? "won" : "" }, result),
      " ",
      h("span", {}, match.group_title ?? match.title),
      match.rated ? null : h("span", { class: "badge" }, "casual"),
      h(
        "span",
        { class: "match-who" },
        match.partners.length ? ["with ", names(match.partners), " "] : "",
        "against ",
        names(match.opponents),
        " · ",
        h(
          "span",
          { class: "match-score", title: "your score, then the best of the others'" },
          finalScore(match.score, match.opponents.map((o) => o.score)),
        ),
      ),
    ),
    h(
      "div",
      { class: "match-side" },
      // The day and the minute ("28 Nov 2026, 10:46"): seconds only crowded the line.
      h(
        "time",
        { datetime: when.toISOString() },
        when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
      ),
      match.rating ? ratingChange(match.rating) : null,
      h(
        "a",
        { href: match.replay, "data-testid": `replay-${match.table}-${match.match}` },
        "Replay",
      ),
    ),
  );
}

/** The tournaments played, newest first, with the place in each finished one. */
function tournamentsPanel(tournaments) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "tournaments-title" },
    h("h2", { id: "tournaments-title" }, "Tournaments"),
    h(
      "ol",
      { class: "matches tournaments-played" },
      tournaments.map((t) =>
        h(
          "li",
          {},
          h("a", { href: `#/tournament/${encodeURIComponent(t.id)}` }, t.name),
          " ",
          t.place ? h("strong", {}, `${ordinal(t.place)} place`) : h("span", { class: "hint" }, t.status),
        ),
      ),
    ),
  );
}

