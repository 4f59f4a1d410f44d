// What the guide says at each moment of each game, from the seat's view only: the phase, the
// dealer, the count, its own cards and legal moves, and what has been shown to everyone.

import { cardShort, parseCard, SUITS } from "./cards.js";
import { isPartner } from "./seats.js";

function discardGuide(view, me, names) {
  const need = view.hand.length - 4;
  const partner = isPartner(view, me, view.dealer);
  const yours = view.dealer === me || partner;
  const whose =
    view.dealer === me
      ? "your crib"
      : partner
        ? "your partner's crib"
        : `${names[view.dealer]}'s crib`;
  return {
    title: "The discard",
    lines: [
      `Pick ${need === 1 ? "one card" : `${need} cards`} for the crib and press Discard. ` +
        `You keep the other four.`,
      "Keep cards that score together: cards adding up to 15 (a picture card counts 10), " +
        "pairs, runs like 4-5-6, and cards of one suit.",
      yours
        ? `This hand the crib is ${whose}: its points count for your side at the end of the ` +
          "hand, so cards that go well together (a 5, a pair, two cards close in rank) help you."
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
        : "A count of exactly 15 or 31 scores 2, a card of the last one's rank 2 (a pair), " +
          "and a run of three or more among the last cards 1 a card.",
      `Try not to leave the count at 5 or 21: a card worth 10 then gives ${next} 15 or 31.`,
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

/** Cribbage: the words for this moment, or null. */
export function cribbageGuide(page) {
  const view = page.view;
  const me = page.state.seat;
  const names = page.names;
  switch (view.phase) {
    case "discard":
      return discardGuide(view, me, names);
    case "play":
      return playGuide(view, names);
    case "count":
      return view.counting ? countGuide(view, names, me, "cards", "") : null;
    case "pre-show":
    case "post-show":
      return readyGuide(view, me);
    default:
      return null;
  }
}


// -- Cribist ---------------------------------------------------------------------------------

const TRICK_POINTS =
  "The winner scores the trick's four cards like a cribbage hand: fifteens and pairs 2, " +
  "runs 3 or 4, a flush 4, the jack of trumps 1; and 1 a trick at the end of the hand.";

const WRONG_CALL_COSTS = " A wrong call costs you the points you named.";

function cribistPlayGuide(view) {
  if (!view.trick.length && !view.trump) {
    return {
      title: "The first lead",
      lines: [
        "You lead the first trick, and the suit you lead becomes trumps for the whole hand: " +
          "lead from a suit you hold many cards of, or its high cards.",
        TRICK_POINTS,
      ],
    };
  }
  if (!view.trick.length) {
    return {
      title: "Your lead",
      lines: [
        `Lead any card. The highest trump (${SUITS[view.trump]}) wins the trick, or else the ` +
          "highest card of the suit led.",
        TRICK_POINTS,
      ],
    };
  }
  const led = view.trick[0].card.at(-1);
  const following = (view.legal ?? []).every((a) => a.type !== "play" || a.card.at(-1) === led);
  return {
    title: "Following",
    lines: [
      following
        ? `You hold ${SUITS[led]}, so you must play one: only those cards are enabled.`
        : `You have no ${SUITS[led]}: play any card. A trump (${SUITS[view.trump]}) wins ` +
          "the trick unless a higher trump comes after it.",
      TRICK_POINTS,
    ],
  };
}

/** Counting by hand (claims), in every game: your own count, or a Muggins call on another's. */
function countGuide(view, names, me, what, wrongCall) {
  const counting = view.counting;
  if (counting.claimant === me) {
    return {
      title: `Counting your ${what}`,
      lines: [
        "Select the cards of one score (a fifteen, a pair, a run, a flush…) and press its " +
          "kind; repeat, then claim.",
        `Anything you miss, another player may call as Muggins.`,
      ],
    };
  }
  return {
    title: "Muggins",
    lines: [
      `${names[counting.claimant]} has claimed. If they missed a score, select its cards and ` +
        `call it to take its points; otherwise pass.${wrongCall}`,
    ],
  };
}

export function cribistGuide(page) {
  const view = page.view;
  if (view.phase === "play") return cribistPlayGuide(view);
  if (view.phase === "count" && view.counting)
    return countGuide(view, page.names, page.state.seat, "trick", WRONG_CALL_COSTS);
  return null;
}

// -- Cribbage is not Enough -----------------------------------------------------------------------

const NOT_ENOUGH = {
  colour: [
    "The colour choice",
    "You deal: choose grey (clubs and spades) or blue (hearts and diamonds) for your team. " +
      "Each team is dealt from its own colour's deck.",
  ],
  discard: [
    "The discard",
    "Keep four cards that score together (fifteens, pairs, runs, one suit); the cards you " +
      "throw make the crib, which the battle for the crib gives to a team later.",
    "Court cards (J, Q, K, A) carry powers: Might rolls dice in that battle; the colour " +
      "with more Magic in the crib may rob the cradle.",
  ],
  order: [
    "Which Top first",
    "Both Tops are court cards, so both teams may use a power. As the dealer you say which " +
      "team resolves its Top first.",
  ],
  power: [
    "Your team's Top",
    "Your Top is a court card: use one of its powers or none. Intel makes the other team " +
      "show cards; Magic swaps cards for new ones; a Top not used counts its Might in the battle.",
  ],
  reveal: [
    "Enemy Intel",
    "The other team used Intel: pick the cards of your hand everyone will see. Show the ones " +
      "that tell them least.",
  ],
  split: [
    "Magic",
    "Your team swaps cards for new ones from its deck: say how many each of you swaps.",
  ],
  magic: [
    "Magic",
    "Pick the cards to swap for new ones from your deck: the ones that score least with the rest.",
  ],
  cradle: [
    "Rob the cradle",
    "Your colour has more Magic in the crib: you may ban a colour (its crib cards and Top are " +
      "not counted), add a card of your deck to the crib, or do nothing.",
  ],
  "post-show": [
    "The hand is over",
    "The log lists every score of the hand, the battle and the crib. Press Next hand when " +
      "you are ready.",
  ],
};

export function notEnoughGuide(page) {
  const view = page.view;
  if (view.phase === "play") {
    const go = view.legal.some((a) => a.type === "go");
    return {
      title: "The 31 count",
      lines: [
        go
          ? "No card you hold fits under 31: say go."
          : `As in Cribbage: play a card; the count is ${view.count} and may not pass 31. ` +
            "15 and 31 score 2, pairs and runs score, the last card scores 1.",
        "Whoever pegs after a go or a 31 leads the next count.",
      ],
    };
  }
  if (view.phase === "count" && view.counting)
    return countGuide(view, page.names, page.state.seat, "cards", " A wrong call costs nothing.");
  const words = NOT_ENOUGH[view.phase];
  return words ? { title: words[0], lines: words.slice(1) } : null;
}
