// The Cribbage table: opponents, starter and crib, the count, the show, your hand and
// what you may do now (discard, play, go, ready, claim).

import { cardBacks, cardButton, cardView } from "./cards.js";
import { claimsPanel } from "./claims.js";
import { h } from "./dom.js";
import { guidePanel } from "./guide.js";
import { cribbageGuide } from "./guide-words.js";

// A first game finished before games were told apart was a game of Cribbage (the only guided one).
if (globalThis.localStorage?.getItem("pegboard.finished-a-game") === "yes")
  localStorage.setItem("pegboard.finished.cribbage", "yes");
import { hintButton, hintPanel } from "./hints.js";
import { scoreTalk } from "./narrate.js";
import { isPartner, othersInOrder, peggedFlash, seatPanel, swatch } from "./seats.js";

const PLAY_PHASES = ["discard", "play"];

/** Events of the hand in progress (from its deal on). */
function handEvents(events) {
  let start = 0;
  events.forEach((event, i) => {
    if (event.type === "deal") start = i;
  });
  return events.slice(start);
}

/** For each shown hand (in order), the scores it brought: its owner's, then any Muggins. */
function showScores(events) {
  const result = [];
  let current = null;
  for (const event of handEvents(events)) {
    if (event.type === "show") result.push((current = []));
    else if (event.type === "score" && current) current.push(event);
  }
  return result;
}

function whose(page, seat, thing) {
  if (seat === page.state.seat) return `your ${thing}`;
  if (isPartner(page.view, page.state.seat, seat)) return `your partner's ${thing}`;
  return `${page.names[seat]}'s ${thing}`;
}

/** The sentence above the hand: what is happening, and what you should do. */
function prompt(page) {
  const view = page.view;
  const me = page.state.seat;
  const legal = view.legal ?? [];
  const waitingFor = view.to_act.filter((s) => s !== me).map((s) => page.names[s]);
  const others = waitingFor.join(", ");
  switch (view.phase) {
    case "discard": {
      if (legal.length) {
        const need = view.hand.length - 4;
        return `Choose ${need === 1 ? "a card" : `${need} cards`} for ${whose(page, view.dealer, "crib")}`;
      }
      return `Waiting for ${others} to discard`;
    }
    case "play":
      if (view.turn === me) {
        return legal.some((a) => a.type === "go")
          ? "You cannot play: say go"
          : "Your turn: play a card";
      }
      return `${page.names[view.turn]} to play`;
    case "pre-show":
      return legal.length ? "The play is over. Ready for the show?" : `Waiting for ${others}`;
    case "post-show":
      return legal.length
        ? "The hand is counted. Ready for the next deal?"
        : `Waiting for ${others}`;
    case "count": {
      const counting = view.counting;
      const what = whose(page, counting.claimant, counting.label);
      if (counting.claimant === me && !counting.claimed) return `Count ${what}: claim what you see`;
      if (counting.to_call === me) return `Muggins? Call what was missed in ${what}, or pass`;
      return counting.claimed
        ? `${page.names[counting.to_call]} may call Muggins`
        : `${page.names[counting.claimant]} is counting ${what}`;
    }
    default:
      return view.outcome ? "Game over" : "Shuffling…";
  }
}

function opponentStatus(view, seat) {
  if (view.phase === "discard")
    return view.discarded_seats.includes(seat) ? "discarded" : "choosing…";
  if (view.phase === "play") {
    if (view.passed.includes(seat)) return "go";
    return view.turn === seat ? "playing…" : "";
  }
  if (view.phase === "pre-show" || view.phase === "post-show")
    return view.ready.includes(seat) ? "ready" : "";
  return "";
}

function playedBy(view, seat) {
  return view.played.filter((p) => p.seat === seat).map((p) => p.card);
}

function middle(page) {
  const view = page.view;
  const starter = h(
    "div",
    { class: "pile" },
    view.starter
      ? cardView(view.starter, { extra: "starter" })
      : cardBacks(1, { small: false, label: "the deck", count: false }),
    h("span", { class: "pile-label" }, view.starter ? "Starter" : "Deck"),
  );
  const cribLabel = view.dealer === null ? "Crib" : `${whose(page, view.dealer, "crib")}`;
  const crib = h(
    "div",
    { class: "pile crib" },
    view.crib
      ? h(
          "span",
          { class: "fan" },
          view.crib.map((c) => cardView(c, { small: true })),
        )
      : cardBacks(view.crib_size, {
          small: false,
          label: `${cribLabel}: ${view.crib_size} cards face down`,
        }),
    h("span", { class: "pile-label" }, cribLabel[0].toUpperCase() + cribLabel.slice(1)),
  );
  const showing = !PLAY_PHASES.includes(view.phase) && view.shown.length;
  return h("div", { class: "middle" }, starter, crib, showing ? showArea(page) : countArea(page));
}

