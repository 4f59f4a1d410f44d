// A match of several games (docs/rules.md, "Matches"): the strip above the board with the
// match's score and spread, and the results panel's table of every game of the match.

import { h, plural } from "./dom.js";

const HOW = { win: "", skunk: "skunk", "double skunk": "double skunk" };

/** "+12", "−5", "0": a spread as players read it. */
export function signed(n) {
  if (n > 0) return `+${n}`;
  return n < 0 ? `−${-n}` : "0";
}

/** The names of each side of the match ("Ann", or "Ann & Bo"). */
export function sideNames(play, names) {
  return play.sides.map((seats) => seats.map((s) => names[s] ?? `Seat ${s + 1}`).join(" & "));
}

/** Which game of the match this is: the next one while the last is on the results. */
function gameNumber(play, over) {
  return Math.min(play.results.length + (over ? 0 : 1), play.format.games);
}

/** The strip above the board: the match, the game being played, each side's games won, game
 * points and spread. */
export function matchStrip(play, names, over) {
  const sides = sideNames(play, names);
  const points = play.format.scoring === "points" || play.format.best_of;
  return h(
    "section",
    { class: "match-strip", "aria-label": "Match score", "data-testid": "match-strip" },
    h(
      "p",
      { class: "match-title" },
      h("strong", {}, capitalised(play.title)),
      ` · game ${gameNumber(play, over)}`,
      play.decided ? " · decided" : "",
    ),
    h(
      "ol",
      { class: "match-sides plain" },
      play.totals.map((t, i) =>
        h(
          "li",
          { "data-testid": `match-side-${i}` },
          h("span", { class: "lane-name" }, sides[i]),
          h("strong", { class: "match-games" }, `${t.games} won`),
          points ? h("span", {}, plural(t.points, "pt")) : null,
          h("span", { class: "match-spread" }, `spread ${signed(t.spread)}`),
        ),
      ),
    ),
  );
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who won the match, or the score so far, as one line. */
export function matchLine(play, names) {
  const sides = sideNames(play, names);
  const verb = (who, one, many) => `${who} ${who.includes(" & ") ? many : one}`;
  if (play.decided) {
    if (play.winner === null) return "The match is level.";
    return `${verb(sides[play.winner], "wins", "win")} the match.`;
  }
  const games = play.totals.map((t) => t.games);
  const best = Math.max(...games);
  const leaders = games.map((g, i) => (g === best ? i : -1)).filter((i) => i >= 0);
  const score = [...games].sort((a, b) => b - a).join("–");
  if (leaders.length > 1) return `${capitalised(play.title)}: level at ${score}.`;
  return `${capitalised(play.title)}: ${verb(sides[leaders[0]], "leads", "lead")} ${score}.`;
}

/** Every game of the match: its scores, who won and how, the game points. */
export function matchGames(play, names) {
  const sides = sideNames(play, names);
  // Its own scroller: four sides' columns may be wider than a phone (where, in the CSS, who
  // won goes under each game's scores: `--sides` columns of them).
  const table = h(
    "table",
    {
      class: "results-table match-games-table",
      "data-testid": "match-games",
      style: { "--sides": String(sides.length) },
    },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Game"),
        sides.map((name) => h("th", { scope: "col", class: "num" }, name)),
        h("th", { scope: "col", class: "won-head" }, "Won"),
      ),
    ),
    h(
      "tbody",
      {},
      play.results.map((game, n) => {
        const winners = game.ranks.map((r, i) => (r === 1 ? i : -1)).filter((i) => i >= 0);
        const how = HOW[game.how] ?? game.how;
        return h(
          "tr",
          {},
          h("td", {}, String(n + 1)),
          game.scores.map((score, i) =>
            h("td", { class: `num ${game.ranks[i] === 1 ? "winner-cell" : ""}` }, String(score)),
          ),
          h(
            "td",
            { class: "won-cell" },
            winners.map((i) => sides[i]).join(", "),
            ` · ${plural(game.points[winners[0]] ?? 0, "pt")}`,
            how ? h("span", { class: "badge skunk" }, how) : null,
          ),
        );
      }),
    ),
  );
  return h(
    "div",
    { class: "match-games-scroll", tabindex: 0, role: "region", "aria-label": "Games of the match" },
    table,
  );
}
