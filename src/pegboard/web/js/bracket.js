// The playoff bracket drawn as SVG: one column a round, each match a box with its two seeds,
// the winner in bold, lines joining each match to the one its winner goes to.

import { s } from "./dom.js";

const BOX_W = 170;
const BOX_H = 44;
const GAP_X = 34;
const GAP_Y = 14;

/** `bracket`: per round, its matches in bracket order (docs/protocol.md, "Tournaments"). */
export function bracketSvg(bracket) {
  const first = bracket[0]?.length ?? 0;
  const height = Math.max(1, first) * (BOX_H + GAP_Y);
  const width = bracket.length * (BOX_W + GAP_X) - GAP_X;
  const svg = s("svg", {
    class: "bracket",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": bracketWords(bracket),
  });
  const centres = [];
  bracket.forEach((line, round) => {
    const slot = height / line.length;
    const x = round * (BOX_W + GAP_X);
    centres[round] = line.map((match, i) => {
      const y = slot * i + (slot - BOX_H) / 2;
      svg.append(matchBox(match, x, y));
      if (round > 0) {
        const [a, b] = [centres[round - 1][2 * i], centres[round - 1][2 * i + 1]];
        const mid = x - GAP_X / 2;
        for (const from of [a, b]) {
          svg.append(
            s("path", {
              class: "bracket-line",
              d: `M${x - GAP_X} ${from} H${mid} V${y + BOX_H / 2} H${x}`,
            }),
          );
        }
      }
      return y + BOX_H / 2;
    });
  });
  return svg;
}

function matchBox(match, x, y) {
  const group = s("g", { class: "bracket-match" });
  group.append(s("rect", { x, y, width: BOX_W, height: BOX_H, rx: 6 }));
  match.names.forEach((name, i) => {
    const seed = match.seeds[i];
    const won = match.winner !== null && match.players[i] === match.winner;
    const label = name ?? (match.players[0] && i === 1 && match.winner ? "bye" : "…");
    const line = y + 17 + i * 18;
    group.append(
      s(
        "text",
        { x: x + 8, y: line, class: won ? "winner" : "" },
        `${seed ? `(${seed}) ` : ""}${clip(label)}`,
      ),
    );
    // The games won, in a column of their own at the box's right edge: never read as part of
    // the name ("Greedy bot 4 1").
    if (match.score)
      group.append(
        s(
          "text",
          {
            x: x + BOX_W - 8,
            y: line,
            "text-anchor": "end",
            class: `bracket-score${won ? " winner" : ""}`,
          },
          String(match.score[i]),
        ),
      );
  });
  return group;
}

function clip(name) {
  return name.length > 14 ? `${name.slice(0, 13)}…` : name; // room for the games won
}

/** The bracket in words, for a screen reader. */
export function bracketWords(bracket) {
  const rounds = bracket.map((line, i) => {
    const matches = line.map((m) => {
      const [a, b] = m.names.map((n) => n ?? "to be decided");
      const won = m.winner ? `, won by ${m.names[m.players.indexOf(m.winner)]}` : "";
      return m.players[1] === null && m.winner ? `${a} has a bye` : `${a} against ${b}${won}`;
    });
    return `Round ${i + 1}: ${matches.join("; ")}`;
  });
  return `Playoff bracket. ${rounds.join(". ")}`;
}
