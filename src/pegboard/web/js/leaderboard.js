// The leaderboard of a rating group: the best 100 by a rating they very likely have at least,
// provisional players marked, your own row highlighted (and your place below, if further down).

import { ChallengeDialog } from "./challenges.js";
import { h, render, toast } from "./dom.js";
import { provisionalBadge } from "./rating-change.js";
import { ratingsApi } from "./ratings-api.js";
import { tagged } from "./social.js";

export function topLinks() {
  return [
    h("a", { class: "top-link", href: "#/tournaments" }, "Tournaments"),
    h("a", { class: "top-link", href: "#/leaderboard" }, "Leaderboard"),
    h("a", { class: "top-link", href: "#/me" }, "My profile"),
    h("a", { class: "top-link", href: "#/daily" }, "Daily"),
  ];
}

/** A page with the top bar of the ratings pages: brand, title, links. */
export function ratingsFrame(root, title, body) {
  document.title = `${title} · pegboard`; // until the page knows better (a player's name)
  root.replaceChildren(
    h(
      "div",
      { class: "ratings-page" },
      h(
        "header",
        { class: "topbar" },
        h("a", { href: "#/", class: "brand" }, h("span", { class: "brand-peg" }), "pegboard"),
        h("div", { class: "title" }, h("h1", { class: "page-title" }, title)),
        h(
          "nav",
          { class: "top-actions", "aria-label": "Ratings" },
          topLinks(),
        ),
      ),
      body,
    ),
  );
}

export class LeaderboardPage {
  constructor(root, group) {
    this.group = group || null; // none: the first group the server lists
    this.body = h(
      "main",
      { class: "ratings-body", id: "main" },
      h("p", { class: "notice" }, "Loading the leaderboard…"),
    );
    ratingsFrame(root, "Leaderboard", this.body);
    this.load();
  }

  destroy() {}

  async load() {
    try {
      this.group ??= (await ratingsApi.groups())[0]?.group;
      this.show(await ratingsApi.leaderboard(this.group));
    } catch (error) {
      render(
        this.body,
        h("p", { class: "notice" }, `Could not load the leaderboard: ${error.message}`),
        groupPicker(await ratingsApi.groups().catch(() => []), this.group),
      );
      toast(error.message);
    }
  }

  show(board) {
    document.title = `${board.title}: leaderboard · pegboard`;
    const mine = board.me?.id;
    const listed = board.players.some((row) => row.id === mine);
    render(
      this.body,
      h(
        "section",
        { class: "panel leaderboard", "aria-labelledby": "board-title" },
        h("h2", { id: "board-title" }, board.title),
        groupPicker(board.groups, board.group),
        board.players.length
          ? boardTable(board.players, mine, Boolean(board.me))
          : h("p", { class: "notice" }, "Nobody has played a rated game of this kind yet."),
        board.me && !listed ? yourPlace(board.me, board.provisional_games) : null,
        h(
          "p",
          { class: "hint", "data-testid": "board-rule" },
          `Placed by rating. Provisional players (fewer than ${board.provisional_games} rated ` +
            "games) follow, by rating too, with no place until their ratings settle.",
        ),
      ),
    );
  }
}

function groupPicker(groups, current) {
  return h(
    "label",
    { class: "field group-picker" },
    h("span", {}, "Game"),
    h(
      "select",
      {
        "data-key": "group",
        onChange: (event) => (location.hash = `#/leaderboard/${event.target.value}`),
      },
      groups.map((g) => h("option", { value: g.group, selected: g.group === current }, g.title)),
    ),
  );
}

function boardTable(rows, mine, signedIn) {
  return h(
    "table",
    { class: "board-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", class: "num" }, "#"),
        h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col", class: "num" }, "Rating"),
        h("th", { scope: "col", class: "num" }, "Games"),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map((row) => boardRow(row, row.id === mine, signedIn)),
    ),
  );
}

/** A row; a person other than oneself has a Challenge button when this browser has a player
 * (the server refuses it where one blocks the other). */
function boardRow(row, mine, signedIn = false) {
  return h(
    "tr",
    { class: mine ? "mine" : "", "aria-current": mine ? "true" : null, "data-player": row.id },
    h("td", { class: "num" }, row.place ?? "—"),
    h(
      "td",
      {},
      h("a", { href: `#/player/${encodeURIComponent(row.id)}` }, row.name),
      row.tag ? h("span", { class: "player-tag", "data-testid": "player-tag" }, row.tag) : null,
      row.kind === "bot" ? h("span", { class: "badge" }, "bot") : null,
      mine ? h("span", { class: "badge you" }, "you") : null,
      row.provisional ? provisionalBadge() : null,
      signedIn && !mine && row.kind !== "bot"
        ? h(
            "button",
            {
              type: "button",
              class: "quiet small board-challenge",
              "data-key": `challenge-${row.id}`,
              "aria-label": `Challenge ${tagged(row)}`,
              onClick: () => new ChallengeDialog(row).open(),
            },
            "Challenge",
          )
        : null,
    ),
    h("td", { class: "num" }, String(row.rating)),
    h("td", { class: "num" }, String(row.games)),
  );
}

function yourPlace(me, provisionalGames) {
  const toGo = provisionalGames - me.games;
  return h(
    "div",
    { class: "your-place" },
    h("h3", {}, "Your place"),
    me.games === 0
      ? h("p", { class: "notice" }, "Play a rated game of this kind to get a place.")
      : h("table", { class: "board-table" }, h("tbody", {}, boardRow(me, true))),
    me.games > 0 && me.place === null
      ? h(
          "p",
          { class: "notice" },
          `${toGo} more rated game${toGo === 1 ? "" : "s"} of this kind for a place.`,
        )
      : null,
  );
}
