// A player's panel at the table: name, badges, score, face-down hand, cards played.

import { laneColour } from "./board.js";
import { cardBacks, cardView } from "./cards.js";
import { h } from "./dom.js";
import { lastPegged } from "./narrate.js";

/** Seats in play order starting after `from` (the viewer), or all of them for spectators. */
export function othersInOrder(players, from) {
  const start = from ?? -1;
  const order = [];
  for (let k = 1; k <= players; k++) {
    const seat = (start + k + players) % players;
    if (seat !== from) order.push(seat);
  }
  return order;
}

export function laneOf(view, seat) {
  return view.teams ? seat % 2 : seat;
}

/** Whether `seat` is `me`'s partner: the other player of my side in a team game. */
export function isPartner(view, me, seat) {
  if (me === null || me === undefined || seat === me) return false;
  if (Array.isArray(view.teams)) return view.teams.some((t) => t.includes(me) && t.includes(seat));
  return Boolean(view.teams) && seat % 2 === me % 2;
}

/** A seat's peg colour; `colours`: the sides' own (Cribbage is not Enough, `page.pegColours`). */
export function swatch(view, seat, colours = null) {
  return h("span", {
    class: "swatch",
    style: { background: laneColour(laneOf(view, seat), colours) },
  });
}

/**
 * `status`: a short word under the name ("discarded", "go", …);
 * `cards`: what to draw as the hand; `played`: cards played this hand, face up.
 */
export function seatPanel(
  page,
  seat,
  { status = "", cards = null, played = [], extra = null } = {},
) {
  const view = page.view;
  const info = view.seats[seat] ?? {};
  const slot = page.state.table.slots[page.state.table.seating?.[seat]];
  const bot = String(info.kind ?? "").startsWith("bot:");
  const away = !bot && slot && !slot.connected;
  const toAct = view.to_act.includes(seat);
  const out = view.active && !view.active.includes(seat);
  return h(
    "div",
    {
      class: `seat-panel ${toAct ? "to-act" : ""} ${out ? "out" : ""}`,
      "data-seat": seat,
      "aria-label": `${info.name}${toAct ? ", to act" : ""}`,
    },
    h(
      "div",
      { class: "seat-head" },
      swatch(view, seat, page.pegColours),
      h("span", { class: "seat-name" }, info.name ?? `Seat ${seat + 1}`),
      isPartner(view, page.state.seat, seat) ? h("span", { class: "badge you" }, "partner") : null,
      bot ? h("span", { class: "badge" }, "bot") : null,
      away ? h("span", { class: "badge warn" }, "away") : null,
      view.dealer === seat ? h("span", { class: "badge dealer", title: "Dealer" }, "dealer") : null,
      h("strong", { class: "seat-score" }, String(view.scores[seat])),
    ),
    h(
      "div",
      { class: "seat-cards" },
      cards ??
        cardBacks(view.hand_sizes[seat], {
          label: `${info.name} holds ${view.hand_sizes[seat]} cards`,
        }),
      played.length
        ? h(
            "span",
            { class: "played" },
            played.map((card) => cardView(card, { small: true, extra: "mini" })),
          )
        : null,
    ),
    h("div", { class: "seat-status" }, out ? "left the game" : status, extra),
  );
}

/** "+2 fifteen" beside the count for the card just played (it fades; the log keeps it). */
export function peggedFlash(page) {
  const pegged = lastPegged(page.state.events);
  if (!pegged) return null;
  return h(
    "span",
    { class: "pegged", "data-testid": "pegged", role: "status" },
    swatch(page.view, pegged.seat, page.pegColours),
    pegged.text,
  );
}
