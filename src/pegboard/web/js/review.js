// The replay's review mode (docs/review.md): each player's accuracy and marks, the standing
// graph (tap a point to jump there), the marked decisions as a list, their marks in the log,
// and at a marked decision the position as its seat saw it with the best choice beside the
// one made.

import { laneColour } from "./board.js";
import { cardView } from "./cards.js";
import { h, s } from "./dom.js";
import { laneOf } from "./seats.js";

const W = 320;
const H = 120;
const PAD = { left: 34, right: 8, top: 8, bottom: 8 };
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const CARD = /^[2-9TJQKA][CDHS]$/;
/** A decision's phase in words, where its name alone says little. */
const PHASE = { first: "order of the Tops", split: "Magic split", reveal: "Intel reveal" };

function phaseText(phase) {
  return PHASE[phase] ?? phase;
}

/** A label of card names as cards; anything else ("intel", "claim 8") as words. */
function choice(label) {
  const words = String(label).split(" ");
  if (words.length && words.every((w) => CARD.test(w)))
    return h(
      "span",
      { class: "review-cards" },
      words.map((w) => cardView(w, { small: true })),
    );
  return h("span", { class: "review-words" }, label);
}

/** Points to one decimal, never "-0.0". */
function pts(value) {
  const text = value.toFixed(1);
  return text === "-0.0" ? "0.0" : text;
}

function costText(d) {
  const points = `${d.cost_points.toFixed(1)} pts`;
  if (d.cost_win !== null && d.cost_win !== undefined)
    return `${points}, ${(100 * d.cost_win).toFixed(1)}% win`;
  return d.unit === "place" ? `${points}, ${d.cost.toFixed(2)} places` : points;
}

function markBadge(mark) {
  return h(
    "span",
    { class: `badge mark ${mark}`, title: mark, "aria-label": mark },
    SYMBOL[mark] ?? "",
  );
}

export class ReviewPanel {
  /**
   * `review`: the `pegboard-review/1` object; `names`: per seat; `teams`: partners;
   * `onJump(step)`: move the replay to a step; `you`: the viewer's seat if they played.
   */
  constructor(review, names, teams, onJump, you = null) {
    this.review = review;
    this.you = you;
    this.names = names;
    this.teams = teams;
    this.onJump = onJump;
    this.marked = review.decisions.filter((d) => d.mark);
    this.byStep = new Map(this.marked.map((d) => [d.step + 1, d]));
    this.element = h(
      "section",
      { class: "panel review-panel", "aria-labelledby": "review-title" },
      h("h2", { id: "review-title" }, "Review"),
      this.summary(),
      this.graph(),
      this.marks(),
      review.notes.length
        ? h("p", { class: "review-note" }, `Note: ${review.notes.join("; ")}.`)
        : null,
    );
  }

  colour(seat) {
    return laneColour(laneOf({ teams: this.teams }, seat));
  }

  summary() {
    // Scrolls sideways inside the panel where a narrow column cannot hold it.
    return h(
      "div",
      { class: "review-table-scroll", role: "region", "aria-label": "Players", tabindex: 0 },
      this.summaryTable(),
    );
  }

