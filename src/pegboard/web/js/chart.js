// A rating over time: a small line chart drawn by hand in SVG (a polyline on a scaled grid),
// no library needed for one line and two labels.

import { s } from "./dom.js";

const W = 320;
const H = 120;
const PAD = { left: 38, right: 8, top: 10, bottom: 10 };

/** `points`: the rated matches, oldest first, each with the rating `before` and after it. */
export function ratingChart(points, label) {
  const values = [points[0].before, ...points.map((p) => p.rating)];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 20) {
    const mid = (hi + lo) / 2; // a flat line sits in the middle, not on an edge
    lo = Math.floor(mid - 10);
    hi = Math.ceil(mid + 10);
  }
  const x = (i) => PAD.left + (i * (W - PAD.left - PAD.right)) / (values.length - 1);
  const y = (v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const at = (v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  const axis = (v) => [
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "chart-grid" }),
    s("text", { x: PAD.left - 4, y: y(v) + 4, class: "chart-label" }, String(v)),
  ];
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "rating-chart",
      role: "img",
      "aria-label": `${label}: from ${values[0]} to ${values.at(-1)} over ${plural(points.length)}`,
    },
    axis(hi),
    axis(lo),
    s("polyline", { points: values.map(at).join(" "), class: "chart-line" }),
    values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 2.6, class: "chart-dot" })),
  );
}

function plural(n) {
  return `${n} rated ${n === 1 ? "game" : "games"}`;
}
