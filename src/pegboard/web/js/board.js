// The cribbage board: a serpentine track of holes from 0 to the target, one lane per
// player (or team), and two pegs per lane that leapfrog: the front peg at the score,
// the back peg at the score before it.

import { h, s } from "./dom.js";

export const PEG_COLOURS = ["#d94a3d", "#3a7bd5", "#2fa36b", "#e3a81f"];
const DECK_COLOURS = { grey: "#aab2bc", blue: "#4f8fe6" };

/**
 * Cribbage is not Enough's sides peg in its deck colours, grey and blue: each side keeps the
 * colour it had in the first hand for the whole game (the dealer may change colours later).
 */
export function teamPegColours(events, teams) {
  const first = events.find((e) => e.type === "colours")?.colours;
  if (!first) return [DECK_COLOURS.grey, DECK_COLOURS.blue];
  return teams.map((seats) => DECK_COLOURS[first.grey?.includes(seats[0]) ? "grey" : "blue"]);
}

/** The peg colour of a lane: a player's own, or the given colours of the sides. */
export function laneColour(lane, colours = null) {
  const list = colours ?? PEG_COLOURS;
  return list[lane % list.length];
}
const DX = 10; // between holes
const GAP = 5; // extra space between groups of five
const LANE = 8; // between lanes
const ROW_GAP = 14;
const MAX_TRACK = 240; // longer games are drawn to scale on a board this long

/** Scores from score events: per seat, the latest score and the one before it. */
export function pegHistory(events, players) {
  const now = Array(players).fill(0);
  const before = Array(players).fill(0);
  for (const event of events) {
    if (event.type !== "score" || !Array.isArray(event.scores)) continue;
    event.scores.forEach((score, seat) => {
      if (score !== now[seat]) {
        before[seat] = now[seat];
        now[seat] = score;
      }
    });
  }
  return { now, before };
}

export class Board {
  /** `lanes`: [{name, seats}] — a player, or a team sharing one score. */
  constructor(target, lanes, { narrow = window.innerWidth < 600, colours = null } = {}) {
    this.target = target;
    this.colours = colours;
    this.lanes = lanes;
    this.track = target > MAX_TRACK ? 120 : target;
    const holes = Math.max(this.track - 1, 1);
    // One row for short games; long ones wrap in rows of 40 holes (30 on a phone).
    const long = narrow ? 30 : 40;
    this.perRow = holes <= 45 ? holes : holes <= 90 ? Math.ceil(holes / 2) : long;
    this.rows = Math.ceil(holes / this.perRow);
    this.laneHeight = lanes.length * LANE;
    this.rowHeight = this.laneHeight + ROW_GAP;
    this.left = 30;
    this.top = 12;
    this.width = this.left + this.colX(this.perRow - 1) + 34;
    this.height = this.top + this.rows * this.rowHeight;
    this.element = this.build();
  }

  colX(col) {
    return col * DX + Math.floor(col / 5) * GAP;
  }

  /** Where a score sits in a lane (scores are drawn to scale on very long boards). */
  position(lane, score) {
    if (score >= this.target) return this.spot(lane, this.track);
    return this.spot(lane, Math.floor((Math.max(score, 0) * this.track) / this.target));
  }

  /** Hole `index` (0 = start, `track` = home) of a lane. */
  spot(lane, index) {
    const laneY = lane * LANE;
    if (index <= 0) return { x: 12, y: this.top + laneY };
    if (index >= this.track) {
      const home = this.home();
      return {
        x: home.x + (lane - (this.lanes.length - 1) / 2) * 3,
        y: home.y + (lane % 2) * 3 - 1.5,
      };
    }
    const row = Math.floor((index - 1) / this.perRow);
    let col = (index - 1) % this.perRow;
    if (row % 2 === 1) col = this.perRow - 1 - col;
    return { x: this.left + this.colX(col), y: this.top + row * this.rowHeight + laneY };
  }

  /** The game hole, at the end of the last row. */
  home() {
    const lastRow = this.rows - 1;
    const x = lastRow % 2 === 0 ? this.left + this.colX(this.perRow - 1) + 20 : 12;
    return { x, y: this.top + lastRow * this.rowHeight + ((this.lanes.length - 1) * LANE) / 2 };
  }

  build() {
    const holes = [];
    const labels = [];
    const step = this.perRow >= 20 ? 10 : 5;
    for (let index = 1; index < this.track; index++) {
      this.lanes.forEach((_, lane) => {
        const { x, y } = this.spot(lane, index);
        holes.push(s("circle", { cx: x, cy: y, r: 1.7, class: "hole" }));
      });
      if (index % step === 0) {
        const { x, y } = this.spot(this.lanes.length - 1, index);
        const shown = Math.round((index * this.target) / this.track);
        labels.push(s("text", { x, y: y + 8.5, class: "hole-label" }, String(shown)));
      }
    }
    const start = this.lanes.map((_, lane) => {
      const { x, y } = this.spot(lane, 0);
      return s("circle", { cx: x, cy: y, r: 2, class: "hole start" });
    });
    const { x: hx, y: hy } = this.home();
    const home = s("circle", { cx: hx, cy: hy, r: 5.5, class: "hole finish" });
    const grooves = this.lanes.map((_, lane) => this.groove(lane));
    this.pegs = this.lanes.map((_, lane) => {
      const colour = laneColour(lane, this.colours);
      const peg = (cls) => s("circle", { r: 3.1, class: `peg ${cls}`, fill: colour });
      return { back: peg("back"), front: peg("front") };
    });
    const svg = s(
      "svg",
      {
        class: "board-svg",
        viewBox: `0 0 ${this.width} ${this.height}`,
        role: "img",
        "aria-label": "Cribbage board",
      },
      s("rect", { x: 0, y: 0, width: this.width, height: this.height, rx: 8, class: "wood" }),
      grooves,
      holes,
      start,
      home,
      labels,
      this.pegs.flatMap((p) => [p.back, p.front]),
    );
    this.legend = h("ol", { class: "board-legend" });
    return h("figure", { class: "board" }, svg, this.legend);
  }

  /** A faint line in the lane's colour following the serpentine route. */
  groove(lane) {
    const points = [];
    for (let row = 0; row < this.rows; row++) {
      const y = this.top + row * this.rowHeight + lane * LANE;
      const a = this.left - 4;
      const b = this.left + this.colX(this.perRow - 1) + 4;
      points.push(row % 2 === 0 ? `${a},${y} ${b},${y}` : `${b},${y} ${a},${y}`);
    }
    return s("polyline", {
      points: points.join(" "),
      class: "groove",
      stroke: laneColour(lane, this.colours),
    });
  }

  /** Move the pegs: `now[lane]` and `before[lane]` are scores. */
  update(now, before, { names = [], turn = [], order = null } = {}) {
    this.pegs.forEach((peg, lane) => {
      for (const [circle, score] of [
        [peg.front, now[lane]],
        [peg.back, before[lane]],
      ]) {
        const { x, y } = this.position(lane, score);
        circle.style.transform = `translate(${x}px, ${y}px)`;
      }
    });
    const items = (order ?? this.lanes.map((_, i) => i)).map((i) =>
      h(
        "li",
        { class: turn.includes(i) ? "to-act" : "" },
        h("span", { class: "swatch", style: { background: laneColour(i, this.colours) } }),
        h("span", { class: "lane-name" }, names[i] ?? this.lanes[i].name),
        h("strong", { class: "lane-score", "data-testid": `score-${i}` }, String(now[i])),
      ),
    );
    this.legend.replaceChildren(...items);
    this.legend.append(h("li", { class: "target" }, `to ${this.target}`));
  }
}