  summaryTable() {
    return h(
      "table",
      { class: "review-summary" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col" }, "Accuracy"),
          h("th", { scope: "col", title: "inaccuracies" }, "?!"),
          h("th", { scope: "col", title: "mistakes" }, "?"),
          h("th", { scope: "col", title: "blunders" }, "??"),
          h("th", { scope: "col", title: "luck: the cards against their average, in points" }, "Luck"),
        ),
      ),
      h(
        "tbody",
        {},
        this.review.seats.map((seat) =>
          h(
            "tr",
            { "data-testid": `review-seat-${seat.seat}` },
            h("th", { scope: "row" }, this.names[seat.seat]),
            h("td", {}, seat.accuracy.toFixed(1)),
            h("td", {}, String(seat.marks.inaccuracy)),
            h("td", {}, String(seat.marks.mistake)),
            h("td", {}, String(seat.marks.blunder)),
            h("td", {}, luckText(seat.luck)),
          ),
        ),
      ),
    );
  }

  /** Win chance of the viewer's side (the first side's, to a watcher) when there are 2
   * sides, or every seat's expected place (more). */
  graph() {
    const series = this.review.series;
    if (series.length < 2) return null;
    const win = this.review.standing_unit === "win";
    const places = this.review.players;
    const mine = this.you ?? 0; // whose chance the graph follows
    const lines = win ? [mine] : series[0].standing.map((_, seat) => seat);
    const lo = win ? 0 : 1;
    const hi = win ? 1 : places;
    const first = series[0].step;
    const last = series.at(-1).step;
    const x = (step) => PAD.left + ((step - first) * (W - PAD.left - PAD.right)) / (last - first || 1);
    // Win chance grows upward; a place grows downward (first at the top).
    const y = (v) =>
      win
        ? PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo)
        : PAD.top + ((v - lo) * (H - PAD.top - PAD.bottom)) / (hi - lo || 1);
    const grid = (v, label) => [
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "chart-grid" }),
      s("text", { x: PAD.left - 4, y: y(v) + 4, class: "chart-label" }, label),
    ];
    const gridLines = win
      ? [grid(1, "100%"), grid(0.5, "50%"), grid(0, "0%")]
      : Array.from({ length: places }, (_, i) => grid(i + 1, `#${i + 1}`));
    const polylines = lines.map((seat) =>
      s("polyline", {
        class: "chart-line review-line",
        style: { stroke: this.colour(seat) },
        points: series.map((p) => `${x(p.step).toFixed(1)},${y(p.standing[seat]).toFixed(1)}`).join(" "),
      }),
    );
    // Where the seat stood when it decided: the graph's last point at or before its step.
    const before = (step) => series.findLast((p) => p.step <= step) ?? series[0];
    const dots = this.marked.map((d) => {
      const standing = before(d.step).standing;
      const seat = win ? mine : d.seat;
      return s("circle", {
        cx: x(d.step),
        cy: y(standing[seat]),
        r: 3.4,
        class: `review-dot ${d.mark}`,
      });
    });
    const whose = this.you === null ? `${this.sideName(0)}'s` : "your";
    const who = win ? `${whose} chance of winning` : "each player's expected place";
    const svg = s(
      "svg",
      {
        viewBox: `0 0 ${W} ${H}`,
        class: "rating-chart review-graph",
        role: "img",
        "aria-label": `The graph of ${who} over the game; the marked decisions are listed below`,
        "data-testid": "review-graph",
      },
      gridLines,
      polylines,
      dots,
    );
    // A tap (or click) jumps to the nearest point of the graph.
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * W;
      let best = series[0];
      for (const p of series) if (Math.abs(x(p.step) - at) < Math.abs(x(best.step) - at)) best = p;
      this.onJump(best.step);
    });
    return h(
      "figure",
      { class: "review-figure" },
      svg,
      h(
        "figcaption",
        {},
        win
          ? `${whose === "your" ? "Your" : whose} chance of winning (tap the graph to go there)`
          : "Expected place, first at the top (tap the graph to go there)",
      ),
    );
  }

  sideName(seat) {
    if (!this.teams) return this.names[seat];
    return this.names.filter((_, other) => other % 2 === seat % 2).join(" & ");
  }

  marks() {
    if (!this.marked.length)
      return h("p", { class: "review-note" }, "No decision was marked: every choice was close.");
    return h(
      "ol",
      { class: "review-marks", "aria-label": "Marked decisions" },
      this.marked.map((d) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: `review-mark ${d.mark}`,
              "data-testid": `mark-${d.index}`,
              onClick: () => this.onJump(d.step + 1),
            },
            markBadge(d.mark),
            ` Hand ${d.hand}, ${this.names[d.seat]}, ${phaseText(d.phase)}: ${d.mark} (${costText(d)})`,
          ),
        ),
      ),
    );
  }

  /** Put each marked decision's badge on the log line of the move it made. */
  decorate(lines) {
    for (const d of this.marked) {
      const line = lines[d.step];
      if (!line) continue;
      line.classList.add("marked", d.mark);
      line.append(" ", markBadge(d.mark));
    }
  }

  /** At a marked decision's move: the position as the seat saw it, the best beside the played. */
  decisionAt(step) {
    const d = this.byStep.get(step);
    if (!d) return null;
    const view = d.view ?? {};
    const played = d.options[d.chosen];
    const best = d.options[d.best];
    const facts = [];
    if (view.hand?.length)
      facts.push(h("div", { class: "review-fact" }, h("span", {}, "Hand"), choice(view.hand.join(" "))));
    if (view.starter)
      facts.push(h("div", { class: "review-fact" }, h("span", {}, "Starter"), choice(view.starter)));
    if (view.tops)
      facts.push(
        h("div", { class: "review-fact" }, h("span", {}, "Tops"), choice(Object.values(view.tops).join(" "))),
      );
    if (view.trump) facts.push(h("div", { class: "review-fact" }, h("span", {}, "Trumps"), view.trump));
    if (view.count_cards?.length)
      facts.push(
        h(
          "div",
          { class: "review-fact" },
          h("span", {}, `Count ${view.count}`),
          choice(view.count_cards.join(" ")),
        ),
      );
    if (view.trick?.length)
      facts.push(
        h("div", { class: "review-fact" }, h("span", {}, "Trick"), choice(view.trick.map((t) => t.card).join(" "))),
      );
    if (Array.isArray(view.scores))
      facts.push(h("div", { class: "review-fact" }, h("span", {}, "Scores"), view.scores.join(" – ")));
    return h(
      "section",
      { class: `panel review-decision ${d.mark}`, "aria-labelledby": "review-decision-title" },
      h(
        "h2",
        { id: "review-decision-title" },
        markBadge(d.mark),
        ` ${d.mark[0].toUpperCase()}${d.mark.slice(1)}: ${this.names[d.seat]}'s ${phaseText(d.phase)}`,
      ),
      h("p", { class: "review-cost" }, `Cost: ${costText(d)}. As ${this.names[d.seat]} saw it:`),
      h("div", { class: "review-facts" }, facts),
      h(
        "div",
        { class: "review-choices" },
        h(
          "div",
          { class: "review-choice played" },
          h("h3", {}, "Played"),
          choice(played.label),
          h("span", { class: "review-points" }, `${pts(played.points)} pts`),
        ),
        h(
          "div",
          { class: "review-choice best" },
          h("h3", {}, "Best"),
          choice(best.label),
          h("span", { class: "review-points" }, `${pts(best.points)} pts`),
        ),
      ),
    );
  }
}

