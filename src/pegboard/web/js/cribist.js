// The Cribist table: four seats around the trick, trumps, tricks won, your hand (only the
// cards you may play are enabled), and claims / Muggins after each trick.

import { cardButton, cardView, parseCard, SUIT_SYMBOLS, SUITS } from "./cards.js";
import { claimsPanel } from "./claims.js";
import { h, plural } from "./dom.js";
import { guidePanel } from "./guide.js";
import { cribistGuide } from "./guide-words.js";
import { seatPanel, swatch } from "./seats.js";

const SUIT_ORDER = "SHCD"; // alternate colours in the hand

function sortHand(cards) {
  const key = (text) => {
    const card = parseCard(text);
    return SUIT_ORDER.indexOf(card.suit) * 20 + card.rank;
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Where each seat sits on screen, seen from `me` (bottom): play goes left, top, right. */
function places(me) {
  const base = me ?? 0;
  return {
    [base]: "bottom",
    [(base + 1) % 4]: "left",
    [(base + 2) % 4]: "top",
    [(base + 3) % 4]: "right",
  };
}

function prompt(page) {
  const view = page.view;
  const me = page.state.seat;
  if (view.outcome) return "Game over";
  if (view.phase === "count" && view.counting) {
    const counting = view.counting;
    const who = counting.claimant === me ? "your" : `${page.names[counting.claimant]}'s`;
    if (counting.claimant === me && !counting.claimed)
      return "You won the trick: claim what it scores";
    if (counting.to_call === me) return `Muggins? Call what was missed in ${who} trick, or pass`;
    return counting.claimed
      ? `${page.names[counting.to_call]} may call Muggins`
      : `${page.names[counting.claimant]} is counting ${who} trick`;
  }
  if (view.phase !== "play") return "Shuffling…";
  if (view.turn !== me) return `${page.names[view.turn]} to ${view.trick.length ? "play" : "lead"}`;
  if (!view.trick.length)
    return view.trump ? "Your lead" : "Your lead: the suit you lead is trumps";
  const led = view.trick[0].card.at(-1);
  return `Your turn: follow ${SUITS[led]} if you can`;
}

function trickArea(page, where) {
  const view = page.view;
  const live = view.trick.length > 0;
  const last = view.last_trick;
  const shown = live
    ? view.trick.map((t) => ({ seat: t.seat, card: t.card }))
    : last
      ? last.cards.map((card, seat) => ({ seat, card })).filter((t) => t.card)
      : [];
  const trump = view.trump
    ? h(
        "div",
        {
          class: `trumps ${"DH".includes(view.trump) ? "red" : "black"}`,
          "data-testid": "trumps",
          "data-trump": view.trump,
        },
        h("span", { class: "trump-symbol" }, SUIT_SYMBOLS[view.trump]),
        h("span", {}, `${SUITS[view.trump]} are trumps`),
      )
    : h("div", { class: "trumps none" }, h("span", {}, "Trumps: the first lead"));
  return h(
    "div",
    { class: `trick ${live ? "" : "done"}`, "aria-label": live ? "The trick" : "The last trick" },
    shown.map((t) =>
      h(
        "div",
        {
          class: `trick-card at-${where[t.seat]} ${!live && last?.winner === t.seat ? "won" : ""}`,
        },
        cardView(t.card),
        swatch(view, t.seat),
      ),
    ),
    h(
      "div",
      { class: "trick-center" },
      trump,
      !live && last
        ? h(
            "p",
            { class: "hint" },
            `${last.winner === page.state.seat ? "You" : page.names[last.winner]} took the last trick`,
          )
        : null,
    ),
  );
}

export function renderCribist(page) {
  const view = page.view;
  const me = page.state.seat;
  const seated = me !== null && me !== undefined;
  const where = places(seated ? me : null);
  const legal = view.legal ?? [];
  const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
  const leader = view.trick[0]?.seat;
  const doing = (seat) => {
    if (view.turn === seat) return view.trick.length ? " · to play" : " · to lead";
    return leader === seat ? " · led" : "";
  };
  const panel = (seat) =>
    seatPanel(page, seat, { status: `${plural(view.tricks_won[seat], "trick")}${doing(seat)}` });
  const spots = Object.entries(where)
    .filter(([seat]) => !seated || Number(seat) !== me)
    .map(([seat, place]) => h("div", { class: `spot spot-${place}` }, panel(Number(seat))));
  const hand = seated
    ? sortHand(view.hand).map((card) =>
        cardButton(card, {
          disabled: !playable.has(card),
          hint: playable.has(card) ? "playable" : "",
          onClick: () => page.act({ type: "play", card }),
        }),
      )
    : [];
  const mine = h(
    "section",
    {
      class: `me ${seated && view.to_act.includes(me) ? "to-act" : ""} ${seated ? "" : "spectator"}`,
      "aria-label": "Your hand",
    },
    seated
      ? h(
          "div",
          { class: "me-head" },
          swatch(view, me),
          h("span", { class: "seat-name" }, `${page.names[me]} (you)`),
          view.dealer === me ? h("span", { class: "badge dealer" }, "dealer") : null,
          h("span", { class: "tricks-won" }, plural(view.tricks_won[me], "trick")),
          h("strong", { class: "seat-score" }, String(view.scores[me])),
        )
      : null,
    h(
      "p",
      { class: "prompt", "data-testid": "prompt" },
      h("span", {}, prompt(page)),
      page.clock.element,
    ),
    seated
      ? h(
          "div",
          {
            class: `hand wide ${view.turn === me ? "" : "not-my-turn"}`,
            role: "group",
            "aria-label": "Your cards",
          },
          hand,
        )
      : null,
    view.phase === "count" && view.counting ? claimsPanel(page, COUNTING) : null,
  );
  return h(
    "div",
    { class: `felt cribist phase-${view.phase}`, "data-phase": view.phase },
    h(
      "div",
      { class: "round-table" },
      spots,
      h("div", { class: "spot spot-center" }, trickArea(page, where)),
    ),
    mine,
    // After the hand, not in it: the hand stays pinned to the foot of the screen on its turn,
    // and with the guide in it, it would cover the trick the player must follow.
    guidePanel(page, cribistGuide),
  );
}

/** The items a trick's winner claims in Cribist. */
const COUNTING = { kinds: ["fifteen", "pair", "run", "flush", "jack-of-trumps"] };

/** The live table. */
export const table = renderCribist;

/** One step of a replay: every hand face up, trumps, the trick and the tricks won. */
export function replay(page, state) {
  const seats = state.hands.map((_, seat) =>
    page.seatRow(
      state,
      seat,
      h("span", { class: "badge" }, plural(state.tricksWon[seat], "trick")),
    ),
  );
  const trick = state.trick.length
    ? state.trick
    : (state.lastTrick?.cards ?? []).map((card, seat) => ({ seat, card })).filter((t) => t.card);
  const trump = state.trump
    ? h(
        "div",
        { class: `trumps ${"DH".includes(state.trump) ? "red" : "black"}` },
        h("span", { class: "trump-symbol" }, SUIT_SYMBOLS[state.trump]),
        h("span", {}, `${SUITS[state.trump]} are trumps`),
      )
    : null;
  return [
    h("div", { class: "opponents replay-seats" }, seats),
    h(
      "div",
      { class: "middle" },
      trump,
      h(
        "div",
        { class: "count-cards" },
        trick.map((t) =>
          h("span", { class: "count-card" }, cardView(t.card), swatch({}, t.seat)),
        ),
      ),
    ),
    page.outcome(state),
  ];
}
