// Pile's module of the web client, served from its own package (GET /api/games/pile/client.js):
// the table (the pile, the scores, a button for each legal take) and one step of a replay.

import { h } from "/static/js/dom.js";

function scores(names, values) {
  return h(
    "p",
    { class: "pile-scores", "data-testid": "pile-scores" },
    values.map((score, seat) => `${names[seat]} ${score}`).join(" · "),
  );
}

/** The live table: what is left, the scores, and the takes the player may make. */
export function table(page) {
  const view = page.view;
  const names = view.scores.map((_, seat) => page.displayName(seat));
  const mine = view.to_act.includes(page.state.seat);
  return h(
    "div",
    { class: "felt pile", "data-phase": view.phase },
    h("h2", { class: "pile-title" }, `Pile: ${view.pile} left`),
    scores(names, view.scores),
    h("p", { class: "prompt" }, h("span", {}, mine ? "Take one or two" : "Waiting")),
    h(
      "div",
      { class: "actions" },
      (view.legal ?? []).map((action) =>
        h(
          "button",
          { type: "button", "data-testid": `take-${action.count}`, onClick: () => page.act(action) },
          `Take ${action.count}`,
        ),
      ),
    ),
  );
}

/** One step of a replay: the pile and the scores after it. */
export function replay(page, state) {
  // the state keeps the last event of each type (replay-state.js): the last take's pile
  const pile = state.last.take?.pile ?? page.record.options.counters;
  return [h("h2", { class: "pile-title" }, `Pile: ${pile} left`), scores(page.names, state.scores)];
}
