// The results panel: ranks, scores, skunks, a rematch button and a link to the replay; in a
// match of several games, every game of the match and the next game's button.

import { h } from "./dom.js";
import { matchGames, matchLine } from "./match-score.js";
import { ratingChange } from "./rating-change.js";

const REASONS = {
  target: "reached the target",
  leave: "a player left",
  deals: "all deals played",
  minutes: "time is up",
};

export function ordinal(n) {
  const tail =
    n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${tail}`;
}

/**
 * The sides of a game, as lists of seats sharing a score: the game's own (`teams` a list, as
 * the server gives them with a view or a record), partners opposite (`teams` true), or one
 * seat each.
 */
export function sidesOf({ players, teams }) {
  if (Array.isArray(teams)) return teams;
  if (teams === true)
    return [
      [0, 2],
      [1, 3],
    ];
  return Array.from({ length: players }, (_, seat) => [seat]);
}

/** Rows of the result, best rank first; partners share a row. */
export function resultRows(outcome, names, sides) {
  return sides
    .map((seats) => seats[0])
    .map((seat, i) => ({
      seat,
      seats: sides[i],
      rank: outcome.ranks[seat],
      score: outcome.scores[seat],
      name: sides[i].map((s) => names[s]).join(" & "),
      skunk: outcome.double_skunked?.includes(seat)
        ? "double skunk"
        : outcome.skunked?.includes(seat)
          ? "skunk"
          : "",
    }))
    .sort((a, b) => a.rank - b.rank || b.score - a.score);
}

/** The results, best first; `ratings` (per game seat: its rating change, or null) adds the
 * change of each rated player. */
export function resultsTable(outcome, names, sides, ratings = null) {
  const rated = ratings?.some((change) => change);
  return h(
    "table",
    { class: "results-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Rank"),
        h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, "Score"),
      ),
    ),
    h(
      "tbody",
      {},
      resultRows(outcome, names, sides).map((row) =>
        h(
          "tr",
          { class: row.rank === 1 ? "winner" : "" },
          h("td", { class: "rank", "data-testid": `rank-${row.seat}` }, ordinal(row.rank)),
          h(
            "td",
            {},
            row.name,
            row.skunk ? h("span", { class: "badge skunk" }, row.skunk) : null,
            rated
              ? h(
                  "span",
                  { class: "ratings-line" },
                  row.seats.map((s) =>
                    ratings[s] ? ratingChange(ratings[s], { testid: `rating-${s}` }) : null,
                  ),
                )
              : null,
          ),
          h("td", { class: "num" }, String(row.score)),
        ),
      ),
    ),
  );
}

/** What a watcher is told comes next: a rematch only at a table that will have one. */
function watcherNote(page) {
  const { table, events } = page.state;
  const people = table.slots.filter((slot) => slot && !String(slot.kind).startsWith("bot"));
  if (!people.length) return "A table of bots plays one game: it closes after the results.";
  if (events.some((e) => e.type === "leave"))
    return "A player left: the table closes after the results.";
  return (
    "A rematch starts if every player asks for it before the clock runs out; " +
    "if not, the table closes. "
  );
}

/** The people at the table (game seats), not its bots. */
function peopleSeats(table) {
  return (table.seating ?? [])
    .map((slot, seat) => ({ seat, slot: table.slots[slot] }))
    .filter(({ slot }) => slot && !String(slot.kind).startsWith("bot"))
    .map(({ seat }) => seat);
}

/** Who has asked for the rematch and who is still to answer: "Bob asks for a rematch; waiting
 * for Cat." (nothing while nobody else is at the table). */
function rematchNote(page) {
  const { table, seat } = page.state;
  const asked = new Set(table.rematch ?? []);
  const others = peopleSeats(table).filter((s) => s !== seat);
  if (!others.length) return null;
  const names = (seats) => seats.map((s) => page.names[s]).join(" and ");
  const yes = others.filter((s) => asked.has(s));
  const waiting = others.filter((s) => !asked.has(s));
  const parts = [];
  if (yes.length) parts.push(`${names(yes)} ${yes.length === 1 ? "asks" : "ask"} for a rematch`);
  if (waiting.length) parts.push(`waiting for ${names(waiting)}`);
  const said = parts.join("; ");
  return h(
    "p",
    { class: "rematch-note", "data-testid": "rematch-note", role: "status" },
    `${said.charAt(0).toUpperCase()}${said.slice(1)}.`,
  );
}

/** Why a table is closed: someone left, someone did not ask for the rematch, or only bots. */
function closedReason(page) {
  const { table, events } = page.state;
  const leavers = [...new Set(events.filter((e) => e.type === "leave").map((e) => e.seat))];
  const people = peopleSeats(table);
  const asked = new Set(table.rematch ?? []);
  const silent = people.filter((s) => !asked.has(s) && !leavers.includes(s));
  const names = (seats) => seats.map((s) => page.names[s] ?? `Seat ${s + 1}`).join(" and ");
  if (leavers.length) return `The table is closed: ${names(leavers)} left.`;
  if (!people.length) return "The table is closed: a table of bots plays one game.";
  if (silent.length)
    return `The table is closed: ${names(silent)} did not ask for a rematch before the clock ran out.`;
  return "The table is closed.";
}

export function resultsPanel(page) {
  const { table, view, seat } = page.state;
  const outcome = view.outcome;
  const names = page.names.map((name, s) => (s === seat ? `${name} (you)` : name));
  const winners = outcome.ranks.map((r, s) => (r === 1 ? s : -1)).filter((s) => s >= 0);
  const title = winners.includes(seat)
    ? "You win!"
    : `${winners.map((s) => page.names[s]).join(" & ")} win${winners.length === 1 ? "s" : ""}`;
  const asked = page.ui.rematch === table.match || (table.rematch ?? []).includes(seat);
  const seated = seat !== null && table.status !== "finished";
  const play = table.match_play;
  const goesOn = Boolean(play) && !play.decided;
  let footer;
  if (table.daily) {
    footer = h(
      "p",
      { class: "notice", "data-testid": "daily-over" },
      "One attempt a day: ",
      h("a", { href: "#/daily", "data-key": "daily-results" }, "see today's results"),
      " and how the others played the same deals.",
    );
  } else if (table.status === "finished") {
    footer = h("p", { class: "notice", "data-testid": "closed-note" }, closedReason(page));
  } else if (table.match_format?.no_show && !goesOn) {
    // A tournament's match (it carries the no-show's graces): no rematch, the next is paired.
    footer = h(
      "p",
      { class: "notice", "data-testid": "tournament-over" },
      "A tournament's match: the tournament pairs the next round, and its page says where to go. ",
      h("a", { href: "#/tournaments", "data-key": "to-tournaments" }, "Tournaments"),
    );
  } else if (goesOn) {
    footer = [
      h(
        "p",
        { class: "notice", "data-testid": "countdown-note" },
        "The match's next game starts when the clock runs out, or once every player is ready; ",
        "the loser of this game deals first.",
      ),
      seat === null
        ? h("p", {}, page.clock.element)
        : h(
            "p",
            { class: "rematch" },
            h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-key": "next-game",
                disabled: asked,
                onClick: () => {
                  page.ui.rematch = table.match;
                  page.act({ type: "rematch" });
                  page.rerender();
                },
              },
              asked ? "Ready…" : "Next game",
            ),
            " ",
            h(
              "button",
              {
                type: "button",
                class: "quiet",
                "data-key": "results-leave",
                title: "Leaving forfeits the match",
                onClick: () => page.leave(),
              },
              "Leave (forfeit)",
            ),
            " ",
            page.clock.element,
          ),
    ];
  } else if (seat === null) {
    footer = h(
      "p",
      { class: "notice", "data-testid": "countdown-note" },
      watcherNote(page),
      page.clock.element,
    );
  } else {
    footer = [
      rematchNote(page),
      h(
        "p",
        { class: "notice", "data-testid": "countdown-note" },
        asked ? "Rematch asked: it starts once everyone has asked. " : "",
        "When the clock runs out, anyone who has not asked for a rematch gives up their seat, " +
          "and the table closes.",
      ),
      h(
        "p",
        { class: "rematch" },
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-key": "rematch",
            disabled: asked,
            onClick: () => {
              page.ui.rematch = table.match;
              page.act({ type: "rematch" });
              page.rerender();
            },
          },
          asked ? "Rematch asked…" : "Rematch",
        ),
        " ",
        // Leaving, not just going: the table need not wait for us to come back.
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            "data-key": "results-leave",
            onClick: () => page.leave(),
          },
          "Leave",
        ),
        " ",
        page.clock.element,
      ),
    ];
  }
  return h(
    "section",
    { class: "overlay", role: "dialog", "aria-modal": "false", "aria-labelledby": "results-title" },
    h(
      "div",
      { class: "panel results" },
      h("h2", { id: "results-title" }, title),
      h("p", { class: "reason" }, `Game over: ${REASONS[outcome.reason] ?? outcome.reason}.`),
      resultsTable(
        outcome,
        names,
        sidesOf(view),
        table.ratings ? table.seating.map((slot) => table.ratings[slot]) : null,
      ),
      play
        ? [
            h("h3", { class: "match-result", "data-testid": "match-result" }, matchLine(play, names)),
            matchGames(play, names),
          ]
        : null,
      footer,
      h(
        "p",
        { class: "links" },
        h("a", { href: `#/replay/${table.id}/${table.match}` }, "Replay this game"),
        // a game without a review (its spec says so) offers none
        page.game?.spec?.review === false
          ? null
          : [" · ", h("a", { href: `#/replay/${table.id}/${table.match}/review` }, "Review")],
        table.rated ? [" · ", h("a", { href: "#/me" }, "Your profile")] : null,
        seated ? null : [" · ", h("a", { href: "#/" }, "Lobby")],
      ),
    ),
  );
}