function countArea(page) {
  const view = page.view;
  const inCount = view.played.slice(view.played.length - view.count_cards.length);
  const active = view.phase === "play";
  return h(
    "div",
    { class: `count-area ${active ? "" : "idle"}`, "aria-label": `The count is ${view.count}` },
    h(
      "div",
      { class: "count" },
      h("span", {}, "Count"),
      h("strong", { "data-testid": "count" }, String(view.count)),
      active ? peggedFlash(page) : null,
    ),
    h(
      "div",
      { class: "count-cards" },
      inCount.length
        ? inCount.map((p) =>
            h("span", { class: "count-card" }, cardView(p.card), swatch(view, p.seat)),
          )
        : h(
            "span",
            { class: "hint" },
            active
              ? "No cards in this count yet"
              : view.phase === "discard"
                ? "The play starts after the discards"
                : "",
          ),
    ),
  );
}

function showArea(page) {
  const view = page.view;
  const scores = showScores(page.state.events);
  return h(
    "div",
    { class: "show-area", "data-testid": "show" },
    view.shown.map((shown, i) => {
      const mine = (scores[i] ?? []).filter((e) => e.seat === shown.seat);
      const calls = (scores[i] ?? []).filter((e) => e.seat !== shown.seat);
      const items = mine.flatMap((e) => e.items);
      return h(
        "div",
        { class: "shown" },
        h(
          "div",
          { class: "shown-head" },
          swatch(view, shown.seat),
          h("span", {}, whose(page, shown.seat, shown.crib ? "crib" : "hand")),
          h(
            "strong",
            { class: "shown-points" },
            shown.points === null ? "…" : String(shown.points),
          ),
        ),
        h(
          "div",
          { class: "shown-cards" },
          shown.cards.map((c) => cardView(c, { small: true })),
          view.starter ? cardView(view.starter, { small: true, extra: "starter" }) : null,
        ),
        h(
          "p",
          { class: "talk" },
          shown.points === null
            ? "counting…"
            : items.length
              ? scoreTalk(items, { show: true })
              : view.counting_mode === "manual"
                ? "nothing claimed"
                : "nothing to count",
        ),
        calls.map((e) =>
          h(
            "p",
            { class: "talk muggins" },
            `Muggins: ${page.names[e.seat]} ${e.points < 0 ? "loses" : "takes"} ${Math.abs(e.points)}`,
          ),
        ),
      );
    }),
  );
}

function handArea(page) {
  const view = page.view;
  const legal = view.legal ?? [];
  const ui = page.ui;
  if (view.phase === "discard" && legal.length) {
    const need = view.hand.length - 4;
    const toggle = (card) => () => {
      if (ui.selected.has(card)) ui.selected.delete(card);
      else if (ui.selected.size < need) ui.selected.add(card);
      else {
        ui.selected.delete([...ui.selected][0]); // replace the oldest choice
        ui.selected.add(card);
      }
      page.rerender();
    };
    return view.hand.map((card) =>
      cardButton(card, { selected: ui.selected.has(card), onClick: toggle(card) }),
    );
  }
  if (view.phase === "play") {
    const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
    return view.hand.map((card) =>
      cardButton(card, {
        disabled: !playable.has(card),
        hint: playable.has(card) ? "playable" : "",
        onClick: () => page.act({ type: "play", card }),
      }),
    );
  }
  const cards = view.hand.length ? view.hand : view.kept;
  return cards.map((card) => cardView(card));
}

function actions(page) {
  const view = page.view;
  const legal = view.legal ?? [];
  const buttons = [];
  if (view.phase === "discard" && legal.length) {
    const need = view.hand.length - 4;
    const chosen = [...page.ui.selected];
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-key": "discard",
          disabled: chosen.length !== need,
          onClick: () => page.act({ type: "discard", cards: chosen }),
        },
        chosen.length === need ? "Discard" : `Discard (${chosen.length}/${need})`,
      ),
      hintButton(page),
    );
  }
  if (view.phase === "play" && legal.some((a) => a.type === "play")) buttons.push(hintButton(page));
  if (legal.some((a) => a.type === "go")) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-key": "go",
          onClick: () => page.act({ type: "go" }),
        },
        "Go",
      ),
    );
  }
  if (legal.some((a) => a.type === "ready")) {
    const label = view.phase === "pre-show" ? "Ready to count" : "Next hand";
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-key": "ready",
          onClick: () => page.act({ type: "ready" }),
        },
        label,
      ),
    );
  }
  return buttons;
}

