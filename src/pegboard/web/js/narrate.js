// Events as sentences, and every score told the way players say it:
// "fifteen two, fifteen four, a pair is six", "go for one", "thirty-one for two", "his heels".

import { cardInline, cardShort, SUITS } from "./cards.js";
import { h } from "./dom.js";

const SMALL = (
  "zero one two three four five six seven eight nine ten eleven twelve thirteen " +
  "fourteen fifteen sixteen seventeen eighteen nineteen"
).split(" ");
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** 24 -> "twenty-four"; numbers from 100 stay digits. */
export function numberWord(n) {
  if (n < 0) return `minus ${numberWord(-n)}`;
  if (n < 20) return SMALL[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${SMALL[n % 10]}` : "");
  return String(n);
}

const PAIR_NAMES = { 2: "a pair", 6: "pair royal", 12: "double pair royal" };
const RUN_COUNT = ["", "a", "two", "three", "four"];

function rankOf(card) {
  return card.slice(0, -1);
}

/** Group a show's items the way they are called: pairs of one rank together, runs by length. */
function grouped(items) {
  const groups = [];
  for (const item of items) {
    const last = groups.at(-1);
    const cards = item.cards ?? [];
    const sameRank = (a, b) => a.cards.length && rankOf(a.cards[0]) === rankOf(b.cards[0]);
    if (last && item.kind === "pair" && last.kind === "pair" && sameRank(last.items[0], item)) {
      last.items.push(item);
    } else if (
      last &&
      item.kind === "run" &&
      last.kind === "run" &&
      last.items[0].cards.length === cards.length
    ) {
      last.items.push(item);
    } else {
      groups.push({ kind: item.kind, items: [item] });
    }
  }
  return groups;
}

function points(group) {
  return group.items.reduce((sum, item) => sum + (item.points ?? 0), 0);
}

/** What a group is called in a running count ("a pair is six"); `words`: the game's own names
 * for some items (its module's `words`: Cribbage is not Enough calls nobs "his heels"). */
function runningPhrase(group, total, words = {}) {
  const t = numberWord(total);
  const first = group.items[0];
  const size = first.cards?.length ?? 0;
  switch (group.kind) {
    case "fifteen":
      return `fifteen ${t}`;
    case "pair":
      return `${PAIR_NAMES[points(group)] ?? `${group.items.length} pairs`} is ${t}`;
    case "run": {
      const n = group.items.length;
      return `${RUN_COUNT[n] ?? n} run${n > 1 ? "s" : ""} of ${numberWord(size)} ${n > 1 ? "make" : "is"} ${t}`;
    }
    case "flush":
      return `a flush of ${numberWord(size)} is ${t}`;
    case "nobs":
      return `${words.nobs ?? "nobs"} is ${t}`;
    case "run-replaced":
      return `less the run of ${numberWord(size)} it replaces, ${t}`;
    case "jack-of-trumps":
      return `the jack of trumps is ${t}`;
    case "thirty-one":
      return `thirty-one for ${t}`;
    default:
      return `${group.kind.replace(/-/g, " ")} ${t}`;
  }
}

/** A single score on its own ("go for one"). */
export function itemPhrase(item, words = {}) {
  const p = numberWord(item.points ?? 0);
  switch (item.kind) {
    case "fifteen":
      return `fifteen for ${p}`;
    case "thirty-one":
      return `thirty-one for ${p}`;
    case "go":
      return `go for ${p}`;
    case "last-card":
      return `${p} for the last card`;
    case "heels":
      return `his heels for ${p}`;
    case "nobs":
      return words.nobs ? `${words.nobs} for ${p}` : `${p} for his nob`;
    case "pair":
      return `${PAIR_NAMES[item.points] ?? "pairs"} for ${p}`;
    case "run":
      return `a run of ${numberWord(item.cards?.length ?? 0)} for ${p}`;
    case "flush":
      return `a flush of ${numberWord(item.cards?.length ?? 0)} for ${p}`;
    case "jack-of-trumps":
      return `the jack of trumps for ${p}`;
    case "his-nob":
      return `his nob for ${p}`;
    case "her-pot":
      return `her pot: ${p}`;
    case "her-heels":
      return `her heels (${(item.cards ?? []).map(cardShort).join(" ")} in the other team's hand): ${p}`;
    case "run-replaced":
      return `the run of ${numberWord(item.cards?.length ?? 0)} it replaces: ${p}`;
    case "tricks":
      return item.points === 1 ? "one for the trick" : `${p} for ${p} tricks`;
    case "muggins":
      return `a wrong Muggins call: ${numberWord(-item.points)} lost`;
    default:
      return `${item.kind.replace(/-/g, " ")} for ${p}`;
  }
}

/**
 * Score items in words: a running count for a show ("fifteen two, fifteen four") or for
 * several items at once; a single pegging score on its own ("go for one").
 */
export function scoreTalk(items, { show = false, words = {} } = {}) {
  if (!items?.length) return "nothing";
  const counted = ["fifteen", "pair", "run", "flush", "nobs", "jack-of-trumps"];
  if (items.length === 1 && !(show && counted.includes(items[0].kind))) return itemPhrase(items[0], words);
  let total = 0;
  let previous = null;
  const parts = grouped(items).map((group) => {
    total += points(group);
    const phrase = runningPhrase(group, total, words);
    const again = previous === "pair" && group.kind === "pair" && group.items.length === 1;
    previous = group.kind;
    return again ? phrase.replace(/^a pair/, "another pair") : phrase;
  });
  return parts.join(", ");
}

/** A line's parts: strings and inline cards. */
function cards(list) {
  return (list ?? []).flatMap((card, i) => (i ? [" ", cardInline(card)] : [cardInline(card)]));
}

/** Tells a game's events one line each, remembering the little context it needs. */
export class Narrator {
  /** `names[seat]`; `you` is the viewer's seat (told as "You"). */
  constructor(names, you = null, words = {}) {
    this.names = names;
    this.you = you;
    this.words = words; // the game's own names for some score items (see runningPhrase)
    this.inTrick = 0; // cards played in the current trick (trick games)
    this.trumpsNamed = false;
    this.previous = null; // the type of the event told before
  }

  who(seat) {
    if (seat === this.you && seat !== null) return "You";
    return this.names[seat] ?? `Seat ${seat + 1}`;
  }

  /** "Ann plays" / "You play". */
  says(seat, third, second) {
    const who = this.who(seat);
    return `${who} ${who === "You" ? second : third}`;
  }

  /** One event as {kind, parts}, or null for events not worth a line. */
  line(event) {
    const parts = this.parts(event);
    this.previous = event.type;
    if (!parts) return null;
    const automatic = event.auto === "timeout" && CLOCK_MOVES.has(event.type);
    return {
      kind: event.type + (automatic ? " log-auto" : ""),
      parts: automatic ? this.timedOut(event, [parts].flat()) : [parts].flat(),
    };
  }

  /** A move the clock made: "Time ran out: 10♥ was played for you". */
  timedOut(e, parts) {
    const mine = e.seat === this.you && e.seat !== null;
    if (mine && e.type === "play")
      return [
        "Time ran out: ",
        cardInline(e.card),
        " was played for you",
        e.count === undefined ? "" : ` — ${e.count}`,
      ];
    if (mine && e.type === "discard" && e.cards)
      return ["Time ran out: ", ...cards(e.cards), " went to the crib for you"];
    if (mine && e.type === "go") return "Time ran out: go was said for you";
    return ["Time ran out: ", ...parts];
  }

  parts(e) {
    switch (e.type) {
      case "deal":
        this.inTrick = 0;
        this.trumpsNamed = false;
        // The first dealer is drawn (every game), and each hand's in Cribbage with dealer=random.
        return e.drawn || e.hand === 1
          ? `Hand ${e.hand}: ${this.says(e.dealer, "cuts lowest and deals", "cut lowest and deal")}`
          : `Hand ${e.hand}: ${this.says(e.dealer, "deals", "deal")}`;
      case "discard":
        if (e.magic)
          return e.cards
            ? [`${this.says(e.seat, "swaps", "swap")} `, ...cards(e.cards), " by Magic"]
            : `${this.says(e.seat, "swaps", "swap")} ${e.count === 1 ? "a card" : `${e.count} cards`} by Magic`;
        if (!e.cards)
          return `${this.says(e.seat, "discards", "discard")} ${e.count === 1 ? "a card" : `${e.count} cards`} to the crib`;
        return [`${this.says(e.seat, "discards", "discard")} `, ...cards(e.cards)];
      case "starter":
        if (e.tops)
          return ["The Tops: grey ", cardInline(e.tops.grey), ", blue ", cardInline(e.tops.blue)];
        return e.card ? ["The starter is ", cardInline(e.card)] : "The cut";
      case "play":
        return this.play(e);
      case "go":
        return `${this.says(e.seat, "says", "say")} go`;
      case "reset":
        return "The count goes back to zero";
      case "trick":
        this.inTrick = 0;
        return [
          `${this.says(e.winner, "wins", "win")} the trick with `,
          cardInline(e.cards[e.winner]),
        ];
      case "show":
        if (e.tops)
          return [
            `${this.says(e.seat, "shows", "show")} ${e.crib ? "a crib" : "a hand"}: `,
            ...cards(e.cards),
            e.tops.length ? " + " : "",
            ...cards(e.tops),
          ];
        return [
          `${this.says(e.seat, "shows", "show")} ${e.crib ? "the crib" : "a hand"}: `,
          ...cards(e.cards),
          " + ",
          cardInline(e.starter),
        ];
      case "claim":
        return e.items.length
          ? `${this.says(e.seat, "claims", "claim")} ${e.points}`
          : `${this.says(e.seat, "claims", "claim")} nothing`;
      case "muggins":
        return (
          `${this.says(e.seat, "calls", "call")} Muggins for ${e.points}` +
          (e.valid ? ": good call!" : ": wrong call")
        );
      case "calls": {
        const whose = e.seat === this.you ? "your" : `${this.who(e.seat)}'s`;
        return `Muggins on ${whose} ${e.crib ? "crib" : "hand"}: the other team may call`;
      }
      case "pass":
        return `${this.says(e.seat, "passes", "pass")}`;
      case "score":
        return this.score(e);
      case "colours":
        return `${this.says(e.seat, "takes", "take")} ${e.colours.grey?.includes(e.seat) ? "grey" : "blue"}: grey is ${this.team(e.colours.grey)}, blue is ${this.team(e.colours.blue)}`;
      case "first":
        return `${this.says(e.seat, "lets", "let")} ${e.colour} resolve its Top first`;
      case "power":
        return e.power === "none"
          ? `${this.says(e.seat, "uses", "use")} no power of the ${e.colour} Top`
          : `${this.says(e.seat, "uses", "use")} the ${e.colour} Top's ${e.power} ${e.value ?? ""}`.trim();
      case "reveal":
        return [`${this.says(e.seat, "shows", "show")} `, ...cards(e.cards)];
      case "split":
        return `${this.says(e.seat, "splits", "split")} the Magic: captain ${e.captain}, partner ${e.partner}`;
      case "draw":
        return e.cards
          ? [`${this.says(e.seat, "draws", "draw")} `, ...cards(e.cards)]
          : `${this.says(e.seat, "draws", "draw")} ${e.count === 1 ? "a card" : `${e.count} cards`}`;
      case "intel":
        return e.winner === null || e.winner === undefined
          ? `Intel in hand: ${this.bySeat(e.sums)}: a tie, no intelligence bonus`
          : `Intel in hand: ${this.bySeat(e.sums)}: ${this.says(e.winner, "counts", "count")} the enemy Top too`;
      case "roll":
        return `${this.says(e.seat, "rolls", "roll")} ${e.dice.join(", ")}`;
      case "battle":
        return e.winner === null || e.winner === undefined
          ? `The battle for the crib is a tie (${this.bySeat(e.totals)}): each team keeps its pile`
          : `${this.says(e.winner, "wins", "win")} the battle for the crib (${this.bySeat(e.totals)})`;
      case "crib":
        return [
          "The crib: grey ",
          ...cards(e.piles.grey),
          ` (${this.team(e.owners.grey)}), blue `,
          ...cards(e.piles.blue),
          ` (${this.team(e.owners.blue)})`,
        ];
      case "cradle":
        if (e.action === "ban")
          return `${this.says(e.seat, "robs", "rob")} the cradle: ${e.colour} is banned`;
        if (e.action === "add")
          return `${this.says(e.seat, "robs", "rob")} the cradle: a card is added to the crib`;
        return `${this.says(e.seat, "leaves", "leave")} the cradle alone`;
      case "leave":
        if (e.auto === "away")
          return e.seat === this.you
            ? "You were away too long, your seat was given up"
            : `${this.who(e.seat)} was away too long: their seat was given up`;
        return `${this.says(e.seat, "leaves", "leave")} the game`;
      case "time-up":
        return "Time is up: this hand is the last";
      case "end":
        return this.end(e);
      default:
        return null; // ready, and anything unknown
    }
  }

  /** "Ann 17, Bob 22" for a number per seat. */
  bySeat(numbers) {
    return numbers.map((n, seat) => `${this.who(seat)} ${n}`).join(", ");
  }

  /** "Ann & Cat" for a team's seats. */
  team(seats) {
    return (seats ?? []).map((seat) => this.who(seat)).join(" & ") || "nobody";
  }

  play(e) {
    const base = [`${this.says(e.seat, "plays", "play")} `, cardInline(e.card)];
    if (e.count !== undefined) return [...base, ` — ${e.count}`];
    const leads = this.inTrick++ === 0;
    if (!leads) return base;
    base[0] = `${this.says(e.seat, "leads", "lead")} `;
    if (this.trumpsNamed) return base;
    this.trumpsNamed = true;
    return [...base, ` — ${SUITS[e.card.at(-1)]} are trumps`];
  }

  score(e) {
    const lost = e.points < 0;
    const verb = lost ? this.says(e.seat, "loses", "lose") : this.says(e.seat, "scores", "score");
    // A score right after a show, a claim or a Muggins call is a count: "fifteen two".
    const show = ["show", "claim", "muggins", "trick"].includes(this.previous);
    return `${verb} ${Math.abs(e.points)}: ${scoreTalk(e.items, { show, words: this.words })}`;
  }

  end(e) {
    const winners = e.ranks.map((r, seat) => (r === 1 ? seat : -1)).filter((s) => s >= 0);
    const names = winners.map((s, i) => (i && s === this.you ? "you" : this.who(s)));
    const verb = names.length === 1 && names[0] !== "You" ? "wins" : "win";
    return `Game over: ${names.join(" and ")} ${verb}`;
  }
}

/**
 * What the last card played pegged, if anything: `{seat, text: "+2 fifteen"}` for the count's
 * corner, or null once another card is played. A 31 or a go's point stays on show though the
 * count has gone back to zero (the flash fades by itself).
 */
export function lastPegged(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "score" && e.items?.length) {
      const words = e.items.map((item) => item.kind.replace(/-/g, " ")).join(", ");
      const sign = e.points < 0 ? "−" : "+";
      return { seat: e.seat, text: `${sign}${Math.abs(e.points)} ${words}` };
    }
    // "Go for one" comes after the go itself; the reset to zero after the points.
    if (e.type !== "go" && e.type !== "reset") return null;
  }
  return null;
}

/**
 * The move the clock made for `seat` since its last own move, or null: the move itself, not
 * what it scored (a play's fifteen, or his heels when its discard was the last and a Jack was
 * cut).
 */
export function clockMove(events, seat) {
  const last = events.findLastIndex((e) => e.seat === seat);
  if (last < 0 || events[last].auto !== "timeout") return null;
  let move = last;
  while (move >= 0 && (events[move].seat !== seat || events[move].type === "score")) move -= 1;
  return move >= 0 && events[move].auto === "timeout" ? events[move] : null;
}

/** The events that are a seat's own move, which the clock may make for it; what follows from
 * such a move (the starter it turned, what it scored) is marked auto too but told plainly. */
const CLOCK_MOVES = new Set([
  "discard",
  "play",
  "go",
  "claim",
  "muggins",
  "pass",
  "colours",
  "first",
  "power",
  "reveal",
  "split",
  "cradle",
]);

/** A line as a list item for a log. */
export function logItem(line) {
  return h("li", { class: `log-${line.kind}` }, line.parts);
}
