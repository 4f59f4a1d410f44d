// One tournament (#/tournament/ID): where to go now, the standings with every tie-break, the
// playoff bracket, and every round's tables with links to watch or replay each game. It looks
// again every two seconds until the tournament is over.

import { api, memory } from "./api.js";
import { bracketSvg } from "./bracket.js";
import { h, plural, render, toast } from "./dom.js";
import { ratingsFrame } from "./leaderboard.js";
import { signed } from "./match-score.js";
import { describeFormat, gameWords, roundWords, tournamentsApi } from "./tournaments-api.js";

const EVERY = 2000; // ms between looks while it is not over

export class TournamentPage {
  constructor(root, id) {
    this.id = id;
    this.body = h(
      "main",
      { class: "ratings-body tournament", id: "main" },
      h("p", { class: "notice" }, "Loading the tournament…"),
    );
    ratingsFrame(root, "Tournament", this.body);
    this.load();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.timer);
  }

  async load() {
    try {
      this.games ??= await api.games().catch(() => []); // the game's title, once
      this.show(await tournamentsApi.get(this.id));
    } catch (error) {
      render(this.body, h("p", { class: "notice" }, `Could not load: ${error.message}`));
    }
    if (!this.destroyed && this.data?.status !== "finished" && this.data?.status !== "cancelled")
      this.timer = setTimeout(() => this.load(), EVERY);
  }

  async act(call, words) {
    try {
      this.show(await call(this.id));
      toast(words, "info");
    } catch (error) {
      toast(error.message);
    }
  }

  show(t) {
    this.data = t;
    document.title = `${t.name} · pegboard`;
    render(
      this.body,
      this.summary(t),
      t.standings.length ? standings(t) : entrants(t),
      t.bracket.length
        ? h(
            "section",
            { class: "panel", "aria-labelledby": "t-bracket" },
            h("h2", { id: "t-bracket" }, "Playoff"),
            // A region that may scroll sideways on a phone: reachable by keyboard.
            h(
              "div",
              { class: "bracket-scroll", tabindex: 0, role: "region", "aria-label": "Playoff bracket" },
              bracketSvg(t.bracket),
            ),
          )
        : null,
      [...t.rounds_played].reverse().map((r) => round(r, t.rounds)),
    );
  }

  summary(t) {
    const you = t.you;
    const status = {
      upcoming: t.start_when ? `Starts when ${t.start_when} have joined` : "Starts soon",
      running: roundWords(t.rounds_played.length, t.rounds),
      finished: t.places.length ? `Won by ${t.places[0].name}` : "Finished",
      cancelled: "Cancelled: too few came",
    }[t.status];
    const buttons = [];
    if (you && t.status === "upcoming") {
      buttons.push(
        you.entered
          ? h("button", { class: "button", "data-key": "withdraw", onClick: () => this.act(tournamentsApi.withdraw, "You withdrew") }, "Withdraw")
          : h("button", { class: "primary", "data-key": "register", onClick: () => this.act(tournamentsApi.register, "You are entered") }, "Register"),
      );
      if (you.owner)
        buttons.push(h("button", { class: "button", "data-key": "start", onClick: () => this.act(tournamentsApi.start, "Starting") }, "Start now"));
    }
    if (you?.entered && t.status === "running")
      buttons.push(
        this.leaving
          ? [
              h("span", { class: "notice" }, "Leave? You forfeit every match you have left."),
              h("button", { class: "button danger", "data-key": "leave-yes", onClick: () => { this.leaving = false; this.act(tournamentsApi.withdraw, "You left the tournament"); } }, "Yes, leave"),
              h("button", { class: "button", "data-key": "leave-no", onClick: () => { this.leaving = false; this.show(this.data); } }, "Stay"),
            ]
          : h("button", { class: "button", "data-key": "leave", onClick: () => { this.leaving = true; this.show(this.data); } }, "Leave"),
      );
    return h(
      "section",
      { class: "panel tournament-summary", "aria-labelledby": "t-summary" },
      h("h2", { id: "t-summary" }, t.name),
      h("p", { class: "status-line", "data-testid": "t-status" }, status),
      h(
        "p",
        { class: "hint", "data-testid": "t-format" },
        `${gameWords(t, this.games ?? [])} · ${describeFormat(t)} · ${t.entrants} entered` +
          (t.rated ? " · rated" : ""),
      ),
      you?.table
        ? h(
            "p",
            { class: "go-to", role: "status" },
            "Your game is ready. ",
            h(
              "a",
              {
                class: "button primary",
                href: `#/table/${encodeURIComponent(you.table)}`,
                onClick: (event) => goToTable(event, you.table),
              },
              "Go to your table",
            ),
          )
        : you?.entered && t.status === "running"
          ? h("p", { class: "notice", role: "status" }, "Waiting for the other tables to finish the round.")
          : null,
      buttons.length ? h("div", { class: "actions" }, buttons) : null,
    );
  }
}

