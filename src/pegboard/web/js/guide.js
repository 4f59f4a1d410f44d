// The guided first game: on the player's own turn, a short panel under the hand says what to do
// now and why. The words come from the seat's view only (phase, dealer, count, its own cards
// and what has been shown), so the guide knows nothing the player could not see.
// Whether a table is guided is this browser's choice, kept in localStorage.

import { cardShort, parseCard } from "./cards.js";
import { h } from "./dom.js";
import { howToPlay } from "./rules.js";
import { isPartner } from "./seats.js";

export const GUIDED_GAMES = ["cribbage"];

const FINISHED_KEY = "pegboard.finished-a-game";
const guideKey = (tableId) => `pegboard.guide.${tableId}`;

export const guideMemory = {
  /** Whether this browser has seen a game of its own through to the results. */
  finishedAGame: () => localStorage.getItem(FINISHED_KEY) === "yes",
  noteFinished: () => localStorage.setItem(FINISHED_KEY, "yes"),
  on: (tableId) => localStorage.getItem(guideKey(tableId)) === "on",
  set: (tableId, on) =>
    on ? localStorage.setItem(guideKey(tableId), "on") : localStorage.removeItem(guideKey(tableId)),
};

/** On by default for a first game (this browser never finished one) against bots only. */
export function guideByDefault(seats) {
  return seats.length > 1 && seats.slice(1).every((bot) => bot) && !guideMemory.finishedAGame();
}

function discardGuide(view, me, names) {
  const need = view.hand.length - 4;
  const partner = isPartner(view, me, view.dealer);
  const yours = view.dealer === me || partner;
  const whose =
    view.dealer === me ? "your crib" : partner ? "your partner's crib" : `${names[view.dealer]}'s crib`;
  return {
    title: "The discard",
    lines: [
      `Pick ${need === 1 ? "one card" : `${need} cards`} for the crib and press Discard. ` +
        `You keep the other four.`,
      "Keep cards that score together: cards adding up to 15 (a picture card counts 10), " +
        "pairs, runs like 4-5-6, and cards of one suit.",
      yours
        ? `This hand the crib is ${whose}: its points count for your side at the end of the hand, ` +
          "so cards that go well together (a 5, a pair, two cards close in rank) help you there."
        : `This hand the crib is ${whose}: its points go to them, so throw cards that ` +
          "help them least: far apart in rank, and never a 5 if you can help it.",
    ],
  };
}

/** What each card you may play would score at once: a fifteen, 31, a pair. */
function playChances(view, playable) {
  const last = view.count_cards?.at(-1);
  const found = [];
  for (const card of playable) {
    const count = view.count + parseCard(card).value;
    if (count === 15) found.push(`${cardShort(card)} makes 15 for 2`);
    else if (count === 31) found.push(`${cardShort(card)} makes 31 for 2`);
    if (last && parseCard(last).rank === parseCard(card).rank)
      found.push(`${cardShort(card)} pairs the ${cardShort(last)} for 2`);
  }
  return found;
}

function playGuide(view, names) {
  const legal = view.legal ?? [];
  if (legal.some((a) => a.type === "go")) {
    return {
      title: "The play: Go",
      lines: [
        `Every card you hold would take the count past 31, so press Go.`,
        "The others play on while they can; whoever plays the last card before the count " +
          "starts again from 0 scores 1 (2 for exactly 31).",
      ],
    };
  }
  const playable = legal.filter((a) => a.type === "play").map((a) => a.card);
  const chances = playChances(view, playable);
  const next = view.players > 2 ? "the next player" : (names[(view.turn + 1) % view.players] ?? "");
  return {
    title: "The play",
    lines: [
      `Play one card. The count is ${view.count}; your card adds its value and the count may ` +
        "not pass 31.",
      chances.length
        ? `Points now: ${chances.join("; ")}.`
        : "Points come from making the count exactly 15 or 31 (2 each), a card of the same " +
          "rank as the last one (a pair, 2) and runs of three or more among the last cards.",
      `Try not to leave the count at 5 or 21: a card worth 10 then gives ${next} 15 or 31.`,
    ],
  };
}

function countGuide(view, me, names) {
  const counting = view.counting;
  if (counting.claimant === me) {
    return {
      title: "Counting your cards",
      lines: [
        "Count the cards on show with the starter: select the cards of one score (a fifteen, a " +
          "pair, a run, a flush, nobs) and press its kind; repeat, then claim.",
        "Anything you miss, another player may take as Muggins.",
      ],
    };
  }
  return {
    title: "Muggins",
    lines: [
      `${names[counting.claimant]} has claimed their points. If they missed a score, select its ` +
        "cards and call it to take the points; otherwise pass.",
    ],
  };
}

function readyGuide(view, me) {
  if (view.phase === "pre-show") {
    return {
      title: "The play is over",
      lines: [
        "Next each hand is counted with the starter card: the player after the dealer first, " +
          "the dealer last, then the crib for the dealer.",
        "Press Ready to count when you are.",
      ],
    };
  }
  const own = view.shown.find((shown) => shown.seat === me && !shown.crib);
  return {
    title: "The show",
    lines: [
      own && own.points !== null
        ? `Your hand with the starter made ${own.points}. `
        : "The hands are counted. ",
      "Each score is listed under its hand and in the log: fifteens and pairs 2 each, runs " +
        "and flushes 1 a card, nobs (the jack of the starter's suit) 1.",
      "Press Next hand when you are ready; the deal passes on.",
    ],
  };
}

/** The words for this moment, or null when the player has nothing to do. */
export function cribbageGuide(page) {
  const view = page.view;
  const me = page.state.seat;
  if (me === null || me === undefined || !view.legal?.length || view.outcome) return null;
  const names = page.names;
  switch (view.phase) {
    case "discard":
      return discardGuide(view, me, names);
    case "play":
      return playGuide(view, names);
    case "count":
      return view.counting ? countGuide(view, me, names) : null;
    case "pre-show":
    case "post-show":
      return readyGuide(view, me);
    default:
      return null;
  }
}

/** The guide's panel (null when the table is not guided or there is nothing to say). */
export function guidePanel(page, words) {
  if (!words || !guideMemory.on(page.tableId)) return null;
  const game = page.view.game;
  return h(
    "details",
    {
      class: "guide",
      "data-testid": "guide",
      open: !page.ui.guideFolded,
      onToggle: (event) => (page.ui.guideFolded = !event.target.open),
    },
    h("summary", { "data-key": "guide-fold" }, h("span", { class: "guide-tag" }, "Guide"), words.title),
    words.lines.map((line) => h("p", {}, line)),
    h(
      "p",
      { class: "guide-foot" },
      howToPlay(game, { label: "More in How to play" }),
      h(
        "button",
        {
          type: "button",
          class: "quiet",
          "data-key": "guide-off",
          onClick: () => {
            guideMemory.set(page.tableId, false);
            page.rerender();
          },
        },
        "Turn off the guide",
      ),
    ),
  );
}