function luckText(luck) {
  const signed = (v, digits) => `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(digits)}`;
  if (luck.dice && !luck.total) return `dice ${signed(luck.dice, 0)}`;
  return luck.dice ? `${signed(luck.total, 1)}, dice ${signed(luck.dice, 0)}` : signed(luck.total, 1);
}

/** The profile's accuracy per game over time: `games` as `/api/players/ID` gives them. */
export function accuracyPanel(games) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "accuracy-title" },
    h("h2", { id: "accuracy-title" }, "Accuracy"),
    h(
      "div",
      { class: "rating-cards" },
      games.map((game) => {
        const values = game.points.map((p) => p.accuracy);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        return h(
          "div",
          { class: "rating-card", "data-game": game.game },
          h("h3", {}, game.title),
          h("p", { class: "rating-now" }, h("strong", {}, mean.toFixed(1))),
          h(
            "p",
            { class: "notice" },
            `mean over ${values.length} reviewed ${values.length === 1 ? "game" : "games"}`,
          ),
          values.length > 1 ? accuracyChart(values, `${game.title} accuracy`) : null,
        );
      }),
    ),
  );
}

function accuracyChart(values, label) {
  const x = (i) => PAD.left + (i * (W - PAD.left - PAD.right)) / (values.length - 1);
  const y = (v) => PAD.top + ((100 - v) * (H - PAD.top - PAD.bottom)) / 100;
  const grid = (v) => [
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "chart-grid" }),
    s("text", { x: PAD.left - 4, y: y(v) + 4, class: "chart-label" }, String(v)),
  ];
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "rating-chart",
      role: "img",
      "aria-label": `${label}: ${values.map((v) => v.toFixed(0)).join(", ")}, oldest first`,
    },
    grid(100),
    grid(50),
    grid(0),
    s("polyline", {
      points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      class: "chart-line",
    }),
    values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 2.6, class: "chart-dot" })),
  );
}