/** Take our seat there (the server seated us by our account) before going, so the table
 * page opens as a player, not a watcher. */
async function goToTable(event, table) {
  event.preventDefault();
  try {
    const seat = await api.seat(table);
    memory.setToken(table, seat.token);
  } catch (error) {
    toast(error.message);
  }
  location.hash = `#/table/${encodeURIComponent(table)}`;
}

function entrants(t) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "t-entrants" },
    h("h2", { id: "t-entrants" }, "Entered"),
    t.entries.length
      ? h("ul", { class: "tournament-list" }, t.entries.filter((e) => !e.withdrawn).map((e) => h("li", {}, e.name)))
      : h("p", { class: "notice" }, "Nobody yet."),
  );
}

function standings(t) {
  const places = new Map(t.places.map((p) => [p.entry, p.place]));
  const me = t.you?.entry;
  return h(
    "section",
    { class: "panel", "aria-labelledby": "t-standings" },
    h("h2", { id: "t-standings" }, t.bracket.length ? "Qualifying" : "Standings"),
    h(
      "div",
      { class: "table-scroll", tabindex: 0, role: "region", "aria-label": "Standings" },
      h(
        "table",
        { class: "board-table standings" },
        h(
          "caption",
          {},
          "Ordered by game points, then games won, then spread (net points, a score counted at most to the target), then plus points (the spreads of the games won, added up), then head-to-head.",
        ),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col", class: "num" }, "#"),
            h("th", { scope: "col" }, "Player"),
            h("th", { scope: "col", class: "num", title: "Game points: a win 2, a skunk 3" }, "Pts"),
            h("th", { scope: "col", class: "num" }, "Won"),
            h("th", { scope: "col", class: "num" }, "Lost"),
            h("th", { scope: "col", class: "num" }, "Spread"),
            h("th", { scope: "col", class: "num", title: "Plus points: the spreads of the games won, added up" }, "Plus"),
            h("th", { scope: "col", class: "num", title: "Head-to-head among the tied" }, "H2H"),
          ),
        ),
        h(
          "tbody",
          {},
          t.standings.map((row) =>
            h(
              "tr",
              { "data-player": row.player, class: row.player === me ? "mine" : "", "aria-current": row.player === me ? "true" : null },
              h("td", { class: "num" }, `${row.place}${row.shared ? "=" : ""}`),
              h(
                "th",
                { scope: "row" },
                row.name,
                row.player === me ? h("span", { class: "badge you" }, "you") : null,
                places.get(row.player) === 1 ? h("span", { class: "badge" }, "winner") : null,
                row.byes ? h("span", { class: "badge" }, `bye${row.byes > 1 ? ` ×${row.byes}` : ""}`) : null,
                row.no_shows
                  ? h("span", { class: "badge warn", title: "Games forfeited by not being at the table" }, `no-show ×${row.no_shows}`)
                  : null,
              ),
              h("td", { class: "num" }, String(row.game_points)),
              h("td", { class: "num" }, String(row.games_won)),
              h("td", { class: "num" }, String(row.games_lost)),
              h("td", { class: "num" }, signed(row.spread)),
              h("td", { class: "num" }, String(row.plus_points)),
              h("td", { class: "num" }, row.head_to_head === null ? "—" : String(row.head_to_head)),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A round's tables; a playoff round is counted from the playoff's first (after ``qualifying``).
 * Each table is one match, the tables' own: its strip (games won, game points and spread a
 * side) once recorded, and a link to watch it or to replay each of its games. */
function round(r, qualifying) {
  const title =
    r.stage === "playoff" ? `Playoff round ${r.number - qualifying}` : `Round ${r.number}`;
  return h(
    "section",
    { class: "panel", "aria-labelledby": `t-round-${r.number}` },
    h("h2", { id: `t-round-${r.number}` }, title, r.finished ? "" : h("span", { class: "badge" }, "playing")),
    h(
      "ol",
      { class: "pairings" },
      r.tables.map((table) =>
        h(
          "li",
          { class: "pairing" },
          h("span", { class: "players" }, names(table)),
          table.match ? matchResult(table) : null,
          h(
            "span",
            { class: "games" },
            table.playing && table.table
              ? h("a", { href: `#/table/${encodeURIComponent(table.table)}`, "aria-label": `Watch ${plain(table)}` }, "Watch")
              : replayLinks(table),
            table.match?.forfeited != null ? h("span", { class: "badge warn" }, "withdrew") : null,
            table.match?.results.some((g) => g.how === "forfeit")
              ? h("span", { class: "badge warn" }, "no-show")
              : null,
          ),
        ),
      ),
      r.byes.map((bye) => h("li", { class: "pairing" }, h("span", { class: "players" }, `${bye.name} has a bye`))),
    ),
  );
}

/** The match as its table's strip shows it: each side's games won, game points and spread. */
function matchResult(table) {
  const play = table.match;
  const sides = play.side_players.map((members) => members.map((p) => p.name).join(" & "));
  return h(
    "ol",
    { class: "match-sides t-match plain", "aria-label": `${capital(play.title)}: the match` },
    play.totals.map((t, i) =>
      h(
        "li",
        { "data-testid": "t-match-side" },
        h("span", { class: "lane-name" }, sides[i]),
        h("strong", { class: "match-games" }, `${t.games} won`),
        h("span", {}, plural(t.points, "pt")),
        h("span", { class: "match-spread" }, `spread ${signed(t.spread)}`),
      ),
    ),
  );
}

/** A replay link for each game of a recorded match (the table's records 1, 2, …). */
function replayLinks(table) {
  if (!table.table) return null;
  const games = table.match?.results ?? [];
  if (!games.length) return h("a", { href: `#/replay/${encodeURIComponent(table.table)}/1` }, "Replay");
  return games.map((g, i) => {
    const text = g.how === "forfeit" ? "forfeit" : g.scores.join("–");
    return h(
      "a",
      {
        href: `#/replay/${encodeURIComponent(table.table)}/${i + 1}`,
        "aria-label": `${text}, replay game ${i + 1} of ${plain(table)}`,
      },
      text,
    );
  });
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sides of a table (partners joined by "&"), the match's winners in bold. */
function names(table) {
  const sides = table.match ? table.match.side_players : table.players.map((p) => [p]);
  const winner = table.match?.winner ?? null;
  return sides.flatMap((members, i) => [
    i ? " v " : "",
    ...members.flatMap((p, k) => [k ? " & " : "", i === winner ? h("strong", {}, p.name) : p.name]),
  ]);
}

function plain(table) {
  const sides = table.match ? table.match.side_players : table.players.map((p) => [p]);
  return sides.map((members) => members.map((p) => p.name).join(" & ")).join(" v ");
}