export function renderCribbage(page) {
  const view = page.view;
  const me = page.state.seat;
  const seated = me !== null && me !== undefined;
  const others = othersInOrder(view.players, seated ? me : null);
  const opponents = others.map((seat) =>
    seatPanel(page, seat, {
      status: opponentStatus(view, seat),
      cards:
        view.phase === "discard" || view.phase === "play" ? null : h("span", { class: "no-cards" }),
      played: view.phase === "play" ? playedBy(view, seat) : [],
    }),
  );
  const mine = seated
    ? h(
        "section",
        { class: `me ${view.to_act.includes(me) ? "to-act" : ""}`, "aria-label": "Your hand" },
        h(
          "div",
          { class: "me-head" },
          swatch(view, me),
          h("span", { class: "seat-name" }, `${page.names[me]} (you)`),
          view.dealer === me ? h("span", { class: "badge dealer" }, "dealer") : null,
          h("strong", { class: "seat-score" }, String(view.scores[me])),
        ),
        h(
          "p",
          { class: "prompt", "data-testid": "prompt" },
          h("span", {}, prompt(page)),
          page.clock.element,
        ),
        ["discard", "play", "pre-show"].includes(view.phase) // later, the show lays them out
          ? h(
              "div",
              {
                class: `hand ${view.phase === "play" && view.turn !== me ? "not-my-turn" : ""}`,
                role: "group",
                "aria-label": "Your cards",
              },
              handArea(page),
            )
          : null,
        h("div", { class: "actions" }, actions(page)),
        hintPanel(page),
        view.phase === "count" && view.counting ? claimsPanel(page, COUNTING) : null,
        guidePanel(page, cribbageGuide),
      )
    : h(
        "section",
        { class: "me spectator" },
        h(
          "p",
          { class: "prompt", "data-testid": "prompt" },
          h("span", {}, prompt(page)),
          page.clock.element,
        ),
        view.phase === "count" && view.counting ? claimsPanel(page, COUNTING) : null,
      );
  return h(
    "div",
    { class: `felt cribbage phase-${view.phase}`, "data-phase": view.phase },
    h("div", { class: "opponents" }, opponents),
    middle(page),
    mine,
  );
}

/** The items counted by hand in Cribbage (the last counted card is the starter). */
const COUNTING = {
  kinds: ["fifteen", "pair", "run", "flush", "nobs"],
  starters: (view) => [view.counting.cards.at(-1)],
};

/** The live table. */
export const table = renderCribbage;

/** One step of a replay: every hand face up, the starter, the crib, the count and the show. */
export function replay(page, state) {
  const seats = state.hands.map((_, seat) => page.seatRow(state, seat));
  const middle = h(
    "div",
    { class: "middle" },
    h(
      "div",
      { class: "pile" },
      state.starter
        ? cardView(state.starter, { extra: "starter" })
        : h("span", { class: "no-cards" }, "—"),
      h("span", { class: "pile-label" }, "Starter"),
    ),
    h(
      "div",
      { class: "pile crib" },
      h(
        "span",
        { class: "fan" },
        state.crib.map((c) => cardView(c, { small: true })),
      ),
      h("span", { class: "pile-label" }, "Crib"),
    ),
    h(
      "div",
      { class: "count-area" },
      h("div", { class: "count" }, h("span", {}, "Count"), h("strong", {}, String(state.count))),
      h(
        "div",
        { class: "count-cards" },
        state.countCards.map((p) =>
          h(
            "span",
            { class: "count-card" },
            cardView(p.card),
            swatch({ teams: page.teams }, p.seat),
          ),
        ),
      ),
    ),
  );
  const shown = state.shown.length
    ? h(
        "div",
        { class: "show-area" },
        state.shown.map((s) =>
          h(
            "div",
            { class: "shown" },
            h(
              "div",
              { class: "shown-head" },
              swatch({ teams: page.teams }, s.seat),
              h("span", {}, `${page.names[s.seat]}'s ${s.crib ? "crib" : "hand"}`),
              h("strong", { class: "shown-points" }, String(s.points)),
            ),
            h(
              "div",
              { class: "shown-cards" },
              s.cards.map((c) => cardView(c, { small: true })),
              state.starter ? cardView(state.starter, { small: true, extra: "starter" }) : null,
            ),
            h(
              "p",
              { class: "talk" },
              s.items.length ? scoreTalk(s.items, { show: true }) : "nothing",
            ),
          ),
        ),
      )
    : null;
  return [
    h("div", { class: "opponents replay-seats" }, seats),
    middle,
    shown,
    page.outcome(state),
  ];
}
